import { json, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import { MSG, type ItemResponse, type MessageResponse, type PublicUser } from '@jara/contracts';
import { UpdateProfileDto } from '@jara/dto';
import { Field } from '~/components/field';
import { ConfirmEmail, NotificationsSection, usePosting, useSettingsUser } from '~/components/settings';
import { useActionToast } from '~/components/toasts';
import { loadCurrentUser } from '~/lib/account.server';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { useFieldErrors, type Errors } from '~/lib/form';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { validateForm } from '~/lib/validate.server';

const PROFILE_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'postal_code', 'country'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

interface ProfileActionData {
  errors: Errors;
  toast: ToastMessage;
}

/**
 * Account Settings (spec 2.22, 5 user update), checked by the API's own UpdateProfileDto: only non-empty fields are
 * sent. A new e-mail is not a profile field: it is asked for first (POST /user/change-email sends a code to it,
 * confirmed at /settings/email) and replaces the old one once confirmed. A save comes back here as a flash toast
 * after a redirect (shown without JavaScript too).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request);
  const refuse = (errors: Errors, status: number) =>
    json<ProfileActionData>({ errors, toast: toast('error', MSG.profile.updateFailed) }, { status });
  const check = validateForm(UpdateProfileDto, await request.formData());
  if (!check.ok) return refuse(check.errors, 422);
  const { email, ...body } = check.value;
  const { user } = await loadCurrentUser(request, auth);
  const newEmail = email && email !== user.email ? email : null;
  if (newEmail) {
    const change = await api<MessageResponse>('/user/change-email', { token: auth.token, json: { email: newEmail } });
    if (change.status === 401) return signOutAndRedirect(request, auth.session);
    if (!change.ok) {
      const detail = fieldErrors(change.error, ['email']).email ?? serverMessage(change.error);
      return refuse(detail ? { email: detail } : {}, change.status || 502);
    }
  }
  const result = await api<ItemResponse<PublicUser>>('/user/update-profile', { token: auth.token, json: body });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (result.ok) {
    flashToast(
      auth.session,
      newEmail
        ? { kind: 'info', message: MSG.profile.emailCodeSent(newEmail) }
        : { kind: 'success', message: MSG.profile.updated },
    );
    return redirect('/settings/account', { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
  }
  return refuse(fieldErrors(result.error, PROFILE_FIELDS), result.status || 502);
}

const FIELDS: Array<{ name: ProfileField; label: string; type?: string; autoComplete: string }> = [
  { name: 'name', label: 'Full name', autoComplete: 'name' },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postal_code', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
];

export default function AccountSettings() {
  const user = useSettingsUser();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const saving = usePosting('/settings/account');
  const { errors, clear } = useFieldErrors(actionData?.errors);
  return (
    <div className="stack-lg account-settings">
      <div className="stack">
        <Form method="post" action="/settings/account" noValidate className="stack account-form" key={user.updated_at}>
          <fieldset disabled={saving} className="form-grid">
            {FIELDS.map((field) => (
              <Field
                key={field.name}
                name={field.name}
                label={field.label}
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                defaultValue={user[field.name] ?? ''}
                error={errors[field.name]}
                onChange={() => clear(field.name)}
              />
            ))}
          </fieldset>
          <div>
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save Changes'}
            </button>
          </div>
        </Form>
        {user.pending_email ? <ConfirmEmail email={user.email} pendingEmail={user.pending_email} /> : null}
      </div>
      <NotificationsSection user={user} />
    </div>
  );
}
