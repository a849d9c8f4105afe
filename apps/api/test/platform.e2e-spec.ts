import { MSG } from '@jara/contracts';
import { startTestApp, type TestApp } from './support/test-app';

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
    const res = await t
      .http()
      .post('/api/v1/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.c",')
      .expect(400);
    expect(res.body.message).toBe(MSG.common.malformedJson);
  });

  it('serves the OpenAPI document with the spec paths', async () => {
    const res = await t.http().get('/api/v1/docs-json').expect(200);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/v1/auth/register',
      '/api/v1/auth/verify-otp',
      '/api/v1/auth/resend-otp',
      '/api/v1/auth/login',
      '/api/v1/auth/google',
      '/api/v1/users',
      '/api/v1/users/{id}',
      '/api/v1/user',
      '/api/v1/user/update-profile',
      '/api/v1/user/update-profile-image',
      '/api/v1/notifications',
      '/api/v1/notifications/{id}',
      '/api/v1/health',
    ]) {
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
});
