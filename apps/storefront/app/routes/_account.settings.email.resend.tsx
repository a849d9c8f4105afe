import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { MSG, type MessageResponse } from '@jara/contracts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { text } from '~/lib/form';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from '~/lib/session.server';

/** 'Send a new code' of an e-mail change: POST /user/change-email again; the answer comes back as a flash toast. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request);
  const email = text((await request.formData()).get('email')).trim();
  const result = await api<MessageResponse>('/user/change-email', { token: auth.token, json: { email } });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  flashToast(
    auth.session,
    result.ok
      ? { kind: 'success', message: result.data?.message || MSG.auth.resendSent }
      : { kind: 'error', message: fieldErrors(result.error, ['email']).email ?? serverMessage(result.error) ?? MSG.auth.resendFailed },
  );
  return redirect('/settings/account', { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
}

export const loader = () => redirect('/settings/account');
