import { MSG, ROLES, type Role } from '@jara/contracts';
import { startFakeExchangeRates, type FakeExchangeRates } from '../support/fake-exchange-rates';
import { startFakeGoogle, type FakeGoogle } from '../support/fake-google';
import { concretePath, listRoutes, type RouteInfo } from '../support/routes';
import { startTestApp, uniqueEmail, type TestApp } from '../support/test-app';
import { ROUTE_TABLE, type Call, type RouteRule } from './route-table';
import { buildWorld, unique, type World } from './world';

const CLIENT_ID = 'jara-authz.apps.googleusercontent.com';
type Method = RouteInfo['method'];

/** "GET /api/v1/users/:id" -> method and path. */
function parseKey(key: string): { method: Method; path: string } {
  const [method, path] = key.split(' ');
  return { method: method.toLowerCase() as Method, path };
}

function send(t: TestApp, method: Method, call: Call, token?: string) {
  let req = t.http()[method](call.path);
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(call.headers ?? {})) req = req.set(name, value);
  if (call.fields || call.files) {
    for (const [name, value] of Object.entries(call.fields ?? {})) req = req.field(name, value);
    for (const [name, file] of Object.entries(call.files ?? {}))
      req = req.attach(name, file.buffer, { filename: file.name, contentType: file.type });
  } else if (call.body) req = req.send(call.body);
  return req;
}

/** What went wrong, naming the route, the caller and the answer. */
function explain(key: string, who: string, status: number, expected: number | number[], body: unknown): string {
  return `${key} as ${who}: expected ${JSON.stringify(expected)}, got ${status} ${JSON.stringify(body).slice(0, 300)}`;
}

const allowedRoles = (rule: RouteRule): readonly Role[] => (rule.who === 'public' ? [] : rule.who);

describe('Authorization matrix: every registered route against the route table (e2e)', () => {
  let t: TestApp;
  let google: FakeGoogle;
  let rates: FakeExchangeRates;
  let w: World;
  let routes: RouteInfo[];
  const registered = (key: string) => routes.some((r) => `${r.method.toUpperCase()} ${r.path}` === key);

  beforeAll(async () => {
    google = await startFakeGoogle({ [CLIENT_ID]: 'authz-secret' });
    rates = await startFakeExchangeRates();
    t = await startTestApp({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_OAUTH_BASE_URL: google.url,
      EXCHANGE_RATE_API_KEY: rates.key,
      EXCHANGE_RATE_BASE_URL: rates.url,
      GUEST_DELIVERY_LIMIT: '1000',
      SUPPORT_RATE_LIMIT: '1000',
    });
    const idToken = () =>
      google.idToken(
        { sub: unique('g-'), email: uniqueEmail('google'), email_verified: true, name: 'Google User' },
        { clientId: CLIENT_ID },
      );
    w = await buildWorld(t, { idToken });
    routes = listRoutes(t.app);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await google?.close();
    await rates?.close();
  });

  it('has an entry in the route table for every registered route', () => {
    const missing = routes.map((r) => `${r.method.toUpperCase()} ${r.path}`).filter((key) => !(key in ROUTE_TABLE));
    if (missing.length)
      throw new Error(`Routes without an entry in test/security/route-table.ts:\n  ${missing.join('\n  ')}`);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('has a registered route for every entry of the route table', () => {
    const stale = Object.keys(ROUTE_TABLE).filter((key) => !registered(key));
    if (stale.length) throw new Error(`Route table entries without a registered route:\n  ${stale.join('\n  ')}`);
  });

  it("agrees with the routes' own @Public and @Roles declarations", () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      const rule = ROUTE_TABLE[key];
      if (!rule) continue;
      if (route.isPublic !== (rule.who === 'public'))
        wrong.push(`${key}: @Public is ${route.isPublic}, the table says ${JSON.stringify(rule.who)}`);
      // A role the guard refuses cannot be allowed by the table (the service may narrow a route further, never widen it).
      const beyond = allowedRoles(rule).filter((role) => route.roles.length > 0 && !route.roles.includes(role));
      if (beyond.length)
        wrong.push(`${key}: @Roles(${route.roles.join(', ')}) refuses ${beyond.join(', ')}, which the table allows`);
      if (route.roles.length > 0 && rule.who !== 'public' && route.roles.some((role) => !rule.who.includes(role)))
        wrong.push(`${key}: @Roles(${route.roles.join(', ')}) allows more than the table's ${rule.who.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it("declares another user's attempt for every signed-in route on a record id", () => {
    const undeclared = Object.entries(ROUTE_TABLE)
      .filter(
        ([key, rule]) =>
          rule.who !== 'public' && rule.who.some((r) => r !== 'admin') && /\/:\w*(id|Id|reference)\b/.test(key),
      )
      .filter(([key, rule]) => !rule.intrusions && !/^POST \/api\/v1\/wishlist\/:productId$/.test(key))
      .map(([key]) => key);
    // POST /wishlist/{productId} names a product anyone may add to their own list: there is no other user's record.
    expect(undeclared).toEqual([]);
  });

  describe.each(Object.entries(ROUTE_TABLE))('%s', (key, rule) => {
    const { method, path } = parseKey(key);

    it(
      rule.who === 'public'
        ? 'answers without a token'
        : `answers 401 without a token, ${rule.refusal ?? 403} to other roles, ${rule.status} to ${rule.who.join(', ')}`,
      async () => {
        if (!registered(key)) return; // reported by the stale-entry test above
        if (rule.who === 'public') {
          const call = rule.call ? await rule.call(w, 'anonymous') : { path };
          const res = await send(t, method, call);
          const expected = rule.instead?.status ?? rule.status;
          if (res.status !== expected) throw new Error(explain(key, 'anonymous', res.status, expected, res.body));
          // Whatever it answers, the token guard is not what answered.
          expect(res.body?.message).not.toBe(MSG.auth.unauthenticated);
          return;
        }

        const anonymous = await send(t, method, { path: concretePath(path), body: {} });
        if (anonymous.status !== 401) throw new Error(explain(key, 'anonymous', anonymous.status, 401, anonymous.body));
        expect(anonymous.body.message).toBe(MSG.auth.unauthenticated);

        const denied = ROLES.filter((role) => !rule.who.includes(role));
        if (denied.length) {
          const call = rule.call ? await rule.call(w, rule.who[0]) : { path };
          for (const role of denied) {
            const res = await send(t, method, call, w.as(role).token);
            // A rider is refused by the role guard before any record is looked at (issue 26): always 403.
            const expected = role === 'rider' ? 403 : (rule.refusal ?? 403);
            if (res.status !== expected) throw new Error(explain(key, role, res.status, expected, res.body));
          }
        }

        for (const role of rule.who) {
          const call = rule.call ? await rule.call(w, role) : { path };
          const res = await send(t, method, call, (call.as ?? w.as(role)).token);
          if (res.status !== rule.status) throw new Error(explain(key, role, res.status, rule.status, res.body));
        }
      },
    );

    if (rule.intrusions) {
      it("refuses another user's record (403 or 404) and leaves it unchanged", async () => {
        if (!registered(key)) return;
        const intrusions = await (rule.intrusions as NonNullable<RouteRule['intrusions']>)(w);
        expect(intrusions.length).toBeGreaterThan(0);
        for (const intrusion of intrusions) {
          const read = () => Promise.all(intrusion.watch.map(([sql, params]) => t.db.query(sql, params)));
          const before = await read();
          if (before.length && before[0].length === 0)
            throw new Error(`${key} (${intrusion.label}): the watched record does not exist`);
          const res = await send(t, method, intrusion.call, intrusion.as.token);
          const answers = intrusion.answers ?? [403, 404];
          if (!answers.includes(res.status))
            throw new Error(
              explain(key, `${intrusion.as.user.role} (${intrusion.label})`, res.status, answers, res.body),
            );
          expect({ [intrusion.label]: await read() }).toEqual({ [intrusion.label]: before });
        }
      });
    }
  });
});
