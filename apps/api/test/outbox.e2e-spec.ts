import { EventEmitter2 } from '@nestjs/event-emitter';
import sharp from 'sharp';
import { MSG } from '@jara/contracts';
import { EVENTS, type EventName, type WalletFundedEvent } from '../src/common/events';
import { OutboxService } from '../src/common/outbox/outbox.service';
import { inTransaction } from '../src/database/transaction';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { bearer, countRows, creditWallet, notificationTitles } from './support/money';
import { createCategory, createProduct, moveOrder, placeOrder } from './support/orders';
import { signUp, startTestApp, type TestApp } from './support/test-app';

/**
 * The outbox (docs/decisions/028-outbox.md): an event is written with the change it reports, exists only if that change
 * committed, and reaches its listeners at least once, also when the process ended between the commit and the delivery
 * or a listener failed; two workers never deliver one event at the same time.
 */
describe('Outbox: events written with their change, delivered at least once (e2e)', () => {
  let t: TestApp;
  let outbox: OutboxService;
  const seen: WalletFundedEvent[] = [];
  let failNext = 0;
  let userId = 0;

  beforeAll(async () => {
    t = await startTestApp({ OUTBOX_INTERVAL_MS: '0' });
    outbox = t.app.get(OutboxService);
    // A real account: the notifications module's listener of wallet.funded writes to it (a failure would be retried).
    userId = (await signUp(t)).user.id;
    for (const app of t.apps)
      app.get(EventEmitter2).on(EVENTS.walletFunded, async (event: WalletFundedEvent) => {
        if (failNext > 0) {
          failNext--;
          throw new Error('listener down');
        }
        seen.push(event);
      });
  });
  afterAll(() => t.close());

  const event = (reference: string): WalletFundedEvent => ({ userId, reference, amountMinor: 100, currency: 'NGN' });
  const delivered = (reference: string) => seen.filter((e) => e.reference === reference).length;
  const write = (reference: string) =>
    inTransaction(t.db, (m) => outbox.enqueue(m, EVENTS.walletFunded, event(reference)));

  it('an event of a rolled-back change does not exist', async () => {
    await expect(
      inTransaction(t.db, async (m) => {
        await outbox.enqueue(m, EVENTS.walletFunded, event('rolled-back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countRows(t.db, `SELECT COUNT(*) AS n FROM outbox_events WHERE payload LIKE '%rolled-back%'`)).toBe(0);
  });

  it('delivers right after the commit, once', async () => {
    const id = await write('now');
    await outbox.deliver([id]);
    await outbox.deliver([id]);
    await outbox.deliverDue();
    expect(delivered('now')).toBe(1);
  });

  it('a crash between the commit and the delivery loses nothing: the worker delivers it', async () => {
    await write('crashed'); // committed, never delivered by its request
    expect(delivered('crashed')).toBe(0);
    expect(await outbox.pending()).toBeGreaterThanOrEqual(1);
    await outbox.deliverDue();
    expect(delivered('crashed')).toBe(1);
    await outbox.deliverDue();
    expect(delivered('crashed')).toBe(1);
  });

  it('a failed listener is retried after a backoff, with the error kept', async () => {
    const id = await write('flaky');
    failNext = 1;
    await outbox.deliver([id]);
    expect(delivered('flaky')).toBe(0);
    const [row] = await t.db.query('SELECT attempts, last_error, delivered_at FROM outbox_events WHERE id = ?', [id]);
    expect(row).toMatchObject({ last_error: 'listener down', delivered_at: null });
    expect(Number(row.attempts)).toBe(1);
    await outbox.deliverDue(); // not yet: the backoff has not passed
    expect(delivered('flaky')).toBe(0);
    await outbox.deliverDue(new Date(Date.now() + 60_000));
    expect(delivered('flaky')).toBe(1);
  });

  it('two workers at once deliver each event once', async () => {
    const refs = Array.from({ length: 10 }, (_, i) => `pair-${i}`);
    for (const ref of refs) await write(ref);
    const other = t.apps[t.apps.length - 1].get(OutboxService);
    await Promise.all([outbox.deliverDue(), other.deliverDue(), outbox.deliverDue()]);
    expect(refs.map(delivered)).toEqual(refs.map(() => 1));
  });

  describe('every module writes its events with its change', () => {
    /** The outbox rows of `event` written after `after`, with their payloads. */
    const rows = async (event: EventName, after: number) =>
      (await outbox.written(event, after)).map((r) => ({
        payload: JSON.parse(r.payload) as Record<string, unknown>,
        delivered: r.delivered_at !== null,
      }));
    const lastId = async () => Number((await t.db.query('SELECT MAX(id) AS id FROM outbox_events'))[0]?.id ?? 0);

    it('sign-up, an order and its moves, a delivery, KYC and support: each event is in the outbox, delivered', async () => {
      const start = await lastId();
      const admin = await signUp(t, { role: 'admin' });
      const vendor = await signUp(t, { role: 'vendor' });
      const buyer = await signUp(t);
      expect((await rows(EVENTS.userVerified, start)).map((r) => r.payload.userId)).toEqual(
        expect.arrayContaining([admin.user.id, vendor.user.id, buyer.user.id]),
      );

      const category = await createCategory(t, admin.token, 'Outbox');
      const { id: product } = await createProduct(t, vendor.token, category, {
        name: 'Outbox Kettle',
        price: 5000,
        stock_quantity: 3,
      });
      await creditWallet(t, admin.token, buyer.user.id, '5000');
      const order = (await placeOrder(t, buyer.token, [{ product_id: product, quantity: 1 }]).expect(201)).body.data;
      const placed = await rows(EVENTS.orderPlaced, start);
      expect(placed).toEqual([
        { payload: expect.objectContaining({ orderId: order.id, vendorIds: [vendor.user.id] }), delivered: true },
      ]);
      expect((await rows(EVENTS.invoiceIssued, start)).map((r) => r.payload.subjectId)).toContain(order.id);
      expect((await rows(EVENTS.invoicePaid, start)).map((r) => r.payload.method)).toContain('wallet');
      await moveOrder(t, admin.token, order.id, 2).expect(200);
      expect(await rows(EVENTS.orderStatusChanged, start)).toEqual([
        {
          payload: expect.objectContaining({ orderId: order.id, from: 1, to: 2, actorId: admin.user.id }),
          delivered: true,
        },
      ]);

      const location = (
        await t.http().post('/api/v1/locations').set(bearer(admin.token)).send({ name: 'Outbox GZ' }).expect(201)
      ).body.data.id;
      const warehouse = (
        await t
          .http()
          .post('/api/v1/warehouses')
          .set(bearer(admin.token))
          .send({ name: 'Outbox Sea', location_id: location, type: 'sea_cargo' })
          .expect(201)
      ).body.data.id;
      const delivery = (
        await t
          .http()
          .post('/api/v1/trackings')
          .set(bearer(buyer.token))
          .send({ external_no: 'YT-OUTBOX-1', warehouse_id: warehouse, type: 'foreign', shipping_type: 'sea_cargo' })
          .expect(201)
      ).body.data;
      expect(await rows(EVENTS.deliveryChanged, start)).toEqual([
        {
          payload: expect.objectContaining({ deliveryId: delivery.id, from: null, to: 1, userId: buyer.user.id }),
          delivered: true,
        },
      ]);

      const support = (
        await t
          .http()
          .post('/api/v1/supports')
          .set(bearer(buyer.token))
          .send({ name: 'Amaka', email: buyer.email, subject: 'Outbox parcel', message: 'Where is it?' })
          .expect(201)
      ).body.data.id;
      await t
        .http()
        .post('/api/v1/support-responses')
        .set(bearer(admin.token))
        .send({ support_id: support, message: 'On its way' })
        .expect(201);
      expect((await rows(EVENTS.supportOpened, start)).map((r) => r.payload.supportId)).toEqual([support]);
      expect(
        (await rows(EVENTS.supportReplied, start)).map((r) => [r.payload.supportId, r.payload.fromOwner, r.delivered]),
      ).toEqual([[support, false, true]]);

      const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 9, g: 9, b: 9 } } })
        .jpeg()
        .toBuffer();
      let kyc = t.http().post('/api/v1/kyc').set(bearer(buyer.token));
      for (const [k, v] of Object.entries({
        name: 'Amaka Obi',
        dob: '1990-01-01',
        gender: 'female',
        address: '1 Marina, Lagos',
        id_type: 'National ID',
        id_number: 'NIN-1',
      }))
        kyc = kyc.field(k, v);
      const submitted = (
        await kyc.attach('id_image', image, { filename: 'id.jpg', contentType: 'image/jpeg' }).expect(201)
      ).body.data.id;
      await t
        .http()
        .put(`/api/v1/kyc/${submitted}/approve`)
        .set(bearer(admin.token))
        .send({ status: -1, reason: 'Blurred' })
        .expect(200);
      expect(await rows(EVENTS.kycDecided, start)).toEqual([
        { payload: { submissionId: submitted, userId: buyer.user.id, status: -1, reason: 'Blurred' }, delivered: true },
      ]);
      expect(await notificationTitles(t.db, buyer.user.id)).toEqual(
        expect.arrayContaining([
          MSG.orders.placedTitle,
          MSG.orders.changedTitle,
          MSG.deliveries.changedTitle,
          MSG.kyc.decidedTitle,
        ]),
      );
    });

    it('a move whose notification failed still stands, and the worker tells the buyer later', async () => {
      const admin = await signUp(t, { role: 'admin' });
      const buyer = await signUp(t);
      const category = await createCategory(t, admin.token, 'Outbox 2');
      const { id: product } = await createProduct(t, admin.token, category, {
        name: 'Outbox Fan',
        price: 700,
        stock_quantity: 2,
      });
      await creditWallet(t, admin.token, buyer.user.id, '700');
      const order = (await placeOrder(t, buyer.token, [{ product_id: product, quantity: 1 }]).expect(201)).body.data;
      const start = await lastId();
      const notifications = t.apps.map((app) => app.get(NotificationsService));
      const originals = notifications.map((n) => n.notify.bind(n));
      notifications.forEach((n) => {
        n.notify = async () => {
          throw new Error('mail server down');
        };
      });
      try {
        const moved = await moveOrder(t, admin.token, order.id, 2).expect(200);
        expect(moved.body.data.status).toBe(2);
      } finally {
        notifications.forEach((n, i) => (n.notify = originals[i]));
      }
      const [pending] = await rows(EVENTS.orderStatusChanged, start);
      expect(pending).toEqual({ payload: expect.objectContaining({ orderId: order.id, to: 2 }), delivered: false });
      const shippedText = MSG.orders.changedTitle;
      const before = (await notificationTitles(t.db, buyer.user.id)).filter((title) => title === shippedText).length;
      await outbox.deliverDue(new Date(Date.now() + 60_000));
      expect((await rows(EVENTS.orderStatusChanged, start))[0].delivered).toBe(true);
      expect((await notificationTitles(t.db, buyer.user.id)).filter((title) => title === shippedText).length).toBe(
        before + 1,
      );
    });
  });
});
