import { MSG } from '@jara/contracts';
import sharp from 'sharp';
import { User } from '../src/modules/users/user.entity';
import { readCodeFromOutbox, signUp, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

describe('Users and profile (e2e)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t, { role: 'admin', email: 'boss@example.com' });
    customer = await signUp(t, { email: 'amaka@example.com' });
    await t.db.getRepository(User).update({ email: 'amaka@example.com' }, { name: 'Amaka Obi' });
    await signUp(t, { role: 'vendor', email: 'zainab.vendor@example.com' });
  });
  afterAll(() => t.close());

  describe('GET /users (admin)', () => {
    it('lists with the list contract: data, meta and X-Total-Count', async () => {
      const res = await t.http().get('/api/v1/users').set(auth(admin.token)).expect(200);
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.body.meta).toEqual({ total: 3, page: 1, per_page: 10 });
      expect(res.body.data).toHaveLength(3);
      expect(JSON.stringify(res.body)).not.toMatch(/password_hash|otp_hash/);
    });

    it('searches name or e-mail, filters by role, sorts by name and status, pages with _start/_end', async () => {
      const byName = await t.http().get('/api/v1/users?q=amaka').set(auth(admin.token)).expect(200);
      expect(byName.body.data.map((u: { email: string }) => u.email)).toEqual(['amaka@example.com']);
      const byEmail = await t.http().get('/api/v1/users?q=ZAINAB').set(auth(admin.token)).expect(200);
      expect(byEmail.body.data).toHaveLength(1);
      const wildcard = await t.http().get('/api/v1/users?q=%25').set(auth(admin.token)).expect(200);
      expect(wildcard.body.data).toHaveLength(0);
      const vendors = await t.http().get('/api/v1/users?role=vendor').set(auth(admin.token)).expect(200);
      expect(vendors.body.data.every((u: { role: string }) => u.role === 'vendor')).toBe(true);
      expect(vendors.body.meta.total).toBe(1);
      const sorted = await t.http().get('/api/v1/users?_sort=name&_order=asc').set(auth(admin.token)).expect(200);
      const names = sorted.body.data.map((u: { name: string }) => u.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
      await t.db.getRepository(User).update({ email: 'zainab.vendor@example.com' }, { status: '0' });
      const byStatus = await t.http().get('/api/v1/users?_sort=status&_order=desc').set(auth(admin.token)).expect(200);
      expect(byStatus.body.data.map((u: { status: string }) => u.status)).toEqual(['1', '1', '0']);
      const page = await t
        .http()
        .get('/api/v1/users?_start=1&_end=2&_sort=email&_order=asc')
        .set(auth(admin.token))
        .expect(200);
      expect(page.body.data).toHaveLength(1);
      expect(page.body.data[0].email).toBe('boss@example.com');
      expect(page.headers['x-total-count']).toBe('3');
      const bad = await t.http().get('/api/v1/users?_sort=password_hash').set(auth(admin.token)).expect(422);
      expect(bad.body.errors._sort[0]).toMatch(/not supported/);
      await t.http().get('/api/v1/users?_start=-1').set(auth(admin.token)).expect(422);
    });

    it('refuses customers (403) and anonymous callers (401)', async () => {
      await t.http().get('/api/v1/users').set(auth(customer.token)).expect(403);
      await t.http().get('/api/v1/users').expect(401);
    });
  });

  describe('PUT /users/{id} (admin)', () => {
    it('applies only non-empty fields', async () => {
      const res = await t
        .http()
        .put(`/api/v1/users/${customer.user.id}`)
        .set(auth(admin.token))
        .send({ name: '', email: '', phone: '+2348031234567', role: 'vendor', status: '' })
        .expect(200);
      expect(res.body.data).toMatchObject({
        name: 'Amaka Obi',
        email: 'amaka@example.com',
        phone: '+2348031234567',
        role: 'vendor',
        status: '1',
      });
      const row = await t.db.getRepository(User).findOneByOrFail({ id: customer.user.id });
      expect(row.role).toBe('vendor');
      await t
        .http()
        .put(`/api/v1/users/${customer.user.id}`)
        .set(auth(admin.token))
        .send({ role: 'customer' })
        .expect(200);
      // A role change ends the user's sessions: sign in again for the tests below.
      await t.http().get('/api/v1/user').set(auth(customer.token)).expect(401);
      customer.token = (
        await t
          .http()
          .post('/api/v1/auth/login')
          .send({ email: customer.email, password: customer.password })
          .expect(200)
      ).body.token;
    });

    it('keeps e-mail unique and validates role and status with 422 field errors', async () => {
      const dup = await t
        .http()
        .put(`/api/v1/users/${customer.user.id}`)
        .set(auth(admin.token))
        .send({ email: 'BOSS@example.com' })
        .expect(422);
      expect(dup.body.errors.email[0]).toBe(MSG.auth.emailTaken);
      const bad = await t
        .http()
        .put(`/api/v1/users/${customer.user.id}`)
        .set(auth(admin.token))
        .send({ role: 'superuser', status: '7' })
        .expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['role', 'status']);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: customer.user.id })).email).toBe(
        'amaka@example.com',
      );
    });

    it('accepts status as 0/1 numbers, stores the string, and cuts the user off', async () => {
      const other = await signUp(t);
      await t.http().put(`/api/v1/users/${other.user.id}`).set(auth(admin.token)).send({ status: 0 }).expect(200);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: other.user.id })).status).toBe('0');
      await t.http().get('/api/v1/user').set(auth(other.token)).expect(401);
    });

    it("ends the user's sessions when an admin changes their role or status, not their name", async () => {
      const other = await signUp(t);
      await t.http().put(`/api/v1/users/${other.user.id}`).set(auth(admin.token)).send({ role: 'vendor' }).expect(200);
      await t.http().get('/api/v1/user').set(auth(other.token)).expect(401);
      const second = (
        await t.http().post('/api/v1/auth/login').send({ email: other.email, password: other.password }).expect(200)
      ).body.token as string;
      await t
        .http()
        .put(`/api/v1/users/${other.user.id}`)
        .set(auth(admin.token))
        .send({ name: 'Renamed', role: 'vendor' })
        .expect(200);
      await t.http().get('/api/v1/user').set(auth(second)).expect(200);
      // Deactivated and reactivated: the token from before does not come back to life.
      await t.http().put(`/api/v1/users/${other.user.id}`).set(auth(admin.token)).send({ status: '0' }).expect(200);
      await t.http().put(`/api/v1/users/${other.user.id}`).set(auth(admin.token)).send({ status: '1' }).expect(200);
      await t.http().get('/api/v1/user').set(auth(second)).expect(401);
      await t.http().post('/api/v1/auth/login').send({ email: other.email, password: other.password }).expect(200);
    });

    it('does not let an admin remove their own admin access', async () => {
      const res = await t
        .http()
        .put(`/api/v1/users/${admin.user.id}`)
        .set(auth(admin.token))
        .send({ role: 'customer' })
        .expect(422);
      expect(res.body.message).toBe(MSG.users.cannotDemoteSelf);
    });

    it('answers 404 for an unknown user and 422 for a bad id', async () => {
      await t.http().put('/api/v1/users/99999').set(auth(admin.token)).send({ name: 'X' }).expect(404);
      await t.http().put('/api/v1/users/abc').set(auth(admin.token)).send({ name: 'X' }).expect(400);
    });
  });

  describe('DELETE /users/{id} (admin)', () => {
    it('deletes another user (a soft delete: anonymised, inactive, notifications gone) but not yourself', async () => {
      const victim = await signUp(t);
      await t.http().delete(`/api/v1/users/${victim.user.id}`).set(auth(admin.token)).expect(200);
      const row = await t.db.getRepository(User).findOneByOrFail({ id: victim.user.id });
      expect(row.deleted_at).not.toBeNull();
      expect([row.status, row.email === victim.email]).toEqual(['0', false]);
      const notes = await t.db.query('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?', [victim.user.id]);
      expect(Number(notes[0].n)).toBe(0);
      const self = await t.http().delete(`/api/v1/users/${admin.user.id}`).set(auth(admin.token)).expect(422);
      expect(self.body.message).toBe(MSG.users.cannotDeleteSelf);
      await t.http().delete('/api/v1/users/99999').set(auth(admin.token)).expect(404);
    });
  });

  // Before 'profile': its upload-limit test starts a second app, whose JWT strategy then replaces this one's in Passport.
  describe('e-mail change', () => {
    const changeEmail = (token: string, email: string) =>
      t.http().post('/api/v1/user/change-email').set(auth(token)).send({ email });
    const confirmEmail = (token: string, otp: string) =>
      t.http().post('/api/v1/user/confirm-email').set(auth(token)).send({ otp });
    const row = (id: number) => t.db.getRepository(User).findOneByOrFail({ id });

    it('sends a code to the new address, keeps the old one until it is confirmed, then switches and ends the other sessions', async () => {
      const user = await signUp(t);
      const sibling = (
        await t.http().post('/api/v1/auth/login').send({ email: user.email, password: user.password }).expect(200)
      ).body.token as string;
      const next = uniqueEmail('moved');
      const asked = await changeEmail(user.token, ` ${next.toUpperCase()} `).expect(200);
      expect(asked.body.message).toBe(MSG.profile.emailCodeSent(next));
      expect(await row(user.user.id)).toMatchObject({ email: user.email, pending_email: next });
      const me = await t.http().get('/api/v1/user').set(auth(user.token)).expect(200);
      expect(me.body.data).toMatchObject({ email: user.email, pending_email: next });
      // Until then the old address signs in and the new one does not.
      await t.http().post('/api/v1/auth/login').send({ email: user.email, password: user.password }).expect(200);
      await t.http().post('/api/v1/auth/login').send({ email: next, password: user.password }).expect(401);

      const code = readCodeFromOutbox(t, next);
      const done = await confirmEmail(user.token, code).expect(200);
      expect(done.body.message).toBe(MSG.profile.emailChanged);
      expect(done.body.data).toMatchObject({
        id: user.user.id,
        email: next,
        pending_email: null,
        email_verified: true,
      });
      expect(done.body.expires_in).toBe(t.config.jwt.expiresIn);
      const changed = await row(user.user.id);
      expect(changed).toMatchObject({ email: next, pending_email: null, otp_hash: null });
      // Every earlier token is over; the fresh one from the answer works.
      await t.http().get('/api/v1/user').set(auth(user.token)).expect(401);
      await t.http().get('/api/v1/user').set(auth(sibling)).expect(401);
      const fresh = await t.http().get('/api/v1/user').set(auth(done.body.token)).expect(200);
      expect(fresh.body.data.email).toBe(next);
      await t.http().post('/api/v1/auth/login').send({ email: next, password: user.password }).expect(200);
      await t.http().post('/api/v1/auth/login').send({ email: user.email, password: user.password }).expect(401);
      // Single use.
      const again = await confirmEmail(done.body.token, code).expect(422);
      expect(again.body.errors.otp[0]).toBe(MSG.profile.noEmailChange);
    });

    it('kills the code after 5 wrong tries, even for the right code', async () => {
      const user = await signUp(t);
      const next = uniqueEmail('guess');
      await changeEmail(user.token, next).expect(200);
      const code = readCodeFromOutbox(t, next);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await confirmEmail(user.token, wrong).expect(422);
        expect(res.body.errors.otp[0]).toBe(i < 4 ? MSG.auth.otpInvalid : MSG.auth.otpTooManyAttempts);
      }
      const right = await confirmEmail(user.token, code).expect(422);
      expect(right.body.errors.otp[0]).toBe(MSG.auth.otpTooManyAttempts);
      expect((await row(user.user.id)).email).toBe(user.email);
      await t.http().get('/api/v1/user').set(auth(user.token)).expect(200);
    });

    it('refuses a taken address, also when it is taken between the code and its confirmation (422 on email)', async () => {
      const user = await signUp(t);
      const taken = await changeEmail(user.token, 'BOSS@example.com').expect(422);
      expect(taken.body.errors.email[0]).toBe(MSG.auth.emailTaken);
      expect((await row(user.user.id)).pending_email).toBeNull();

      const next = uniqueEmail('race');
      await changeEmail(user.token, next).expect(200);
      const code = readCodeFromOutbox(t, next);
      await t.http().post('/api/v1/auth/register').send({ email: next, password: 'secret123' }).expect(201);
      const late = await confirmEmail(user.token, code).expect(422);
      expect(late.body.errors.email[0]).toBe(MSG.auth.emailTaken);
      expect(await row(user.user.id)).toMatchObject({ email: user.email, pending_email: null });
      await t.http().get('/api/v1/user').set(auth(user.token)).expect(200);
    });

    it('refuses the current address, a bad one, an expired code, a code for an earlier address and a resend within a minute', async () => {
      const user = await signUp(t);
      const same = await changeEmail(user.token, user.email).expect(422);
      expect(same.body.errors.email[0]).toBe(MSG.profile.emailUnchanged);
      const bad = await changeEmail(user.token, 'not-an-email').expect(422);
      expect(bad.body.errors.email[0]).toBe('Please enter a valid email address.');
      const none = await confirmEmail(user.token, '123456').expect(422);
      expect(none.body.errors.otp[0]).toBe(MSG.profile.noEmailChange);

      const first = uniqueEmail('first');
      await changeEmail(user.token, first).expect(200);
      const firstCode = readCodeFromOutbox(t, first);
      const tooSoon = await changeEmail(user.token, uniqueEmail('second')).expect(429);
      expect(tooSoon.body.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
      expect((await row(user.user.id)).pending_email).toBe(first);

      // A minute later the user corrects the address: the first code no longer confirms anything.
      await t.db.getRepository(User).update({ id: user.user.id }, { otp_sent_at: new Date(Date.now() - 61_000) });
      const second = uniqueEmail('second');
      await changeEmail(user.token, second).expect(200);
      const stale = await confirmEmail(user.token, firstCode).expect(422);
      expect(stale.body.errors.otp[0]).toBe(MSG.auth.otpInvalid);

      await t.db.getRepository(User).update({ id: user.user.id }, { otp_expires_at: new Date(Date.now() - 1000) });
      const expired = await confirmEmail(user.token, readCodeFromOutbox(t, second)).expect(422);
      expect(expired.body.errors.otp[0]).toBe(MSG.auth.otpExpired);
      expect((await row(user.user.id)).email).toBe(user.email);
    });
  });

  describe('profile', () => {
    it('GET /user answers the signed-in user', async () => {
      const res = await t.http().get('/api/v1/user').set(auth(customer.token)).expect(200);
      expect(res.body.data.email).toBe('amaka@example.com');
    });

    it('updates allowed fields and never writes role, status or unknown fields', async () => {
      const res = await t
        .http()
        .post('/api/v1/user/update-profile')
        .set(auth(customer.token))
        .send({
          name: 'Amaka Chisom Obi',
          city: 'Enugu',
          postal_code: '400001',
          country: 'Nigeria',
          address: '12 Ogui Road',
          role: 'admin',
          status: '0',
          email_verified_at: null,
          password_hash: 'x',
        })
        .expect(200);
      expect(res.body.data).toMatchObject({
        name: 'Amaka Chisom Obi',
        city: 'Enugu',
        postal_code: '400001',
        role: 'customer',
        status: '1',
      });
      const row = await t.db.getRepository(User).findOneByOrFail({ id: customer.user.id });
      expect(row.role).toBe('customer');
      expect(row.status).toBe('1');
      expect(row.email_verified_at).not.toBeNull();
      expect(row.password_hash).not.toBe('x');
    });

    it('never changes the e-mail: a new address is refused with a pointer to change-email, and nothing is saved', async () => {
      const user = await signUp(t);
      const next = uniqueEmail('direct');
      const res = await t
        .http()
        .post('/api/v1/user/update-profile')
        .set(auth(user.token))
        .send({ email: next, city: 'Kano' })
        .expect(422);
      expect(res.body.errors.email[0]).toBe(MSG.profile.useChangeEmail);
      const row = await t.db.getRepository(User).findOneByOrFail({ id: user.user.id });
      expect(row.email).toBe(user.email);
      expect(row.pending_email).toBeNull();
      expect(row.city).toBeNull();
      expect(row.email_verified_at).not.toBeNull();
      // The unchanged address is accepted, as the original clients send every field.
      const same = await t
        .http()
        .post('/api/v1/user/update-profile')
        .set(auth(user.token))
        .send({ email: user.email.toUpperCase(), city: 'Kano' })
        .expect(200);
      expect(same.body.data).toMatchObject({ email: user.email, city: 'Kano' });
    });

    it('refuses a taken e-mail and a bad phone with field errors', async () => {
      // Each on its own: with a bad phone in the same body, the DTO check answers before the uniqueness check runs.
      const before = await t.db.getRepository(User).findOneByOrFail({ id: customer.user.id });
      const taken = await t
        .http()
        .post('/api/v1/user/update-profile')
        .set(auth(customer.token))
        .send({ email: 'boss@example.com', name: 'Someone Else' })
        .expect(422);
      expect(taken.body.errors).toEqual({ email: [MSG.auth.emailTaken] });
      const after = await t.db.getRepository(User).findOneByOrFail({ id: customer.user.id });
      expect([after.email, after.name]).toEqual([before.email, before.name]);
      const phone = await t
        .http()
        .post('/api/v1/user/update-profile')
        .set(auth(customer.token))
        .send({ phone: 'call me' })
        .expect(422);
      expect(phone.body.errors).toEqual({ phone: ['Please enter a valid phone number.'] });
    });

    it('stores a real image under a random name, re-encoded, and serves it from the API', async () => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a7' } })
        .png()
        .toBuffer();
      const res = await t
        .http()
        .post('/api/v1/user/update-profile-image')
        .set(auth(customer.token))
        .attach('image', png, 'me.png')
        .expect(200);
      const url: string = res.body.data.image;
      expect(url).toMatch(/\/api\/v1\/media\/avatars\/[a-f0-9]{32}\.webp$/);
      const path = new URL(url).pathname;
      const file = await t.http().get(path).buffer(true).expect(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.body as Buffer).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(64);
    });

    it('refuses a text file that pretends to be an image, a missing file and path tricks', async () => {
      const before = (await t.db.getRepository(User).findOneByOrFail({ id: customer.user.id })).image;
      const res = await t
        .http()
        .post('/api/v1/user/update-profile-image')
        .set(auth(customer.token))
        .attach('image', Buffer.from('this is not an image, just text'), {
          filename: 'photo.png',
          contentType: 'image/png',
        })
        .expect(422);
      expect(res.body.errors.image[0]).toBe(MSG.profile.imageOnly);
      const missing = await t
        .http()
        .post('/api/v1/user/update-profile-image')
        .set(auth(customer.token))
        .field('x', '1')
        .expect(422);
      expect(missing.body.errors.image[0]).toBe(MSG.profile.imageRequired);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: customer.user.id })).image).toBe(before);
      await t.http().get('/api/v1/media/avatars/..%2F..%2Fjara.sqlite').expect(404);
      await t.http().get('/api/v1/media/avatars/nope.webp').expect(404);
    });

    it('refuses an upload over the size limit with 413', async () => {
      const small = await startTestApp({ UPLOAD_MAX_BYTES: '2048' });
      try {
        const user = await signUp(small);
        const big = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#123' } })
          .png({ compressionLevel: 0 })
          .toBuffer();
        await small
          .http()
          .post('/api/v1/user/update-profile-image')
          .set(auth(user.token))
          .attach('image', big, 'big.png')
          .expect(413);
      } finally {
        await small.close();
      }
    });
  });
});
