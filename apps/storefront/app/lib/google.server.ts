import { createHash, randomBytes } from 'node:crypto';
import { json, redirect } from '@remix-run/node';
import { MSG, type LoginResponse } from '@jara/contracts';
import { GoogleLoginDto } from '@jara/dto';
import { api, serverMessage } from './api.server';
import { env, type GoogleSettings } from './env.server';
import { commitSession, flashToast, getSession, signIn } from './session.server';
import { toast } from './toast';
import { validateForm } from './validate.server';

export const GOOGLE_CALLBACK_PATH = '/auth/google-callback';
const EXCHANGE_TIMEOUT_MS = 10_000;

/** PKCE (RFC 7636, S256): a random verifier kept on the server side of the flow, and the challenge Google sees. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * The body of POST /auth/google checked by the API's GoogleLoginDto: with no ID token (Google sent no code, refused
 * the exchange, or is not configured) it is refused with the DTO's own "no token" message, and nothing is sent.
 */
function googleBody(idToken: string | null): { ok: true; body: GoogleLoginDto } | { ok: false; message: string } {
  const check = validateForm(GoogleLoginDto, { id_token: idToken ?? undefined });
  if (check.ok) return { ok: true, body: check.value };
  return { ok: false, message: Object.values(check.errors).find(Boolean) ?? MSG.auth.googleFailed };
}

function callbackUrl(request: Request): string {
  return `${new URL(request.url).origin}${GOOGLE_CALLBACK_PATH}`;
}

/**
 * 'Continue with' Google: the authorization-code flow with PKCE. A fresh `state` and code verifier go into the
 * cookie session; the browser goes to Google's consent screen with the state and the verifier's S256 challenge.
 * Without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET there is no token to get.
 */
export async function startGoogleLogin(request: Request) {
  const google = env.google;
  if (!google) {
    const none = googleBody(null);
    return json({ errors: {}, toast: toast('error', none.ok ? MSG.auth.googleFailed : none.message) }, { status: 400 });
  }
  const session = await getSession(request);
  const state = randomBytes(24).toString('base64url');
  const { verifier, challenge } = pkcePair();
  session.set('googleState', state);
  session.set('googleVerifier', verifier);
  const params = new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: callbackUrl(request),
    response_type: 'code',
    scope: 'openid email profile',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
  });
  throw redirect(`${google.authUrl}?${params}`, { headers: { 'Set-Cookie': await commitSession(request, session) } });
}

/**
 * Google's redirect back (?code&state, or ?error when the user cancels). The state must be the one this browser's
 * session started with (no login CSRF, no code injection); it is used once. The code is exchanged on the server
 * with the session's verifier and the client secret, and the ID token goes to the API, which checks that it was
 * issued to our client. Always a redirect: /dashboard signed in, or /login with the spec's message as a toast.
 */
export async function finishGoogleLogin(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const session = await getSession(request);
  const expected = session.get('googleState');
  const verifier = session.get('googleVerifier');
  session.unset('googleState');
  session.unset('googleVerifier');
  const fail = async (message: string) => {
    flashToast(session, { kind: 'error', message });
    return redirect('/login', { headers: { 'Set-Cookie': await commitSession(request, session) } });
  };

  const google = env.google;
  if (!google || !expected || !verifier || url.searchParams.get('state') !== expected)
    return fail(MSG.auth.googleFailed);
  const code = url.searchParams.get('code');
  try {
    const checked = googleBody(code ? await exchangeCode(google, code, verifier, callbackUrl(request)) : null);
    if (!checked.ok) return fail(checked.message);
    const result = await api<LoginResponse>('/auth/google', { json: checked.body });
    if (!result.ok || !result.data?.token) return fail(serverMessage(result.error) || MSG.auth.googleFailed);
    signIn(session, result.data.token, result.data.user);
    flashToast(session, { kind: 'success', message: result.data.message || MSG.auth.googleSuccess });
    const maxAge = Number(result.data.expires_in) > 0 ? Number(result.data.expires_in) : undefined;
    return redirect('/dashboard', { headers: { 'Set-Cookie': await commitSession(request, session, maxAge) } });
  } catch {
    return fail(MSG.auth.googleFailedException);
  }
}

/** The code exchange at the token endpoint: the ID token, or null when Google refuses the code or sends none. */
async function exchangeCode(
  google: GoogleSettings,
  code: string,
  verifier: string,
  redirectUri: string,
): Promise<string | null> {
  const response = await fetch(google.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: google.clientId,
      client_secret: google.clientSecret,
      redirect_uri: redirectUri,
    }),
    signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
  });
  if (!response.ok) return null;
  const body = (await response.json().catch(() => null)) as { id_token?: unknown } | null;
  return typeof body?.id_token === 'string' && body.id_token ? body.id_token : null;
}
