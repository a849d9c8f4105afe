import { randomBytes } from 'node:crypto';
import { GUEST_FEE_MSG, redactGuestTokens, type Delivery, type GuestFee, type Location } from '@jara/contracts';
import { hashGuestToken } from '../src/modules/logistics/guest-fee.service';
import { GuestLink } from '../src/modules/logistics/guest-link.entity';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { guestToken, mailsTo, mustGuestToken } from './support/guest-fee';
import { bearer, countRows, ledgerDrift } from './support/money';
import { expectReconciled, resolveOpenPaymentExceptions } from './support/reconcile';
import { signUp, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * Issue 22 (decision 032): a guest learns their parcel's fee and pays it. The e-mail given with a guest request is
 * asked to confirm it (one e-mail, a single-use link); once confirmed, the fee the admin sets is e-mailed with a pay
 * link (one current link per delivery, replaced by a new fee); the pay page's card payment settles the guest's invoice
 * exactly as decision 021 says. The token is the only authority: a wrong, expired or used one is a 404.
 */
describe('A guest learns their parcel fee and pays it (e2e)', () => {
  let t: TestApp;
  let paystack: FakePaystack;
  let admin: Account;
  let warehouse: number;
  let title: number;

  beforeAll(async () => {
    paystack = await startFakePaystack();
    t = await startTestApp({ PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url });
    admin = await signUp(t, { role: 'admin' });
    const gz = (await as(admin).post('/api/v1/locations').send({ name: 'Guangzhou' }).expect(201)).body
      .data as Location;
    const lagos = (await as(admin).post('/api/v1/locations').send({ name: 'Lagos' }).expect(201)).body.data as Location;
    warehouse = (
      await as(admin)
        .post('/api/v1/warehouses')
        .send({ name: 'GZ Air', location_id: gz.id, type: 'air_cargo' })
        .expect(201)
    ).body.data.id;
    title = (
      await as(admin)
        .post('/api/v1/shippings')
        .send({ name: 'Flight CAN-LOS', location_id: lagos.id, type: 'air_cargo' })
        .expect(201)
    ).body.data.id;
    await as(admin).put('/api/v1/logistics-settings').send({ cost_per_cmb3: 0.01, cost_per_kg: 8.5 }).expect(200);
  });
  afterAll(async () => {
    // The stale guest payment left on purpose: an admin refunds it on Paystack and resolves it.
    await resolveOpenPaymentExceptions(t, admin.token);
    expect(await ledgerDrift(t.db)).toEqual([]);
    await expectReconciled(t);
    await t.close();
    await paystack.close();
  });

  function as(account: Account) {
    const http = t.http();
    return {
      post: (path: string) => http.post(path).set(bearer(account.token)),
      put: (path: string) => http.put(path).set(bearer(account.token)),
      patch: (path: string) => http.patch(path).set(bearer(account.token)),
      get: (path: string) => http.get(path).set(bearer(account.token)),
    };
  }

  async function request(email?: string): Promise<{ id: number; trackingNo: string }> {
    const res = await t
      .http()
      .post('/api/v1/guest/trackings')
      .send({
        name: 'Ada Guest',
        phone: '0803 555 0101',
        ...(email ? { email } : {}),
        external_no: 'YT-GUEST',
        warehouse_id: warehouse,
        type: 'foreign',
        shipping_type: 'air_cargo',
      })
      .expect(201);
    const trackingNo = res.body.data.tracking_no as string;
    const [row] = await t.db.query('SELECT id FROM deliveries WHERE tracking_no = ?', [trackingNo]);
    return { id: Number(row.id), trackingNo };
  }

  /** The admin receives the parcel (2) and proceeds it at `kg` kilograms (fee 8.50 USD a kilogram). */
  async function proceed(id: number, kg: number, first = true): Promise<Delivery> {
    if (first) await as(admin).patch(`/api/v1/trackings/${id}/status`).send({ status: 2 }).expect(200);
    return (
      await as(admin)
        .put(`/api/v1/trackings/${id}`)
        .send({ shipping_type: 'air_cargo', shipping_id: title, weight: kg })
        .expect(200)
    ).body.data as Delivery;
  }

  const confirm = (token: string) => t.http().post(`/api/v1/guest/confirmations/${token}`);
  const fee = (token: string) => t.http().get(`/api/v1/guest/fees/${token}`);
  const pay = (token: string) => t.http().post(`/api/v1/guest/fees/${token}/pay`);
  const verify = (token: string, reference: string) =>
    t.http().post(`/api/v1/guest/fees/${token}/verify`).send({ reference });

  /** A confirmed guest whose parcel was proceeded at `kg`: the pay link's token. */
  async function confirmedWithFee(kg = 2): Promise<{ id: number; email: string; trackingNo: string; token: string }> {
    const email = uniqueEmail('guest');
    const { id, trackingNo } = await request(email);
    await confirm(mustGuestToken(t, email, 'confirm')).expect(200);
    await proceed(id, kg);
    return { id, email, trackingNo, token: mustGuestToken(t, email, 'pay') };
  }

  it('a request with an e-mail writes one "Confirm your shipping request" e-mail with a link; only its hash is kept', async () => {
    const email = uniqueEmail('guest');
    const { id, trackingNo } = await request(email);
    const mails = mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(GUEST_FEE_MSG.confirmSubject(trackingNo));
    expect(mails[0].subject).toMatch(/^Confirm your shipping request JT/);
    const token = mustGuestToken(t, email, 'confirm');
    expect(mails[0].text).toContain(`${t.config.storefrontUrl}/guest/confirm/${token}`);
    // The database holds the hash, never the token; the outbox event names the delivery only.
    const links: Array<{ token_hash: string; purpose: string }> = await t.db.query(
      'SELECT token_hash, purpose FROM guest_links WHERE delivery_id = ?',
      [id],
    );
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ purpose: 'confirm', token_hash: hashGuestToken(token) });
    const events: Array<{ event: string; payload: string }> = await t.db.query(
      "SELECT event, payload FROM outbox_events WHERE event LIKE 'guest.%'",
    );
    expect(events.every((e) => !e.payload.includes(token))).toBe(true);
    expect(events.find((e) => JSON.parse(e.payload).deliveryId === id)).toMatchObject({
      event: 'guest.confirm_requested',
    });
    const link = await t.db.getRepository(GuestLink).findOneByOrFail({ delivery_id: id });
    const days = (new Date(link.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(7);
  });

  it('a request with a phone only sends no e-mail and keeps no link (no SMS provider exists)', async () => {
    const before = await countRows(t.db, 'SELECT COUNT(*) AS n FROM guest_links');
    const { id } = await request();
    expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM guest_links')).toBe(before);
    expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM guest_links WHERE delivery_id = ?', [id])).toBe(0);
    // Proceeding it raises no invoice: nobody confirmed anything.
    const d = await proceed(id, 1);
    expect(d.invoice).toBeNull();
  });

  it('the confirm link confirms once (a GET changes nothing); used, wrong or expired links are 404', async () => {
    const email = uniqueEmail('guest');
    const { id, trackingNo } = await request(email);
    const token = mustGuestToken(t, email, 'confirm');
    const shown = await t.http().get(`/api/v1/guest/confirmations/${token}`).expect(200);
    expect(shown.body.data).toEqual({ tracking_no: trackingNo, confirmed: false });
    expect(
      await countRows(t.db, 'SELECT COUNT(*) AS n FROM guest_links WHERE used_at IS NOT NULL AND delivery_id = ?', [
        id,
      ]),
    ).toBe(0);

    // Twice at once: one confirms, the other finds the link used.
    const both = await Promise.all([confirm(token), confirm(token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(both.find((r) => r.status === 200)?.body.data).toEqual({ tracking_no: trackingNo, confirmed: true });
    await confirm(token).expect(404);
    await t.http().get(`/api/v1/guest/confirmations/${token}`).expect(404);
    // The history says so, with no account.
    const history = (await as(admin).get(`/api/v1/trackings/${id}`).expect(200)).body.data.history as Array<{
      note: string;
    }>;
    expect(history.map((h) => h.note)).toContain(GUEST_FEE_MSG.historyConfirmed);

    // A token nobody was sent, a malformed one, and an expired one.
    const stranger = randomBytes(32).toString('base64url');
    await t.http().get(`/api/v1/guest/confirmations/${stranger}`).expect(404);
    await confirm(stranger).expect(404);
    await confirm('abc').expect(404);
    await fee(stranger).expect(404);
    const late = uniqueEmail('guest');
    const expired = await request(late);
    await t.db
      .getRepository(GuestLink)
      .update({ delivery_id: expired.id }, { expires_at: new Date(Date.now() - 1000) });
    const res = await confirm(mustGuestToken(t, late, 'confirm')).expect(404);
    expect(res.body.message).toBe(GUEST_FEE_MSG.linkInvalidTitle);
    // A confirm link does not open the fee page.
    const other = uniqueEmail('guest');
    await request(other);
    await fee(mustGuestToken(t, other, 'confirm')).expect(404);
  });

  it('the admin\'s fee for a confirmed guest e-mails "Your parcel\'s fee" with a pay link showing only that parcel', async () => {
    const email = uniqueEmail('guest');
    const { id, trackingNo } = await request(email);
    await confirm(mustGuestToken(t, email, 'confirm')).expect(200);
    expect(guestToken(t, email, 'pay')).toBeNull();
    const d = await proceed(id, 2);
    // The fee is an invoice of the delivery with no account.
    expect(d.invoice).toMatchObject({ status: 'pending', amount_minor: 1_700, currency: 'USD' });
    const [inv] = await t.db.query('SELECT user_id, type, subject_id FROM invoices WHERE id = ?', [d.invoice?.id]);
    expect(inv.user_id).toBeNull();
    expect(inv).toMatchObject({ type: 'delivery' });
    expect(Number(inv.subject_id)).toBe(id);
    const mail = mailsTo(t, email).at(-1);
    expect(mail?.subject).toBe("Your parcel's fee");
    expect(mail?.text).toContain('$17.00');
    const token = mustGuestToken(t, email, 'pay');
    const shown = (await fee(token).expect(200)).body.data as GuestFee;
    expect(shown).toEqual({
      tracking_no: trackingNo,
      route: { from: 'GZ Air, Guangzhou', to: 'Lagos' },
      shipping_type: 'air_cargo',
      shipping_type_label: 'Air Cargo',
      weight: '2.00',
      size: null,
      status: 2,
      status_label: 'Delivered to Warehouse',
      fee: { amount_minor: 1_700, currency: 'USD', status: 'pending', paid_at: null },
    });
    // Nothing personal in it.
    expect(JSON.stringify(shown)).not.toContain(email);
    expect(JSON.stringify(shown)).not.toContain('0803');
  });

  it('a fee set before the guest confirmed is e-mailed at the confirmation', async () => {
    const email = uniqueEmail('guest');
    const { id } = await request(email);
    const d = await proceed(id, 3);
    expect(d.invoice).toBeNull();
    expect(guestToken(t, email, 'pay')).toBeNull();
    await confirm(mustGuestToken(t, email, 'confirm')).expect(200);
    const token = mustGuestToken(t, email, 'pay');
    expect(((await fee(token).expect(200)).body.data as GuestFee).fee).toMatchObject({
      amount_minor: 2_550,
      status: 'pending',
    });
  });

  it('a new fee replaces the pay link: the old one is a 404, the new one shows the new amount', async () => {
    const { id, email, token: old } = await confirmedWithFee(2);
    await proceed(id, 4, false);
    const token = mustGuestToken(t, email, 'pay');
    expect(token).not.toBe(old);
    await fee(old).expect(404);
    await pay(old).expect(404);
    expect(((await fee(token).expect(200)).body.data as GuestFee).fee.amount_minor).toBe(3_400);
    expect(
      await countRows(t.db, "SELECT COUNT(*) AS n FROM guest_links WHERE delivery_id = ? AND purpose = 'pay'", [id]),
    ).toBe(1);
  });

  it("pays by card through the fake Paystack: the delivery fee is paid like an account's, and the parcel may move on", async () => {
    const { id, email, token } = await confirmedWithFee(2);
    // Twice at once (a double click, a replay): one pending payment, one checkout.
    const [a, b] = await Promise.all([pay(token), pay(token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.reference).toBe(b.body.data.reference);
    expect(a.body.data.authorization_url).toBe(b.body.data.authorization_url);
    const reference = a.body.data.reference as string;
    const [d0] = await t.db.query('SELECT invoice_id FROM deliveries WHERE id = ?', [id]);
    expect(
      await countRows(t.db, 'SELECT COUNT(*) AS n FROM invoice_payments WHERE invoice_id = ?', [d0.invoice_id]),
    ).toBe(1);
    // Paystack was asked for exactly the fee, for the guest's e-mail, and sends the guest back without the token.
    const tx = paystack.transactions.get(reference);
    expect(tx).toMatchObject({ amount: 1_700, currency: 'USD', email });
    expect(tx?.callback_url).toBe(`${t.config.storefrontUrl}/guest/paid?reference=${reference}`);
    expect(tx?.callback_url).not.toContain(token);
    // Not paid yet: verify leaves it pending.
    expect((await verify(token, reference).expect(200)).body.data.fee.status).toBe('pending');

    paystack.pay(reference);
    const paid = (await verify(token, reference).expect(200)).body.data as GuestFee & { payment: { status: string } };
    expect(paid.payment.status).toBe('completed');
    expect(paid.fee.status).toBe('paid');
    expect(paid.fee.paid_at).not.toBeNull();
    // A webhook after it settles nothing twice.
    const hook = paystack.webhook(reference);
    await t
      .http()
      .post('/api/v1/webhooks/paystack')
      .set('x-paystack-signature', hook.signature)
      .set('Content-Type', 'application/json')
      .send(hook.body)
      .expect(200);
    expect(
      await countRows(
        t.db,
        "SELECT COUNT(*) AS n FROM invoice_payments WHERE invoice_id = ? AND status = 'completed'",
        [d0.invoice_id],
      ),
    ).toBe(1);
    // The delivery shows its fee paid, as an account's does, and may go on to Ready for Shipping.
    const delivery = (await as(admin).get(`/api/v1/trackings/${id}`).expect(200)).body.data as Delivery;
    expect(delivery.payment_status).toBe('paid');
    await as(admin).patch(`/api/v1/trackings/${id}/status`).send({ status: 3 }).expect(200);
    // Paid: no new payment starts; the page still shows it paid.
    await pay(token).expect(409);
    expect(((await fee(token).expect(200)).body.data as GuestFee).fee.status).toBe('paid');
    // Another delivery's payment reference is not this link's.
    const other = await confirmedWithFee(1);
    await verify(other.token, reference).expect(404);
    await verify(token, 'not a reference!').expect(422);
  });

  it('a fee changed while a payment is pending: the stale payment never pays the new fee and is kept for a refund by hand', async () => {
    const { id, email, token } = await confirmedWithFee(2);
    const stale = (await pay(token).expect(200)).body.data.reference as string;
    await proceed(id, 3, false);
    const fresh = mustGuestToken(t, email, 'pay');
    // The guest pays the old checkout anyway: the gateway took $17.00 for a fee that is now $25.50.
    paystack.pay(stale);
    const hook = paystack.webhook(stale);
    await t
      .http()
      .post('/api/v1/webhooks/paystack')
      .set('x-paystack-signature', hook.signature)
      .set('Content-Type', 'application/json')
      .send(hook.body)
      .expect(200);
    const [payment] = await t.db.query('SELECT status, note FROM invoice_payments WHERE reference = ?', [stale]);
    expect(payment.status).toBe('mismatch');
    expect(String(payment.note)).toMatch(/refund it on the Paystack dashboard/);
    expect(
      await countRows(
        t.db,
        'SELECT COUNT(*) AS n FROM payment_exceptions WHERE reference = ? AND resolved_at IS NULL',
        [stale],
      ),
    ).toBe(1);
    const shown = (await fee(fresh).expect(200)).body.data as GuestFee;
    expect(shown.fee).toMatchObject({ amount_minor: 2_550, status: 'pending' });
    // The new fee is paid with a new checkout.
    const reference = (await pay(fresh).expect(200)).body.data.reference as string;
    expect(reference).not.toBe(stale);
    paystack.pay(reference);
    expect((await verify(fresh, reference).expect(200)).body.data.fee.status).toBe('paid');
  });

  it("cancelling a guest's parcel whose fee was paid by card is refused until it is refunded on Paystack (no wallet)", async () => {
    const { id, token } = await confirmedWithFee(1);
    const reference = (await pay(token).expect(200)).body.data.reference as string;
    paystack.pay(reference);
    await verify(token, reference).expect(200);
    const res = await as(admin).patch(`/api/v1/trackings/${id}/status`).send({ status: 0 }).expect(409);
    expect(res.body.message).toBe(GUEST_FEE_MSG.refundByHand);
    // An unpaid guest fee is simply cancelled with the parcel, and its pay link then shows nothing to pay.
    const unpaid = await confirmedWithFee(1);
    await as(admin).patch(`/api/v1/trackings/${unpaid.id}/status`).send({ status: 0 }).expect(200);
    expect(((await fee(unpaid.token).expect(200)).body.data as GuestFee).fee.status).toBe('cancelled');
    await pay(unpaid.token).expect(409);
  });

  it('request logs never carry a link token', () => {
    const token = randomBytes(32).toString('base64url');
    expect(redactGuestTokens(`/api/v1/guest/fees/${token}/pay`)).toBe('/api/v1/guest/fees/:token/pay');
    expect(redactGuestTokens(`/api/v1/guest/confirmations/${token}`)).toBe('/api/v1/guest/confirmations/:token');
    expect(redactGuestTokens(`/guest/pay/${token}?x=1`)).toBe('/guest/pay/:token?x=1');
  });
});
