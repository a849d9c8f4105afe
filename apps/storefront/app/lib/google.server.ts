import { json, redirect } from '@remix-run/node';
import { MSG } from '@jara/contracts';
import { toast } from './toast';
import { env } from './env.server';
import { commitSession, getSession } from './session.server';

export const GOOGLE_CALLBACK_PATH = '/auth/google-callback';

/**
 * 'Continue with' Google: with GOOGLE_CLIENT_ID, send the browser to Google's OAuth implicit flow
 * (response_type=token); the callback page posts the access_token to /auth/google on the API.
 * Without a client id there is no token to get.
 */
export async function startGoogleLogin(request: Request) {
  const clientId = env.googleClientId;
  if (!clientId) {
    return json({ errors: {}, toast: toast('error', MSG.auth.googleNoToken) }, { status: 400 });
  }
  const session = await getSession(request);
  const state = crypto.randomUUID();
  session.set('googleState', state);
  const origin = new URL(request.url).origin;
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${origin}${GOOGLE_CALLBACK_PATH}`,
    response_type: 'token',
    scope: 'openid email profile',
    include_granted_scopes: 'true',
    state,
  });
  throw redirect(`https://accounts.google.com/o/oauth2/v2/auth?${params}`, {
    headers: { 'Set-Cookie': await commitSession(request, session) },
  });
}
