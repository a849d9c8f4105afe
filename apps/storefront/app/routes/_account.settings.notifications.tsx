import { json, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { MSG, type ItemResponse, type MessageResponse, type PublicUser } from '@jara/contracts';
import { NotificationPreferencesDto } from '@jara/dto';
import { NotificationsSection, useSettingsUser } from '~/components/settings';
import { useActionToast } from '~/components/toasts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { validateForm } from '~/lib/validate.server';

interface PreferencesActionData {
  emailUpdates: boolean;
  error: string;
  toast: ToastMessage;
}

/**
 * E-mail preferences (issue 12): NotificationPreferencesDto, then POST /user/notification-preferences. An unticked
 * checkbox is not posted at all, so its absence means off. A save goes back to Account Settings with a flash toast
 * (shown without JavaScript too, and a reload does not post again); a refusal shows the form here with what was sent.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request);
  const emailUpdates = (await request.formData()).get('email_updates') !== null;
  const check = validateForm(NotificationPreferencesDto, { email_updates: emailUpdates });
  if (!check.ok) {
    const error = check.errors.email_updates ?? MSG.notifications.preferencesFailed;
    return json<PreferencesActionData>(
      { emailUpdates, error, toast: toast('error', MSG.notifications.preferencesFailed) },
      { status: 422 },
    );
  }
  const result = await api<ItemResponse<PublicUser> & MessageResponse>('/user/notification-preferences', {
    token: auth.token,
    json: { email_updates: check.value.email_updates },
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (result.ok) {
    flashToast(auth.session, { kind: 'success', message: result.data?.message || MSG.notifications.preferencesSaved });
    return redirect('/settings/account', { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
  }
  const error =
    fieldErrors(result.error, ['email_updates']).email_updates ??
    serverMessage(result.error) ??
    MSG.notifications.preferencesFailed;
  return json<PreferencesActionData>(
    { emailUpdates, error, toast: toast('error', MSG.notifications.preferencesFailed) },
    { status: result.status || 502 },
  );
}

export default function NotificationSettings() {
  const user = useSettingsUser();
  const refused = useActionData<typeof action>();
  useActionToast(refused?.toast);
  return <NotificationsSection user={user} refused={refused} />;
}
