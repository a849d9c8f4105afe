import { MSG, type Delivery, type Location, type ShippingTitle, type Warehouse } from '@jara/contracts';
import { DeliveriesService } from '../src/modules/logistics/deliveries.service';
import { Delivery as DeliveryRow } from '../src/modules/logistics/delivery.entity';
import { User } from '../src/modules/users/user.entity';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { balances, bearer, countRows, creditWallet, ledgerDrift } from './support/money';
import { readCodeFromOutbox, signUp, startTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { expectReconciled } from './support/reconcile';

type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * Issue 21 (deliveries): a cancelled or returned parcel leaves no payable fee and refunds a paid one by the policy of
 * decision 024; Proceed re-prices the fee only through the invoices owner API (an old card checkout never pays a new
 * fee); a guest's request joins an account only when its holder accepts it (decision 025); the public lookup has an
 * abuse limit.
 */
describe('Deliveries and money: fees on cancel and return, re-pricing, guest requests, the lookup limit (e2e)', () => {
  let t: TestApp;
  let paystack: FakePaystack;
  let admin: Account;
  let customer: Account;
  let air: Warehouse;
  let airTitle: ShippingTitle;
  const LOOKUPS = 4;

  beforeAll(async () => {
    paystack = await startFakePaystack();
    t = await startTestApp({
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      TRACKING_LOOKUP_RATE_LIMIT: String(LOOKUPS),
      TRACKING_LOOKUP_RATE_ADDRESS_LIMIT: String(LOOKUPS),
      TRACKING_LOOKUP_RATE_WINDOW: '600',
    });
    admin = await signUp(t, { role: 'admin' });
    customer = await signUp(t);
    const gz = (await post('/locations', { name: 'Guangzhou' }).expect(201)).body.data as Location;
    const lagos = (await post('/locations', { name: 'Lagos' }).expect(201)).body.data as Location;
    air = (await post('/warehouses', { name: 'GZ Air', location_id: gz.id, type: 'air_cargo' }).expect(201)).body.data;
    airTitle = (
      await post('/shippings', { name: 'Flight CAN-LOS', location_id: lagos.id, type: 'air_cargo' }).expect(201)
    ).body.data;
    await put('/logistics-settings', { cost_per_cmb3: 0.01, cost_per_kg: 8.5 }).expect(200);
    await creditWallet(t, admin.token, customer.user.id, '1000', 'USD');
  });
  afterAll(async () => {
    expect(await ledgerDrift(t.db)).toEqual([]);
    await expectReconciled(t);
    await t.close();
    await paystack.close();
  });

  function post(path: string, body: object, token: string | null = admin.token) {
    const req = t.http().post(`/api/v1${path}`);
    return (token ? req.set(bearer(token)) : req).send(body);
  }
  const put = (path: string, body: object, token = admin.token) =>
    t.http().put(`/api/v1${path}`).set(bearer(token)).send(body);
  const patch = (path: string, body: object, token = admin.token) =>
    t.http().patch(`/api/v1${path}`).set(bearer(token)).send(body);
  const get = (path: string, token: string | null = admin.token) => {
    const req = t.http().get(`/api/v1${path}`);
    return token ? req.set(bearer(token)) : req;
  };
  const move = (id: number, status: number, extra: object = {}) =>
    patch(`/trackings/${id}/status`, { status, ...extra });
  const invoiceRow = async (id: number) =>
    (
      await t.db.query('SELECT status, amount_minor, refunded_at, cancelled_at FROM invoices WHERE id = ?', [id])
    )[0] as { status: string; amount_minor: number | string; refunded_at: unknown; cancelled_at: unknown };
  const statusOf = async (id: number) => (await t.db.getRepository(DeliveryRow).findOneByOrFail({ id })).status;

  /** A customer's delivery at the warehouse (2), proceeded at `kg` kilograms: the delivery and its invoice id. */
  async function proceeded(kg = 2): Promise<{ id: number; invoiceId: number; tracking: string }> {
    const d = (
      await post(
        '/trackings',
        { external_no: 'YT1', warehouse_id: air.id, type: 'foreign', shipping_type: 'air_cargo', from_jara: false },
        customer.token,
      ).expect(201)
    ).body.data as Delivery;
    await move(d.id, 2).expect(200);
    const res = (
      await put(`/trackings/${d.id}`, { shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: kg }).expect(200)
    ).body.data as Delivery;
    if (!res.invoice) throw new Error('no fee invoice');
    return { id: d.id, invoiceId: res.invoice.id, tracking: d.tracking_no };
  }
  const payFromWallet = (invoiceId: number) =>
    post(`/invoices/${invoiceId}/pay`, { method: 'wallet' }, customer.token).expect(200);

  // ------------------------------------------------------------------------------------------ defect 4: the fee

  it('cancelling a parcel cancels its pending fee invoice in the same move (nothing payable is left)', async () => {
    const d = await proceeded();
    await move(d.id, 0).expect(200);
    expect(await invoiceRow(d.invoiceId)).toMatchObject({ status: 'cancelled' });
    // It can no longer be paid.
    const before = (await balances(t.db, customer.user.id)).usd;
    await post(`/invoices/${d.invoiceId}/pay`, { method: 'wallet' }, customer.token).expect(409);
    expect((await balances(t.db, customer.user.id)).usd).toBe(before);
  });

  it('a paid fee goes back to the wallet when the parcel is cancelled or returned before it left', async () => {
    for (const [to, from] of [
      [0, 2],
      [8, 2],
      [8, 3],
    ] as const) {
      const d = await proceeded();
      await payFromWallet(d.invoiceId);
      if (from === 3) await move(d.id, 3).expect(200);
      const before = (await balances(t.db, customer.user.id)).usd;
      await move(d.id, to).expect(200);
      expect(await statusOf(d.id)).toBe(to);
      const invoice = await invoiceRow(d.invoiceId);
      expect(invoice.status).toBe('paid');
      expect(invoice.refunded_at).not.toBeNull();
      expect((await balances(t.db, customer.user.id)).usd).toBe(before + 1_700);
      expect(
        await countRows(t.db, "SELECT COUNT(*) AS n FROM wallet_ledger WHERE kind = 'refund' AND invoice_id = ?", [
          d.invoiceId,
        ]),
      ).toBe(1);
    }
  });

  it('after the voyage a Returned move with a paid fee is refused unless the admin asks for the refund', async () => {
    const d = await proceeded();
    await payFromWallet(d.invoiceId);
    for (const to of [3, 5, 6]) await move(d.id, to).expect(200);
    const before = (await balances(t.db, customer.user.id)).usd;
    const refused = await move(d.id, 8).expect(409);
    expect(refused.body.message).toBe(MSG.deliveries.feeRefundNeedsFlag);
    expect(await statusOf(d.id)).toBe(6);
    await move(d.id, 8, { refund_fee: false }).expect(409);
    expect((await invoiceRow(d.invoiceId)).refunded_at).toBeNull();
    expect((await balances(t.db, customer.user.id)).usd).toBe(before);
    await move(d.id, 8, { refund_fee: true }).expect(200);
    expect(await statusOf(d.id)).toBe(8);
    expect((await invoiceRow(d.invoiceId)).refunded_at).not.toBeNull();
    expect((await balances(t.db, customer.user.id)).usd).toBe(before + 1_700);
    // Completed instead keeps the fee (the carriage was done).
    const kept = await proceeded();
    await payFromWallet(kept.invoiceId);
    for (const to of [3, 5, 6, 7]) await move(kept.id, to).expect(200);
    expect((await invoiceRow(kept.invoiceId)).refunded_at).toBeNull();
  });

  it('Proceed re-prices the fee through the owner API: an old card checkout can never pay the new fee', async () => {
    const d = await proceeded(1); // $8.50
    const started = (await post(`/invoices/${d.invoiceId}/pay`, { method: 'paystack' }, customer.token).expect(200))
      .body.data.reference as string;
    // The admin corrects the weight: $850.00.
    await put(`/trackings/${d.id}`, { shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: 100 }).expect(200);
    expect(await invoiceRow(d.invoiceId)).toMatchObject({ status: 'pending' });
    expect(Number((await invoiceRow(d.invoiceId)).amount_minor)).toBe(85_000);
    const [payment] = await t.db.query('SELECT status FROM invoice_payments WHERE reference = ?', [started]);
    expect(payment.status).toBe('superseded');
    // The customer completes the old $8.50 checkout: the invoice stays pending, the money goes to the wallet.
    const before = (await balances(t.db, customer.user.id)).usd;
    const { body, signature } = paystack.webhook(started);
    await t
      .http()
      .post('/api/v1/webhooks/paystack')
      .set('content-type', 'application/json')
      .set('x-paystack-signature', signature)
      .send(body)
      .expect(200);
    expect((await invoiceRow(d.invoiceId)).status).toBe('pending');
    expect((await balances(t.db, customer.user.id)).usd).toBe(before + 850);
    const ready = await move(d.id, 3).expect(422);
    expect(ready.body.errors.status).toEqual([MSG.deliveries.feeUnpaid]);
  });

  // --------------------------------------------------------------------------------- defect 6: guest requests

  async function guestRequest(email: string): Promise<number> {
    const res = await post(
      '/guest/trackings',
      {
        name: 'Someone',
        phone: '0803 555 0101',
        email,
        external_no: 'G9',
        type: 'foreign',
        shipping_type: 'air_cargo',
        warehouse_id: air.id,
      },
      null,
    ).expect(201);
    return (await t.db.getRepository(DeliveryRow).findOneByOrFail({ tracking_no: res.body.data.tracking_no })).id;
  }

  it("a request typed with someone's e-mail neither joins nor bills them on sign-up; only they may accept it", async () => {
    const victim = uniqueEmail('victim');
    const id = await guestRequest(victim);
    // The admin proceeds it while it is a guest's: a fee, no invoice.
    await move(id, 2).expect(200);
    await put(`/trackings/${id}`, { shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: 3 }).expect(200);
    await t.http().post('/api/v1/auth/register').send({ email: victim, password: 'secret123' }).expect(201);
    await t
      .http()
      .post('/api/v1/auth/verify-otp')
      .send({ email: victim, otp: readCodeFromOutbox(t, victim) })
      .expect(200);
    const user = await t.db.getRepository(User).findOneByOrFail({ email: victim });
    expect((await t.db.getRepository(DeliveryRow).findOneByOrFail({ id })).user_id).toBeNull();
    expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?', [user.id])).toBe(0);
    // Another account: not offered, and accepting or declining it is a 404 that changes nothing.
    expect((await get('/trackings/unclaimed', customer.token).expect(200)).body.data).toEqual([]);
    await post(`/trackings/${id}/claim`, {}, customer.token).expect(404);
    await post(`/trackings/${id}/decline`, {}, customer.token).expect(404);
    expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM delivery_claim_declines WHERE delivery_id = ?', [id])).toBe(
      0,
    );
    // The holder declines: never offered again, never claimable, still nobody's.
    const token = (await t.http().post('/api/v1/auth/login').send({ email: victim, password: 'secret123' }).expect(200))
      .body.token as string;
    expect(((await get('/trackings/unclaimed', token).expect(200)).body.data as Delivery[]).map((d) => d.id)).toEqual([
      id,
    ]);
    await post(`/trackings/${id}/decline`, {}, token).expect(200);
    await post(`/trackings/${id}/decline`, {}, token).expect(404);
    expect((await get('/trackings/unclaimed', token).expect(200)).body.data).toEqual([]);
    await post(`/trackings/${id}/claim`, {}, token).expect(404);
    expect((await t.db.getRepository(DeliveryRow).findOneByOrFail({ id })).user_id).toBeNull();
    expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?', [user.id])).toBe(0);
  });

  it('two claims of one request at once: exactly one account wins, the other gets a 404', async () => {
    const email = uniqueEmail('twice');
    const id = await guestRequest(email);
    const deliveries = t.app.get(DeliveriesService);
    // Two accounts that both hold the e-mail as verified (e.g. one changed it since): the conditional UPDATE decides.
    const holder = (userId: number) =>
      Object.assign(new User(), { id: userId, email, email_verified_at: new Date(), role: 'customer' });
    const outcomes = await Promise.allSettled([
      deliveries.claim(holder(customer.user.id), id),
      deliveries.claim(holder(admin.user.id), id),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as Error).message).toBe(MSG.deliveries.notFound);
    const row = await t.db.getRepository(DeliveryRow).findOneByOrFail({ id });
    const winner = outcomes[0].status === 'fulfilled' ? customer.user.id : admin.user.id;
    expect(row.user_id).toBe(winner);
    expect(
      await countRows(
        t.db,
        'SELECT COUNT(*) AS n FROM delivery_status_changes WHERE delivery_id = ? AND actor_role = ?',
        [id, 'customer'],
      ),
    ).toBe(1);
  });

  // ------------------------------------------------------------------------------------- defect 11: the lookup

  it('the public lookup by tracking number has an abuse limit per client address (429 with Retry-After)', async () => {
    const d = await proceeded();
    for (let i = 0; i < LOOKUPS; i++) await get(`/tracking-number/${d.tracking}`, null).expect(200);
    const limited = await get(`/tracking-number/${d.tracking}`, null).expect(429);
    expect(limited.body).toEqual({ message: MSG.deliveries.lookupTooMany });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Guessing unknown numbers counts too.
    await get('/tracking-number/JR-NOPE-NOPE', null).expect(429);
  });
});
