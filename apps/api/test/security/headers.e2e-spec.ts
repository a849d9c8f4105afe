import type { Response } from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 14, item 7 (API side): security headers from helmet on every answer (JSON, errors, the OpenAPI page), HSTS in
 * production only, and CORS only for the configured origins, preflights included. See docs/decisions/018.
 */

const SHOP = 'https://shop.example.ng';
const BACK_OFFICE = 'https://admin.example.ng';
const EVIL = 'https://evil.example.com';

function directives(res: Response): Map<string, string> {
  const policy = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

/** What every API answer carries. */
function expectHardened(res: Response): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(directives(res).get('frame-ancestors')).toBe("'none'");
}

describe('API security headers and CORS (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CORS_ORIGINS: `${SHOP},${BACK_OFFICE}` });
  });
  afterAll(() => t.close());

  it('hardens JSON answers: nosniff, no framing, no referrer, no X-Powered-By, a CSP that loads nothing', async () => {
    const ok = await t.http().get('/api/v1/health').expect(200);
    expectHardened(ok);
    const csp = directives(ok);
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'none'");
    expect(csp.get('form-action')).toBe("'none'");
    // Not production: no HSTS (it would pin localhost to https in a browser that honoured it).
    expect(ok.headers['strict-transport-security']).toBeUndefined();
    // Errors too: an unknown route, a refused token, a validation failure.
    expectHardened(await t.http().get('/api/v1/no-such-route').expect(404));
    expectHardened(await t.http().get('/api/v1/user').expect(401));
    expectHardened(await t.http().post('/api/v1/newsletter').send({ email: 'not-an-email' }).expect(422));
  });

  it('gives the OpenAPI page a policy that runs only its own script files, and the page has no inline script', async () => {
    const page = await t.http().get('/api/v1/docs/').redirects(1);
    expect(page.status).toBe(200);
    expectHardened(page);
    const csp = directives(page);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    const scripts = [...page.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
  });

  it('answers CORS only to the configured origins', async () => {
    const allowed = await t.http().get('/api/v1/health').set('Origin', SHOP).expect(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(SHOP);
    expect(allowed.headers['access-control-expose-headers']).toMatch(/X-Total-Count/);
    expect(allowed.headers.vary).toMatch(/Origin/);
    const second = await t.http().get('/api/v1/health').set('Origin', BACK_OFFICE).expect(200);
    expect(second.headers['access-control-allow-origin']).toBe(BACK_OFFICE);

    const foreign = await t.http().get('/api/v1/health').set('Origin', EVIL).expect(200);
    expect(Object.keys(foreign.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    // A look-alike of an allowed origin is foreign too.
    const lookAlike = await t.http().get('/api/v1/health').set('Origin', `${SHOP}.evil.example.com`).expect(200);
    expect(lookAlike.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers preflights only for the configured origins', async () => {
    const preflight = (origin: string) =>
      t
        .http()
        .options('/api/v1/products')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type');
    const allowed = await preflight(SHOP);
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(SHOP);
    expect(allowed.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(allowed.headers['access-control-allow-headers']).toMatch(/authorization/i);

    const foreign = await preflight(EVIL);
    expect(Object.keys(foreign.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

describe('API security headers in production (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production', CORS_ORIGINS: SHOP, STOREFRONT_URL: SHOP });
  });
  afterAll(() => t.close());

  it('adds HSTS (a year, subdomains) on top of the other headers', async () => {
    const res = await t.http().get('/api/v1/health').expect(200);
    expectHardened(res);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
