import { redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { MSG, type LoginResponse } from '@jara/contracts';
import { AuthLayout } from '~/components/auth-layout';
import { api, serverMessage } from '~/lib/api.server';
import { text } from '~/lib/form';
import { commitSession, flashToast, getSession, signIn } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Signing in with Google | Jara' }];

/** Receives the access_token read from Google's redirect fragment and trades it for a Jara session. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const accessToken = text(form.get('access_token'));
  const state = text(form.get('state'));
  const session = await getSession(request);
  const fail = async (message: string) => {
    session.unset('googleState');
    flashToast(session, { kind: 'error', message });
    return redirect('/login', { headers: { 'Set-Cookie': await commitSession(request, session) } });
  };
  if (!accessToken) return fail(MSG.auth.googleNoToken);
  const expected = session.get('googleState');
  if (!expected || expected !== state) return fail(MSG.auth.googleFailed);
  try {
    const result = await api<LoginResponse>('/auth/google', { json: { access_token: accessToken } });
    if (!result.ok || !result.data?.token) return fail(serverMessage(result.error) || MSG.auth.googleFailed);
    signIn(session, result.data.token, result.data.user);
    flashToast(session, { kind: 'success', message: result.data.message || MSG.auth.googleSuccess });
    const maxAge = Number(result.data.expires_in) > 0 ? Number(result.data.expires_in) : undefined;
    return redirect('/dashboard', { headers: { 'Set-Cookie': await commitSession(request, session, maxAge) } });
  } catch {
    return fail(MSG.auth.googleFailedException);
  }
}

export default function GoogleCallback() {
  const fetcher = useFetcher();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    const accessToken = params.get('access_token');
    // Drop the token from the address bar before doing anything else.
    window.history.replaceState(null, '', window.location.pathname);
    if (!accessToken) {
      setMissing(true);
      return;
    }
    fetcher.submit({ access_token: accessToken, state: params.get('state') ?? '' }, { method: 'post' });
    // fetcher is stable for this purpose; run once on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <AuthLayout>
      <h1>Google sign-in</h1>
      {missing ? (
        <>
          <p className="form-error" role="alert">
            {MSG.auth.googleNoToken}
          </p>
          <Link className="btn btn-primary" to="/login">
            Back to Login
          </Link>
        </>
      ) : (
        <p>{MSG.auth.connecting}</p>
      )}
    </AuthLayout>
  );
}
