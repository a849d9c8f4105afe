import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { MSG, type ConfirmEmailResponse } from '@jara/contracts';
import { ConfirmEmailDto } from '@jara/dto';
import { ConfirmEmail, useSettingsUser } from '~/components/settings';
import { useActionToast } from '~/components/toasts';
import { loadCurrentUser } from '~/lib/account.server';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import type { Errors } from '~/lib/form';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { validateForm } from '~/lib/validate.server';

/** The code form on its own (after a refused code): with no e-mail change waiting, Account Settings instead. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await loadCurrentUser(request);
  if (!user.pending_email) throw redirect('/settings/account');
  return null;
}

interface ConfirmActionData {
  errors: Errors;
  toast?: ToastMessage;
}

/**
 * The second step of an e-mail change: the code, checked by the API's ConfirmEmailDto, to POST /user/confirm-email. The change ends every earlier session
 * of the user, so this one carries on with the fresh token; then back to Account Settings with a flash toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request);
  const check = validateForm(ConfirmEmailDto, await request.formData());
  if (!check.ok) return json<ConfirmActionData>({ errors: check.errors }, { status: 422 });
  const result = await api<ConfirmEmailResponse>('/user/confirm-email', {
    token: auth.token,
    json: { otp: check.value.otp },
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (result.ok && result.data?.token) {
    auth.session.set('token', result.data.token);
    flashToast(auth.session, { kind: 'success', message: result.data.message || MSG.profile.emailChanged });
    const maxAge = Number(result.data.expires_in) > 0 ? Number(result.data.expires_in) : undefined;
    return redirect('/settings/account', {
      headers: { 'Set-Cookie': await commitSession(request, auth.session, maxAge) },
    });
  }
  const errors = fieldErrors(result.error, ['otp', 'email']);
  const message = errors.otp ?? errors.email ?? serverMessage(result.error) ?? MSG.profile.updateFailed;
  return json<ConfirmActionData>(
    { errors: { otp: message }, toast: toast('error', message) },
    { status: result.status || 502 },
  );
}

export default function EmailSettings() {
  const user = useSettingsUser();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  if (!user.pending_email) return null;
  return <ConfirmEmail email={user.email} pendingEmail={user.pending_email} serverErrors={actionData?.errors} />;
}
