import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { api } from '~/lib/api.server';
import { destroySession, getSession } from '~/lib/session.server';
import { assertSameOrigin } from '~/lib/same-origin.server';

/**
 * Logout is a POST: the API first ends the token (and every other token of the user) on the server, then the
 * session cookie is cleared and the browser goes to /login. The cookie goes even when the API cannot be reached.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await getSession(request);
  const token = session.get('token');
  if (token) await api('/auth/logout', { method: 'POST', token });
  return redirect('/login', { headers: { 'Set-Cookie': await destroySession(request, session) } });
}

export async function loader() {
  return redirect('/dashboard');
}
