import { signUp, startTestApp, type TestApp } from './support/test-app';

describe('Contact messages, newsletter and admin stats (e2e)', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = (await signUp(t, { role: 'admin' })).token;
    customer = (await signUp(t)).token;
  });
  afterAll(() => t.close());

  it('stores a contact message from anyone and lets only admins read them', async () => {
    const res = await t
      .http()
      .post('/api/v1/contact-messages')
      .send({ full_name: ' Tunde Bakare ', email: 'Tunde@Example.com', message: 'Where is my parcel?', extra: 'x' })
      .expect(201);
    expect(res.body.data).toMatchObject({
      full_name: 'Tunde Bakare',
      email: 'tunde@example.com',
      message: 'Where is my parcel?',
    });
    expect(res.body.data.extra).toBeUndefined();
    const bad = await t
      .http()
      .post('/api/v1/contact-messages')
      .send({ full_name: '', email: 'nope', message: '' })
      .expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'full_name', 'message']);
    await t.http().get('/api/v1/contact-messages').set('Authorization', `Bearer ${customer}`).expect(403);
    const list = await t
      .http()
      .get('/api/v1/contact-messages?q=parcel')
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.headers['x-total-count']).toBe('1');
  });

  it('subscribes to the newsletter idempotently', async () => {
    await t.http().post('/api/v1/newsletter').send({ email: 'news@example.com' }).expect(201);
    await t.http().post('/api/v1/newsletter').send({ email: 'NEWS@example.com' }).expect(201);
    const rows = await t.db.query('SELECT COUNT(*) AS n FROM newsletter_subscribers');
    expect(Number(rows[0].n)).toBe(1);
    await t.http().post('/api/v1/newsletter').send({ email: 'bad' }).expect(422);
  });

  it('answers the dashboard counts to admins', async () => {
    const res = await t.http().get('/api/v1/admin/stats').set('Authorization', `Bearer ${admin}`).expect(200);
    expect(res.body.data).toEqual({
      users: { total: 2, admin: 1, vendor: 0, customer: 1, rider: 0 },
      contact_messages: 1,
      newsletter_subscribers: 1,
    });
  });
});
