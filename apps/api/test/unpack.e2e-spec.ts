import sharp from 'sharp';
import { DELIVERY_STATUS, MSG, RECEIPT_MSG, type Consolidation, type Delivery } from '@jara/contracts';
import { AuditLog } from '../src/modules/audit/audit-log.entity';
import { Delivery as DeliveryRow } from '../src/modules/logistics/delivery.entity';
import { balances, bearer, creditWallet, setCargoRates } from './support/money';
import { expectReconciled } from './support/reconcile';
import { signUp, startTestApp, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * Issue 26, decision 047: staff unpack a consolidation whose parcel has not left the warehouse and whose fee is not
 * paid. The parcel is cancelled with its pending fee invoice, the members go back to the warehouse on their own (to be
 * priced again), history and the audit log say who did it; twice at once or against a payment, one side wins whole.
 */
describe('Unpacking a consolidation (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let customer: Account;
  let other: Account;
  let vendor: Account;
  let rider: Account;
  let air: { id: number };
  let airTitle: { id: number };
  let jpg: Buffer;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t, { role: 'admin' });
    customer = await signUp(t);
    other = await signUp(t);
    vendor = await signUp(t, { role: 'vendor' });
    rider = await signUp(t, { role: 'rider' });
    jpg = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 140, b: 200 } } })
      .jpeg()
      .toBuffer();
    const gz = (await post('/locations', { name: 'Guangzhou' }).expect(201)).body.data;
    const lagos = (await post('/locations', { name: 'Lagos' }).expect(201)).body.data;
    air = (await post('/warehouses', { name: 'GZ Air', location_id: gz.id, type: 'air_cargo' }).expect(201)).body.data;
    airTitle = (
      await post('/shippings', { name: 'Flight CAN-LOS', location_id: lagos.id, type: 'air_cargo' }).expect(201)
    ).body.data;
    // $8.50 per kg (air).
    await setCargoRates(t, admin.token);
    await creditWallet(t, admin.token, customer.user.id, '5000', 'USD');
  });
  afterAll(async () => {
    await expectReconciled(t);
    await t.close();
  });

  function post(path: string, body: object = {}, token: string = admin.token) {
    return t.http().post(`/api/v1${path}`).set(bearer(token)).send(body);
  }
  const get = (path: string, token = admin.token) => t.http().get(`/api/v1${path}`).set(bearer(token));
  const unpack = (id: number, token = admin.token) => post(`/consolidations/${id}/unpack`, {}, token);
  const row = (id: number) => t.db.getRepository(DeliveryRow).findOneByOrFail({ id });
  const invoiceStatus = async (id: number | null) =>
    id ? ((await t.db.query('SELECT status FROM invoices WHERE id = ?', [id]))[0]?.status as string) : null;
  const history = async (id: number) =>
    (await t.db.query(
      'SELECT from_status, to_status, actor_id, actor_role, note FROM delivery_status_changes WHERE delivery_id = ? ORDER BY id',
      [id],
    )) as Array<{ from_status: number | null; to_status: number; actor_id: number | null; note: string | null }>;

  function upload(path: string, fields: Record<string, string | number>) {
    let req = t.http().post(`/api/v1${path}`).set(bearer(admin.token));
    for (const [k, v] of Object.entries(fields)) req = req.field(k, String(v));
    return req.attach('photos', jpg, { filename: 'p.jpg', contentType: 'image/jpeg' });
  }
  const measures = { weight: '1.00', length: 30, width: 20, height: 10, pieces: 1, condition: 'good' };

  /** Two (or more) received parcels of the customer, requested together and packed: 4.2 kg, 6 kg volumetric, $51. */
  async function packed(n = 2): Promise<{ c: Consolidation; ids: number[]; parentId: number; trackingNo: string }> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const d = (
        await post(
          '/trackings',
          {
            external_no: `YT${Math.random().toString(36).slice(2, 10)}`,
            warehouse_id: air.id,
            type: 'foreign',
            shipping_type: 'air_cargo',
          },
          customer.token,
        ).expect(201)
      ).body.data as Delivery;
      await upload('/receipts', { ...measures, scanned_no: d.tracking_no }).expect(201);
      ids.push(d.id);
    }
    const requested = (await post('/consolidations', { delivery_ids: ids }, customer.token).expect(201)).body
      .data as Consolidation;
    const c = (
      await upload(`/consolidations/${requested.id}/pack`, {
        weight: '4.20',
        length: 40,
        width: 30,
        height: 30,
        pieces: n,
        condition: 'good',
      }).expect(201)
    ).body.data as Consolidation;
    if (!c.parent) throw new Error('not packed');
    return { c, ids, parentId: c.parent.id, trackingNo: c.parent.tracking_no };
  }

  it('staff unpack a packed consolidation: the parcel and its pending fee are cancelled, the members are free again', async () => {
    const { c, ids, parentId, trackingNo } = await packed(3);
    expect(c.unpackable).toBe(true);
    const parentInvoice = (await row(parentId)).invoice_id;
    expect(await invoiceStatus(parentInvoice)).toBe('pending');

    const res = await unpack(c.id).expect(200);
    expect(res.body.message).toBe(RECEIPT_MSG.unpacked);
    const done = res.body.data as Consolidation;
    expect(done).toMatchObject({ status: 'unpacked', status_label: 'Unpacked', unpackable: false });
    expect(done.parent).toMatchObject({ id: parentId, tracking_no: trackingNo, status: DELIVERY_STATUS.CANCELLED });
    expect(done.members).toEqual([]);

    // The consolidated parcel is cancelled, its history says who unpacked which parcels; its fee invoice is cancelled.
    const parent = await row(parentId);
    expect(parent.status).toBe(DELIVERY_STATUS.CANCELLED);
    expect(await invoiceStatus(parentInvoice)).toBe('cancelled');
    const parentHistory = await history(parentId);
    expect(parentHistory[parentHistory.length - 1]).toMatchObject({
      from_status: DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE,
      to_status: DELIVERY_STATUS.CANCELLED,
      actor_id: admin.user.id,
      actor_role: 'admin',
    });
    const tracking = await Promise.all(ids.map(async (id) => (await row(id)).tracking_no));
    expect(parentHistory[parentHistory.length - 1].note).toBe(RECEIPT_MSG.parentUnpacked(tracking.join(', ')));

    // The members: out of the parcel, at the warehouse, no title and no fee (priced again on their own).
    for (const id of ids) {
      const r = await row(id);
      expect(r).toMatchObject({
        parent_id: null,
        consolidation_id: null,
        shipping_id: null,
        amount_minor: null,
        status: DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE,
      });
      const h = await history(id);
      expect(h[h.length - 1]).toMatchObject({ actor_id: admin.user.id, note: RECEIPT_MSG.memberUnpacked(trackingNo) });
    }
    // The customer sees it on their parcel and their consolidation.
    const mine = (await get(`/consolidations/${c.id}`, customer.token).expect(200)).body.data as Consolidation;
    expect(mine.status).toBe('unpacked');

    // A member moves alone again: proceeded (priced on its own measure: 1 kg x $8.50), paid, Ready for Shipping.
    await t
      .http()
      .put(`/api/v1/trackings/${ids[0]}`)
      .set(bearer(admin.token))
      .send({ shipping_type: 'air_cargo', shipping_id: airTitle.id, weight: '1.00' })
      .expect(200);
    const priced = await row(ids[0]);
    expect(priced.amount_minor).toBe(850);
    expect(await invoiceStatus(priced.invoice_id)).toBe('pending');
    await post(`/invoices/${priced.invoice_id}/pay`, { method: 'wallet' }, customer.token).expect(200);
    await t
      .http()
      .patch(`/api/v1/trackings/${ids[0]}/status`)
      .set(bearer(admin.token))
      .send({ status: DELIVERY_STATUS.READY_FOR_SHIPPING })
      .expect(200);
    // And the other two can be consolidated again.
    const again = (await post('/consolidations', { delivery_ids: ids.slice(1) }, customer.token).expect(201)).body
      .data as Consolidation;
    expect(again.members.map((m) => m.id)).toEqual(ids.slice(1));

    // The audit log has the admin's unpacking of this consolidation, with the status it changed.
    const entry = await t.db
      .getRepository(AuditLog)
      .findOneByOrFail({ action: 'consolidation.unpack', entity_id: c.id });
    expect(entry).toMatchObject({ actor_id: admin.user.id, entity_type: 'consolidation', entity_id: c.id });
    expect(JSON.parse(entry.before ?? '{}')).toMatchObject({ status: 'packed' });
    expect(JSON.parse(entry.after ?? '{}')).toMatchObject({ status: 'unpacked' });

    // Not twice.
    const twice = await unpack(c.id).expect(422);
    expect(twice.body.errors.status[0]).toBe(RECEIPT_MSG.consolidationNotPacked);
  });

  it('refused once the parcel left the warehouse (422) or its fee is paid (409), with nothing changed', async () => {
    // Paid: 409, still packed, the members still inside.
    const paid = await packed();
    const invoiceId = (await row(paid.parentId)).invoice_id;
    await post(`/invoices/${invoiceId}/pay`, { method: 'wallet' }, customer.token).expect(200);
    expect(((await get(`/consolidations/${paid.c.id}`).expect(200)).body.data as Consolidation).unpackable).toBe(false);
    const refused = await unpack(paid.c.id).expect(409);
    expect(refused.body.message).toBe(RECEIPT_MSG.unpackFeePaid(paid.trackingNo));
    expect(((await get(`/consolidations/${paid.c.id}`).expect(200)).body.data as Consolidation).status).toBe('packed');
    for (const id of paid.ids) expect((await row(id)).parent_id).toBe(paid.parentId);
    expect(await invoiceStatus(invoiceId)).toBe('paid');

    // Left the warehouse (on a title, Loaded into Container): 422 naming its status.
    await t
      .http()
      .patch(`/api/v1/trackings/${paid.parentId}/status`)
      .set(bearer(admin.token))
      .send({ status: DELIVERY_STATUS.READY_FOR_SHIPPING })
      .expect(200);
    await post(`/shippings/${airTitle.id}/assign`, { delivery_ids: [paid.parentId] }).expect(201);
    expect((await row(paid.parentId)).status).toBe(DELIVERY_STATUS.LOADED_INTO_CONTAINER);
    const gone = await unpack(paid.c.id);
    expect([409, 422]).toContain(gone.status);
    expect((await row(paid.parentId)).status).toBe(DELIVERY_STATUS.LOADED_INTO_CONTAINER);

    // A parcel that left with an unpaid fee (set back by hand, as an old row could be): 422, nothing changed.
    const left = await packed();
    await t.db.getRepository(DeliveryRow).update({ id: left.parentId }, { status: DELIVERY_STATUS.SHIPPED });
    const shipped = await unpack(left.c.id).expect(422);
    expect(shipped.body.errors.status[0]).toMatch(/only a consolidated parcel still at the warehouse/);
    expect(((await get(`/consolidations/${left.c.id}`).expect(200)).body.data as Consolidation).status).toBe('packed');
    expect(await invoiceStatus((await row(left.parentId)).invoice_id)).toBe('pending');
    for (const id of left.ids) expect((await row(id)).parent_id).toBe(left.parentId);

    // A requested (not packed) one, and one that does not exist.
    const a = (
      await post(
        '/trackings',
        { external_no: 'YTREQ1', warehouse_id: air.id, type: 'foreign', shipping_type: 'air_cargo' },
        customer.token,
      ).expect(201)
    ).body.data as Delivery;
    const b = (
      await post(
        '/trackings',
        { external_no: 'YTREQ2', warehouse_id: air.id, type: 'foreign', shipping_type: 'air_cargo' },
        customer.token,
      ).expect(201)
    ).body.data as Delivery;
    for (const d of [a, b]) await upload('/receipts', { ...measures, scanned_no: d.tracking_no }).expect(201);
    const requested = (await post('/consolidations', { delivery_ids: [a.id, b.id] }, customer.token).expect(201)).body
      .data as Consolidation;
    expect((await unpack(requested.id).expect(422)).body.errors.status[0]).toBe(RECEIPT_MSG.consolidationNotPacked);
    expect((await unpack(999999).expect(404)).body.message).toBe(RECEIPT_MSG.consolidationNotFound);
  });

  it('only staff: the owner, another customer, a vendor and a rider are refused, anonymous is 401', async () => {
    const { c, parentId } = await packed();
    for (const who of [customer, other, vendor, rider]) {
      const res = await unpack(c.id, who.token);
      expect(res.status).toBe(403);
    }
    await t.http().post(`/api/v1/consolidations/${c.id}/unpack`).expect(401);
    expect((await row(parentId)).status).toBe(DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE);
    // The rider sees nothing of consolidations either.
    expect((await get(`/consolidations/${c.id}`, rider.token)).status).toBe(403);
  });

  it('twice at once: one unpacking wins, the other is refused; one history entry each', async () => {
    for (let round = 0; round < 3; round++) {
      const { c, ids, parentId } = await packed();
      const answers = await Promise.all([unpack(c.id), unpack(c.id), unpack(c.id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
      const parentHistory = await history(parentId);
      expect(parentHistory.filter((h) => h.to_status === DELIVERY_STATUS.CANCELLED)).toHaveLength(1);
      for (const id of ids) {
        const notes = (await history(id)).filter((h) => h.note?.startsWith('Unpacked from'));
        expect(notes).toHaveLength(1);
        expect((await row(id)).parent_id).toBeNull();
      }
    }
  });

  it('against a payment of its fee at the same moment: either paid and still packed, or unpacked and not charged', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const { c, ids, parentId } = await packed();
      const invoiceId = (await row(parentId)).invoice_id as number;
      const walletBefore = await balance();
      const pay = () => post(`/invoices/${invoiceId}/pay`, { method: 'wallet' }, customer.token);
      const [u, p] =
        round % 2 ? await Promise.all([unpack(c.id), pay()]) : (await Promise.all([pay(), unpack(c.id)])).reverse();
      const status = await invoiceStatus(invoiceId);
      const consolidation = (await get(`/consolidations/${c.id}`).expect(200)).body.data as Consolidation;
      if (u.status === 200) {
        // Unpacked first: the payment found the invoice cancelled, nothing debited.
        expect(p.status).toBeGreaterThanOrEqual(400);
        expect(status).toBe('cancelled');
        expect(consolidation.status).toBe('unpacked');
        expect(await balance()).toBe(walletBefore);
        for (const id of ids) expect((await row(id)).parent_id).toBeNull();
        outcomes.add('unpacked');
      } else {
        // Paid first: the unpacking is refused whole.
        expect(u.status).toBe(409);
        expect(p.status).toBe(200);
        expect(status).toBe('paid');
        expect(consolidation.status).toBe('packed');
        expect((await row(parentId)).status).toBe(DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE);
        for (const id of ids) expect((await row(id)).parent_id).toBe(parentId);
        outcomes.add('paid');
      }
    }
    if (process.env.UNPACK_STATS) console.log([...outcomes]);
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
    // In order, each way: a payment after the unpacking is refused; an unpacking after the payment is refused.
    const first = await packed();
    await unpack(first.c.id).expect(200);
    const late = await post(
      `/invoices/${(await row(first.parentId)).invoice_id}/pay`,
      { method: 'wallet' },
      customer.token,
    );
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(late.status).toBeLessThan(500);
    expect(late.body.message).not.toBe(MSG.deliveries.notFound);
  });

  /**
   * MariaDB: the invoice's row is held (SELECT ... FOR UPDATE in another transaction) while a payment and an unpacking
   * are sent in a chosen order; both wait on the row and get it in that order once it is released. The first decides,
   * the second's conditional update matches nothing and it is refused with nothing of it written. (SQLite runs one
   * transaction at a time: the orders are the sequential cases above.)
   */
  it('a payment that arrives while the unpacking waits on the invoice (and the other way round): one wins whole', async () => {
    if (!['mysql', 'mariadb'].includes(t.db.options.type)) return;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (const first of ['pay', 'unpack'] as const) {
      const { c, ids, parentId } = await packed();
      const invoiceId = (await row(parentId)).invoice_id as number;
      const walletBefore = await balance();
      const holder = t.db.createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      let u: Promise<{ status: number }>;
      let p: Promise<{ status: number }>;
      try {
        await holder.query('SELECT id FROM invoices WHERE id = ? FOR UPDATE', [invoiceId]);
        const pay = () =>
          post(`/invoices/${invoiceId}/pay`, { method: 'wallet' }, customer.token).then((r) => ({ status: r.status }));
        const undo = () => unpack(c.id).then((r) => ({ status: r.status }));
        if (first === 'pay') {
          p = pay();
          await sleep(300);
          u = undo();
        } else {
          u = undo();
          await sleep(300);
          p = pay();
        }
        await sleep(300);
      } finally {
        await holder.commitTransaction();
        await holder.release();
      }
      const [unpacked, paid] = await Promise.all([u, p]);
      const consolidation = (await get(`/consolidations/${c.id}`).expect(200)).body.data as Consolidation;
      if (first === 'pay') {
        expect([paid.status, unpacked.status]).toEqual([200, 409]);
        expect(await invoiceStatus(invoiceId)).toBe('paid');
        expect(consolidation.status).toBe('packed');
        for (const id of ids) expect((await row(id)).parent_id).toBe(parentId);
        expect((await row(parentId)).status).toBe(DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE);
      } else {
        expect(unpacked.status).toBe(200);
        expect(paid.status).toBeGreaterThanOrEqual(400);
        expect(paid.status).toBeLessThan(500);
        expect(await invoiceStatus(invoiceId)).toBe('cancelled');
        expect(consolidation.status).toBe('unpacked');
        expect(await balance()).toBe(walletBefore);
        for (const id of ids) expect((await row(id)).parent_id).toBeNull();
      }
    }
  });

  const balance = async () => (await balances(t.db, customer.user.id)).usd;
});
