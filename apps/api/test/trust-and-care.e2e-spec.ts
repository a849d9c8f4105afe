import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { MSG, type KycSubmission as KycDto, type SupportRequest, type SupportThread } from '@jara/contracts';
import { KycDocumentView, KycSubmission } from '../src/modules/kyc/kyc.entity';
import { Notification } from '../src/modules/notifications/notification.entity';
import { listRoutes } from './support/routes';
import { bearer, countRows } from './support/money';
import { documentExists, documentKeys, mediaExists, signUp, startTestApp, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

/** The text of an .eml whose parts are quoted-printable (soft breaks joined, =XX bytes decoded as UTF-8). */
function quotedPrintable(eml: string): string {
  const joined = eml.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** A real photo-like JPEG with EXIF (to check it is stripped). */
async function photo(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    .toBuffer();
}

describe('Trust and care: KYC with private documents, the support centre (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let customer: Account;
  let other: Account;
  let vendor: Account;

  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_MAX_BYTES: String(200 * 1024) });
    admin = await signUp(t, { role: 'admin' });
    customer = await signUp(t);
    other = await signUp(t);
    vendor = await signUp(t, { role: 'vendor' });
  });
  afterAll(() => t.close());

  const fields = {
    name: 'Chioma Adeyemi',
    dob: '1992-03-14',
    gender: 'female',
    address: '12 Allen Avenue, Ikeja, Lagos',
    id_type: 'National ID',
    id_number: 'NIN-12345678901',
  };
  function submit(
    token: string,
    files: Record<string, { buffer: Buffer; name: string; type?: string }>,
    body: Record<string, string> = fields,
  ) {
    let req = t.http().post('/api/v1/kyc').set(bearer(token));
    for (const [k, v] of Object.entries(body)) req = req.field(k, v);
    for (const [k, f] of Object.entries(files))
      req = req.attach(k, f.buffer, { filename: f.name, contentType: f.type ?? 'image/jpeg' });
    return req;
  }

  it('KYC: a customer submits two images; a vendor may too (for payouts); a second live submission is a 409', async () => {
    // Vendors need no KYC to sell, but an approved one before their first payout (issue 24).
    await submit(vendor.token, { id_image: { buffer: await photo(), name: 'id.jpg' } }).expect(201);
    const missing = await submit(
      customer.token,
      {},
      { ...fields, name: '', dob: '2020-01-01', gender: 'x', id_type: 'Library card' },
    ).expect(422);
    expect(missing.body.errors).toMatchObject({
      name: [MSG.kyc.required],
      dob: [MSG.kyc.dobInvalid],
      gender: [MSG.kyc.genderInvalid],
      id_type: [MSG.kyc.idTypeInvalid],
    });
    expect((await submit(customer.token, {}).expect(422)).body.errors.id_image).toEqual([MSG.kyc.required]);
    const res = await submit(customer.token, {
      id_image: { buffer: await photo(), name: 'id.jpg' },
      user_image: { buffer: await photo(40, 40), name: 'me.png', type: 'image/png' },
    }).expect(201);
    expect(res.body.message).toBe(MSG.kyc.submitted);
    const kyc = res.body.data as KycDto;
    expect(kyc).toMatchObject({ status: 0, id_type: 'National ID', id_image: `/api/v1/kyc/${kyc.id}/files/id_image` });
    const again = await submit(customer.token, { id_image: { buffer: await photo(), name: 'id.jpg' } }).expect(409);
    expect(again.body.message).toBe(MSG.kyc.alreadySubmitted);
    const own = (await t.http().get(`/api/v1/kyc/${customer.user.id}/user`).set(bearer(customer.token)).expect(200))
      .body.data;
    expect(own.status).toBe(0);
    await t.http().get(`/api/v1/kyc/${customer.user.id}/user`).set(bearer(other.token)).expect(404);
    expect(
      (await t.http().get(`/api/v1/kyc/${other.user.id}/user`).set(bearer(other.token)).expect(200)).body.data,
    ).toBeNull();
  });

  it('documents: 401 without a token, 404 to another customer, no-store and nosniff for the owner, re-encoded, admin views logged', async () => {
    const kyc = await t.db.getRepository(KycSubmission).findOneByOrFail({ user_id: customer.user.id });
    for (const file of ['id_image', 'user_image']) {
      const path = `/api/v1/kyc/${kyc.id}/files/${file}`;
      await t.http().get(path).expect(401);
      await t.http().get(path).set(bearer(other.token)).expect(404);
      await t.http().get(path).set(bearer(vendor.token)).expect(404);
      const ok = await t.http().get(path).set(bearer(customer.token)).buffer(true).expect(200);
      expect(ok.headers['cache-control']).toBe('no-store');
      expect(ok.headers['x-content-type-options']).toBe('nosniff');
      expect(ok.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(ok.body as Buffer).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect((ok.body as Buffer).includes(Buffer.from('secret-exif-marker'))).toBe(false);
      await t.http().get(path).set(bearer(admin.token)).expect(200);
    }
    await t.http().get(`/api/v1/kyc/${kyc.id}/files/../../etc/passwd`).set(bearer(admin.token)).expect(404);
    await t.http().get(`/api/v1/kyc/${kyc.id}/files/id_image_key`).set(bearer(admin.token)).expect(404);
    expect(await t.db.getRepository(KycDocumentView).countBy({ submission_id: kyc.id, viewer_id: admin.user.id })).toBe(
      2,
    );
    const views = (await t.http().get(`/api/v1/kyc/${kyc.id}/views`).set(bearer(admin.token)).expect(200)).body.data;
    expect(views[0]).toMatchObject({ viewer: { id: admin.user.id } });
    // The files are outside the public media folder and the media route cannot reach them.
    expect(await documentKeys(t, 'kyc')).toContain(kyc.id_image_key);
    expect(await mediaExists(t, kyc.id_image_key)).toBe(false);
    await t.http().get(`/api/v1/media/${kyc.id_image_key}`).expect(404);
    // Every route that serves a file either needs a token or is the public media route (which has no KYC keys).
    const fileRoutes = listRoutes(t.app).filter((r) => /files|media/.test(r.path));
    for (const route of fileRoutes)
      if (route.path.includes('kyc')) expect(route.isPublic).toBe(false);
      else expect(route.path).toBe('/api/v1/media/:folder/:name');
  });

  it('uploads: a text file named .jpg, an SVG, an HTML page and an oversized image are refused, nothing is kept', async () => {
    const before = (await documentKeys(t, 'kyc')).length;
    const fresh = await signUp(t);
    const bad = [
      { buffer: Buffer.from('just some text, not an image'), name: 'id.jpg' },
      {
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: 'id.jpg',
        type: 'image/svg+xml',
      },
      { buffer: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), name: 'id.jpg' },
      { buffer: Buffer.alloc(0), name: 'id.jpg' },
    ];
    for (const file of bad) {
      const res = await submit(fresh.token, { id_image: file }).expect(422);
      expect(res.body.errors.id_image).toBeDefined();
    }
    const big = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await submit(fresh.token, { id_image: { buffer: big, name: 'id.png', type: 'image/png' } }).expect(413);
    // A good ID with a bad selfie keeps neither file.
    await submit(fresh.token, { id_image: { buffer: await photo(), name: 'id.jpg' }, user_image: bad[0] }).expect(422);
    expect((await documentKeys(t, 'kyc')).length).toBe(before);
    expect(await t.db.getRepository(KycSubmission).countBy({ user_id: fresh.user.id })).toBe(0);
  });

  it('decisions: admins approve or reject with a reason; a rejected user may submit again; the user is notified; delete removes files', async () => {
    const kyc = await t.db.getRepository(KycSubmission).findOneByOrFail({ user_id: customer.user.id });
    await t.http().put(`/api/v1/kyc/${kyc.id}/approve`).set(bearer(customer.token)).send({ status: 1 }).expect(403);
    await t.http().put(`/api/v1/kyc/${kyc.id}/approve`).set(bearer(admin.token)).send({ status: 2 }).expect(422);
    const list = (await t.http().get('/api/v1/kyc?status=0').set(bearer(admin.token)).expect(200)).body;
    expect(list.data.map((k: KycDto) => k.id)).toContain(kyc.id);
    await t.http().get('/api/v1/kyc').set(bearer(customer.token)).expect(403);
    const rejected = await t
      .http()
      .put(`/api/v1/kyc/${kyc.id}/approve`)
      .set(bearer(admin.token))
      .send({ status: -1, reason: 'The ID photo is blurred' })
      .expect(200);
    expect(rejected.body).toMatchObject({
      message: MSG.kyc.statusUpdated,
      data: { status: -1, reason: 'The ID photo is blurred' },
    });
    const note = await t.db
      .getRepository(Notification)
      .findOneByOrFail({ user_id: customer.user.id, title: MSG.kyc.decidedTitle });
    expect(note.message).toBe(MSG.kyc.rejectedText('The ID photo is blurred'));
    await t.http().put(`/api/v1/kyc/${kyc.id}/approve`).set(bearer(admin.token)).send({ status: 1 }).expect(422);
    // Resubmitting after a rejection is allowed, twice at once only one wins.
    const both = await Promise.all([
      submit(customer.token, { id_image: { buffer: await photo(), name: 'id.jpg' } }),
      submit(customer.token, { id_image: { buffer: await photo(), name: 'id.jpg' } }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const second = both.find((r) => r.status === 201)?.body.data as KycDto;
    await t.http().put(`/api/v1/kyc/${second.id}/approve`).set(bearer(admin.token)).send({ status: 1 }).expect(200);
    expect(
      (await t.http().get(`/api/v1/kyc/${customer.user.id}/user`).set(bearer(customer.token)).expect(200)).body.data
        .status,
    ).toBe(1);
    expect(
      await countRows(t.db, "SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND title = 'KYC update'", [
        customer.user.id,
      ]),
    ).toBe(2);
    // Delete: the row and its files go.
    const row = await t.db.getRepository(KycSubmission).findOneByOrFail({ id: kyc.id });
    expect(await documentExists(t, row.id_image_key)).toBe(true);
    await t.http().delete(`/api/v1/kyc/${kyc.id}`).set(bearer(customer.token)).expect(403);
    expect((await t.http().delete(`/api/v1/kyc/${kyc.id}`).set(bearer(admin.token)).expect(200)).body.message).toBe(
      MSG.kyc.deleted,
    );
    expect(await documentExists(t, row.id_image_key)).toBe(false);
    await t.http().get(`/api/v1/kyc/${kyc.id}/files/id_image`).set(bearer(admin.token)).expect(404);
  });

  it('support: customers and vendors open requests; admins cannot; all four fields required', async () => {
    const body = {
      name: 'Chioma',
      email: customer.email,
      subject: 'Parcel late',
      message: 'My parcel JT-ABCD-EFGH is late.',
    };
    expect((await t.http().post('/api/v1/supports').set(bearer(admin.token)).send(body).expect(403)).body.message).toBe(
      MSG.support.onlyCustomersAndVendors,
    );
    await t.http().post('/api/v1/supports').send(body).expect(401);
    const blank = await t
      .http()
      .post('/api/v1/supports')
      .set(bearer(customer.token))
      .send({ ...body, subject: '   ', message: '' })
      .expect(422);
    expect(blank.body.errors).toMatchObject({ subject: [MSG.support.required], message: [MSG.support.required] });
    const created = await t
      .http()
      .post('/api/v1/supports')
      .set(bearer(customer.token))
      .send({ ...body, status: 0 })
      .expect(201);
    expect(created.body).toMatchObject({ message: MSG.support.sent, data: { status: 1, subject: 'Parcel late' } });
    await t
      .http()
      .post('/api/v1/supports')
      .set(bearer(vendor.token))
      .send({ ...body, email: vendor.email })
      .expect(201);
    const adminNote = await t.db
      .getRepository(Notification)
      .findOneBy({ user_id: admin.user.id, title: MSG.support.newRequestTitle });
    expect(adminNote).not.toBeNull();
  });

  it('support threads: the admin reply sets In Progress and notifies; blank refused; another user gets 404; closed refuses the owner', async () => {
    const mine = (
      (await t.http().get('/api/v1/supports').set(bearer(customer.token)).expect(200)).body.data as SupportRequest[]
    )[0];
    const all = (await t.http().get('/api/v1/supports?status=1').set(bearer(admin.token)).expect(200)).body
      .data as SupportRequest[];
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(
      ((await t.http().get('/api/v1/supports').set(bearer(other.token)).expect(200)).body.data as unknown[]).length,
    ).toBe(0);
    await t.http().get(`/api/v1/supports/${mine.id}/responses`).set(bearer(other.token)).expect(404);
    await t
      .http()
      .post('/api/v1/support-responses')
      .set(bearer(other.token))
      .send({ support_id: mine.id, message: 'hi' })
      .expect(404);
    const blank = await t
      .http()
      .post('/api/v1/support-responses')
      .set(bearer(admin.token))
      .send({ support_id: mine.id, message: '   ' })
      .expect(422);
    expect(blank.body.errors.message).toEqual([MSG.support.blankReply]);
    const reply = await t
      .http()
      .post('/api/v1/support-responses')
      .set(bearer(admin.token))
      .send({ support_id: mine.id, message: 'We are on it.', status: 2 })
      .expect(201);
    expect(reply.body.message).toBe(MSG.support.responseSent);
    const note = await t.db
      .getRepository(Notification)
      .findOneByOrFail({ user_id: customer.user.id, title: MSG.support.replyTitle });
    expect(note.message).toBe(MSG.support.replyText('Parcel late'));
    await t
      .http()
      .post('/api/v1/support-responses')
      .set(bearer(customer.token))
      .send({ support_id: mine.id, message: 'Thank you!' })
      .expect(201);
    const thread = (await t.http().get(`/api/v1/supports/${mine.id}/responses`).set(bearer(customer.token)).expect(200))
      .body.data as SupportThread;
    expect(thread.support).toMatchObject({ status: 2, responses: 2 });
    expect(thread.responses.map((r) => [r.message, r.from_owner])).toEqual([
      ['We are on it.', false],
      ['Thank you!', true],
    ]);
    // The owner marks the admin's reply read; another customer cannot.
    await t
      .http()
      .patch(`/api/v1/support-responses/${thread.responses[0].id}/status`)
      .set(bearer(other.token))
      .send({ status: 1 })
      .expect(404);
    await t
      .http()
      .patch(`/api/v1/support-responses/${thread.responses[0].id}/status`)
      .set(bearer(customer.token))
      .send({ status: 1 })
      .expect(200);
    // Status by select; closed refuses the owner's reply; delete.
    await t.http().patch(`/api/v1/supports/${mine.id}`).set(bearer(customer.token)).send({ status: 0 }).expect(403);
    await t.http().patch(`/api/v1/supports/${mine.id}`).set(bearer(admin.token)).send({ status: 5 }).expect(422);
    expect(
      (await t.http().patch(`/api/v1/supports/${mine.id}`).set(bearer(admin.token)).send({ status: 0 }).expect(200))
        .body.message,
    ).toBe(MSG.support.statusUpdated);
    expect(
      (
        await t
          .http()
          .post('/api/v1/support-responses')
          .set(bearer(customer.token))
          .send({ support_id: mine.id, message: 'Again' })
          .expect(409)
      ).body.message,
    ).toBe(MSG.support.closed);
    await t.http().delete(`/api/v1/supports/${mine.id}`).set(bearer(customer.token)).expect(403);
    expect(
      (await t.http().delete(`/api/v1/supports/${mine.id}`).set(bearer(admin.token)).expect(200)).body.message,
    ).toBe(MSG.support.deleted);
    await t.http().get(`/api/v1/supports/${mine.id}`).set(bearer(admin.token)).expect(404);
    expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM support_responses WHERE support_id = ?', [mine.id])).toBe(
      0,
    );
  });

  it('notifications: update e-mails can be muted in Settings; essential ones (KYC) still go; the layout escapes what users typed', async () => {
    const person = await signUp(t);
    const outbox = () =>
      readdirSync(t.config.mail.outboxDir)
        .map((f) => quotedPrintable(readFileSync(join(t.config.mail.outboxDir, f), 'utf8')))
        .filter((text) => text.includes(`To: ${person.email}`));
    const before = outbox().length;
    const req = await t
      .http()
      .post('/api/v1/supports')
      .set(bearer(person.token))
      .send({ name: 'Ada', email: person.email, subject: '<b>Late</b> parcel', message: 'Where?' })
      .expect(201);
    await t
      .http()
      .post('/api/v1/support-responses')
      .set(bearer(admin.token))
      .send({ support_id: req.body.data.id, message: 'Soon.' })
      .expect(201);
    const mails = outbox();
    expect(mails.length).toBe(before + 1);
    const mail = mails.find((m) => m.includes('Support reply | Jara')) as string;
    expect(mail).toContain('&lt;b&gt;Late&lt;/b&gt;');
    expect(mail).not.toContain('<b>Late</b> parcel</p>');
    expect(mail).toContain(MSG.notifications.emailManage);
    // Off: the next reply is in-app only.
    const off = await t
      .http()
      .post('/api/v1/user/notification-preferences')
      .set(bearer(person.token))
      .send({ email_updates: false })
      .expect(200);
    expect(off.body).toMatchObject({ message: MSG.notifications.preferencesSaved, data: { email_updates: false } });
    await t
      .http()
      .post('/api/v1/user/notification-preferences')
      .set(bearer(person.token))
      .send({ email_updates: 'maybe' })
      .expect(422);
    await t
      .http()
      .post('/api/v1/support-responses')
      .set(bearer(admin.token))
      .send({ support_id: req.body.data.id, message: 'Any minute.' })
      .expect(201);
    expect(outbox().length).toBe(before + 1);
    expect(
      await countRows(t.db, "SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND title = 'Support reply'", [
        person.user.id,
      ]),
    ).toBe(2);
    // Essential: the KYC decision is e-mailed anyway.
    const kyc = await submit(person.token, { id_image: { buffer: await photo(), name: 'id.jpg' } }).expect(201);
    await t
      .http()
      .put(`/api/v1/kyc/${kyc.body.data.id}/approve`)
      .set(bearer(admin.token))
      .send({ status: 1 })
      .expect(200);
    expect(outbox().some((m) => m.includes('KYC update | Jara'))).toBe(true);
  });
});
