import { MSG } from '@jara/contracts';
import { signUp, startTestApp, type TestApp } from './support/test-app';
import { concretePath, listRoutes } from './support/routes';

describe('Platform (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness on /health and readiness (database, Redis, storage) on /ready, with a request id', async () => {
    const res = await t.http().get('/api/v1/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    const ready = await t.http().get('/api/v1/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ok', database: 'up', storage: 'up' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.http().get('/api/v1/health').set('X-Request-Id', 'storefront-1234abcd').expect(200);
    expect(kept.headers['x-request-id']).toBe('storefront-1234abcd');
    const replaced = await t.http().get('/api/v1/health').set('X-Request-Id', 'bad id with spaces').expect(200);
    expect(replaced.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('answers unknown routes with a 404 in the error shape', async () => {
    const res = await t.http().get('/api/v1/no-such-thing').expect(404);
    expect(res.body).toEqual({ message: MSG.common.notFound });
    await t.http().get('/elsewhere').expect(404);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.http().post('/api/v1/auth/login').set('Content-Type', 'application/json').send('{"email": "a@b.c",').expect(400);
    expect(res.body.message).toBe(MSG.common.malformedJson);
  });

  it('serves the OpenAPI document with the spec paths', async () => {
    const res = await t.http().get('/api/v1/docs-json').expect(200);
    const paths = Object.keys(res.body.paths);
    for (const p of ['/api/v1/auth/register', '/api/v1/auth/verify-otp', '/api/v1/auth/resend-otp', '/api/v1/auth/login', '/api/v1/auth/google', '/api/v1/users', '/api/v1/users/{id}', '/api/v1/user', '/api/v1/user/update-profile', '/api/v1/user/update-profile-image', '/api/v1/notifications', '/api/v1/notifications/{id}', '/api/v1/health']) {
      expect(paths).toContain(p);
    }
    await t.http().get('/api/v1/docs').expect(200);
  });

  it('sends security headers and exposes X-Total-Count to the app origins', async () => {
    const res = await t.http().get('/api/v1/health').set('Origin', 'http://localhost:4200').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:4200');
    expect(res.headers['access-control-expose-headers']).toMatch(/X-Total-Count/i);
    const foreign = await t.http().get('/api/v1/health').set('Origin', 'http://evil.example').expect(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves the schema exactly as the entities describe it after the migrations', async () => {
    const pending = await t.db.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    const ran = await t.db.query('SELECT name FROM migrations');
    expect(ran.length).toBe(t.db.migrations.length);
  });

  describe('authorization of every registered route', () => {
    let customer: string;
    let vendor: string;
    let routes: ReturnType<typeof listRoutes>;

    beforeAll(async () => {
      customer = (await signUp(t, { role: 'customer' })).token;
      vendor = (await signUp(t, { role: 'vendor' })).token;
      routes = listRoutes(t.app);
    });

    it('finds the routes with their guards', () => {
      const find = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path);
      expect(find('get', '/api/v1/users')).toMatchObject({ isPublic: false, roles: ['admin'] });
      expect(find('get', '/api/v1/products')).toMatchObject({ isPublic: true });
      expect(find('post', '/api/v1/products')?.roles.sort()).toEqual(['admin', 'vendor']);
      expect(find('get', '/api/v1/categories/:id')).toMatchObject({ isPublic: true });
      expect(find('get', '/api/v1/wishlist')).toMatchObject({ isPublic: false, roles: [] });
      expect(routes.length).toBeGreaterThan(10);
      expect(routes.filter((r) => r.roles.length === 1 && r.roles[0] === 'admin').length).toBeGreaterThanOrEqual(4);
    });

    it('guards every money route as the route table says (a new one must be added here)', () => {
      const MONEY: Record<string, 'public' | 'user' | 'admin'> = {
        'get /api/v1/currencies': 'public',
        'post /api/v1/currencies': 'admin',
        'patch /api/v1/currencies/:id': 'admin',
        'delete /api/v1/currencies/:id': 'admin',
        'get /api/v1/currencies/live-rates': 'admin',
        'get /api/v1/wallet/balance': 'user',
        'get /api/v1/wallet/histories': 'user',
        'post /api/v1/wallet/fund': 'user',
        'get /api/v1/wallet/fund/verify': 'user',
        'get /api/v1/wallets': 'admin',
        'get /api/v1/wallets/:userId': 'admin',
        'get /api/v1/wallets/:userId/histories': 'admin',
        'post /api/v1/wallets/:userId/adjustments': 'admin',
        'post /api/v1/webhooks/paystack': 'public',
        'post /api/v1/payments/test/:reference/complete': 'public',
        'post /api/v1/payments/test/:reference/cancel': 'public',
        'get /api/v1/invoices': 'admin',
        'post /api/v1/invoices': 'admin',
        'get /api/v1/invoices/user': 'user',
        'get /api/v1/invoices/:id': 'user',
        'post /api/v1/invoices/:id/pay': 'user',
        'get /api/v1/invoices/:id/verify': 'user',
        'post /api/v1/invoices/:id/cancel': 'admin',
      };
      const who = (r: (typeof routes)[number]) => (r.isPublic ? 'public' : r.roles.length === 0 ? 'user' : r.roles.join('+'));
      const money = routes.filter((r) => /^\/api\/v1\/(currencies|wallets?|invoices|webhooks|payments)(\/|$)/.test(r.path));
      expect(Object.fromEntries(money.map((r) => [`${r.method} ${r.path}`, who(r)]))).toEqual(MONEY);
    });

    it('admin-only routes answer 403 to customers and vendors and 401 without a token', async () => {
      const adminOnly = routes.filter((r) => !r.isPublic && r.roles.length > 0 && r.roles.every((role) => role === 'admin'));
      for (const route of adminOnly) {
        const path = concretePath(route.path);
        for (const token of [customer, vendor]) {
          const res = await t.http()[route.method](path).set('Authorization', `Bearer ${token}`).send({});
          if (res.status !== 403) throw new Error(`${route.method.toUpperCase()} ${path} answered ${res.status} to a non-admin`);
        }
        const anonymous = await t.http()[route.method](path).send({});
        if (anonymous.status !== 401) throw new Error(`${route.method.toUpperCase()} ${path} answered ${anonymous.status} without a token`);
      }
    });

    it('every non-public route answers 401 without a token', async () => {
      for (const route of routes.filter((r) => !r.isPublic)) {
        const path = concretePath(route.path);
        const res = await t.http()[route.method](path).send({});
        if (res.status !== 401) throw new Error(`${route.method.toUpperCase()} ${path} answered ${res.status} without a token`);
        expect(res.body.message).toBe(MSG.auth.unauthenticated);
      }
    });
  });
});
