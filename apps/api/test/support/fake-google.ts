import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface FakeTokenOptions {
  /** The OAuth client the token is issued to (its `aud` and `azp`). */
  clientId: string;
  /** Lifetime in seconds; negative for a token that has already expired. Default 3600. */
  expiresIn?: number;
  /** ID tokens only: sign with a key the certs endpoint does not publish (same kid), so the signature is wrong. */
  forgeSignature?: boolean;
}

export interface FakeGoogle {
  /** Base URL of every endpoint below (GOOGLE_OAUTH_BASE_URL for the API and the storefront). */
  url: string;
  /** Requests served so far. */
  readonly calls: number;
  /** A signed RS256 ID token for `user`, as Google's token endpoint returns it. */
  idToken(user: FakeGoogleUser, options: FakeTokenOptions): string;
  /** An opaque access token for `user`; token-info answers for it. */
  accessToken(user: FakeGoogleUser, options: FakeTokenOptions): string;
  /** The account the fake consent screen signs in as (null: the user cancels, error=access_denied). */
  signInAs(user: FakeGoogleUser | null): void;
  close(): Promise<void>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  user: FakeGoogleUser;
}

const ISSUER = 'https://accounts.google.com';
const SCOPE = 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile';

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * A local stand-in for Google's OAuth endpoints, for any client id a test asks for:
 * - GET /oauth2/v1/certs (PEM) and /oauth2/v3/certs (JWK): the public half of a key pair generated at start;
 * - POST or GET /tokeninfo: answers for access tokens it issued (aud/azp = their client), 400 otherwise;
 * - GET /o/oauth2/v2/auth: a consent screen that signs in as `signInAs(user)` and redirects with a code
 *   (authorization-code flow only, PKCE S256 required);
 * - POST /token: exchanges that code once, checking client id and secret, redirect_uri and the code_verifier
 *   against the code_challenge, and answers {access_token, id_token, ...}.
 * `clients` maps client ids to their secrets for the token endpoint.
 */
export async function startFakeGoogle(clients: Record<string, string> = {}): Promise<FakeGoogle> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const kid = randomBytes(8).toString('hex');
  const accessTokens = new Map<string, { user: FakeGoogleUser; clientId: string; exp: number }>();
  const codes = new Map<string, PendingCode>();
  const state = { calls: 0, consentUser: null as FakeGoogleUser | null };

  const now = () => Math.floor(Date.now() / 1000);

  function sign(user: FakeGoogleUser, options: FakeTokenOptions): string {
    const iat = now();
    const header = { alg: 'RS256', kid, typ: 'JWT' };
    const payload = {
      iss: ISSUER,
      azp: options.clientId,
      aud: options.clientId,
      sub: user.sub,
      email: user.email,
      email_verified: user.email_verified,
      ...(user.name ? { name: user.name } : {}),
      iat: options.expiresIn !== undefined && options.expiresIn < 0 ? iat + options.expiresIn * 2 : iat,
      exp: iat + (options.expiresIn ?? 3600),
    };
    const signed = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
    const key: KeyObject = options.forgeSignature ? forger : privateKey;
    const signature = createSign('RSA-SHA256').update(signed).end().sign(key);
    return `${signed}.${b64url(signature)}`;
  }

  function issueAccessToken(user: FakeGoogleUser, options: FakeTokenOptions): string {
    const token = `ya29.fake-${randomBytes(16).toString('hex')}`;
    accessTokens.set(token, { user, clientId: options.clientId, exp: now() + (options.expiresIn ?? 3600) });
    return token;
  }

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  function tokenInfo(res: ServerResponse, token: string | null) {
    const found = token ? accessTokens.get(token) : undefined;
    if (!found || found.exp <= now())
      return send(res, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
    // Google answers strings for these numbers and flags.
    send(res, 200, {
      azp: found.clientId,
      aud: found.clientId,
      sub: found.user.sub,
      scope: SCOPE,
      exp: String(found.exp),
      expires_in: String(found.exp - now()),
      email: found.user.email,
      email_verified: String(found.user.email_verified),
      access_type: 'online',
    });
  }

  function authorize(url: URL, res: ServerResponse) {
    const p = url.searchParams;
    const clientId = p.get('client_id') ?? '';
    const redirectUri = p.get('redirect_uri') ?? '';
    if (!(clientId in clients) || !/^https?:\/\//.test(redirectUri))
      return send(res, 400, { error: 'invalid_request', error_description: 'Unknown client or redirect_uri' });
    const back = new URL(redirectUri);
    if (p.get('state') !== null) back.searchParams.set('state', p.get('state') as string);
    if (p.get('response_type') !== 'code' || p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge')) {
      back.searchParams.set('error', 'invalid_request');
    } else if (!state.consentUser) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/fake-${randomBytes(12).toString('hex')}`;
      codes.set(code, { clientId, redirectUri, challenge: p.get('code_challenge') as string, user: state.consentUser });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  async function exchange(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    let clientId = form.get('client_id') ?? '';
    let secret = form.get('client_secret') ?? '';
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (basic) [clientId, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
    if (!(clientId in clients) || clients[clientId] !== secret)
      return send(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    if (form.get('grant_type') !== 'authorization_code') return send(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    codes.delete(code); // single use, even when the rest is wrong
    const verifier = form.get('code_verifier') ?? '';
    if (
      !pending ||
      pending.clientId !== clientId ||
      pending.redirectUri !== form.get('redirect_uri') ||
      b64url(createHash('sha256').update(verifier).digest()) !== pending.challenge
    ) {
      return send(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
    }
    send(res, 200, {
      access_token: issueAccessToken(pending.user, { clientId }),
      expires_in: 3599,
      token_type: 'Bearer',
      scope: SCOPE,
      id_token: sign(pending.user, { clientId }),
    });
  }

  const server: Server = createServer((req, res) => {
    state.calls++;
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      switch (route) {
        case 'GET /oauth2/v1/certs':
          return send(res, 200, { [kid]: publicKey.export({ type: 'spki', format: 'pem' }) });
        case 'GET /oauth2/v3/certs':
          return send(res, 200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
        case 'GET /tokeninfo':
          return tokenInfo(res, url.searchParams.get('access_token'));
        case 'POST /tokeninfo': {
          const form = await readForm(req);
          const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
          return tokenInfo(res, bearer ?? form.get('access_token') ?? url.searchParams.get('access_token'));
        }
        case 'GET /o/oauth2/v2/auth':
          return authorize(url, res);
        case 'POST /token':
          return exchange(req, res);
        default:
          return send(res, 404, { error: 'not_found' });
      }
    };
    handle().catch(() => send(res, 500, { error: 'internal' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get calls() {
      return state.calls;
    },
    idToken: sign,
    accessToken: issueAccessToken,
    signInAs(user) {
      state.consentUser = user;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
