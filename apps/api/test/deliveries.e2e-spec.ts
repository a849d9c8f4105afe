import fc from 'fast-check';
import {
  cargoFeeCents,
  DELIVERY_STATUSES,
  DELIVERY_TRANSITIONS,
  MONEY_MAX_MINOR,
  MSG,
  type Delivery,
  type DeliveryStatus,
  type Location,
  type ShippingMovePreview,
  type ShippingTitle,
  type TrackingLookup,
  type Warehouse,
} from '@jara/contracts';
import { Invoice } from '../src/modules/invoices/invoice.entity';
import { Delivery as DeliveryRow, DeliveryStatusChange } from '../src/modules/logistics/delivery.entity';
import { Notification } from '../src/modules/notifications/notification.entity';
import { User } from '../src/modules/users/user.entity';
import { balances, bearer, countRows, setCargoRates } from './support/money';
import { readCodeFromOutbox, signUp, startTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { expectReconciled } from './support/reconcile';

type Account = Awaited<ReturnType<typeof signUp>>;

/** The id of a delivery's fee invoice (the test fails here, clearly, when there is none). */
function invoiceOf(delivery: Delivery): number {
  if (!delivery.invoice) throw new Error(`Delivery ${delivery.tracking_no} has no invoice`);
  return delivery.invoice.id;
}

describe('Deliveries: requests, tracking numbers, proceed and fees, the lifecycle, titles and the lookup (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let customer: Account;
  let other: Account;
  let sea: Warehouse;
  let air: Warehouse;
  let local: Warehouse;
  let seaTitle: ShippingTitle;
  let airTitle: ShippingTitle;

  beforeAll(async () => {
    t = await startTestApp({ GUEST_DELIVERY_LIMIT: '3', GUEST_DELIVERY_ADDRESS_LIMIT: '4' });
    admin = await signUp(t, { role: 'admin' });
    customer = await signUp(t);
    other = await signUp(t);
    const gz = (await post('/locations', { name: 'Guangzhou' }).expect(201)).body.data as Location;
    const lagos = (await post('/locations', { name: 'Lagos' }).expect(201)).body.data as Location;
    sea = (await post('/warehouses', { name: 'GZ Sea', location_id: gz.id, type: 'sea_cargo' }).expect(201)).body.data;
    air = (await post('/warehouses', { name: 'GZ Air', location_id: gz.id, type: 'air_cargo' }).expect(201)).body.data;
    local = (await post('/warehouses', { name: 'Ikeja Hub', location_id: lagos.id, type: 'local' }).expect(201)).body
      .data;
    seaTitle = (
      await post('/shippings', { name: 'Container GZ-7', location_id: lagos.id, type: 'sea_cargo' }).expect(201)
    ).body.data;
    airTitle = (
      await post('/shippings', { name: 'Flight CAN-LOS', location_id: lagos.id, type: 'air_cargo' }).expect(201)
    ).body.data;
    await setCargoRates(t, admin.token);
  });
  afterAll(async () => {
    try {
      await expectReconciled(t);
    } finally {
      await t.close();
    }
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

  async function request(token = customer.token, body: object = {}): Promise<Delivery> {
    const res = await post(
      '/trackings',
      {
        external_no: 'YT1234567890',
        warehouse_id: air.id,
        type: 'foreign',
        shipping_type: 'air_cargo',
        from_jara: false,
        ...body,
      },
      token,
    ).expect(201);
    expect(res.body.message).toBe(MSG.deliveries.warehouseCreated);
    return res.body.data as Delivery;
  }

  /** The acceptance rule: the status equals the last history entry's, for every delivery. */
  async function historyMatchesStatus(): Promise<void> {
    const rows = await t.db.getRepository(DeliveryRow).find();
    for (const row of rows) {
      const last = await t.db
        .getRepository(DeliveryStatusChange)
        .findOne({ where: { delivery_id: row.id }, order: { id: 'DESC' } });
      expect({ id: row.id, status: last?.to_status }).toEqual({ id: row.id, status: row.status });
    }
  }

  it('a signed-in request gets a readable unique tracking number, status 1 and its first history entry', async () => {
    await t.http().post('/api/v1/trackings').send({}).expect(401);
    const missing = await post('/trackings', { type: 'foreign', shipping_type: 'air_cargo' }, customer.token).expect(
      422,
    );
    expect(missing.body.message).toBe(MSG.deliveries.requiredFields);
    expect(missing.body.errors.external_no).toEqual([MSG.deliveries.requiredFields]);
    expect(missing.body.errors.warehouse_id).toEqual([MSG.deliveries.requiredFields]);
    const noType = await post(
      '/trackings',
      { external_no: 'X1', warehouse_id: air.id, type: 'foreign' },
      customer.token,
    ).expect(422);
    expect(noType.body.errors.shipping_type).toEqual([MSG.deliveries.shippingTypeRequired]);
    const wrongHouse = await post(
      '/trackings',
      { external_no: 'X1', warehouse_id: local.id, type: 'foreign', shipping_type: 'air_cargo' },
      customer.token,
    ).expect(422);
    expect(wrongHouse.body.errors.warehouse_id).toEqual([MSG.deliveries.warehouseTypeMismatch]);
    await post('/trackings', { external_no: 'X1', warehouse_id: 1e21, type: 'local' }, customer.token).expect(422);
    // Unknown fields are dropped: a client cannot set its own status, fee or tracking number.
    const d = await request(customer.token, {
      status: 7,
      amount: 1,
      tracking_no: 'JT-AAAA-AAAA',
      user_id: other.user.id,
    });
    expect(d.tracking_no).toMatch(/^JT-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(d).toMatchObject({
      status: 1,
      status_label: 'Pending Delivery',
      amount: null,
      user_id: customer.user.id,
      type: 'foreign',
    });
    const shown = (await get(`/trackings/${d.id}`, customer.token).expect(200)).body.data as Delivery;
    expect(shown.history?.map((h) => [h.from_status, h.to_status])).toEqual([[null, 1]]);
    const numbers = new Set<string>();
    for (let i = 0; i < 20; i++)
      numbers.add(
        (await request(customer.token, { type: 'local', warehouse_id: local.id, shipping_type: undefined }))
          .tracking_no,
      );
    expect(numbers.size).toBe(20);
    expect(
      await countRows(t.db, 'SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?', [customer.user.id]),
    ).toBeGreaterThanOrEqual(21);
  });

  it("a customer reads only their own deliveries; another's is a 404 for reading and changing", async () => {
    const mine = await request();
    await get(`/trackings/${mine.id}`, other.token).expect(404);
    await patch(`/trackings/${mine.id}/status`, { status: 2 }, other.token).expect(403);
    await put(
      `/trackings/${mine.id}`,
      { shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: 1 },
      other.token,
    ).expect(403);
    const list = (await get('/trackings?type=foreign', other.token).expect(200)).body;
    expect(list.data.map((d: Delivery) => d.id)).not.toContain(mine.id);
    const adminList = (await get(`/trackings?id=${mine.id}`).expect(200)).body.data as Delivery[];
    expect(adminList.map((d) => d.id)).toEqual([mine.id]);
    // A repeated single-valued parameter and an absurd page are 422s, not 500s.
    await get('/trackings?type=foreign&type=local', customer.token).expect(422);
    await get('/trackings?page=1e21', customer.token).expect(422);
  });

  it('search covers customer, phone, tracking and external numbers, warehouse name and status label or number', async () => {
    await t.db.getRepository(User).update({ id: other.user.id }, { name: 'Ngozi Okafor', phone: '0803 555 0101' });
    const fresh = await signUp(t);
    await t.db.getRepository(User).update({ id: fresh.user.id }, { name: 'Ngozi Okafor', phone: '0803 555 0101' });
    const d = await request(other.token, { external_no: 'SF99887766' });
    const ids = async (q: string, token = other.token) =>
      ((await get(`/trackings?q=${encodeURIComponent(q)}`, token).expect(200)).body.data as Delivery[]).map(
        (x) => x.id,
      );
    expect(await ids('ngozi')).toContain(d.id);
    expect(await ids('555 0101')).toContain(d.id);
    expect(await ids(d.tracking_no.toLowerCase())).toContain(d.id);
    expect(await ids('SF9988')).toContain(d.id);
    expect(await ids('gz air')).toContain(d.id);
    expect(await ids('pending deliv')).toContain(d.id);
    expect(await ids('1')).toContain(d.id);
    expect(await ids('Arrived')).not.toContain(d.id);
    expect(await ids('100%_')).toEqual([]);
  });

  it('proceed computes the fee on the server (air: weight x per-kg, sea: size x per-cm3) and never charges a client amount', async () => {
    const d = await request();
    // Proceed needs the parcel at the warehouse first.
    const early = await put(`/trackings/${d.id}`, {
      shipping_type: 'air_cargo',
      shipping_id: airTitle.id,
      weight: 2,
    }).expect(422);
    expect(early.body.errors.status).toEqual([MSG.deliveries.proceedRefused('Pending Delivery')]);
    const confirmed = await patch(`/trackings/${d.id}/status`, { status: 2 }).expect(200);
    expect(confirmed.body.message).toBe(MSG.deliveries.deliveryConfirmed);
    await put(`/trackings/${d.id}`, { shipping_type: 'sea_cargo', shipping_id: airTitle.id, size: 1 }).expect(422);
    const wrong = await put(`/trackings/${d.id}`, {
      shipping_type: 'air_cargo',
      shipping_id: airTitle.id,
      weight: 2.5,
      amount: 0.01,
    }).expect(422);
    expect(wrong.body.errors.amount).toEqual([MSG.deliveries.feeMismatch('$21.25')]);
    expect(await t.db.getRepository(Invoice).countBy({ subject_id: d.id, type: 'delivery' })).toBe(0);
    await put(`/trackings/${d.id}`, { shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: -1 }).expect(422);
    await put(`/trackings/${d.id}`, { shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: 1e21 }).expect(422);
    await put(`/trackings/${d.id}`, { shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: '2.555' }).expect(
      422,
    );
    const ok = await put(`/trackings/${d.id}`, {
      shipping_type: 'air_cargo',
      shipping_id: airTitle.id,
      weight: 2.5,
      size: 0,
      amount: 21.25,
    }).expect(200);
    expect(ok.body.message).toBe(MSG.deliveries.shippingUpdated);
    const proceeded = ok.body.data as Delivery;
    expect(proceeded).toMatchObject({
      amount: '21.25',
      amount_minor: 2125,
      weight: 2.5,
      status: 2,
      payment_status: 'pending',
    });
    expect(proceeded.invoice).toMatchObject({ amount_minor: 2125, currency: 'USD', status: 'pending' });
    // Re-proceeding while unpaid updates the same invoice; the amount is ignored when absent.
    const again = (
      await put(`/trackings/${d.id}`, { shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: '3' }).expect(200)
    ).body.data as Delivery;
    expect(again.invoice?.id).toBe(proceeded.invoice?.id);
    expect(again.amount_minor).toBe(2550);
    expect(await t.db.getRepository(Invoice).findOneByOrFail({ id: invoiceOf(again) })).toMatchObject({
      amount_minor: 2550,
      user_id: customer.user.id,
    });
    // Sea cargo on a sea title: size x 0.01.
    const s = await request(customer.token, { warehouse_id: sea.id, shipping_type: 'sea_cargo' });
    await patch(`/trackings/${s.id}/status`, { status: 2 }).expect(200);
    const seaFee = (
      await put(`/trackings/${s.id}`, {
        shipping_type: 'sea_cargo',
        shipping_id: seaTitle.id,
        size: 125000.5,
        weight: 40,
      }).expect(200)
    ).body.data as Delivery;
    expect(seaFee.amount_minor).toBe(125001); // 125,000.50 cm3 x $0.01 = $1,250.005, rounded half up
    // The customer and the e-mail outbox heard of the fee.
    const notes = await t.db
      .getRepository(Notification)
      .findBy({ user_id: customer.user.id, title: MSG.money.invoiceIssuedTitle });
    expect(notes.length).toBeGreaterThanOrEqual(2);
  });

  it('fee formulas: the server charges exactly cargoFeeCents for any measure and rate (property-based)', async () => {
    const d = await request();
    await patch(`/trackings/${d.id}/status`, { status: 2 }).expect(200);
    const hundredths = (max: number) => fc.integer({ min: 0, max }).map((n) => (n / 100).toFixed(2));
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('sea_cargo' as const, 'air_cargo' as const),
          hundredths(10_000_000),
          hundredths(100_000),
          hundredths(2_000),
          async (type, measure, rate, perKg) => {
            await put('/logistics-settings', { cost_per_cmb3: rate, cost_per_kg: perKg }).expect(200);
            const body = {
              shipping_type: type,
              shipping_id: type === 'sea_cargo' ? seaTitle.id : airTitle.id,
              size: measure,
              weight: measure,
            };
            const res = await put(`/trackings/${d.id}`, body);
            const expected = cargoFeeCents(
              type,
              { size: measure, weight: measure },
              { cost_per_cmb3: rate, cost_per_kg: perKg },
            );
            if (expected > MONEY_MAX_MINOR.USD) {
              expect(res.status).toBe(422);
              expect(res.body.errors.amount).toEqual([MSG.deliveries.feeTooLarge]);
              return;
            }
            expect(res.status).toBe(200);
            expect(res.body.data.amount_minor).toBe(expected > 0 ? expected : null);
            // The exact decimal product, computed another way: measure x rate in 1/10,000 dollars, half up.
            const exact =
              BigInt(measure.replace('.', '')) * BigInt((type === 'sea_cargo' ? rate : perKg).replace('.', ''));
            expect(BigInt(expected)).toBe((exact + 50n) / 100n);
          },
        ),
        { numRuns: 25, seed: 1122 },
      );
    } finally {
      await put('/logistics-settings', { cost_per_cmb3: 0.01, cost_per_kg: 8.5 }).expect(200);
    }
  });

  // Two admins (and a shipping title) moving one delivery at once: test/security/concurrency.e2e-spec.ts.
  it('transitions: only the table moves; 2 -> 3 needs the fee paid; the same move twice leaves one history entry', async () => {
    const d = await request();
    const refused = await patch(`/trackings/${d.id}/status`, { status: 5 }).expect(422);
    expect(refused.body.errors.status).toEqual([
      MSG.deliveries.moveRefused('Pending Delivery', 'Shipped (In Transit)'),
    ]);
    await patch(`/trackings/${d.id}/status`, { status: 9 }).expect(422);
    await patch(`/trackings/${d.id}/status`, { status: 2 }, customer.token).expect(403);
    await patch(`/trackings/${d.id}/status`, { status: 2 }).expect(200);
    await patch(`/trackings/${d.id}/status`, { status: 2 }).expect(422);
    expect(
      await countRows(
        t.db,
        'SELECT COUNT(*) AS n FROM delivery_status_changes WHERE delivery_id = ? AND to_status = 2',
        [d.id],
      ),
    ).toBe(1);
    const unpaid = await patch(`/trackings/${d.id}/status`, { status: 3 }).expect(422);
    expect(unpaid.body.errors.status).toEqual([MSG.deliveries.feeUnpaid]);
    const proceeded = (
      await put(`/trackings/${d.id}`, { shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: 2 }).expect(200)
    ).body.data as Delivery;
    // Pay the $17.00 invoice from the USD wallet.
    await post(`/wallets/${customer.user.id}/adjustments`, {
      amount: '100',
      currency: 'USD',
      direction: 'credit',
      reason: 'test funds',
    }).expect(201);
    await post(`/invoices/${invoiceOf(proceeded)}/pay`, { method: 'wallet' }, customer.token).expect(200);
    expect((await balances(t.db, customer.user.id)).usd).toBe(10_000 - 1_700);
    const paid = (await get(`/trackings/${d.id}`, customer.token).expect(200)).body.data as Delivery;
    expect(paid).toMatchObject({ status: 2, payment_status: 'paid' }); // paying moves nothing by itself
    // A paid fee cannot change.
    const locked = await put(`/trackings/${d.id}`, {
      shipping_type: 'air_cargo',
      shipping_id: airTitle.id,
      weight: 9,
    }).expect(409);
    expect(locked.body.message).toBe(MSG.deliveries.feePaid);
    await put(`/trackings/${d.id}`, { shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: 2 }).expect(200);
    await patch(`/trackings/${d.id}/status`, { status: 3, note: 'Packed', location: 'Guangzhou' }).expect(200);
    await patch(`/trackings/${d.id}/status`, { status: 5 }).expect(200);
    await patch(`/trackings/${d.id}/status`, { status: 6, location: 'Lagos' }).expect(200);
    await patch(`/trackings/${d.id}/status`, { status: 7 }).expect(200);
    for (const to of [0, 1, 2, 8]) await patch(`/trackings/${d.id}/status`, { status: to }).expect(422);
    const done = (await get(`/trackings/${d.id}`).expect(200)).body.data as Delivery;
    expect(done.history?.map((h) => h.to_status)).toEqual([1, 2, 3, 5, 6, 7]);
    expect(done.history?.[1]).toMatchObject({ to_status: 2, location: 'GZ Air' }); // the warehouse, when none is named
    expect(done.weight).toBe(2);
    expect(done.size).toBeNull(); // an air parcel's size was sent as 0: not measured
    expect(done.history?.[2]).toMatchObject({ note: 'Packed', location: 'Guangzhou', actor: { id: admin.user.id } });
    // Every move of the table is reachable and every other is refused (the table is the only rule besides the fee).
    for (const status of DELIVERY_STATUSES.map((s) => Number(s.code) as DeliveryStatus))
      for (const to of DELIVERY_STATUSES.map((s) => Number(s.code) as DeliveryStatus))
        if (status === to) expect(DELIVERY_TRANSITIONS[status]).not.toContain(to);
    await historyMatchesStatus();
  });

  it('the public lookup shows the status and the timeline and nothing personal', async () => {
    const d = await request(customer.token, { external_no: 'PRIVATE-EXT-1' });
    await patch(`/trackings/${d.id}/status`, {
      status: 2,
      note: 'Customer called, wants blue wrap',
      location: 'Guangzhou',
    }).expect(200);
    const res = await get(`/tracking-number/%20${d.tracking_no.toLowerCase()}%20`, null).expect(200);
    const lookup = res.body.data as TrackingLookup;
    expect(lookup).toMatchObject({ tracking_no: d.tracking_no, status: 2, status_label: 'Delivered to Warehouse' });
    expect(lookup.timeline.map((e) => [e.label, e.location])).toEqual([
      ['Pending Delivery', 'GZ Air'],
      ['Delivered to Warehouse', 'Guangzhou'],
    ]);
    const text = JSON.stringify(res.body);
    for (const secret of [customer.email, 'PRIVATE-EXT-1', 'blue wrap', admin.email])
      expect(text).not.toContain(secret);
    expect(Object.keys(lookup).sort()).toEqual([
      'created_at',
      'shipping',
      'shipping_type',
      'size',
      'status',
      'status_label',
      'timeline',
      'tracking_no',
      'type',
      'warehouse',
      'weight',
    ]);
    for (const entry of lookup.timeline)
      expect(Object.keys(entry).sort()).toEqual(['at', 'label', 'location', 'status']);
    expect((await get('/tracking-number/JT-0000-0000', null).expect(404)).body.message).toBe(
      MSG.deliveries.trackingNotFound,
    );
    await get(`/tracking-number/${'X'.repeat(500)}`, null).expect(404);
  });

  it('guests request without a token, are rate-limited, and are offered to the account of their e-mail, which accepts or declines', async () => {
    const missing = await post(
      '/guest/trackings',
      { external_no: 'G1', type: 'foreign', shipping_type: 'air_cargo', warehouse_id: air.id },
      null,
    ).expect(422);
    expect(missing.body.message).toBe(MSG.deliveries.publicRequiredFields);
    expect(missing.body.errors.name).toEqual([MSG.deliveries.publicRequiredFields]);
    const email = uniqueEmail('guest');
    const body = {
      name: 'Tunde Guest',
      phone: '0802 000 1111',
      email,
      external_no: 'G1',
      type: 'foreign',
      shipping_type: 'air_cargo',
      warehouse_id: air.id,
    };
    const created = await post('/guest/trackings', body, null).expect(201);
    expect(created.body.message).toBe(MSG.deliveries.shippingRequestCreated);
    expect(Object.keys(created.body.data).sort()).toEqual(['status', 'status_label', 'tracking_no']);
    const byPhone = await post(
      '/guest/trackings',
      { ...body, email: undefined, phone: '+234 802 000 1111' },
      null,
    ).expect(201);
    await post('/guest/trackings', { ...body, phone: '0809 999 9999' }, null).expect(201);
    // The limit is 3 per phone and 4 per address in this suite; the refused (422) request above counted too.
    const limited = await post('/guest/trackings', body, null).expect(429);
    expect(limited.body.message).toBe(MSG.deliveries.guestTooMany);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Proceeded while still a guest's: no invoice yet (no account to bill).
    const guestRow = await t.db
      .getRepository(DeliveryRow)
      .findOneByOrFail({ tracking_no: created.body.data.tracking_no });
    await patch(`/trackings/${guestRow.id}/status`, { status: 2 }).expect(200);
    await put(`/trackings/${guestRow.id}`, { shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: 1 }).expect(
      200,
    );
    expect((await t.db.getRepository(DeliveryRow).findOneByOrFail({ id: guestRow.id })).invoice_id).toBeNull();
    // The guest signs up with that e-mail: nothing joins the account by itself, nothing is invoiced (decision 025).
    await t.http().post('/api/v1/auth/register').send({ email, password: 'secret123' }).expect(201);
    await t
      .http()
      .post('/api/v1/auth/verify-otp')
      .send({ email, otp: readCodeFromOutbox(t, email) })
      .expect(200);
    const user = await t.db.getRepository(User).findOneByOrFail({ email });
    expect(await t.db.getRepository(DeliveryRow).findBy({ user_id: user.id })).toEqual([]);
    expect(await t.db.getRepository(Invoice).findBy({ type: 'delivery', subject_id: guestRow.id })).toEqual([]);
    // The holder sees the requests made with their e-mail (not the one made with the phone only) and accepts one.
    const token = (await t.http().post('/api/v1/auth/login').send({ email, password: 'secret123' }).expect(200)).body
      .token as string;
    const offered = (await get('/trackings/unclaimed', token).expect(200)).body.data as Delivery[];
    const emailed = await t.db.getRepository(DeliveryRow).findOneByOrFail({ phone: '0809 999 9999' });
    expect(offered.map((d) => d.tracking_no).sort()).toEqual(
      [created.body.data.tracking_no, emailed.tracking_no].sort(),
    );
    const accepted = await post(`/trackings/${guestRow.id}/claim`, {}, token).expect(200);
    expect(accepted.body).toMatchObject({ message: MSG.deliveries.claimAccepted, data: { id: guestRow.id } });
    expect((await t.db.getRepository(DeliveryRow).findOneByOrFail({ id: guestRow.id })).user_id).toBe(user.id);
    // Accepting never invoices: the owner's Process Payment raises the fee invoice on demand.
    expect(await t.db.getRepository(Invoice).findBy({ type: 'delivery', subject_id: guestRow.id })).toEqual([]);
    const raised = (await post(`/trackings/${guestRow.id}/invoice`, {}, token).expect(200)).body.data as Delivery;
    const invoice = await t.db.getRepository(Invoice).findOneByOrFail({ type: 'delivery', subject_id: guestRow.id });
    expect(invoice).toMatchObject({ id: invoiceOf(raised), user_id: user.id, amount_minor: 850, currency: 'USD' });
    expect(invoice.status).toBe('pending');
    // The other is declined: never offered again, and no longer claimable.
    await post(`/trackings/${emailed.id}/decline`, {}, token).expect(200);
    expect((await get('/trackings/unclaimed', token).expect(200)).body.data).toEqual([]);
    await post(`/trackings/${emailed.id}/claim`, {}, token).expect(404);
    expect((await t.db.getRepository(DeliveryRow).findOneByOrFail({ id: emailed.id })).user_id).toBeNull();
    // A request made with the phone only joins nobody, even an account with that phone (phones are not verified).
    const phoneOwner = uniqueEmail('phone');
    await t.http().post('/api/v1/auth/register').send({ email: phoneOwner, password: 'secret123' }).expect(201);
    await t.db.getRepository(User).update({ email: phoneOwner }, { phone: '08020001111' });
    await t
      .http()
      .post('/api/v1/auth/verify-otp')
      .send({ email: phoneOwner, otp: readCodeFromOutbox(t, phoneOwner) })
      .expect(200);
    expect(
      (await t.db.getRepository(DeliveryRow).findOneByOrFail({ tracking_no: byPhone.body.data.tracking_no })).user_id,
    ).toBeNull();
  });

  it('Assign Goods to Shipping: assigned deliveries follow the title (Loading 4, Transit 5, Arrived 6) with history', async () => {
    const ready: Delivery[] = [];
    await post(`/wallets/${customer.user.id}/adjustments`, {
      amount: '500',
      currency: 'USD',
      direction: 'credit',
      reason: 'test funds',
    }).expect(201);
    for (let i = 0; i < 3; i++) {
      const d = await request(customer.token, { warehouse_id: sea.id, shipping_type: 'sea_cargo' });
      await patch(`/trackings/${d.id}/status`, { status: 2 }).expect(200);
      const p = (
        await put(`/trackings/${d.id}`, { shipping_type: 'sea_cargo', shipping_id: seaTitle.id, size: 1000 }).expect(
          200,
        )
      ).body.data as Delivery;
      await post(`/invoices/${invoiceOf(p)}/pay`, { method: 'wallet' }, customer.token).expect(200);
      await patch(`/trackings/${d.id}/status`, { status: 3 }).expect(200);
      ready.push(d);
    }
    const airOne = await request();
    const title = (
      await post('/shippings', { name: 'Container GZ-9', location_id: seaTitle.location_id, type: 'sea_cargo' }).expect(
        201,
      )
    ).body.data as ShippingTitle;
    const refused = await post(`/shippings/${title.id}/assign`, { delivery_ids: [ready[0].id, airOne.id] }).expect(422);
    expect(refused.body.errors.delivery_ids).toEqual([MSG.deliveries.assignRefused(airOne.tracking_no)]);
    await post(`/shippings/${title.id}/assign`, { delivery_ids: [] }).expect(422);
    await post(`/shippings/${title.id}/assign`, { delivery_ids: [ready[0].id] }, customer.token).expect(403);
    const assigned = await post(`/shippings/${title.id}/assign`, { delivery_ids: ready.map((d) => d.id) }).expect(201);
    expect(assigned.body.data).toEqual({ assigned: 3, moved: 3 }); // the new title is Loading: 3 -> 4
    // Before a status change the admin learns what it will move, and what stays and why (issue 22).
    const preview = async (status: unknown) =>
      (await get(`/shippings/${title.id}/moves?status=${status}`).expect(200)).body.data as ShippingMovePreview;
    expect(await preview(2)).toEqual({ status: 2, target: 5, moving: 3, staying: [] });
    expect(await preview(3)).toEqual({
      status: 3,
      target: 6,
      moving: 0,
      staying: [{ status: 4, count: 3, reason: MSG.shipping.stayNotOnWay('Shipped (In Transit)') }],
    });
    expect(await preview(1)).toEqual({
      status: 1,
      target: 4,
      moving: 0,
      staying: [{ status: 4, count: 3, reason: MSG.shipping.stayAlready }],
    });
    expect((await get(`/shippings/${title.id}/moves?status=9`).expect(422)).body.errors.status).toEqual([
      MSG.shipping.statusInvalid,
    ]);
    await get(`/shippings/${title.id}/moves`).expect(422);
    await get(`/shippings/999999/moves?status=2`).expect(404);
    await get(`/shippings/${title.id}/moves?status=2`, customer.token).expect(403);
    await put(`/shippings/${title.id}`, { status: 2 }).expect(200);
    const moved = ((await get(`/trackings?shipping_id=${title.id}`).expect(200)).body.data as Delivery[]).map(
      (d) => d.status,
    );
    expect(moved).toEqual([5, 5, 5]);
    await put(`/shippings/${title.id}`, { status: 3 }).expect(200);
    const arrived = (await get(`/trackings/${ready[0].id}`, customer.token).expect(200)).body.data as Delivery;
    expect(arrived.status).toBe(6);
    expect(arrived.history?.map((h) => h.to_status)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(arrived.history?.at(-1)).toMatchObject({ note: 'Shipping title Container GZ-9', location: 'Lagos' });
    // The label's TO block (issue 22): the pickup location (the title's destination) while the customer has no
    // address on their account, then their address.
    expect(arrived.destination).toEqual({ kind: 'pickup', text: 'Lagos' });
    await t.db.query('UPDATE users SET address = ?, city = ?, country = ? WHERE id = ?', [
      '12 Allen Avenue',
      'Ikeja',
      'Nigeria',
      customer.user.id,
    ]);
    expect(((await get(`/trackings/${ready[0].id}`).expect(200)).body.data as Delivery).destination).toEqual({
      kind: 'address',
      text: '12 Allen Avenue, Ikeja, Nigeria',
    });
    await t.db.query('UPDATE users SET address = NULL, city = NULL, country = NULL WHERE id = ?', [customer.user.id]);
    // A title that left (Arrived) takes no more goods.
    const late = await request(customer.token, { warehouse_id: sea.id, shipping_type: 'sea_cargo' });
    await patch(`/trackings/${late.id}/status`, { status: 2 }).expect(200);
    expect(
      (await post(`/shippings/${title.id}/assign`, { delivery_ids: [late.id] }).expect(422)).body.errors.delivery_ids,
    ).toEqual([MSG.deliveries.titleNotLoading]);
    // Back to Loading moves nothing backwards, and says so.
    expect(await preview(1)).toMatchObject({
      moving: 0,
      staying: [{ status: 6, count: 3, reason: MSG.shipping.stayFurther }],
    });
    await put(`/shippings/${title.id}`, { status: 1 }).expect(200);
    expect(((await get(`/trackings/${ready[1].id}`).expect(200)).body.data as Delivery).status).toBe(6);
    // A title or warehouse that deliveries use cannot be deleted.
    expect(
      (await t.http().delete(`/api/v1/shippings/${title.id}`).set(bearer(admin.token)).expect(409)).body.message,
    ).toBe(MSG.shipping.inUse);
    expect(
      (await t.http().delete(`/api/v1/warehouses/${sea.id}`).set(bearer(admin.token)).expect(409)).body.message,
    ).toBe(MSG.warehouses.inUse);
    const changes = await t.db
      .getRepository(Notification)
      .findBy({ user_id: customer.user.id, title: MSG.deliveries.changedTitle });
    expect(
      changes.some((n) => n.message === MSG.deliveries.changedText(ready[0].tracking_no, 'Arrived Destination')),
    ).toBe(true);
    await historyMatchesStatus();
  });

  it('the admin tracking table: 5 per page, filters by tracking number, name and status, sorts by status, weight, size', async () => {
    const page = (await get('/trackings?per_page=5&sort=weight&order=desc').expect(200)).body;
    expect(page.data).toHaveLength(5);
    const weights = (page.data as Delivery[]).map((d) => d.weight ?? -1);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    const sizes = (await get('/trackings?per_page=5&sort=size&order=asc&status=2').expect(200)).body.data as Delivery[];
    expect(sizes.every((d) => d.status === 2)).toBe(true);
    const one = (await get('/trackings?per_page=1').expect(200)).body.data[0] as Delivery;
    const byNo = (await get(`/trackings?tracking_no_like=${one.tracking_no.slice(3, 9)}`).expect(200)).body
      .data as Delivery[];
    expect(byNo.map((d) => d.id)).toContain(one.id);
    const byName = (await get('/trackings?name_like=ngozi').expect(200)).body.data as Delivery[];
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((d) => /ngozi/i.test(d.name ?? ''))).toBe(true);
    await get('/trackings?sort=phone').expect(422);
  });
});
