import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { GUEST_FEE_MSG, RECEIPT_MSG, type Location, type ParcelMeasure } from '@jara/contracts';
import { Delivery as DeliveryRow } from '../src/modules/logistics/delivery.entity';
import { GuestLink } from '../src/modules/logistics/guest-link.entity';
import { guestToken, mailsTo, mustGuestToken } from './support/guest-fee';
import { bearer } from './support/money';
import { expectReconciled } from './support/reconcile';
import { signUp, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * Issue 26 (decision 046): a guest's parcel measured far from what they declared. The guest (e-mail confirmed) is
 * e-mailed a /guest/parcel/{token} link; the API's /guest/measures/{token} shows declared vs measured and the fee, and
 * accepts or disputes by the same rule as the signed-in owner's routes. The token is the only authority: a wrong,
 * expired or other-purpose token is a 404, a link names one parcel, and of two answers at once one wins (the other 422).
 */
describe("A guest's answer to a measure variance (e2e)", () => {
  let t: TestApp;
  let admin: Account;
  let warehouse: number;
  let jpg: Buffer;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t, { role: 'admin' });
    jpg = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 140, b: 200 } } })
      .jpeg()
      .toBuffer();
    const gz = (await asAdmin().post('/api/v1/locations').send({ name: 'Guangzhou' }).expect(201)).body
      .data as Location;
    warehouse = (
      await asAdmin()
        .post('/api/v1/warehouses')
        .send({ name: 'GZ Air', location_id: gz.id, type: 'air_cargo' })
        .expect(201)
    ).body.data.id;
    // $8.50 per kg (air).
    await asAdmin().put('/api/v1/logistics-settings').send({ cost_per_cmb3: 0.01, cost_per_kg: 8.5 }).expect(200);
  });
  afterAll(async () => {
    await expectReconciled(t);
    await t.close();
  });

  function asAdmin() {
    const http = t.http();
    return {
      post: (path: string) => http.post(path).set(bearer(admin.token)),
      put: (path: string) => http.put(path).set(bearer(admin.token)),
      get: (path: string) => http.get(path).set(bearer(admin.token)),
    };
  }

  /** A guest request declaring 2.00 kg; confirmed unless said otherwise. */
  async function guestRequest(confirmed = true): Promise<{ id: number; trackingNo: string; email: string }> {
    const email = uniqueEmail('guest');
    const res = await t
      .http()
      .post('/api/v1/guest/trackings')
      .send({
        name: 'Ada Guest',
        phone: '0803 555 0101',
        email,
        external_no: `YT${randomBytes(4).toString('hex')}`,
        warehouse_id: warehouse,
        type: 'foreign',
        shipping_type: 'air_cargo',
        declared_weight: '2.00',
        declared_length: 30,
        declared_width: 20,
        declared_height: 10,
      })
      .expect(201);
    const trackingNo = res.body.data.tracking_no as string;
    const [row] = await t.db.query('SELECT id FROM deliveries WHERE tracking_no = ?', [trackingNo]);
    if (confirmed)
      await t
        .http()
        .post(`/api/v1/guest/confirmations/${mustGuestToken(t, email, 'confirm')}`)
        .expect(200);
    return { id: Number(row.id), trackingNo, email };
  }

  /** Staff receive the parcel at `weight` kg (30 x 20 x 10 cm, as declared). */
  function receive(trackingNo: string, weight: string) {
    return asAdmin()
      .post('/api/v1/receipts')
      .field('scanned_no', trackingNo)
      .field('weight', weight)
      .field('length', '30')
      .field('width', '20')
      .field('height', '10')
      .field('pieces', '1')
      .field('condition', 'good')
      .attach('photos', jpg, { filename: 'p1.jpg', contentType: 'image/jpeg' })
      .expect(201);
  }

  const show = (token: string) => t.http().get(`/api/v1/guest/measures/${token}`);
  const accept = (token: string) => t.http().post(`/api/v1/guest/measures/${token}/accept`);
  const dispute = (token: string, body: object) => t.http().post(`/api/v1/guest/measures/${token}/dispute`).send(body);
  const row = (id: number) => t.db.getRepository(DeliveryRow).findOneByOrFail({ id });
  const invoiceOf = async (id: number) => {
    const d = await row(id);
    if (!d.invoice_id) return null;
    return (await t.db.query('SELECT status, amount_minor, user_id FROM invoices WHERE id = ?', [d.invoice_id]))[0] as {
      status: string;
      amount_minor: number | string;
      user_id: number | null;
    };
  };

  it('a variance e-mails the confirmed guest a link; the page shows declared vs measured and the fee; accept invoices it', async () => {
    const g = await guestRequest();
    await receive(g.trackingNo, '2.50');
    expect((await row(g.id)).measure_status).toBe('pending_acceptance');
    const mail = mailsTo(t, g.email).find((m) => m.subject === GUEST_FEE_MSG.measureSubject(g.trackingNo));
    expect(mail).toBeDefined();
    const token = mustGuestToken(t, g.email, 'parcel');
    expect(mail?.text).toContain(`${t.config.storefrontUrl}/guest/parcel/${token}`);
    expect(mail?.text).toContain('measured 2.50 kg');
    expect(mail?.text).toContain('you declared 2.00 kg, 30 x 20 x 10 cm');
    // Only the token's hash is kept.
    const [link] = await t.db.query(
      "SELECT token_hash FROM guest_links WHERE delivery_id = ? AND purpose = 'measure'",
      [g.id],
    );
    expect(link.token_hash).not.toContain(token);

    const seen = (await show(token).expect(200)).body.data as ParcelMeasure;
    expect(seen).toMatchObject({
      tracking_no: g.trackingNo,
      measure_status: 'pending_acceptance',
      declared: { weight: '2.00', length_cm: 30, width_cm: 20, height_cm: 10 },
      receipt: { weight: '2.50', photos: [], actor: null },
      fee_minor: 2125, // 2.50 x 8.50
    });
    expect((await row(g.id)).invoice_id).toBeNull();

    const res = await accept(token).expect(200);
    expect(res.body.message).toBe(RECEIPT_MSG.accepted);
    expect(res.body.data.measure_status).toBe('accepted');
    // The guest's invoice (no account) at the new fee, e-mailed with a pay link.
    expect(await invoiceOf(g.id)).toMatchObject({ status: 'pending', amount_minor: 2125, user_id: null });
    const pay = mustGuestToken(t, g.email, 'pay');
    const fee = await t.http().get(`/api/v1/guest/fees/${pay}`).expect(200);
    expect(fee.body.data.fee).toMatchObject({ amount_minor: 2125, status: 'pending' });
    // The history says the guest accepted.
    const history = (await asAdmin().get(`/api/v1/trackings/${g.id}`).expect(200)).body.data.history as Array<{
      note: string | null;
    }>;
    expect(history.some((h) => h.note === RECEIPT_MSG.accepted)).toBe(true);
    // A second answer is refused in the API's error shape; the page still shows the answer.
    const again = await accept(token).expect(422);
    expect(again.body.errors.measure_status[0]).toBe(RECEIPT_MSG.notPending);
    expect((await show(token).expect(200)).body.data.measure_status).toBe('accepted');
  });

  it('a dispute (reason required) goes to the problem queue with no invoice', async () => {
    const g = await guestRequest();
    await receive(g.trackingNo, '3.10');
    const token = mustGuestToken(t, g.email, 'parcel');
    const missing = await dispute(token, {}).expect(422);
    expect(missing.body.errors.reason[0]).toBe(RECEIPT_MSG.disputeReasonRequired);
    const res = await dispute(token, { reason: 'It weighed 2 kg at the shop' }).expect(200);
    expect(res.body.data).toMatchObject({ measure_status: 'disputed', dispute_reason: 'It weighed 2 kg at the shop' });
    const r = await row(g.id);
    expect(r.measure_status).toBe('disputed');
    expect(r.invoice_id).toBeNull();
    const queue = await asAdmin().get('/api/v1/problems?category=disputed_measure&per_page=50').expect(200);
    const queued = (queue.body.data as { delivery: { id: number }; detail: string }[]).find(
      (x) => x.delivery.id === g.id,
    );
    expect(queued?.detail).toBe('Disputed: It weighed 2 kg at the shop');
    await accept(token).expect(422);
  });

  it('two answers at once: one wins, the other is a 422; the parcel holds the winner', async () => {
    const g = await guestRequest();
    await receive(g.trackingNo, '2.60');
    const token = mustGuestToken(t, g.email, 'parcel');
    const both = await Promise.all([accept(token), dispute(token, { reason: 'Too heavy' }), accept(token)]);
    const statuses = both.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422, 422]);
    for (const lost of both.filter((r) => r.status === 422))
      expect(lost.body.errors.measure_status[0]).toBe(RECEIPT_MSG.notPending);
    const won = both.find((r) => r.status === 200);
    expect((await row(g.id)).measure_status).toBe(won?.body.data.measure_status);
    const invoices = await t.db.query("SELECT COUNT(*) AS n FROM invoices WHERE subject_id = ? AND type = 'delivery'", [
      g.id,
    ]);
    expect(Number(invoices[0].n)).toBe(won?.body.data.measure_status === 'accepted' ? 1 : 0);
  });

  it('wrong, malformed, expired and other-purpose tokens are 404; a link answers only its own parcel', async () => {
    const a = await guestRequest();
    const b = await guestRequest();
    await receive(a.trackingNo, '2.50');
    await receive(b.trackingNo, '2.50');
    const tokenA = mustGuestToken(t, a.email, 'parcel');
    const stranger = randomBytes(32).toString('base64url');
    for (const bad of [stranger, 'abc', `${tokenA}x`]) {
      await show(bad).expect(404);
      const res = await accept(bad).expect(404);
      expect(res.body.message).toBe(GUEST_FEE_MSG.linkInvalidTitle);
    }
    // The confirm link (used) and a pay link of the same guest do not open the measure routes.
    await show(mustGuestToken(t, a.email, 'confirm')).expect(404);
    // A's link answers A; B still waits.
    await accept(tokenA).expect(200);
    expect((await row(b.id)).measure_status).toBe('pending_acceptance');
    const pay = mustGuestToken(t, a.email, 'pay');
    await accept(pay).expect(404);
    // Expired: 404, nothing changes.
    await t.db
      .getRepository(GuestLink)
      .update({ delivery_id: b.id, purpose: 'measure' }, { expires_at: new Date(Date.now() - 1000) });
    const tokenB = mustGuestToken(t, b.email, 'parcel');
    await show(tokenB).expect(404);
    await dispute(tokenB, { reason: 'late' }).expect(404);
    expect((await row(b.id)).measure_status).toBe('pending_acceptance');
  });

  it('an unconfirmed guest gets no link at the receipt; confirming sends it; a signed-in route cannot answer a guest parcel', async () => {
    const g = await guestRequest(false);
    await receive(g.trackingNo, '2.50');
    expect(guestToken(t, g.email, 'parcel')).toBeNull();
    await t
      .http()
      .post(`/api/v1/guest/confirmations/${mustGuestToken(t, g.email, 'confirm')}`)
      .expect(200);
    const token = mustGuestToken(t, g.email, 'parcel');
    await show(token).expect(200);
    // A customer's token does not reach a guest's parcel through the owner's routes.
    const customer = await signUp(t);
    await t.http().post(`/api/v1/trackings/${g.id}/measure/accept`).set(bearer(customer.token)).expect(404);
    expect((await row(g.id)).measure_status).toBe('pending_acceptance');
    // Staff measure again within the threshold: the question is settled and the link shows it.
    await receive(g.trackingNo, '2.05');
    expect((await show(token).expect(200)).body.data.measure_status).toBe('none');
    await accept(token).expect(422);
  });
});
