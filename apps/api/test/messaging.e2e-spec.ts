import { EventEmitter2 } from '@nestjs/event-emitter';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  deliveryStatusDetailLabel,
  formatNaira,
  MESSAGING_MSG,
  MSG,
  ORDER_STATUS,
  orderStatusLabel,
  type Delivery,
  type Invoice,
  type Order,
  type Location,
  type MessageSettings,
  type Warehouse,
} from '@jara/contracts';
import { EVENTS, type DeliveryChangedEvent, type OrderStatusChangedEvent } from '../src/common/events';
import { OutboxService } from '../src/common/outbox/outbox.service';
import { loadConfig } from '../src/config/config';
import { MessageSettingsRow } from '../src/modules/messaging/message-settings.entity';
import { lagosDay, MessagingService } from '../src/modules/messaging/messaging.service';
import { OutboundMessage } from '../src/modules/messaging/outbound-message.entity';
import { Notification } from '../src/modules/notifications/notification.entity';
import { User } from '../src/modules/users/user.entity';
import { startFakeMessaging, type FakeMessaging } from './support/fake-messaging';
import { bearer, creditWallet } from './support/money';
import { createCategory, createProduct, moveOrder, placeOrder } from './support/orders';
import { signUp, startTestApp, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * SMS and WhatsApp status updates (issue 26, docs/decisions/043-sms-and-whatsapp.md) against a local fake of both
 * providers (Termii-style SMS, WhatsApp Cloud API templates): numbers verified by a code, the channel choice, one
 * message per event, channel and user however often the event is delivered, retries, refusals and the daily cap.
 */
describe('Messages: SMS and WhatsApp status updates through the outbox (e2e)', () => {
  let t: TestApp;
  let fake: FakeMessaging;
  let admin: Account;
  let ada: Account;
  let bayo: Account;
  let chidi: Account;
  let air: Warehouse;
  const ADA = '+2348031234567';

  beforeAll(async () => {
    fake = await startFakeMessaging();
    t = await startTestApp({
      ...fake.env,
      OUTBOX_INTERVAL_MS: '0',
      MESSAGES_INTERVAL_MS: '0',
      SMS_DAILY_CAP_PER_USER: '3',
      WHATSAPP_DAILY_CAP_PER_USER: '3',
      PHONE_CODE_RESEND_SECONDS: '60',
      PHONE_CODES_PER_DAY: '5',
      PHONE_CODE_MAX_ATTEMPTS: '5',
    });
    [admin, ada, bayo, chidi] = [await signUp(t, { role: 'admin' }), await signUp(t), await signUp(t), await signUp(t)];
    const gz = (await post('/locations', { name: 'Guangzhou' }).expect(201)).body.data as Location;
    air = (await post('/warehouses', { name: 'GZ Air', location_id: gz.id, type: 'air_cargo' }).expect(201)).body.data;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  function post(path: string, body: object, token = admin.token) {
    return t.http().post(`/api/v1${path}`).set(bearer(token)).send(body);
  }
  const put = (path: string, body: object, token: string) =>
    t.http().put(`/api/v1${path}`).set(bearer(token)).send(body);
  const settings = async (token: string) =>
    (await t.http().get('/api/v1/user/messages').set(bearer(token)).expect(200)).body.data as MessageSettings;
  const row = (userId: number) => t.db.getRepository(MessageSettingsRow).findOneByOrFail({ user_id: userId });
  /** Lets the next code be asked at once (the resend interval passed). */
  const later = (userId: number) =>
    t.db
      .getRepository(MessageSettingsRow)
      .update({ user_id: userId }, { code_sent_at: new Date(Date.now() - 120_000) });
  const lastCode = (phone: string) => {
    const codes = fake.codesFor(phone);
    if (!codes.length) throw new Error(`No code sent to ${phone}`);
    return codes[codes.length - 1];
  };
  /** A wrong code for sure (never the one sent). */
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
  async function request(token: string): Promise<Delivery> {
    const res = await post(
      '/trackings',
      {
        external_no: 'YT1234567890',
        warehouse_id: air.id,
        type: 'foreign',
        shipping_type: 'air_cargo',
        from_jara: false,
      },
      token,
    ).expect(201);
    return res.body.data as Delivery;
  }
  const messagesOf = (userId: number) =>
    t.db.getRepository(OutboundMessage).find({ where: { user_id: userId }, order: { id: 'ASC' } });
  const smsTo = (phone: string) => fake.sms.filter((s) => s.to === phone.replace(/^\+/, '') && !/code is/.test(s.sms));
  const waTo = (phone: string) => fake.whatsapp.filter((w) => w.to === phone.replace(/^\+/, ''));

  it('verifies a Nigerian number with a 6-digit SMS code: normalised, hashed at rest, wrong codes, attempts, expiry', async () => {
    for (const phone of ['12345', '+44 7700 900123', '0603 123 4567', ''])
      expect((await post('/user/messages/phone', { phone }, ada.token).expect(422)).body.errors.phone).toEqual([
        MESSAGING_MSG.phoneInvalid,
      ]);

    const sent = await post('/user/messages/phone', { phone: '0803 123 4567' }, ada.token).expect(200);
    expect(sent.body.message).toBe(MESSAGING_MSG.codeSent(ADA));
    expect(sent.body.data).toMatchObject({ phone: null, pending_phone: ADA, modes: { sms: 'live', whatsapp: 'live' } });
    const sms = fake.sms[fake.sms.length - 1];
    expect(sms).toMatchObject({
      api_key: fake.smsKey,
      to: '2348031234567',
      from: 'Jara',
      type: 'plain',
      channel: 'generic',
    });
    const code = lastCode(ADA);
    expect(sms.sms).toBe(MESSAGING_MSG.codeSms(code, 10));
    const stored = await row(ada.user.id);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);

    // One code a minute.
    const soon = await post('/user/messages/phone', { phone: ADA }, ada.token).expect(429);
    expect(soon.body.message).toBe(MESSAGING_MSG.codeTooSoon);

    // A wrong code counts; at the fifth the code is spent, even the right one is refused then.
    expect(
      (await post('/user/messages/phone/verify', { code: wrong(code) }, ada.token).expect(422)).body.errors.code,
    ).toEqual([MESSAGING_MSG.codeWrong]);
    expect((await post('/user/messages/phone/verify', { code: '12' }, ada.token).expect(422)).body.errors.code).toEqual(
      [MESSAGING_MSG.codeFormat],
    );
    for (let i = 0; i < 3; i++) await post('/user/messages/phone/verify', { code: wrong(code) }, ada.token).expect(422);
    expect(
      (await post('/user/messages/phone/verify', { code: wrong(code) }, ada.token).expect(422)).body.errors.code,
    ).toEqual([MESSAGING_MSG.codeTooManyAttempts]);
    expect((await post('/user/messages/phone/verify', { code }, ada.token).expect(422)).body.errors.code).toEqual([
      MESSAGING_MSG.codeTooManyAttempts,
    ]);
    expect((await settings(ada.token)).phone).toBeNull();

    // An expired code is refused.
    await later(ada.user.id);
    await post('/user/messages/phone', { phone: ADA }, ada.token).expect(200);
    await t.db
      .getRepository(MessageSettingsRow)
      .update({ user_id: ada.user.id }, { code_expires_at: new Date(Date.now() - 1000) });
    expect(
      (await post('/user/messages/phone/verify', { code: lastCode(ADA) }, ada.token).expect(422)).body.errors.code,
    ).toEqual([MESSAGING_MSG.codeExpired]);

    // A fresh code, typed with a space, verifies the number; the code is gone.
    await later(ada.user.id);
    await post('/user/messages/phone', { phone: '+234 (0) 803 123 4567' }, ada.token).expect(200);
    const fresh = lastCode(ADA);
    const ok = await post(
      '/user/messages/phone/verify',
      { code: `${fresh.slice(0, 3)} ${fresh.slice(3)}` },
      ada.token,
    ).expect(200);
    expect(ok.body.message).toBe(MESSAGING_MSG.phoneVerified);
    expect(ok.body.data).toMatchObject({ phone: ADA, pending_phone: null });
    expect((await row(ada.user.id)).code_hash).toBeNull();
    expect((await post('/user/messages/phone', { phone: ADA }, ada.token).expect(422)).body.errors.phone).toEqual([
      MESSAGING_MSG.phoneAlreadyVerified,
    ]);
  });

  it('caps the codes a day, and a failed code SMS is not counted', async () => {
    const phone = '+2348091112222';
    fake.failNext.sms = 1;
    fake.failMode = 'down';
    expect((await post('/user/messages/phone', { phone }, chidi.token).expect(502)).body.message).toBe(
      MESSAGING_MSG.codeSendFailed,
    );
    for (let i = 0; i < 5; i++) {
      await post('/user/messages/phone', { phone }, chidi.token).expect(200);
      await later(chidi.user.id);
    }
    expect((await post('/user/messages/phone', { phone }, chidi.token).expect(429)).body.message).toBe(
      MESSAGING_MSG.codeDailyLimit,
    );
    expect(fake.codesFor(phone)).toHaveLength(5);
    // Tomorrow (Lagos) the count starts again.
    await t.db.getRepository(MessageSettingsRow).update({ user_id: chidi.user.id }, { codes_day: '2000-01-01' });
    await post('/user/messages/phone', { phone }, chidi.token).expect(200);
    await post('/user/messages/phone/verify', { code: lastCode(phone) }, chidi.token).expect(200);
  });

  it("another account's number: refused once verified, and the first to confirm a shared pending number wins", async () => {
    expect(
      (await post('/user/messages/phone', { phone: '08031234567' }, bayo.token).expect(422)).body.errors.phone,
    ).toEqual([MESSAGING_MSG.phoneTaken]);
    // Both wait for a code for the same new number; each code is bound to its own account.
    const shared = '+2347012345678';
    await later(ada.user.id);
    await post('/user/messages/phone', { phone: shared }, ada.token).expect(200);
    const adaCode = lastCode(shared);
    await post('/user/messages/phone', { phone: shared }, bayo.token).expect(200);
    const bayoCode = lastCode(shared);
    if (adaCode !== bayoCode)
      expect(
        (await post('/user/messages/phone/verify', { code: adaCode }, bayo.token).expect(422)).body.errors.code,
      ).toEqual([MESSAGING_MSG.codeWrong]);
    await post('/user/messages/phone/verify', { code: bayoCode }, bayo.token).expect(200);
    expect(
      (await post('/user/messages/phone/verify', { code: adaCode }, ada.token).expect(422)).body.errors.phone,
    ).toEqual([MESSAGING_MSG.phoneTaken]);
    // Ada keeps the number she had verified.
    expect((await settings(ada.token)).phone).toBe(ADA);
    expect((await settings(bayo.token)).phone).toBe(shared);
  });

  it('channels: SMS and WhatsApp need a verified number; e-mail, in-app, SMS and WhatsApp are saved', async () => {
    const nobody = await signUp(t);
    expect((await put('/user/messages/channels', { sms: true }, nobody.token).expect(422)).body.errors.sms).toEqual([
      MESSAGING_MSG.needsVerifiedPhone,
    ]);
    expect(
      (await put('/user/messages/channels', { whatsapp: true }, nobody.token).expect(422)).body.errors.whatsapp,
    ).toEqual([MESSAGING_MSG.needsVerifiedPhone]);
    await put('/user/messages/channels', { sms: 'maybe' }, ada.token).expect(422);
    expect((await settings(nobody.token)).channels).toEqual({ email: true, in_app: true, sms: false, whatsapp: false });

    const saved = await put(
      '/user/messages/channels',
      { email: false, in_app: false, sms: true, whatsapp: true },
      ada.token,
    ).expect(200);
    expect(saved.body.message).toBe(MESSAGING_MSG.channelsSaved);
    expect(saved.body.data.channels).toEqual({ email: false, in_app: false, sms: true, whatsapp: true });
    expect((await t.db.getRepository(User).findOneByOrFail({ id: ada.user.id })).email_updates).toBe(0);
    await put('/user/messages/channels', { sms: true, whatsapp: true }, bayo.token).expect(200);
    await put('/user/messages/channels', { sms: true, whatsapp: true }, chidi.token).expect(200);
    await t.http().get('/api/v1/user/messages').expect(401);
  });

  it('a status change sends one SMS and one WhatsApp, once, however often the outbox delivers its event', async () => {
    const before = { sms: smsTo(ADA).length, wa: waTo(ADA).length };
    const outbox = t.app.get(OutboxService);
    const [last] = (await outbox.written(EVENTS.deliveryChanged)).slice(-1);
    const d = await request(ada.token);
    await t.http().patch(`/api/v1/trackings/${d.id}/status`).set(bearer(admin.token)).send({ status: 2 }).expect(200);

    const sms = smsTo(ADA).slice(before.sms);
    expect(sms.map((s) => s.sms)).toEqual([
      `Jara: ${MSG.deliveries.createdText(d.tracking_no)}`,
      `Jara: ${MSG.deliveries.changedText(d.tracking_no, deliveryStatusDetailLabel(2))}`,
    ]);
    const wa = waTo(ADA).slice(before.wa);
    expect(wa).toHaveLength(2);
    expect(wa[1].template).toEqual({
      name: 'delivery_status_update',
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: d.tracking_no },
            { type: 'text', text: deliveryStatusDetailLabel(2) },
          ],
        },
      ],
    });
    // In-app was turned off: the bell has no delivery update for Ada (Bayo's default keeps his).
    expect(
      await t.db.getRepository(Notification).countBy({ user_id: ada.user.id, title: MSG.deliveries.changedTitle }),
    ).toBe(0);

    // The outbox delivers the move again (a crash before its delivered mark), twice at once, and a listener runs again.
    const events = await outbox.written(EVENTS.deliveryChanged, last?.id ?? 0);
    const moved = events.find((e) => (JSON.parse(e.payload) as DeliveryChangedEvent).to === 2);
    if (!moved) throw new Error('No delivery.changed to 2 in the outbox');
    await t.db.query('UPDATE outbox_events SET delivered_at = NULL, claimed_until = NULL WHERE id = ?', [moved.id]);
    await Promise.all([outbox.deliverDue(), outbox.deliverDue(), t.app.get(MessagingService).deliverDue()]);
    const emitter = t.app.get(EventEmitter2);
    await Promise.all([
      emitter.emitAsync(EVENTS.deliveryChanged, JSON.parse(moved.payload), { outboxId: moved.id }),
      emitter.emitAsync(EVENTS.deliveryChanged, JSON.parse(moved.payload), { outboxId: moved.id }),
    ]);
    expect(smsTo(ADA).slice(before.sms)).toHaveLength(2);
    expect(waTo(ADA).slice(before.wa)).toHaveLength(2);
    const rows = await t.db.getRepository(OutboundMessage).findBy({ event_key: `outbox:${moved.id}` });
    expect(rows.map((r) => [r.channel, r.status, r.attempts]).sort()).toEqual([
      ['sms', 'sent', 1],
      ['whatsapp', 'sent', 1],
    ]);
    expect(rows.find((r) => r.channel === 'whatsapp')?.provider_ref).toBe(wa[1].id);
  });

  it('a provider 5xx or timeout is retried after a backoff, once at a time; a 4xx is recorded failed and not retried', async () => {
    const messaging = t.app.get(MessagingService);
    const BAYO = '+2347012345678';
    fake.failNext.sms = 1;
    fake.failMode = 'down';
    fake.mode.whatsapp = 'hang';
    const d = await request(bayo.token);
    let [sms, wa] = await messagesOf(bayo.user.id);
    expect([sms.channel, sms.status, sms.attempts, sms.last_error]).toEqual([
      'sms',
      'pending',
      1,
      'SMS provider answered HTTP 500',
    ]);
    expect([wa.channel, wa.status, wa.attempts]).toEqual(['whatsapp', 'pending', 1]);
    expect(wa.last_error).toMatch(/^WhatsApp provider did not answer/);
    expect(new Date(sms.available_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
    fake.mode.whatsapp = 'ok';

    // Not before the backoff.
    expect(await messaging.deliverDue()).toBe(0);
    expect(smsTo(BAYO)).toHaveLength(0);
    // After it, two workers at once send each once.
    const at = new Date(Date.now() + 61_000);
    const sent = await Promise.all([messaging.deliverDue(at), messaging.deliverDue(at)]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(smsTo(BAYO).map((s) => s.sms)).toEqual([`Jara: ${MSG.deliveries.createdText(d.tracking_no)}`]);
    expect(waTo(BAYO)).toHaveLength(1);
    [sms, wa] = await messagesOf(bayo.user.id);
    expect([sms.status, sms.attempts, wa.status, wa.attempts]).toEqual(['sent', 2, 'sent', 2]);
    expect(sms.sent_at).not.toBeNull();

    // A refusal (HTTP 400) is final.
    fake.mode.whatsapp = 'refuse';
    const calls = fake.calls.whatsapp;
    await request(bayo.token);
    fake.mode.whatsapp = 'ok';
    const refused = (await messagesOf(bayo.user.id)).filter((m) => m.channel === 'whatsapp')[1];
    expect(refused.status).toBe('failed');
    expect(refused.last_error).toBe('WhatsApp provider refused (HTTP 400): (#131026) Message undeliverable');
    await messaging.deliverDue(new Date(Date.now() + 7 * 86_400_000));
    expect(fake.calls.whatsapp).toBe(calls + 1);
    expect(waTo(BAYO)).toHaveLength(1);

    // A 5xx that never ends fails after MESSAGES_MAX_ATTEMPTS tries (6 by default).
    fake.mode.sms = 'down';
    await request(bayo.token);
    for (let i = 1; i < 8; i++) await messaging.deliverDue(new Date(Date.now() + i * 3600_000));
    fake.mode.sms = 'ok';
    const given = (await messagesOf(bayo.user.id)).filter((m) => m.channel === 'sms')[2];
    expect([given.status, given.attempts]).toEqual(['failed', 6]);
  });

  it('beyond the daily cap a message is recorded as capped and not sent', async () => {
    const CHIDI = '+2348091112222';
    for (let i = 0; i < 4; i++) await request(chidi.token);
    const rows = await messagesOf(chidi.user.id);
    expect(rows.map((r) => `${r.channel}:${r.status}`)).toEqual([
      'sms:sent',
      'whatsapp:sent',
      'sms:sent',
      'whatsapp:sent',
      'sms:sent',
      'whatsapp:sent',
      'sms:capped',
      'whatsapp:capped',
    ]);
    expect(rows[6].last_error).toBe('Daily cap of 3 reached');
    expect(smsTo(CHIDI)).toHaveLength(3);
    expect(waTo(CHIDI)).toHaveLength(3);
    await t.app.get(MessagingService).deliverDue(new Date(Date.now() + 86_400_000));
    expect(smsTo(CHIDI)).toHaveLength(3);
  });

  it('removing the number stops SMS and WhatsApp', async () => {
    const removed = await t.http().delete('/api/v1/user/messages/phone').set(bearer(chidi.token)).expect(200);
    expect(removed.body.data).toMatchObject({ phone: null, channels: { sms: false, whatsapp: false } });
    const count = (await messagesOf(chidi.user.id)).length;
    await request(chidi.token);
    expect(await messagesOf(chidi.user.id)).toHaveLength(count);
  });

  /** A new customer with a verified number and the phone channels chosen. */
  async function withPhone(phone: string, channels: { sms: boolean; whatsapp: boolean }): Promise<Account> {
    const who = await signUp(t);
    await post('/user/messages/phone', { phone }, who.token).expect(200);
    await post('/user/messages/phone/verify', { code: lastCode(phone) }, who.token).expect(200);
    await put('/user/messages/channels', channels, who.token).expect(200);
    return who;
  }
  const eventOf = (userId: number, n: number): DeliveryChangedEvent => ({
    deliveryId: 800_000 + n,
    trackingNo: `JRCAP${n}`,
    userId,
    from: 1,
    to: 2,
    actorId: null,
  });

  it('the daily cap is exact when events arrive at once, on every instance; a refused message gives its slot back', async () => {
    const EMEKA = '+2348061230001';
    const emeka = await withPhone(EMEKA, { sms: true, whatsapp: true });
    // A refusal (4xx) is failed and does not count against the day.
    fake.mode.sms = 'refuse';
    await t.app.get(MessagingService).onDeliveryChanged(eventOf(emeka.user.id, 0), 900_000);
    fake.mode.sms = 'ok';
    expect((await messagesOf(emeka.user.id)).map((m) => `${m.channel}:${m.status}`)).toEqual([
      'sms:failed',
      'whatsapp:sent',
    ]);
    expect((await row(emeka.user.id)).sms_sent).toBe(0);
    expect((await row(emeka.user.id)).whatsapp_sent).toBe(1);

    // Eight status changes at once, through every instance's service (two in the scale-out run): of SMS exactly the
    // cap (3) is sent, of WhatsApp the 2 left; the rest are recorded capped.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.apps[i % t.apps.length].get(MessagingService).onDeliveryChanged(eventOf(emeka.user.id, i + 1), 900_001 + i),
      ),
    );
    const rows = (await messagesOf(emeka.user.id)).slice(2);
    const count = (channel: string, status: string) =>
      rows.filter((m) => m.channel === channel && m.status === status).length;
    expect([count('sms', 'sent'), count('sms', 'capped'), count('sms', 'pending')]).toEqual([3, 5, 0]);
    expect([count('whatsapp', 'sent'), count('whatsapp', 'capped'), count('whatsapp', 'pending')]).toEqual([2, 6, 0]);
    expect(smsTo(EMEKA)).toHaveLength(3);
    expect(waTo(EMEKA)).toHaveLength(3);
    expect([(await row(emeka.user.id)).sms_sent, (await row(emeka.user.id)).whatsapp_sent]).toEqual([3, 3]);

    // The same events again, at once: nothing new, no slot taken.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.apps[i % t.apps.length].get(MessagingService).onDeliveryChanged(eventOf(emeka.user.id, i + 1), 900_001 + i),
      ),
    );
    expect(await messagesOf(emeka.user.id)).toHaveLength(18);

    // A new Lagos day starts at 1.
    await t.db
      .getRepository(MessageSettingsRow)
      .update({ user_id: emeka.user.id }, { sms_day: '2000-01-01', whatsapp_day: '2000-01-01' });
    await t.app.get(MessagingService).onDeliveryChanged(eventOf(emeka.user.id, 20), 900_020);
    expect(smsTo(EMEKA)).toHaveLength(4);
    expect([(await row(emeka.user.id)).sms_sent, (await row(emeka.user.id)).sms_day]).toEqual([
      1,
      lagosDay(new Date()),
    ]);
  });

  it("orders and invoices: one SMS and WhatsApp per event with the topic's template, as chosen, once, under the cap", async () => {
    const DAYO = '+2348061230002';
    const EZE = '+2348061230003';
    const dayo = await withPhone(DAYO, { sms: true, whatsapp: true });
    const eze = await withPhone(EZE, { sms: true, whatsapp: false });
    const vendor = await signUp(t, { role: 'vendor' });
    const category = await createCategory(t, admin.token, 'Phones');
    const product = await createProduct(t, vendor.token, category, {
      name: 'Power bank',
      price: 1500,
      stock_quantity: 9,
    });
    const reset = () =>
      t.db.getRepository(MessageSettingsRow).update({ user_id: dayo.user.id }, { sms_sent: 0, whatsapp_sent: 0 });
    const param = (w: { template: { components: { parameters: { text: string }[] }[] } }) =>
      w.template.components[0].parameters.map((p) => p.text);

    // A manual charge: invoice issued.
    const charge = (
      await post('/invoices', {
        user_id: dayo.user.id,
        amount: '120.50',
        currency: 'NGN',
        description: 'Repacking fee',
      }).expect(201)
    ).body.data as Invoice;
    expect(smsTo(DAYO).map((m) => m.sms)).toEqual([
      `Jara: ${MSG.money.invoiceIssued(charge.reference, formatNaira(12050), 'Repacking fee')}`,
    ]);
    expect(waTo(DAYO).map((w) => [w.template.name, param(w)])).toEqual([
      ['invoice_issued', [charge.reference, formatNaira(12050)]],
    ]);

    // An order paid from the wallet: its invoice paid (its issue is not announced: it comes with the order), then
    // each move of the order.
    await reset();
    await creditWallet(t, admin.token, dayo.user.id, '1620.50');
    const placed = (await placeOrder(t, dayo.token, [{ product_id: product.id, quantity: 1 }]).expect(201)).body
      .data as Order;
    await moveOrder(t, admin.token, placed.id, ORDER_STATUS.TO_RECEIVE).expect(200);
    const orderInvoice = (await messagesOf(dayo.user.id)).filter((m) => m.template === 'invoice_paid');
    expect(orderInvoice).toHaveLength(1);
    const texts = smsTo(DAYO)
      .slice(1)
      .map((m) => m.sms);
    expect(texts[0]).toMatch(/^Jara: Invoice .* has been paid\. Thank you\.$/);
    expect(texts.slice(1)).toEqual([
      `Jara: ${MSG.orders.changedText(placed.order_no, orderStatusLabel(ORDER_STATUS.TO_RECEIVE))}`,
    ]);
    expect(
      waTo(DAYO)
        .slice(1)
        .map((w) => w.template.name),
    ).toEqual(['invoice_paid', 'order_status_update']);
    expect(param(waTo(DAYO)[2])).toEqual([placed.order_no, orderStatusLabel(ORDER_STATUS.TO_RECEIVE)]);

    // The order's move delivered again by the outbox, twice at once: nothing more.
    const outbox = t.app.get(OutboxService);
    const moved = (await outbox.written(EVENTS.orderStatusChanged)).filter(
      (e) => (JSON.parse(e.payload) as OrderStatusChangedEvent).orderId === placed.id,
    );
    await t.db.query('UPDATE outbox_events SET delivered_at = NULL, claimed_until = NULL WHERE id = ?', [
      moved[moved.length - 1].id,
    ]);
    await Promise.all([outbox.deliverDue(), outbox.deliverDue()]);
    expect(smsTo(DAYO)).toHaveLength(3);
    expect(waTo(DAYO)).toHaveLength(3);

    // The cap counts every topic: paying the charge is the third message of the (reset) day, another charge is capped.
    await post(`/invoices/${charge.id}/pay`, { method: 'wallet' }, dayo.token).expect(200);
    expect(smsTo(DAYO).map((m) => m.sms)[3]).toBe(
      `Jara: ${MSG.money.invoicePaid(charge.reference, formatNaira(12050))}`,
    );
    await post('/invoices', { user_id: dayo.user.id, amount: '9.00', currency: 'NGN', description: 'Storage' }).expect(
      201,
    );
    const last = (await messagesOf(dayo.user.id)).slice(-2);
    expect(last.map((m) => [m.channel, m.template, m.status, m.last_error])).toEqual([
      ['sms', null, 'capped', 'Daily cap of 3 reached'],
      ['whatsapp', 'invoice_issued', 'capped', 'Daily cap of 3 reached'],
    ]);
    expect(smsTo(DAYO)).toHaveLength(4);
    expect(waTo(DAYO)).toHaveLength(4);

    // Eze chose SMS only: an SMS, no WhatsApp, no row for it.
    await post('/invoices', { user_id: eze.user.id, amount: '5.00', currency: 'NGN', description: 'Storage' }).expect(
      201,
    );
    expect(smsTo(EZE)).toHaveLength(1);
    expect(waTo(EZE)).toHaveLength(0);
    expect((await messagesOf(eze.user.id)).map((m) => m.channel)).toEqual(['sms']);
  });
});

describe('Messages without provider keys', () => {
  it('production: the channels are off and say so; development: the local outbox', () => {
    const prod = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect([prod.messaging.sms.mode, prod.messaging.whatsapp.mode]).toEqual(['off', 'off']);
    const dev = loadConfig({ NODE_ENV: 'development' });
    expect([dev.messaging.sms.mode, dev.messaging.whatsapp.mode]).toEqual(['outbox', 'outbox']);
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'abc' })).toThrow(
      'WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set together',
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMS_BASE_URL: 'http://sms.example' }),
    ).toThrow('SMS_BASE_URL must start with https:');
  });

  it('development without keys writes the code and each update to the outbox folder and the table, never drops them', async () => {
    const t = await startTestApp({ OUTBOX_INTERVAL_MS: '0', MESSAGES_INTERVAL_MS: '0' });
    try {
      const admin = await signUp(t, { role: 'admin' });
      const user = await signUp(t);
      const dir = join(t.config.mail.outboxDir, 'messages');
      const read = () =>
        existsSync(dir)
          ? readdirSync(dir)
              .sort()
              .map(
                (f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { channel: string; to: string; body: string },
              )
          : [];
      const sent = await t
        .http()
        .post('/api/v1/user/messages/phone')
        .set(bearer(user.token))
        .send({ phone: '0812 345 6789' })
        .expect(200);
      expect(sent.body.data.modes).toEqual({ sms: 'outbox', whatsapp: 'outbox' });
      const code = /code is (\d{6})/.exec(read()[0].body)?.[1] ?? '';
      await t.http().post('/api/v1/user/messages/phone/verify').set(bearer(user.token)).send({ code }).expect(200);
      await t
        .http()
        .put('/api/v1/user/messages/channels')
        .set(bearer(user.token))
        .send({ sms: true, whatsapp: true })
        .expect(200);
      const gz = (
        await t.http().post('/api/v1/locations').set(bearer(admin.token)).send({ name: 'Guangzhou' }).expect(201)
      ).body.data;
      const wh = (
        await t
          .http()
          .post('/api/v1/warehouses')
          .set(bearer(admin.token))
          .send({ name: 'GZ Air', location_id: gz.id, type: 'air_cargo' })
          .expect(201)
      ).body.data;
      const d = (
        await t
          .http()
          .post('/api/v1/trackings')
          .set(bearer(user.token))
          .send({
            external_no: 'YT1',
            warehouse_id: wh.id,
            type: 'foreign',
            shipping_type: 'air_cargo',
            from_jara: false,
          })
          .expect(201)
      ).body.data as Delivery;
      const files = read();
      expect(
        files
          .slice(1)
          .map((f) => [f.channel, f.to, f.body])
          .sort(),
      ).toEqual([
        ['sms', '+2348123456789', `Jara: ${MSG.deliveries.createdText(d.tracking_no)}`],
        ['whatsapp', '+2348123456789', `Jara: ${MSG.deliveries.createdText(d.tracking_no)}`],
      ]);
      const rows = await t.db.getRepository(OutboundMessage).findBy({ user_id: user.user.id });
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
      expect(rows.every((r) => r.provider_ref?.startsWith('outbox:'))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
