import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { destroySession, getSession } from '~/lib/session.server';

/** Logout is a POST: it clears the session cookie and goes to /login. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  return redirect('/login', { headers: { 'Set-Cookie': await destroySession(request, session) } });
}

export async function loader() {
  return redirect('/dashboard');
}
