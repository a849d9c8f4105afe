import {
  MaxPartSizeExceededError,
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from '@remix-run/node';
import { Form, useActionData, useNavigation, useSubmit } from '@remix-run/react';
import type { ChangeEvent } from 'react';
import { MSG, emailHandle, type ItemResponse, type PublicUser } from '@jara/contracts';
import { useSettingsUser } from '~/components/settings';
import { useActionToast } from '~/components/toasts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { readUploadForm } from '~/lib/upload.server';

/** The tabs of the former one-route page (?q=account, ?q=kyc: links in e-mails, notifications and bookmarks). */
const LEGACY_TABS: Record<string, string> = {
  profile: '/settings',
  account: '/settings/account',
  kyc: '/settings/kyc',
};

/** Profile (spec 2.22): what it shows is the signed-in user, which the account layout has loaded already. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const q = new URL(request.url).searchParams.get('q');
  if (q !== null) throw redirect(LEGACY_TABS[q] ?? '/settings', 301);
  return null;
}

interface AvatarActionData {
  error?: string;
  toast: ToastMessage;
}

/** The avatar: one image, read up to UPLOAD_MAX_BYTES, then POST /user/update-profile-image; a flash toast after a redirect. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request);
  const refuse = (error: string | undefined, status: number) =>
    json<AvatarActionData>({ error, toast: toast('error', MSG.profile.imageUpdateFailed) }, { status });
  let form: FormData;
  try {
    form = await readUploadForm(request);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return refuse(MSG.profile.imageTooLarge, 413);
    throw error;
  }
  const file = form.get('image');
  if (!(file instanceof File) || file.size === 0) return refuse(MSG.profile.imageRequired, 400);
  const upload = new FormData();
  upload.append('image', file, file.name || 'avatar');
  const result = await api<ItemResponse<PublicUser>>('/user/update-profile-image', { token: auth.token, form: upload });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (result.ok) {
    flashToast(auth.session, { kind: 'success', message: MSG.profile.imageUpdated });
    return redirect('/settings', { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
  }
  const detail =
    result.status === 413
      ? MSG.profile.imageTooLarge
      : (fieldErrors(result.error, ['image']).image ?? serverMessage(result.error));
  return refuse(detail, result.status || 502);
}

type ShownField = 'address' | 'email' | 'phone' | 'city' | 'postal_code' | 'country';

/** The rows of the profile, with the fallback shown when a field is empty (only 'No phone number' is in the contract). */
const ROWS: Array<{ field: ShownField; label: string; fallback: string }> = [
  { field: 'address', label: 'Address', fallback: 'No address' },
  { field: 'email', label: 'E-mail', fallback: 'No e-mail' },
  { field: 'phone', label: 'Phone', fallback: MSG.common.noPhone },
  { field: 'city', label: 'City', fallback: 'No city' },
  { field: 'postal_code', label: 'Postal code', fallback: 'No postal code' },
  { field: 'country', label: 'Country', fallback: 'No country' },
];

function Avatar({ user, error }: { user: PublicUser; error?: string }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const uploading = navigation.state === 'submitting' && navigation.formAction === '/settings?index';
  function onChange(event: ChangeEvent<HTMLInputElement>) {
    if (event.currentTarget.files?.length)
      submit(event.currentTarget.form, { method: 'post', action: '/settings?index', encType: 'multipart/form-data' });
  }
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();
  return (
    <Form method="post" action="/settings?index" encType="multipart/form-data" className="avatar-form">
      <label className={`avatar-upload${uploading ? ' is-busy' : ''}`} title="Click to upload a new photo">
        {user.image ? (
          <img src={user.image} alt="Profile" width={112} height={112} />
        ) : (
          <span className="avatar-initial">{initial}</span>
        )}
        <span className="avatar-hint">{uploading ? 'Uploading…' : 'Change photo'}</span>
        <input
          type="file"
          name="image"
          accept="image/*"
          className="visually-hidden"
          onChange={onChange}
          data-testid="avatar-input"
        />
      </label>
      <noscript>
        <button type="submit" className="btn btn-ghost btn-small">
          Upload photo
        </button>
      </noscript>
      {error ? <p className="field-error">{error}</p> : null}
    </Form>
  );
}

export default function ProfileSettings() {
  const user = useSettingsUser();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <div className="profile-tab">
      <div className="profile-head">
        <Avatar user={user} error={actionData?.error} />
        <div>
          <h2 className="profile-display-name">{user.name || 'No name'}</h2>
          <p className="muted">{`@${emailHandle(user.email)}`}</p>
        </div>
      </div>
      <dl className="profile-details">
        {ROWS.map((row) => (
          <div key={row.field} className="profile-row" data-field={row.field}>
            <dt>{row.label}</dt>
            <dd className={user[row.field] ? undefined : 'muted'}>
              {user[row.field] || row.fallback}
              {row.field === 'email' && user.pending_email ? (
                <span className="muted pending-email">{` (changing to ${user.pending_email}: waiting for its code)`}</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
