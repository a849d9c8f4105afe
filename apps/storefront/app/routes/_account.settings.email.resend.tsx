import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { MSG, type MessageResponse } from '@jara/contracts';
import { ChangeEmailDto } from '@jara/dto';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { validateForm } from '~/lib/validate.server';

/**
 * 'Send a new code' of an e-mail change: the pending address, checked by the API's ChangeEmailDto, to POST
 * /user/change-email again; the answer comes back to Account Settings as a flash toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request);
  const check = validateForm(ChangeEmailDto, await request.formData());
  if (!check.ok) {
    flashToast(auth.session, { kind: 'error', message: check.errors.email ?? MSG.auth.resendFailed });
  } else {
    const result = await api<MessageResponse>('/user/change-email', {
      token: auth.token,
      json: { email: check.value.email },
    });
    if (result.status === 401) return signOutAndRedirect(request, auth.session);
    flashToast(
      auth.session,
      result.ok
        ? { kind: 'success', message: result.data?.message || MSG.auth.resendSent }
        : {
            kind: 'error',
            message: fieldErrors(result.error, ['email']).email ?? serverMessage(result.error) ?? MSG.auth.resendFailed,
          },
    );
  }
  return redirect('/settings/account', { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
}

export const loader = () => redirect('/settings/account');
