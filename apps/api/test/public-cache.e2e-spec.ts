import { signUp, startTestApp, type TestApp } from './support/test-app';

/** Issue 8, item 6: public catalogue reads can be kept by a proxy or CDN and revalidated with ETags. */
describe('Public cache headers (e2e)', () => {
  let t: TestApp;
  let admin: string;
  let productId: number;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_CACHE_SECONDS: '45' });
    admin = (await signUp(t, { role: 'admin' })).token;
    const category = (
      await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: 'Phones', status: 1 }).expect(201)
    ).body.data.id;
    productId = (
      await t
        .http()
        .post('/api/v1/products')
        .set(auth(admin))
        .send({
          name: 'Tecno Camon',
          price: 120000,
          type: 'new',
          description: 'Phone',
          status: 1,
          category_id: category,
        })
        .expect(201)
    ).body.data.id;
  });
  afterAll(() => t.close());

  it.each([
    '/api/v1/products/active',
    '/api/v1/products',
    '/api/v1/categories',
    '/api/v1/search/suggestions?q=tec',
    '/api/v1/sellers/top',
  ])('lets a proxy keep the anonymous answer of %s and revalidate it with its ETag', async (path) => {
    const first = await t.http().get(path).expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=45, stale-while-revalidate=90');
    expect(first.headers.vary).toMatch(/Authorization/);
    expect(first.headers.etag).toBeTruthy();
    const again = await t.http().get(path).set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBeFalsy();
  });

  it('keeps answers to signed-in callers private (an admin sees more than a visitor)', async () => {
    const res = await t.http().get('/api/v1/products').set(auth(admin)).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('gives a changed product a new ETag, so a revalidating proxy picks up the change', async () => {
    const before = await t.http().get(`/api/v1/products/${productId}`).expect(200);
    expect(before.headers['cache-control']).toMatch(/^public, max-age=45/);
    await t.http().put(`/api/v1/products/${productId}`).set(auth(admin)).send({ price: 125000 }).expect(200);
    const stale = await t.http().get(`/api/v1/products/${productId}`).set('If-None-Match', before.headers.etag);
    expect(stale.status).toBe(200);
    expect(stale.body.data.price_ngn).toBe(125000);
    expect(stale.headers.etag).not.toBe(before.headers.etag);
  });

  it('does not mark private or write routes cacheable', async () => {
    const health = await t.http().get('/api/v1/health').expect(200);
    expect(health.headers['cache-control'] ?? '').not.toMatch(/public/);
    const me = await t.http().get('/api/v1/user').set(auth(admin)).expect(200);
    expect(me.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});
