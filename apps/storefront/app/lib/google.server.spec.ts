import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG } from '@jara/contracts';
import { finishGoogleLogin, startGoogleLogin } from './google.server';
import { getSession } from './session.server';

/**
 * The storefront half of Google sign-in (authorization-code flow with PKCE), against one local server that plays
 * Google's token endpoint and the Jara API's POST /auth/google.
 */
describe('Google sign-in (storefront)', () => {
  const SHOP = 'http://shop.test';
  const CLIENT_ID = 'jara-test.apps.googleusercontent.com';
  const SECRET = 'jara-test-secret';
  let server: Server;
  let base = '';
  /** Codes "Google" issued: code -> the PKCE challenge it was issued for. */
  const codes = new Map<string, string>();
  let exchanges: URLSearchParams[] = [];
  let apiBodies: Array<Record<string, unknown>> = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.method === 'POST' && req.url === '/token') {
          const form = new URLSearchParams(raw);
          exchanges.push(form);
          const challenge = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verified =
            challenge &&
            createHash('sha256')
              .update(form.get('code_verifier') ?? '')
              .digest('base64url') === challenge;
          const client = form.get('client_id') === CLIENT_ID && form.get('client_secret') === SECRET;
          if (!client) return send(401, { error: 'invalid_client' });
          if (!verified || form.get('redirect_uri') !== `${SHOP}/auth/google-callback`)
            return send(400, { error: 'invalid_grant' });
          return send(200, {
            access_token: 'ya29.x',
            id_token: `id-token-${form.get('code')}`,
            expires_in: 3599,
            token_type: 'Bearer',
          });
        }
        if (req.method === 'POST' && req.url === '/api/v1/auth/google') {
          const body = JSON.parse(raw) as Record<string, unknown>;
          apiBodies.push(body);
          if (body.id_token === 'id-token-good') {
            return send(200, {
              message: MSG.auth.googleSuccess,
              token: 'jara-api-token',
              user: { id: 7, name: 'Ngozi Okafor', role: 'customer' },
              expires_in: 3600,
            });
          }
          return send(401, { message: MSG.auth.googleFailed });
        }
        send(404, {});
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    process.env = saved;
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    Object.assign(process.env, {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: SECRET,
      GOOGLE_OAUTH_BASE_URL: base,
      JARA_API_URL: `${base}/api/v1`,
    });
    exchanges = [];
    apiBodies = [];
  });

  const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];

  /** Clicks 'Continue with': the redirect to the consent screen and the session cookie it sets. */
  async function start(): Promise<{ consent: URL; cookie: string }> {
    try {
      await startGoogleLogin(new Request(`${SHOP}/login`, { method: 'POST' }));
    } catch (thrown) {
      const response = thrown as Response;
      expect(response.status).toBe(302);
      return { consent: new URL(response.headers.get('Location') as string), cookie: cookieOf(response) };
    }
    throw new Error('startGoogleLogin did not redirect');
  }

  async function callback(query: string, cookie: string) {
    const response = await finishGoogleLogin(
      new Request(`${SHOP}/auth/google-callback?${query}`, { headers: { Cookie: cookie } }),
    );
    const session = await getSession(new Request(SHOP, { headers: { Cookie: cookieOf(response) } }));
    return { response, location: response.headers.get('Location'), session, toast: session.get('toast') };
  }

  it('sends the browser to Google with response_type=code, an S256 challenge and a state kept in the session', async () => {
    const { consent, cookie } = await start();
    expect(`${consent.origin}${consent.pathname}`).toBe(`${base}/o/oauth2/v2/auth`);
    const p = consent.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(CLIENT_ID);
    expect(p.get('redirect_uri')).toBe(`${SHOP}/auth/google-callback`);
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('state')).toMatch(/^[\w-]{32}$/);
    const session = await getSession(new Request(SHOP, { headers: { Cookie: cookie } }));
    expect(session.get('googleState')).toBe(p.get('state'));
    // The verifier stays on the server side of the flow; only its hash went to Google.
    const verifier = session.get('googleVerifier') as string;
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(p.get('code_challenge'));
  });

  it('checks the state, exchanges the code with the verifier, sends the ID token to the API and signs in', async () => {
    const { consent, cookie } = await start();
    codes.set('good', consent.searchParams.get('code_challenge') as string);
    const { location, session, toast } = await callback(`code=good&state=${consent.searchParams.get('state')}`, cookie);
    expect(location).toBe('/dashboard');
    expect(toast).toMatchObject({ kind: 'success', message: MSG.auth.googleSuccess });
    expect(session.get('token')).toBe('jara-api-token');
    expect(session.get('googleState')).toBeUndefined();
    expect(session.get('googleVerifier')).toBeUndefined();
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0].get('grant_type')).toBe('authorization_code');
    expect(apiBodies).toEqual([{ id_token: 'id-token-good' }]);
  });

  it('refuses a wrong or missing state before any exchange (login CSRF): Google login failed', async () => {
    const { consent, cookie } = await start();
    codes.set('good', consent.searchParams.get('code_challenge') as string);
    for (const [query, jar] of [
      ['code=good&state=forged', cookie],
      ['code=good', cookie],
      [`code=good&state=${consent.searchParams.get('state')}`, ''], // another browser: no state in its session
    ]) {
      const { location, toast, session } = await callback(query, jar);
      expect(location).toBe('/login');
      expect(toast).toMatchObject({ kind: 'error', message: MSG.auth.googleFailed });
      expect(session.get('token')).toBeUndefined();
    }
    expect(exchanges).toHaveLength(0);
    expect(apiBodies).toHaveLength(0);
  });

  it('uses a state once: a replayed callback fails', async () => {
    const { consent, cookie } = await start();
    const state = consent.searchParams.get('state');
    const first = await callback(`error=access_denied&state=${state}`, cookie);
    expect(first.toast).toMatchObject({ message: MSG.auth.googleNoToken });
    const again = await callback(`code=good&state=${state}`, cookieOf(first.response));
    expect(again.toast).toMatchObject({ message: MSG.auth.googleFailed });
  });

  it('answers the spec messages: no token when Google sends no code or refuses it, the server message when the API refuses', async () => {
    const cancelled = await start();
    const denied = await callback(
      `error=access_denied&state=${cancelled.consent.searchParams.get('state')}`,
      cancelled.cookie,
    );
    expect(denied.toast).toMatchObject({ kind: 'error', message: MSG.auth.googleNoToken });

    // A code issued for another challenge: the verifier does not match, Google refuses the exchange.
    const stolen = await start();
    codes.set('stolen', 'challenge-of-another-browser');
    const refused = await callback(`code=stolen&state=${stolen.consent.searchParams.get('state')}`, stolen.cookie);
    expect(refused.toast).toMatchObject({ kind: 'error', message: MSG.auth.googleNoToken });
    expect(apiBodies).toHaveLength(0);

    const other = await start();
    codes.set('other-user', other.consent.searchParams.get('code_challenge') as string);
    const byApi = await callback(`code=other-user&state=${other.consent.searchParams.get('state')}`, other.cookie);
    expect(byApi.toast).toMatchObject({ kind: 'error', message: MSG.auth.googleFailed });
    expect(byApi.session.get('token')).toBeUndefined();
  });

  it("answers 'Google login failed.' when Google cannot be reached", async () => {
    const { consent, cookie } = await start();
    process.env.GOOGLE_OAUTH_BASE_URL = 'http://127.0.0.1:9';
    const { location, toast } = await callback(`code=good&state=${consent.searchParams.get('state')}`, cookie);
    expect(location).toBe('/login');
    expect(toast).toMatchObject({ kind: 'error', message: MSG.auth.googleFailedException });
  });

  it('has no token to get without a client id and secret', async () => {
    delete process.env.GOOGLE_CLIENT_SECRET;
    const response = await startGoogleLogin(new Request(`${SHOP}/login`, { method: 'POST' }));
    expect(response.status).toBe(400);
    expect((await response.json()).toast).toMatchObject({ kind: 'error', message: MSG.auth.googleNoToken });
  });
});
