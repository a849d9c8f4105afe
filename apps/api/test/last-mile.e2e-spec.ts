import sharp from 'sharp';
import {
  CONTENTS_MSG,
  MSG,
  PROBLEM_MSG,
  RIDER_MSG,
  type Delivery,
  type ProblemCategorySummary,
  type ProblemRow,
  type ProofOfDelivery,
  type RiderParcel,
} from '@jara/contracts';
import { bearer } from './support/money';
import { signUp, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

const png = (w = 120, h = 60) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 10 } } })
    .jpeg()
    .toBuffer();

const LINES = [
  { description: 'Cotton T-shirts', quantity: 3, value: '24.50', category: 'clothing' },
  { description: 'Phone case, "blue"', quantity: 1, value: 7, category: 'phones' },
];

describe('Issue 26: declared contents and manifest, the rider and proof of delivery, the problem queue (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let customer: Account;
  let other: Account;
  let rider: Account;
  let rider2: Account;
  let warehouse: number;
  let title: number;

  const api = (path: string) => `/api/v1${path}`;
  const as = (who: Account) => bearer(who.token);

  /** A foreign air parcel of `owner` (with the declared lines), as created through the API. */
  async function request(owner: Account, contents: unknown = LINES): Promise<Delivery> {
    const res = await t
      .http()
      .post(api('/trackings'))
      .set(as(owner))
      .send({
        external_no: `EXT-${uniqueEmail('x')}`,
        warehouse_id: warehouse,
        type: 'foreign',
        shipping_type: 'air_cargo',
        contents,
      });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  async function move(id: number, status: number) {
    const res = await t
      .http()
      .patch(api(`/trackings/${id}/status`))
      .set(as(admin))
      .send({ status });
    if (res.status !== 200) throw new Error(`move ${id} to ${status}: ${res.status} ${JSON.stringify(res.body)}`);
  }

  /** Through the admin's moves: at the warehouse, proceeded with no fee, ready, shipped, arrived (status 6). */
  async function arrive(id: number) {
    await move(id, 2);
    await t
      .http()
      .put(api(`/trackings/${id}`))
      .set(as(admin))
      .send({ shipping_type: 'air_cargo', shipping_id: title, weight: 0, size: 0 })
      .expect(200);
    await move(id, 3);
    await move(id, 5);
    await move(id, 6);
  }

  beforeAll(async () => {
    t = await startTestApp({ PROBLEM_STALLED_HOURS: '1=2,2=48,6=24', PROBLEM_UNPAID_DAYS: '5' });
    admin = await signUp(t, { role: 'admin' });
    customer = await signUp(t);
    other = await signUp(t);
    rider = await signUp(t, { role: 'rider' });
    rider2 = await signUp(t, { role: 'rider' });
    const post = (path: string, body: object) => t.http().post(api(path)).set(as(admin)).send(body).expect(201);
    const location = (await post('/locations', { name: 'Guangzhou H' })).body.data.id;
    warehouse = (await post('/warehouses', { name: 'GZ Air H', location_id: location, type: 'air_cargo' })).body.data
      .id;
    title = (await post('/shippings', { name: 'Flight H-1', location_id: location, type: 'air_cargo' })).body.data.id;
    await t
      .http()
      .put(api('/logistics-settings'))
      .set(as(admin))
      .send({ cost_per_cmb3: 0.01, cost_per_kg: 8.5 })
      .expect(200);
  }, 120_000);
  afterAll(async () => t?.close());

  // ------------------------------------------------------------------------------------------------- contents

  it('keeps the declared contents of a request in cents, and answers them to the owner and staff only', async () => {
    const parcel = await request(customer);
    const mine = await t
      .http()
      .get(api(`/trackings/${parcel.id}/contents`))
      .set(as(customer))
      .expect(200);
    expect(mine.body.data.lines).toEqual([
      expect.objectContaining({
        description: 'Cotton T-shirts',
        quantity: 3,
        value_cents: 2450,
        value: '24.50',
        category: 'clothing',
      }),
      expect.objectContaining({
        description: 'Phone case, "blue"',
        quantity: 1,
        value_cents: 700,
        category_label: 'Phones and accessories',
      }),
    ]);
    expect(mine.body.data.total_cents).toBe(3150);
    const rows = await t.db.query('SELECT value_cents FROM delivery_contents WHERE delivery_id = ? ORDER BY position', [
      parcel.id,
    ]);
    expect(rows.map((r: { value_cents: number | string }) => Number(r.value_cents))).toEqual([2450, 700]);
    await t
      .http()
      .get(api(`/trackings/${parcel.id}/contents`))
      .set(as(other))
      .expect(404);
    await t
      .http()
      .get(api(`/trackings/${parcel.id}/contents`))
      .set(as(admin))
      .expect(200);
  });

  it.each([
    ['1e21 as a number', 1e21],
    ['1e21 as text', '1e21'],
    ['a negative value', -5],
    ['a negative text value', '-0.01'],
    ['three decimals', '1.005'],
    ['more than a million dollars', '1000000.01'],
  ])('refuses %s as a line value with 422 and writes nothing', async (_label, value) => {
    const before = await t.db.query('SELECT COUNT(*) AS n FROM deliveries');
    const res = await t
      .http()
      .post(api('/trackings'))
      .set(as(customer))
      .send({
        external_no: 'EXT-BAD',
        warehouse_id: warehouse,
        type: 'foreign',
        shipping_type: 'air_cargo',
        contents: [{ description: 'Shoes', quantity: 1, value, category: 'clothing' }],
      });
    expect(res.status).toBe(422);
    expect(res.body.errors.contents).toEqual([CONTENTS_MSG.valueInvalid]);
    expect(await t.db.query('SELECT COUNT(*) AS n FROM deliveries')).toEqual(before);
  });

  it('edits contents with per-line errors, refuses a bad category or quantity, and locks them for the owner past the warehouse', async () => {
    const parcel = await request(customer, []);
    const bad = await t
      .http()
      .put(api(`/trackings/${parcel.id}/contents`))
      .set(as(customer))
      .send({ contents: [{ description: '', quantity: 0, value: '-1', category: 'weapons' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ contents: [CONTENTS_MSG.descriptionRequired] });
    const ok = await t
      .http()
      .put(api(`/trackings/${parcel.id}/contents`))
      .set(as(customer))
      .send({ contents: [{ description: 'Books', quantity: '2', value: '10', category: 'books' }] })
      .expect(200);
    expect(ok.body.data.total).toBe('10.00');
    await t
      .http()
      .put(api(`/trackings/${parcel.id}/contents`))
      .set(as(other))
      .send({ contents: [] })
      .expect(404);
    await move(parcel.id, 2);
    await t.db.query('UPDATE deliveries SET status = 3 WHERE id = ?', [parcel.id]);
    const locked = await t
      .http()
      .put(api(`/trackings/${parcel.id}/contents`))
      .set(as(customer))
      .send({ contents: [] });
    expect(locked.status).toBe(422);
    expect(locked.body.message).toBe(CONTENTS_MSG.locked);
    // Staff still may, until it is loaded.
    await t
      .http()
      .put(api(`/trackings/${parcel.id}/contents`))
      .set(as(admin))
      .send({ contents: [{ description: 'Books (checked)', quantity: 2, value: '12.00', category: 'books' }] })
      .expect(200);
  });

  it("exports a shipping title's manifest as CSV (every line, formulas made inert) and as a PDF", async () => {
    const parcel = await request(customer, [
      ...LINES,
      { description: '=HYPERLINK("http://evil")', quantity: 1, value: '1', category: 'other' },
    ]);
    await move(parcel.id, 2);
    await t
      .http()
      .put(api(`/trackings/${parcel.id}`))
      .set(as(admin))
      .send({ shipping_type: 'air_cargo', shipping_id: title, weight: 0, size: 0 })
      .expect(200);
    const csv = await t
      .http()
      .get(api(`/shippings/${title}/manifest.csv`))
      .set(as(admin))
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Tracking No","Customer","Destination","Status","Description","Quantity","Category","Value (USD)"',
    );
    const mine = lines.filter((l) => l.startsWith(`"${parcel.tracking_no}"`));
    expect(mine).toHaveLength(3);
    expect(mine[0]).toContain('"Cotton T-shirts","3","Clothing and shoes","24.50"');
    expect(mine[1]).toContain('"Phone case, ""blue""","1","Phones and accessories","7.00"');
    expect(mine[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);

    const pdf = await t
      .http()
      .get(api(`/shippings/${title}/manifest.pdf`))
      .set(as(admin))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const body = pdf.body as Buffer;
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(body.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(body.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(body.toString('latin1')).toContain(parcel.tracking_no);
    // The xref offsets point at their objects.
    const text = body.toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const first = Number(/\n0000000000 65535 f \n(\d{10})/.exec(text)?.[1]);
    expect(text.slice(first, first + 7)).toBe('1 0 obj');

    await t
      .http()
      .get(api(`/shippings/${title}/manifest.csv`))
      .set(as(customer))
      .expect(403);
    await t
      .http()
      .get(api(`/shippings/${title}/manifest.pdf`))
      .set(as(rider))
      .expect(403);
  });

  // ------------------------------------------------------------------------------------------- the rider

  it("lists only the rider's own parcels waiting for delivery, with no money in the answer", async () => {
    const a = await request(customer);
    const b = await request(customer);
    await arrive(a.id);
    await arrive(b.id);
    // A fee on a: the rider must still see no amount.
    await t.db.query('UPDATE deliveries SET amount_minor = 1234 WHERE id = ?', [a.id]);
    await t
      .http()
      .put(api(`/trackings/${a.id}/rider`))
      .set(as(admin))
      .send({ rider_id: rider.user.id })
      .expect(200);
    await t
      .http()
      .put(api(`/trackings/${b.id}/rider`))
      .set(as(admin))
      .send({ rider_id: rider2.user.id })
      .expect(200);
    const refused = await t
      .http()
      .put(api(`/trackings/${b.id}/rider`))
      .set(as(admin))
      .send({ rider_id: customer.user.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.rider_id).toEqual([RIDER_MSG.riderUnknown]);

    const list = await t.http().get(api('/rider/parcels')).set(as(rider)).expect(200);
    const ids = (list.body.data as RiderParcel[]).map((p) => p.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(list.body.data.find((p: RiderParcel) => p.id === a.id)).toMatchObject({
      tracking_no: a.tracking_no,
      contents_count: 2,
    });
    expect(JSON.stringify(list.body)).not.toMatch(/amount|invoice|fee|wallet|1234|balance/i);

    // Another rider's parcel: 404, whatever is sent.
    const theirs = await t
      .http()
      .post(api(`/rider/parcels/${b.id}/attempts`))
      .set(as(rider))
      .field('outcome', 'failed')
      .field('reason', 'not_home');
    expect(theirs.status).toBe(404);
    const [{ n }] = await t.db.query('SELECT COUNT(*) AS n FROM delivery_attempts WHERE delivery_id = ?', [b.id]);
    expect(Number(n)).toBe(0);
  });

  it.each([
    ['GET', '/trackings'],
    ['GET', '/wallet/balance'],
    ['GET', '/wallet/histories'],
    ['GET', '/invoices/user'],
    ['GET', '/invoices'],
    ['GET', '/notifications'],
    ['GET', '/problems'],
    ['GET', '/users'],
    ['GET', '/riders'],
    ['POST', '/trackings'],
  ])('refuses a rider %s %s with 403 (their only permission is the last mile)', async (method, path) => {
    const req = method === 'GET' ? t.http().get(api(path)) : t.http().post(api(path)).send({});
    const res = await req.set(as(rider));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.auth.forbidden);
  });

  it('lets a rider read who they are and log out; other roles cannot use the rider page', async () => {
    await t.http().get(api('/user')).set(as(rider)).expect(200);
    await t.http().get(api('/rider/parcels')).set(as(admin)).expect(403);
    await t.http().get(api('/rider/parcels')).set(as(customer)).expect(403);
  });

  it('records a delivery with name, photo and PNG signature; the owner sees the proof on the timeline, others do not', async () => {
    const parcel = await request(customer);
    await arrive(parcel.id);
    await t
      .http()
      .put(api(`/trackings/${parcel.id}/rider`))
      .set(as(admin))
      .send({ rider_id: rider.user.id })
      .expect(200);
    const send = (fields: Record<string, string>, files: Record<string, Buffer>) => {
      let req = t
        .http()
        .post(api(`/rider/parcels/${parcel.id}/attempts`))
        .set(as(rider));
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      for (const [k, v] of Object.entries(files))
        req = req.attach(k, v, { filename: `${k}.bin`, contentType: 'image/png' });
      return req;
    };
    // Nothing but the outcome: each missing part named.
    const missing = await send({ outcome: 'delivered' }, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      recipient_name: [RIDER_MSG.recipientRequired],
      photo: [RIDER_MSG.photoRequired],
      signature: [RIDER_MSG.signatureRequired],
    });
    // A signature that is not a PNG by its content (a JPEG sent as image/png).
    const notPng = await send(
      { outcome: 'delivered', recipient_name: 'Ada' },
      { photo: await jpeg(), signature: await jpeg() },
    );
    expect(notPng.status).toBe(422);
    expect(notPng.body.errors.signature).toEqual([RIDER_MSG.signaturePng]);
    // A photo that is HTML: refused by content.
    const html = await send(
      { outcome: 'delivered', recipient_name: 'Ada' },
      { photo: Buffer.from('<html><script>alert(1)</script></html>'), signature: await png() },
    );
    expect(html.status).toBe(422);
    expect(await t.db.query('SELECT id FROM delivery_attempts WHERE delivery_id = ?', [parcel.id])).toEqual([]);

    const done = await send(
      { outcome: 'delivered', recipient_name: 'Ada Obi' },
      { photo: await jpeg(), signature: await png() },
    );
    expect(done.status).toBe(201);
    expect(done.body.message).toBe(RIDER_MSG.delivered);

    const shown = await t
      .http()
      .get(api(`/trackings/${parcel.id}`))
      .set(as(customer))
      .expect(200);
    expect(shown.body.data.status).toBe(7);
    const last = shown.body.data.history[shown.body.data.history.length - 1];
    expect(last).toMatchObject({ to_status: 7 });
    expect(JSON.stringify(last)).toContain('Delivered to Ada Obi');

    const pod = await t
      .http()
      .get(api(`/trackings/${parcel.id}/pod`))
      .set(as(customer))
      .expect(200);
    const proof = pod.body.data[0] as ProofOfDelivery;
    const photoUrl = String(proof.photo_url);
    const signatureUrl = String(proof.signature_url);
    expect(photoUrl).toMatch(/^\/api\/v1\/trackings\/\d+\/pod\/\d+\/photo$/);
    expect(proof).toMatchObject({ outcome: 'delivered', recipient_name: 'Ada Obi', rider: { id: rider.user.id } });
    const photo = await t.http().get(photoUrl).set(as(customer)).expect(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('no-store');
    await t.http().get(signatureUrl).set(as(admin)).expect(200);
    await t.http().get(signatureUrl).set(as(other)).expect(404);
    await t
      .http()
      .get(api(`/trackings/${parcel.id}/pod`))
      .set(as(other))
      .expect(404);
    await t.http().get(photoUrl).expect(401);
    await t.http().get(photoUrl).set(as(rider)).expect(403);

    // Done: off the rider's open list, on today's.
    const list = await t.http().get(api('/rider/parcels')).set(as(rider)).expect(200);
    expect(list.body.data.map((p: RiderParcel) => p.id)).not.toContain(parcel.id);
    expect(list.body.today.find((p: RiderParcel) => p.id === parcel.id)?.attempt).toMatchObject({
      outcome: 'delivered',
    });
    // A second attempt on a completed parcel is refused.
    const again = await send({ outcome: 'failed', reason: 'not_home' }, {});
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(RIDER_MSG.notOutForDelivery);
  });

  // -------------------------------------------------------------------------------------- the problem queue

  async function queue(category: string): Promise<{ rows: ProblemRow[]; total: number }> {
    const res = await t
      .http()
      .get(api(`/problems?category=${category}&per_page=50`))
      .set(as(admin))
      .expect(200);
    expect(res.headers['x-total-count']).toBe(String(res.body.meta.total));
    return { rows: res.body.data, total: res.body.meta.total };
  }
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  it('shows a parcel stalled past its status threshold, not one under it, and a move takes it out', async () => {
    const stalled = await request(customer);
    const fresh = await request(customer);
    await t.db.getRepository('Delivery').update({ id: stalled.id }, { status_changed_at: ago(3) });
    await t.db.getRepository('Delivery').update({ id: fresh.id }, { status_changed_at: ago(1) });
    const { rows } = await queue('stalled_1');
    const ids = rows.map((r) => r.delivery.id);
    expect(ids).toContain(stalled.id);
    expect(ids).not.toContain(fresh.id);
    const row = rows.find((r) => r.delivery.id === stalled.id) as ProblemRow;
    expect(row.detail).toBe('In Pending Delivery for 3 hours');
    expect(row.last_action).toBeNull();

    const categories = (await t.http().get(api('/problems/categories')).set(as(admin)).expect(200)).body
      .data as ProblemCategorySummary[];
    expect(categories.map((c) => c.key)).toEqual([
      'stalled_1',
      'stalled_2',
      'stalled_6',
      'unpaid',
      'failed_delivery',
      'disputed_measure',
      'no_owner',
    ]);
    expect(categories[0].count).toBeGreaterThanOrEqual(1);

    // Acting on it: who and when, on the row.
    const acted = await t
      .http()
      .post(api('/problems/actions'))
      .set(as(admin))
      .send({
        category: 'stalled_1',
        delivery_id: stalled.id,
        action: 'contacted_carrier',
        note: 'Courier says Friday',
      })
      .expect(201);
    expect(acted.body.message).toBe(PROBLEM_MSG.recorded);
    const after = (await queue('stalled_1')).rows.find((r) => r.delivery.id === stalled.id) as ProblemRow;
    expect(after.last_action).toMatchObject({
      action: 'contacted_carrier',
      note: 'Courier says Friday',
      by: (await t.db.query('SELECT name FROM users WHERE id = ?', [admin.user.id]))[0].name,
    });
    const stored = await t.db.query('SELECT actor_id, category FROM problem_actions WHERE delivery_id = ?', [
      stalled.id,
    ]);
    expect(stored).toEqual([{ actor_id: admin.user.id, category: 'stalled_1' }]);

    // Not in that category: refused, nothing written.
    const wrong = await t
      .http()
      .post(api('/problems/actions'))
      .set(as(admin))
      .send({ category: 'stalled_1', delivery_id: fresh.id, action: 'resolved' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(PROBLEM_MSG.notInQueue);
    const unknown = await t.http().get(api('/problems?category=everything')).set(as(admin));
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe(PROBLEM_MSG.categoryUnknown);

    // The move sets status_changed_at: at the warehouse now, under the 48 hours of status 2.
    await move(stalled.id, 2);
    expect((await queue('stalled_1')).rows.map((r) => r.delivery.id)).not.toContain(stalled.id);
    expect((await queue('stalled_2')).rows.map((r) => r.delivery.id)).not.toContain(stalled.id);
  });

  it('shows fees unpaid after N days, failed deliveries until a later attempt, and parcels with no owner', async () => {
    // A fee invoice raised 6 days ago (threshold 5) and one raised today.
    const late = await request(customer);
    const recent = await request(customer);
    for (const p of [late, recent]) {
      await move(p.id, 2);
      await t
        .http()
        .put(api(`/trackings/${p.id}`))
        .set(as(admin))
        .send({ shipping_type: 'air_cargo', shipping_id: title, weight: 2, size: 0 })
        .expect(200);
    }
    const [{ invoice_id }] = await t.db.query('SELECT invoice_id FROM deliveries WHERE id = ?', [late.id]);
    await t.db.getRepository('Invoice').update({ id: invoice_id }, { created_at: ago(6 * 24) });
    const unpaid = (await queue('unpaid')).rows.map((r) => r.delivery.id);
    expect(unpaid).toContain(late.id);
    expect(unpaid).not.toContain(recent.id);

    // A failed attempt: in the queue with its reason, until the next attempt.
    const parcel = await request(customer);
    await arrive(parcel.id);
    await t
      .http()
      .put(api(`/trackings/${parcel.id}/rider`))
      .set(as(admin))
      .send({ rider_id: rider.user.id })
      .expect(200);
    const noReason = await t
      .http()
      .post(api(`/rider/parcels/${parcel.id}/attempts`))
      .set(as(rider))
      .field('outcome', 'failed');
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toEqual([RIDER_MSG.reasonInvalid]);
    await t
      .http()
      .post(api(`/rider/parcels/${parcel.id}/attempts`))
      .set(as(rider))
      .field('outcome', 'failed')
      .field('reason', 'wrong_address')
      .expect(201);
    const failed = (await queue('failed_delivery')).rows.find((r) => r.delivery.id === parcel.id);
    expect(failed?.detail).toMatch(/: Address not found$/);
    const pod = await t
      .http()
      .get(api(`/trackings/${parcel.id}/pod`))
      .set(as(customer))
      .expect(200);
    expect(pod.body.data[0]).toMatchObject({ outcome: 'failed', reason_label: 'Address not found', photo_url: null });
    await t
      .http()
      .post(api(`/rider/parcels/${parcel.id}/attempts`))
      .set(as(rider))
      .field('outcome', 'delivered')
      .field('recipient_name', 'Chidi')
      .attach('photo', await jpeg(), 'p.jpg')
      .attach('signature', await png(), 's.png')
      .expect(201);
    expect((await queue('failed_delivery')).rows.map((r) => r.delivery.id)).not.toContain(parcel.id);

    // A guest's parcel at the warehouse: no owner.
    const guest = await t
      .http()
      .post(api('/guest/trackings'))
      .send({
        name: 'Box Guest',
        phone: '08031234567',
        external_no: 'G-26',
        warehouse_id: warehouse,
        type: 'foreign',
        shipping_type: 'air_cargo',
      })
      .expect(201);
    const [{ id: guestId }] = await t.db.query('SELECT id FROM deliveries WHERE tracking_no = ?', [
      guest.body.data.tracking_no,
    ]);
    await move(Number(guestId), 2);
    const orphans = (await queue('no_owner')).rows;
    expect(orphans.map((r) => r.delivery.id)).toContain(Number(guestId));
    expect(orphans.map((r) => r.delivery.id)).not.toContain(late.id);
  });

  it('refuses the queue and its actions to anyone but staff', async () => {
    for (const who of [customer, rider]) {
      await t.http().get(api('/problems/categories')).set(as(who)).expect(403);
      await t.http().post(api('/problems/actions')).set(as(who)).send({}).expect(403);
    }
  });
});
