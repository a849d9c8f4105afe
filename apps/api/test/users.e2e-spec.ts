import { MSG } from '@jara/contracts';
import sharp from 'sharp';
import { User } from '../src/modules/users/user.entity';
import { signUp, startTestApp, type TestApp } from './support/test-app';

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
      const page = await t.http().get('/api/v1/users?_start=1&_end=2&_sort=email&_order=asc').set(auth(admin.token)).expect(200);
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
      const res = await t.http()
        .put(`/api/v1/users/${customer.user.id}`)
        .set(auth(admin.token))
        .send({ name: '', email: '', phone: '+2348031234567', role: 'vendor', status: '' })
        .expect(200);
      expect(res.body.data).toMatchObject({ name: 'Amaka Obi', email: 'amaka@example.com', phone: '+2348031234567', role: 'vendor', status: '1' });
      const row = await t.db.getRepository(User).findOneByOrFail({ id: customer.user.id });
      expect(row.role).toBe('vendor');
      await t.http().put(`/api/v1/users/${customer.user.id}`).set(auth(admin.token)).send({ role: 'customer' }).expect(200);
    });

    it('keeps e-mail unique and validates role and status with 422 field errors', async () => {
      const dup = await t.http().put(`/api/v1/users/${customer.user.id}`).set(auth(admin.token)).send({ email: 'BOSS@example.com' }).expect(422);
      expect(dup.body.errors.email[0]).toBe(MSG.auth.emailTaken);
      const bad = await t.http().put(`/api/v1/users/${customer.user.id}`).set(auth(admin.token)).send({ role: 'superuser', status: '7' }).expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['role', 'status']);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: customer.user.id })).email).toBe('amaka@example.com');
    });

    it('accepts status as 0/1 numbers, stores the string, and cuts the user off', async () => {
      const other = await signUp(t);
      await t.http().put(`/api/v1/users/${other.user.id}`).set(auth(admin.token)).send({ status: 0 }).expect(200);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: other.user.id })).status).toBe('0');
      await t.http().get('/api/v1/user').set(auth(other.token)).expect(401);
    });

    it('does not let an admin remove their own admin access', async () => {
      const res = await t.http().put(`/api/v1/users/${admin.user.id}`).set(auth(admin.token)).send({ role: 'customer' }).expect(422);
      expect(res.body.message).toBe(MSG.users.cannotDemoteSelf);
    });

    it('answers 404 for an unknown user and 422 for a bad id', async () => {
      await t.http().put('/api/v1/users/99999').set(auth(admin.token)).send({ name: 'X' }).expect(404);
      await t.http().put('/api/v1/users/abc').set(auth(admin.token)).send({ name: 'X' }).expect(400);
    });
  });

  describe('DELETE /users/{id} (admin)', () => {
    it('deletes another user (and their notifications) but not yourself', async () => {
      const victim = await signUp(t);
      await t.http().delete(`/api/v1/users/${victim.user.id}`).set(auth(admin.token)).expect(200);
      expect(await t.db.getRepository(User).countBy({ id: victim.user.id })).toBe(0);
      const notes = await t.db.query('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?', [victim.user.id]);
      expect(Number(notes[0].n)).toBe(0);
      const self = await t.http().delete(`/api/v1/users/${admin.user.id}`).set(auth(admin.token)).expect(422);
      expect(self.body.message).toBe(MSG.users.cannotDeleteSelf);
      await t.http().delete('/api/v1/users/99999').set(auth(admin.token)).expect(404);
    });
  });

  describe('profile', () => {
    it('GET /user answers the signed-in user', async () => {
      const res = await t.http().get('/api/v1/user').set(auth(customer.token)).expect(200);
      expect(res.body.data.email).toBe('amaka@example.com');
    });

    it('updates allowed fields and never writes role, status or unknown fields', async () => {
      const res = await t.http()
        .post('/api/v1/user/update-profile')
        .set(auth(customer.token))
        .send({ name: 'Amaka Chisom Obi', city: 'Enugu', postal_code: '400001', country: 'Nigeria', address: '12 Ogui Road', role: 'admin', status: '0', email_verified_at: null, password_hash: 'x' })
        .expect(200);
      expect(res.body.data).toMatchObject({ name: 'Amaka Chisom Obi', city: 'Enugu', postal_code: '400001', role: 'customer', status: '1' });
      const row = await t.db.getRepository(User).findOneByOrFail({ id: customer.user.id });
      expect(row.role).toBe('customer');
      expect(row.status).toBe('1');
      expect(row.email_verified_at).not.toBeNull();
      expect(row.password_hash).not.toBe('x');
    });

    it('refuses a taken e-mail and a bad phone with field errors', async () => {
      const res = await t.http().post('/api/v1/user/update-profile').set(auth(customer.token)).send({ email: 'boss@example.com', phone: 'call me' }).expect(422);
      expect(res.body.errors.email?.[0] ?? res.body.errors.phone?.[0]).toBeTruthy();
      expect(res.body.errors.phone[0]).toBe('Please enter a valid phone number.');
    });

    it('stores a real image under a random name, re-encoded, and serves it from the API', async () => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a7' } }).png().toBuffer();
      const res = await t.http().post('/api/v1/user/update-profile-image').set(auth(customer.token)).attach('image', png, 'me.png').expect(200);
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
      const res = await t.http()
        .post('/api/v1/user/update-profile-image')
        .set(auth(customer.token))
        .attach('image', Buffer.from('this is not an image, just text'), { filename: 'photo.png', contentType: 'image/png' })
        .expect(422);
      expect(res.body.errors.image[0]).toBe(MSG.profile.imageOnly);
      const missing = await t.http().post('/api/v1/user/update-profile-image').set(auth(customer.token)).field('x', '1').expect(422);
      expect(missing.body.errors.image[0]).toBe(MSG.profile.imageRequired);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: customer.user.id })).image).toBe(before);
      await t.http().get('/api/v1/media/avatars/..%2F..%2Fjara.sqlite').expect(404);
      await t.http().get('/api/v1/media/avatars/nope.webp').expect(404);
    });

    it('refuses an upload over the size limit with 413', async () => {
      const small = await startTestApp({ UPLOAD_MAX_BYTES: '2048' });
      try {
        const user = await signUp(small);
        const big = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#123' } }).png({ compressionLevel: 0 }).toBuffer();
        await small.http().post('/api/v1/user/update-profile-image').set(auth(user.token)).attach('image', big, 'big.png').expect(413);
      } finally {
        await small.close();
      }
    });
  });
});
