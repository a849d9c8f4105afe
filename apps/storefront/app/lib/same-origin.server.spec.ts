import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { assertSameOrigin, originVerdict, siteOriginsFor } from './same-origin.server';

const SITE = 'http://shop.test';
const sites = [SITE, 'https://jara.ng'];
const verdict = (method: string, origin: string | null, referer: string | null = null) =>
  originVerdict({ method, origin, referer, siteOrigins: sites });

describe('originVerdict', () => {
  it('refuses a write whose Origin names another site', () => {
    expect(verdict('POST', 'http://evil.example')).toBe('refuse');
    expect(verdict('POST', 'http://evil.example', `${SITE}/login`)).toBe('refuse');
    expect(verdict('DELETE', 'https://jara.ng.evil.example')).toBe('refuse');
    expect(verdict('PUT', 'http://shop.test:8080')).toBe('refuse');
    expect(verdict('POST', 'null')).toBe('refuse');
    expect(verdict('post', 'https://evil.example')).toBe('refuse');
  });

  it('without Origin, refuses a write whose Referer names another site', () => {
    expect(verdict('POST', null, 'http://evil.example/page')).toBe('refuse');
    expect(verdict('POST', null, 'not a url')).toBe('refuse');
  });

  it('lets same-site writes through, by Origin or Referer, including a configured public origin', () => {
    expect(verdict('POST', SITE)).toBe('allow');
    expect(verdict('POST', 'https://jara.ng')).toBe('allow');
    expect(verdict('POST', null, `${SITE}/login?redirectTo=%2Fdashboard`)).toBe('allow');
    expect(verdict('POST', null, null)).toBe('allow');
  });

  it('never blocks reads', () => {
    expect(verdict('GET', 'http://evil.example')).toBe('allow');
    expect(verdict('HEAD', null, 'http://evil.example/')).toBe('allow');
  });
});

describe('siteOriginsFor', () => {
  it('is the request URL origin plus the configured ones', () => {
    const request = new Request('http://10.0.0.5:3000/login', { method: 'POST' });
    expect(siteOriginsFor(request, ['https://jara.ng'])).toEqual(['http://10.0.0.5:3000', 'https://jara.ng']);
  });

  it('reads STOREFRONT_URL and PUBLIC_URL by default (a proxy in front)', () => {
    const saved = { STOREFRONT_URL: process.env.STOREFRONT_URL, PUBLIC_URL: process.env.PUBLIC_URL };
    process.env.STOREFRONT_URL = 'https://jara.ng';
    process.env.PUBLIC_URL = 'https://www.jara.ng';
    try {
      const request = new Request('http://127.0.0.1:3000/login', {
        method: 'POST',
        headers: { Origin: 'https://www.jara.ng' },
      });
      expect(siteOriginsFor(request)).toEqual(['http://127.0.0.1:3000', 'https://jara.ng', 'https://www.jara.ng']);
      expect(() => assertSameOrigin(request)).not.toThrow();
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});

async function thrownOrReturned(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    return error;
  }
}

function post(path: string, headers: Record<string, string>, body = 'email=a%40b.c&password=x&intent=login'): Request {
  return new Request(`${SITE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}

describe('every storefront action', () => {
  const routesDir = join(__dirname, '..', 'routes');
  let savedApi: string | undefined;
  let savedSecret: string | undefined;
  beforeAll(() => {
    savedApi = process.env.JARA_API_URL;
    savedSecret = process.env.SESSION_SECRET;
    process.env.SESSION_SECRET = 'unit-test-session-secret-0123456789abcdef';
    // Nothing listens here: an action that reached the API before the check would fail differently.
    process.env.JARA_API_URL = 'http://127.0.0.1:9/api/v1';
  });
  afterAll(() => {
    if (savedApi === undefined) delete process.env.JARA_API_URL;
    else process.env.JARA_API_URL = savedApi;
    if (savedSecret === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = savedSecret;
  });

  const files = readdirSync(routesDir).filter((f) => /\.tsx?$/.test(f));

  it('refuses a cross-site POST with 403 before anything runs, in every route module that has an action', async () => {
    const guarded: string[] = [];
    const unguarded: string[] = [];
    for (const file of files) {
      const route = (await import(join(routesDir, file))) as { action?: (args: unknown) => unknown };
      if (typeof route.action !== 'function') continue;
      const action = route.action;
      const byOrigin = await thrownOrReturned(() =>
        action({ request: post('/x', { Origin: 'http://evil.example' }), params: { id: '1' }, context: {} }),
      );
      const byReferer = await thrownOrReturned(() =>
        action({ request: post('/x', { Referer: 'http://evil.example/form' }), params: { id: '1' }, context: {} }),
      );
      const statuses = [byOrigin, byReferer].map((r) => (r instanceof Response ? r.status : String(r)));
      if (statuses.every((s) => s === 403)) guarded.push(file);
      else unguarded.push(`${file}: ${statuses.join(', ')}`);
    }
    expect(unguarded).toEqual([]);
    expect(guarded).toEqual(
      expect.arrayContaining([
        '_account.notifications.tsx',
        '_account.products.tsx',
        '_account.settings.tsx',
        '_public.contact.tsx',
        '_public.login.tsx',
        '_public.product.$id.tsx',
        '_public.sign_up.tsx',
        '_public.verify_otp.tsx',
        'logout.tsx',
        'resources.newsletter.tsx',
      ]),
    );
  });

  it('lets a same-site login POST through to the action (validation answers, not the guard)', async () => {
    const login = (await import(join(routesDir, '_public.login.tsx'))) as {
      action: (args: unknown) => Promise<Response>;
    };
    const result = (await thrownOrReturned(() =>
      login.action({
        request: post('/login', { Origin: SITE }, 'intent=login&email=&password='),
        params: {},
        context: {},
      }),
    )) as Response;
    expect(result.status).toBe(422); // LoginDto's answer, as the API's
    const logout = (await import(join(routesDir, 'logout.tsx'))) as { action: (args: unknown) => Promise<Response> };
    const out = (await thrownOrReturned(() =>
      logout.action({ request: post('/logout', { Referer: `${SITE}/dashboard` }), params: {}, context: {} }),
    )) as Response;
    expect(out.status).toBe(302);
    expect(out.headers.get('Location')).toBe('/login');
  });
});
