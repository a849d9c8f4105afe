import fc from 'fast-check';
import sharp from 'sharp';
import { MSG, RECEIPT_MSG, type Delivery, type ParcelMeasure, type Consolidation } from '@jara/contracts';
import { Delivery as DeliveryRow } from '../src/modules/logistics/delivery.entity';
import { receiptFeeCents } from '../src/modules/logistics/receipts.service';
import { Notification } from '../src/modules/notifications/notification.entity';
import { bearer, creditWallet } from './support/money';
import { expectReconciled } from './support/reconcile';
import { documentKeys, signUp, startTestApp, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg()
    .toBuffer();
}

/**
 * The reference formula of the cargo fee of a receipt (decision 044), written out independently: air charges the
 * greater of the actual weight and L x W x H / divisor kg (rounded up to 0.01 kg) at cost_per_kg; sea charges the
 * volume in cm3 at cost_per_cmb3; cents rounded half up.
 */
function referenceFee(
  type: 'air_cargo' | 'sea_cargo',
  m: { kgHundredths: number; l: number; w: number; h: number },
  divisor: number,
  rateCents: number,
): number {
  const volume = BigInt(m.l * m.w * m.h);
  if (type === 'sea_cargo') return Number((volume * 100n * BigInt(rateCents) + 50n) / 100n);
  const v = volume * 100n;
  const volumetric = v % BigInt(divisor) === 0n ? v / BigInt(divisor) : v / BigInt(divisor) + 1n;
  const chargeable = BigInt(m.kgHundredths) > volumetric ? BigInt(m.kgHundredths) : volumetric;
  return Number((chargeable * BigInt(rateCents) + 50n) / 100n);
}

/**
 * Issue 26: warehouse receipts (volumetric weight, private photos), declared vs measured (accept, dispute, the fee
 * invoice only after acceptance), consolidation (one fee on the consolidated measure, members follow its status),
 * authorization and bad input.
 */
describe('Warehouse receipts, declared vs measured, consolidation (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let customer: Account;
  let other: Account;
  let vendor: Account;
  let air: { id: number };
  let sea: { id: number };
  let airTitle: { id: number };
  let jpg: Buffer;

  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_MAX_BYTES: String(200 * 1024) });
    admin = await signUp(t, { role: 'admin' });
    customer = await signUp(t);
    other = await signUp(t);
    vendor = await signUp(t, { role: 'vendor' });
    jpg = await photo();
    const gz = (await post('/locations', { name: 'Guangzhou' }).expect(201)).body.data;
    const lagos = (await post('/locations', { name: 'Lagos' }).expect(201)).body.data;
    air = (await post('/warehouses', { name: 'GZ Air', location_id: gz.id, type: 'air_cargo' }).expect(201)).body.data;
    sea = (await post('/warehouses', { name: 'GZ Sea', location_id: gz.id, type: 'sea_cargo' }).expect(201)).body.data;
    airTitle = (
      await post('/shippings', { name: 'Flight CAN-LOS', location_id: lagos.id, type: 'air_cargo' }).expect(201)
    ).body.data;
    // $8.50 per kg (air), $0.01 per cm3 (sea).
    await put('/logistics-settings', { cost_per_cmb3: 0.01, cost_per_kg: 8.5 }).expect(200);
    await creditWallet(t, admin.token, customer.user.id, '5000', 'USD');
  });
  afterAll(async () => {
    await expectReconciled(t);
    await t.close();
  });

  function post(path: string, body: object, token: string = admin.token) {
    return t.http().post(`/api/v1${path}`).set(bearer(token)).send(body);
  }
  const put = (path: string, body: object, token = admin.token) =>
    t.http().put(`/api/v1${path}`).set(bearer(token)).send(body);
  const get = (path: string, token = admin.token) => t.http().get(`/api/v1${path}`).set(bearer(token));
  const patch = (path: string, body: object, token = admin.token) =>
    t.http().patch(`/api/v1${path}`).set(bearer(token)).send(body);

  function receipt(
    fields: Record<string, string | number>,
    files: Array<{ buffer: Buffer; name: string; type?: string }> = [{ buffer: jpg, name: 'p1.jpg' }],
    path = '/receipts',
    token = admin.token,
  ) {
    let req = t.http().post(`/api/v1${path}`).set(bearer(token));
    for (const [k, v] of Object.entries(fields)) req = req.field(k, String(v));
    for (const f of files)
      req = req.attach('photos', f.buffer, { filename: f.name, contentType: f.type ?? 'image/jpeg' });
    return req;
  }
  const measures = { weight: '2.00', length: 30, width: 20, height: 10, pieces: 1, condition: 'good' };

  async function request(
    extra: object = {},
    token = customer.token,
    warehouse = air.id,
    shippingType = 'air_cargo',
  ): Promise<Delivery> {
    return (
      await post(
        '/trackings',
        {
          external_no: `YT${Math.random().toString(36).slice(2, 10)}`,
          warehouse_id: warehouse,
          type: 'foreign',
          shipping_type: shippingType,
          ...extra,
        },
        token,
      ).expect(201)
    ).body.data as Delivery;
  }
  const row = (id: number) => t.db.getRepository(DeliveryRow).findOneByOrFail({ id });
  const invoiceOf = async (id: number) => {
    const d = await row(id);
    if (!d.invoice_id) return null;
    return (await t.db.query('SELECT status, amount_minor FROM invoices WHERE id = ?', [d.invoice_id]))[0] as {
      status: string;
      amount_minor: number | string;
    };
  };

  // ------------------------------------------------------------------------------------------- the fee, volumetric

  it('the receipt fee equals the reference formula over many random measures (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'air_cargo' | 'sea_cargo'>('air_cargo', 'sea_cargo'),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (type, kgH, l, w, h, divisor, rateCents) => {
          const volumetric = Number((BigInt(l * w * h) * 100n + BigInt(divisor) - 1n) / BigInt(divisor));
          const fee = receiptFeeCents(
            type,
            { weight_hundredths: kgH, volumetric_hundredths: volumetric, size_hundredths: l * w * h * 100 },
            { cost_per_kg_cents: rateCents, cost_per_cmb3_cents: rateCents },
          );
          expect(fee).toBe(referenceFee(type, { kgHundredths: kgH, l, w, h }, divisor, rateCents));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a receipt through the API raises the fee of the reference formula (air: the greater of actual and volumetric)', async () => {
    const settings = (await get('/receipt-settings').expect(200)).body.data;
    expect(settings).toEqual({ air_divisor: 6000, sea_divisor: 1000, variance_percent: 10 });
    const cases = fc.sample(
      fc.record({
        kg: fc.integer({ min: 1, max: 5000 }),
        l: fc.integer({ min: 1, max: 120 }),
        w: fc.integer({ min: 1, max: 120 }),
        h: fc.integer({ min: 1, max: 120 }),
      }),
      { numRuns: 8, seed: 26 },
    );
    for (const c of cases) {
      const d = await request();
      const res = await receipt({
        ...measures,
        scanned_no: d.tracking_no.toLowerCase(),
        weight: (c.kg / 100).toFixed(2),
        length: c.l,
        width: c.w,
        height: c.h,
      }).expect(201);
      const data = res.body.data as ParcelMeasure;
      const expected = referenceFee('air_cargo', { kgHundredths: c.kg, l: c.l, w: c.w, h: c.h }, 6000, 850);
      expect(data.fee_minor).toBe(expected);
      expect(data.receipt?.volumetric_hundredths).toBe(Math.ceil((c.l * c.w * c.h * 100) / 6000));
      expect((await row(d.id)).status).toBe(2); // Pending Delivery -> Delivered to Warehouse
      expect(await invoiceOf(d.id)).toMatchObject({ status: 'pending', amount_minor: expected });
    }
    // A light but bulky parcel: 60 x 50 x 40 cm = 20 kg volumetric, 3 kg actual: charged 20 kg x $8.50 = $170.
    const bulky = await request();
    const res = await receipt({
      ...measures,
      scanned_no: bulky.tracking_no,
      weight: '3',
      length: 60,
      width: 50,
      height: 40,
    }).expect(201);
    expect(res.body.data.receipt.volumetric_weight).toBe('20.00');
    expect(res.body.data.fee_minor).toBe(17_000);
    // Sea: by volume; the divisor is per shipping type and configurable.
    await put('/receipt-settings', { air_divisor: 5000, sea_divisor: 1000, variance_percent: 10 }).expect(200);
    const seaParcel = await request({}, customer.token, sea.id, 'sea_cargo');
    const s = await receipt({
      ...measures,
      scanned_no: seaParcel.tracking_no,
      length: 10,
      width: 10,
      height: 10,
    }).expect(201);
    expect(s.body.data.receipt.divisor).toBe(1000);
    expect(s.body.data.fee_minor).toBe(1000 * 1); // 1000 cm3 x $0.01 = $10.00
    const air5000 = await request();
    const a = await receipt({
      ...measures,
      scanned_no: air5000.tracking_no,
      weight: '1',
      length: 50,
      width: 50,
      height: 20,
    }).expect(201);
    expect(a.body.data.receipt.volumetric_weight).toBe('10.00'); // 50000 / 5000
    await put('/receipt-settings', { air_divisor: 6000, sea_divisor: 1000, variance_percent: 10 }).expect(200);
  });

  it('a scan finds the parcel by its courier number too; an unknown number is a 404', async () => {
    const d = await request({ external_no: 'SF1234567890' });
    const found = await get('/receipts/find?no=SF1234567890').expect(200);
    expect(found.body.data.tracking_no).toBe(d.tracking_no);
    await receipt({ ...measures, scanned_no: 'SF1234567890' }).expect(201);
    const missing = await receipt({ ...measures, scanned_no: 'NOPE-0000' }).expect(404);
    expect(missing.body.message).toBe(RECEIPT_MSG.notFound);
  });

  // -------------------------------------------------------------------------------------- declared vs measured

  it('below the variance threshold: no question, the fee invoice is raised at once', async () => {
    const d = await request({ declared_weight: '2.00', declared_length: 30, declared_width: 20, declared_height: 10 });
    // 2.19 kg is 9.5 % over 2.00: below 10 %.
    const res = await receipt({ ...measures, scanned_no: d.tracking_no, weight: '2.19' }).expect(201);
    expect(res.body.data.measure_status).toBe('none');
    expect((await row(d.id)).measure_status).toBe('none');
    expect(await invoiceOf(d.id)).toMatchObject({ status: 'pending', amount_minor: 1862 }); // 2.19 x 8.50 = 18.615
  });

  it('above the threshold: the customer is asked (notification), no invoice until they accept; accepting raises it', async () => {
    const d = await request({ declared_weight: '2.00' });
    const res = await receipt({ ...measures, scanned_no: d.tracking_no, weight: '2.50' }).expect(201);
    expect(res.body.data.measure_status).toBe('pending_acceptance');
    expect((await row(d.id)).invoice_id).toBeNull();
    const notes = await t.db
      .getRepository(Notification)
      .find({ where: { user_id: customer.user.id, title: RECEIPT_MSG.varianceTitle } });
    expect(notes.some((n) => (n.message ?? '').includes(d.tracking_no) && (n.message ?? '').includes('2.50 kg'))).toBe(
      true,
    );
    // Proceed (the admin's fee) waits for the answer too.
    const refused = await put(`/trackings/${d.id}`, {
      shipping_type: 'air_cargo',
      shipping_id: airTitle.id,
      weight: 2.5,
    }).expect(422);
    expect(refused.body.errors.weight[0]).toBe(RECEIPT_MSG.awaitingCustomer);
    // The customer sees it and accepts; someone else cannot.
    const seen = await get(`/trackings/${d.id}/measure`, customer.token).expect(200);
    expect(seen.body.data).toMatchObject({ measure_status: 'pending_acceptance', declared: { weight: '2.00' } });
    await post(`/trackings/${d.id}/measure/accept`, {}, other.token).expect(404);
    const accepted = await post(`/trackings/${d.id}/measure/accept`, {}, customer.token).expect(200);
    expect(accepted.body.data.measure_status).toBe('accepted');
    expect(await invoiceOf(d.id)).toMatchObject({ status: 'pending', amount_minor: 2125 });
    // Once answered, a second answer is refused.
    const again = await post(`/trackings/${d.id}/measure/dispute`, { reason: 'x' }, customer.token).expect(422);
    expect(again.body.errors.measure_status[0]).toBe(RECEIPT_MSG.notPending);
    // The history says so.
    const history = (await get(`/trackings/${d.id}`, customer.token).expect(200)).body.data.history as Array<{
      note: string | null;
    }>;
    expect(history.some((h) => h.note === RECEIPT_MSG.accepted)).toBe(true);
  });

  it('a size beyond the threshold asks too; a dispute marks the parcel disputed with no invoice', async () => {
    const d = await request({ declared_length: 30, declared_width: 20, declared_height: 10 });
    await receipt({ ...measures, scanned_no: d.tracking_no, length: 40 }).expect(201);
    expect((await row(d.id)).measure_status).toBe('pending_acceptance');
    const missing = await post(`/trackings/${d.id}/measure/dispute`, {}, customer.token).expect(422);
    expect(missing.body.errors.reason[0]).toBe(RECEIPT_MSG.disputeReasonRequired);
    const res = await post(
      `/trackings/${d.id}/measure/dispute`,
      { reason: 'The box was 30 cm long' },
      customer.token,
    ).expect(200);
    expect(res.body.data).toMatchObject({ measure_status: 'disputed', dispute_reason: 'The box was 30 cm long' });
    const r = await row(d.id);
    expect(r.measure_status).toBe('disputed');
    expect(r.invoice_id).toBeNull();
    // The back office's problem queue lists it, with the customer's reason.
    const queue = await t
      .http()
      .get('/api/v1/problems?category=disputed_measure&per_page=20')
      .set(bearer(admin.token))
      .expect(200);
    const queued = (queue.body.data as { delivery: { id: number }; detail: string }[]).find(
      (x) => x.delivery.id === d.id,
    );
    expect(queued?.detail).toBe('Disputed: The box was 30 cm long');
    // Staff measure again within the threshold: the dispute is settled and the fee raised.
    await receipt({ ...measures, scanned_no: d.tracking_no, length: 31 }).expect(201);
    expect((await row(d.id)).measure_status).toBe('none');
    expect(await invoiceOf(d.id)).toMatchObject({ status: 'pending' });
  });

  it('a measure changed while a fee payment is pending: the old invoice cannot be paid, the new fee is the one paid (021)', async () => {
    const d = await request({ declared_weight: '2.00' });
    await receipt({ ...measures, scanned_no: d.tracking_no, weight: '2.00' }).expect(201);
    const before = await row(d.id);
    expect(await invoiceOf(d.id)).toMatchObject({ status: 'pending', amount_minor: 1700 });
    // Measured again far heavier: the pending invoice is cancelled while the customer decides.
    await receipt({ ...measures, scanned_no: d.tracking_no, weight: '4.00' }).expect(201);
    expect(await invoiceOf(d.id)).toMatchObject({ status: 'cancelled' });
    await post(`/invoices/${before.invoice_id}/pay`, { method: 'wallet' }, customer.token).expect(409);
    await post(`/trackings/${d.id}/measure/accept`, {}, customer.token).expect(200);
    expect(await invoiceOf(d.id)).toMatchObject({ status: 'pending', amount_minor: 3400 });
    await post(`/invoices/${before.invoice_id}/pay`, { method: 'wallet' }, customer.token).expect(200);
    expect(await invoiceOf(d.id)).toMatchObject({ status: 'paid', amount_minor: 3400 });
    // A paid fee is not re-priced by a new receipt.
    const conflict = await receipt({ ...measures, scanned_no: d.tracking_no, weight: '3.00' }).expect(409);
    expect(conflict.body.message).toBe(MSG.deliveries.feePaid);
  });

  // ------------------------------------------------------------------------------------------------ consolidation

  it('consolidation: three parcels packed into one; one fee on its measure; members follow its status', async () => {
    const parcels: Delivery[] = [];
    for (let i = 0; i < 3; i++) {
      const d = await request();
      await receipt({ ...measures, scanned_no: d.tracking_no, weight: '1.00' }).expect(201);
      parcels.push(d);
    }
    const ids = parcels.map((p) => p.id);
    const memberInvoices = await Promise.all(ids.map(async (id) => (await row(id)).invoice_id));
    // Another customer cannot group them, nor a vendor; one parcel is not enough.
    await post('/consolidations', { delivery_ids: ids }, other.token).expect(404);
    await post('/consolidations', { delivery_ids: ids }, vendor.token).expect(404);
    const one = await post('/consolidations', { delivery_ids: [ids[0]] }, customer.token).expect(422);
    expect(one.body.errors.delivery_ids[0]).toBe(RECEIPT_MSG.consolidationMin);
    const c = (await post('/consolidations', { delivery_ids: ids }, customer.token).expect(201)).body
      .data as Consolidation;
    expect(c.status).toBe('requested');
    expect(c.members.map((m) => m.id)).toEqual(ids);
    // Not twice.
    await post('/consolidations', { delivery_ids: ids.slice(0, 2) }, customer.token).expect(422);
    await get(`/consolidations/${c.id}`, other.token).expect(404);
    // Staff pack and measure: 4.2 kg, 40 x 30 x 30 cm (6 kg volumetric at 6000): charged 6 kg x $8.50 = $51.00.
    const packed = await receipt(
      { weight: '4.20', length: 40, width: 30, height: 30, pieces: 3, condition: 'good' },
      [
        { buffer: jpg, name: 'a.jpg' },
        { buffer: jpg, name: 'b.jpg' },
      ],
      `/consolidations/${c.id}/pack`,
    ).expect(201);
    const result = packed.body.data as Consolidation;
    expect(result.status).toBe('packed');
    expect(result.parent?.tracking_no).toMatch(/^JT-/);
    expect(result.parent?.amount_minor).toBe(5100);
    const parent = result.parent;
    if (!parent) throw new Error('no consolidated parcel');
    const parentId = parent.id;
    expect(await invoiceOf(parentId)).toMatchObject({ status: 'pending', amount_minor: 5100 });
    // The members carry no fee: their pending invoices are cancelled.
    for (const [i, id] of ids.entries()) {
      const r = await row(id);
      expect(r.parent_id).toBe(parentId);
      expect(r.amount_minor).toBeNull();
      const inv = (await t.db.query('SELECT status FROM invoices WHERE id = ?', [memberInvoices[i]]))[0];
      expect(inv.status).toBe('cancelled');
    }
    // A member cannot be moved, proceeded or put on a title by itself.
    const moveMember = await patch(`/trackings/${ids[0]}/status`, { status: 3 }).expect(422);
    expect(moveMember.body.errors.status[0]).toBe(RECEIPT_MSG.memberMoveRefused(parent.tracking_no));
    await post(`/shippings/${airTitle.id}/assign`, { delivery_ids: [ids[0]] }).expect(422);
    // The parent's measure shows its members.
    const measure = (await get(`/trackings/${parentId}/measure`, customer.token).expect(200)).body
      .data as ParcelMeasure;
    expect(measure.members.map((m) => m.id)).toEqual(ids);
    expect(measure.receipt?.photos).toHaveLength(2);
    // Paid, then Ready for Shipping: the members follow, their histories say so.
    await post(`/invoices/${(await row(parentId)).invoice_id}/pay`, { method: 'wallet' }, customer.token).expect(200);
    await patch(`/trackings/${parentId}/status`, { status: 3 }).expect(200);
    for (const id of ids) expect((await row(id)).status).toBe(3);
    const history = (await get(`/trackings/${ids[1]}`, customer.token).expect(200)).body.data.history as Array<{
      to_status: number;
      note: string | null;
    }>;
    expect(history.some((h) => h.to_status === 3 && h.note === RECEIPT_MSG.memberFollows(parent.tracking_no))).toBe(
      true,
    );
    // A shipping title carries the consolidated parcel like a single one; its status moves the members too.
    await post(`/shippings/${airTitle.id}/assign`, { delivery_ids: [parentId] }).expect(201);
    expect((await row(parentId)).status).toBe(4);
    for (const id of ids) expect((await row(id)).status).toBe(4);
    await put(`/shippings/${airTitle.id}`, { status: 2 }).expect(200);
    expect((await row(parentId)).status).toBe(5);
    for (const id of ids) expect((await row(id)).status).toBe(5);
  });

  it('a requested consolidation can be cancelled by its owner; a packed one cannot', async () => {
    const a = await request();
    const b = await request();
    for (const d of [a, b]) await receipt({ ...measures, scanned_no: d.tracking_no }).expect(201);
    const c = (await post('/consolidations', { delivery_ids: [a.id, b.id] }, customer.token).expect(201)).body.data;
    await t.http().delete(`/api/v1/consolidations/${c.id}`).set(bearer(other.token)).expect(404);
    const done = await t.http().delete(`/api/v1/consolidations/${c.id}`).set(bearer(customer.token)).expect(200);
    expect(done.body.data.status).toBe('cancelled');
    expect((await row(a.id)).consolidation_id).toBeNull();
    await receipt(measures, [{ buffer: jpg, name: 'a.jpg' }], `/consolidations/${c.id}/pack`).expect(422);
  });

  // --------------------------------------------------------------------------------------------- authorization

  it("photos reach only the parcel's owner and staff; receipts only staff", async () => {
    const d = await request();
    const res = await receipt({ ...measures, scanned_no: d.tracking_no }).expect(201);
    const url = ((res.body.data as ParcelMeasure).receipt?.photos[0]?.url ?? '').replace('/api/v1', '');
    const mine = await get(url, customer.token).expect(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['cache-control']).toBe('no-store');
    await get(url, admin.token).expect(200);
    await get(url, other.token).expect(404);
    await get(url, vendor.token).expect(404);
    await t.http().get(`/api/v1${url}`).expect(401);
    await get(`/trackings/${d.id}/measure`, other.token).expect(404);
    await receipt({ ...measures, scanned_no: d.tracking_no }, undefined, '/receipts', customer.token).expect(403);
    await receipt({ ...measures, scanned_no: d.tracking_no }, undefined, '/receipts', vendor.token).expect(403);
    await put('/receipt-settings', { air_divisor: 1, sea_divisor: 1, variance_percent: 0 }, customer.token).expect(403);
    await post(`/trackings/${d.id}/measure/accept`, {}, admin.token).expect(403);
  });

  // ----------------------------------------------------------------------------------------------- bad input

  it('bad input is a 422 with field errors: 1e21, negatives, 0, 6 photos, none, an SVG or HTML named .jpg', async () => {
    const d = await request();
    const keysBefore = (await documentKeys(t, 'receipts')).length;
    const cases: Array<[Record<string, string | number>, string, string]> = [
      [{ weight: '1e21' }, 'weight', MSG.deliveries.measureInvalid],
      [{ weight: '-1' }, 'weight', MSG.deliveries.measureInvalid],
      [{ weight: '0' }, 'weight', RECEIPT_MSG.weightInvalid],
      [{ length: '1e21' }, 'length', RECEIPT_MSG.dimensionInvalid],
      [{ width: -5 }, 'width', RECEIPT_MSG.dimensionInvalid],
      [{ height: 1001 }, 'height', RECEIPT_MSG.dimensionInvalid],
      [{ height: '2.5' }, 'height', RECEIPT_MSG.dimensionInvalid],
      [{ pieces: 0 }, 'pieces', RECEIPT_MSG.piecesInvalid],
      [{ condition: 'soggy' }, 'condition', RECEIPT_MSG.conditionInvalid],
    ];
    for (const [bad, field, message] of cases) {
      const res = await receipt({ ...measures, scanned_no: d.tracking_no, ...bad }).expect(422);
      expect(res.body.errors[field]?.[0]).toBe(message);
    }
    const six = await receipt(
      { ...measures, scanned_no: d.tracking_no },
      Array.from({ length: 6 }, (_, i) => ({ buffer: jpg, name: `p${i}.jpg` })),
    ).expect(422);
    expect(six.body.errors.photos[0]).toBe(RECEIPT_MSG.photosTooMany);
    const none = await receipt({ ...measures, scanned_no: d.tracking_no }, []).expect(422);
    expect(none.body.errors.photos[0]).toBe(RECEIPT_MSG.photosRequired);
    for (const fake of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
    ]) {
      const res = await receipt({ ...measures, scanned_no: d.tracking_no }, [
        { buffer: jpg, name: 'ok.jpg' },
        { buffer: fake, name: 'evil.jpg' },
      ]).expect(422);
      expect(res.body.errors.photos[0]).toBe(MSG.profile.imageOnly);
    }
    // Nothing was kept of the refused receipts: no rows, no files.
    expect((await row(d.id)).status).toBe(1);
    expect(await t.db.query('SELECT id FROM delivery_receipts WHERE delivery_id = ?', [d.id])).toHaveLength(0);
    expect((await documentKeys(t, 'receipts')).length).toBe(keysBefore);
    // Settings and declarations.
    const s = await put('/receipt-settings', { air_divisor: 0, sea_divisor: '1e21', variance_percent: 101 }).expect(
      422,
    );
    expect(s.body.errors).toMatchObject({
      air_divisor: [RECEIPT_MSG.divisorInvalid],
      sea_divisor: [RECEIPT_MSG.divisorInvalid],
      variance_percent: [RECEIPT_MSG.varianceInvalid],
    });
    const decl = await post(
      '/trackings',
      {
        external_no: 'X',
        warehouse_id: air.id,
        type: 'foreign',
        shipping_type: 'air_cargo',
        declared_weight: '1e21',
        declared_length: -1,
      },
      customer.token,
    ).expect(422);
    expect(Object.keys(decl.body.errors).sort()).toEqual([
      'declared_height',
      'declared_length',
      'declared_weight',
      'declared_width',
    ]);
    expect(decl.body.errors.declared_length[0]).toBe(RECEIPT_MSG.dimensionInvalid);
    // Decision 046: the three dimensions go together (a declared volume needs all three).
    expect(decl.body.errors.declared_width[0]).toBe(RECEIPT_MSG.declaredDimensionsIncomplete);
    const ids = await post('/consolidations', { delivery_ids: ['1e21', -1] }, customer.token).expect(422);
    expect(ids.body.errors.delivery_ids).toBeDefined();
  });
});
