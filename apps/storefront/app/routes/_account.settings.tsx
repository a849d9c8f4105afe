import {
  MaxPartSizeExceededError,
  json,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData, useSearchParams, useSubmit } from '@remix-run/react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  MSG,
  OTP_LENGTH,
  emailHandle,
  formatDollars,
  normalizeRole,
  toHundredths,
  type ConfirmEmailResponse,
  type ItemResponse,
  type LogisticsSettings,
  type MessageResponse,
  type PublicUser,
} from '@jara/contracts';
import { Field } from '~/components/field';
import { KycTab } from '~/components/kyc-tab';
import { useActionToast } from '~/components/toasts';
import { loadCurrentUser } from '~/lib/account.server';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { validateOtp } from '~/lib/auth-validation';
import { hasErrors, text, useFieldErrors, type Errors } from '~/lib/form';
import { validateRates } from '~/lib/deliveries';
import { loadLogisticsSettings } from '~/lib/deliveries.server';
import { env } from '~/lib/env.server';
import type { KycActionData } from '~/lib/kyc';
import { kycTooLarge, loadKyc, submitKyc } from '~/lib/kyc.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { assertSameOrigin } from '~/lib/same-origin.server';

export const meta: MetaFunction = () => [{ title: 'Settings | Jara' }];

/**
 * The cargo rates of the Logistics Settings tab (GET /logistics-settings, public): null when they could not be read.
 * On the KYC tab, the user's latest submission (GET /kyc/{userId}/user).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const kycTab = new URL(request.url).searchParams.get('q') === 'kyc';
  const [logistics, kyc] = await Promise.all([
    loadLogisticsSettings(request),
    kycTab && auth.role === 'customer' ? loadKyc(request, auth) : Promise.resolve(null),
  ]);
  return json({ logistics, kyc, adminUrl: auth.role === 'admin' ? env.adminUrl : null });
}

/**
 * The posted form. Uploads (the avatar, the KYC documents) are read with UPLOAD_MAX_BYTES per part, so a file past
 * the API's limit is refused here before it is held in memory or sent on.
 */
function readForm(request: Request): Promise<FormData> {
  if (!(request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) return request.formData();
  return unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: env.uploadMaxBytes }));
}

const PROFILE_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'postal_code', 'country'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Local fallbacks for empty profile fields (only 'No phone number' is in the contract). */
const FALLBACK: Record<ProfileField, string> = {
  name: 'No name',
  email: 'No e-mail',
  phone: MSG.common.noPhone,
  address: 'No address',
  city: 'No city',
  postal_code: 'No postal code',
  country: 'No country',
};

interface SettingsActionData {
  intent: string;
  ok: boolean;
  errors: Errors;
  toast?: ToastMessage;
  /** The rates as typed, to fill the Logistics Settings form again after a refusal. */
  values?: { cost_per_cmb3: string; cost_per_kg: string };
  /** The e-mail preference as sent, to show it again after a refusal. */
  emailUpdates?: boolean;
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request);
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (!(error instanceof MaxPartSizeExceededError)) throw error;
    if (error.field === 'id_image' || error.field === 'user_image') return kycTooLarge(error.field);
    return json<SettingsActionData>(
      { intent: 'image', ok: false, errors: { image: MSG.profile.imageTooLarge }, toast: toast('error', MSG.profile.imageUpdateFailed) },
      { status: 413 },
    );
  }
  const intent = text(form.get('intent'));

  if (intent === 'kyc') return submitKyc(request, auth, form);

  if (intent === 'image') {
    const file = form.get('image');
    if (!(file instanceof File) || file.size === 0) {
      return json<SettingsActionData>(
        { intent, ok: false, errors: { image: MSG.profile.imageRequired }, toast: toast('error', MSG.profile.imageUpdateFailed) },
        { status: 400 },
      );
    }
    const upload = new FormData();
    upload.append('image', file, file.name || 'avatar');
    const result = await api<ItemResponse<PublicUser>>('/user/update-profile-image', { token: auth.token, form: upload });
    if (result.status === 401) return signOutAndRedirect(request, auth.session);
    if (result.ok) return json<SettingsActionData>({ intent, ok: true, errors: {}, toast: toast('success', MSG.profile.imageUpdated) });
    const detail =
      result.status === 413 ? MSG.profile.imageTooLarge : fieldErrors(result.error, ['image']).image ?? serverMessage(result.error);
    return json<SettingsActionData>(
      { intent, ok: false, errors: detail ? { image: detail } : {}, toast: toast('error', MSG.profile.imageUpdateFailed) },
      { status: result.status || 502 },
    );
  }

  if (intent === 'logistics') {
    // Logistics Settings (spec 2.22, 5, 8): both rates required, numbers, not negative; PUT /logistics-settings.
    const values = { cost_per_cmb3: text(form.get('cost_per_cmb3')).trim(), cost_per_kg: text(form.get('cost_per_kg')).trim() };
    const refuse = (errors: Errors, message: string, status: number) =>
      json<SettingsActionData>({ intent, ok: false, errors, values, toast: toast('error', message) }, { status });
    if (auth.role !== 'admin') return refuse({}, MSG.logisticsSettings.updateFailed, 403);
    const invalid = validateRates(values);
    const first = invalid.cost_per_cmb3 ?? invalid.cost_per_kg;
    if (first) return refuse(invalid, first, 422);
    const result = await api<ItemResponse<LogisticsSettings>>('/logistics-settings', {
      method: 'PUT',
      token: auth.token,
      json: { cost_per_cmb3: Number(values.cost_per_cmb3), cost_per_kg: Number(values.cost_per_kg) },
    });
    if (result.status === 401) return signOutAndRedirect(request, auth.session);
    if (result.ok) return json<SettingsActionData>({ intent, ok: true, errors: {}, toast: toast('success', MSG.logisticsSettings.updated) });
    const errors = fieldErrors(result.error, ['cost_per_cmb3', 'cost_per_kg']);
    const message = serverMessage(result.error) ?? MSG.logisticsSettings.updateFailed;
    return refuse(errors, message, result.status || 502);
  }

  if (intent === 'notifications') {
    // E-mail preferences (issue 12): an unticked checkbox is not posted at all, so its absence means off.
    const emailUpdates = form.get('email_updates') !== null;
    const result = await api<ItemResponse<PublicUser> & MessageResponse>('/user/notification-preferences', {
      token: auth.token,
      json: { email_updates: emailUpdates },
    });
    if (result.status === 401) return signOutAndRedirect(request, auth.session);
    if (result.ok) {
      // Redirect-after-post with a flash toast: shown without JavaScript too, and a reload does not post again.
      flashToast(auth.session, { kind: 'success', message: result.data?.message || MSG.notifications.preferencesSaved });
      return redirect('/settings?q=account', { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
    }
    const message =
      fieldErrors(result.error, ['email_updates']).email_updates ?? serverMessage(result.error) ?? MSG.notifications.preferencesFailed;
    return json<SettingsActionData>(
      { intent, ok: false, errors: { email_updates: message }, emailUpdates, toast: toast('error', MSG.notifications.preferencesFailed) },
      { status: result.status || 502 },
    );
  }

  if (intent === 'confirm-email') {
    const otp = text(form.get('otp')).trim();
    const invalid = validateOtp(otp);
    if (hasErrors(invalid)) return json<SettingsActionData>({ intent, ok: false, errors: invalid }, { status: 400 });
    const result = await api<ConfirmEmailResponse>('/user/confirm-email', { token: auth.token, json: { otp } });
    if (result.status === 401) return signOutAndRedirect(request, auth.session);
    if (result.ok && result.data?.token) {
      // The change ended every earlier session of the user: this one carries on with the fresh token.
      auth.session.set('token', result.data.token);
      const maxAge = Number(result.data.expires_in) > 0 ? Number(result.data.expires_in) : undefined;
      return json<SettingsActionData>(
        { intent, ok: true, errors: {}, toast: toast('success', result.data.message || MSG.profile.emailChanged) },
        { headers: { 'Set-Cookie': await commitSession(request, auth.session, maxAge) } },
      );
    }
    const errors = fieldErrors(result.error, ['otp', 'email']);
    const message = errors.otp ?? errors.email ?? serverMessage(result.error) ?? MSG.profile.updateFailed;
    return json<SettingsActionData>({ intent, ok: false, errors: { otp: message }, toast: toast('error', message) }, { status: result.status || 502 });
  }

  if (intent === 'resend-email-code') {
    const result = await api<MessageResponse>('/user/change-email', { token: auth.token, json: { email: text(form.get('email')).trim() } });
    if (result.status === 401) return signOutAndRedirect(request, auth.session);
    if (result.ok) return json<SettingsActionData>({ intent, ok: true, errors: {}, toast: toast('success', result.data?.message || MSG.auth.resendSent) });
    const message = fieldErrors(result.error, ['email']).email ?? serverMessage(result.error) ?? MSG.auth.resendFailed;
    return json<SettingsActionData>({ intent, ok: false, errors: {}, toast: toast('error', message) }, { status: result.status || 502 });
  }

  // Account Settings: only non-empty fields are sent (spec 5, user update). A new e-mail is not a profile field:
  // it is asked for first (a code goes to it, shown below the form) and replaces the old one once confirmed.
  const body: Partial<Record<ProfileField, string>> = {};
  for (const field of PROFILE_FIELDS) {
    const value = text(form.get(field)).trim();
    if (value && field !== 'email') body[field] = value;
  }
  const email = text(form.get('email')).trim();
  const { user } = await loadCurrentUser(request, auth);
  const newEmail = email && email.toLowerCase() !== user.email ? email : null;
  if (newEmail) {
    const change = await api<MessageResponse>('/user/change-email', { token: auth.token, json: { email: newEmail } });
    if (change.status === 401) return signOutAndRedirect(request, auth.session);
    if (!change.ok) {
      const detail = fieldErrors(change.error, ['email']).email ?? serverMessage(change.error);
      return json<SettingsActionData>(
        { intent: 'profile', ok: false, errors: detail ? { email: detail } : {}, toast: toast('error', MSG.profile.updateFailed) },
        { status: change.status || 502 },
      );
    }
  }
  const result = await api<ItemResponse<PublicUser>>('/user/update-profile', { token: auth.token, json: body });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (result.ok) {
    const done = newEmail ? toast('info', MSG.profile.emailCodeSent(newEmail.toLowerCase())) : toast('success', MSG.profile.updated);
    return json<SettingsActionData>({ intent: 'profile', ok: true, errors: {}, toast: done });
  }
  return json<SettingsActionData>(
    { intent: 'profile', ok: false, errors: fieldErrors(result.error, PROFILE_FIELDS), toast: toast('error', MSG.profile.updateFailed) },
    { status: result.status || 502 },
  );
}

type Tab = 'profile' | 'account' | 'kyc' | 'logistics';
const TABS: Array<{ key: Tab; label: string }> = [
  { key: 'profile', label: 'Profile' },
  { key: 'account', label: 'Account Settings' },
  { key: 'kyc', label: 'KYC' },
  { key: 'logistics', label: 'Logistics Settings' },
];

/** ?q= selects profile, account or kyc; Logistics Settings cannot be selected by q (spec 2.2). */
function tabFromQuery(q: string | null): Exclude<Tab, 'logistics'> {
  return q === 'account' || q === 'kyc' ? q : 'profile';
}

function Avatar({ user, error }: { user: PublicUser; error?: string }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const uploading = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'image';
  function onChange(event: ChangeEvent<HTMLInputElement>) {
    if (event.currentTarget.files?.length) submit(event.currentTarget.form, { method: 'post', encType: 'multipart/form-data' });
  }
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();
  return (
    <Form method="post" encType="multipart/form-data" className="avatar-form">
      <input type="hidden" name="intent" value="image" />
      <label className={`avatar-upload${uploading ? ' is-busy' : ''}`} title="Click to upload a new photo">
        {user.image ? <img src={user.image} alt="Profile" width={112} height={112} /> : <span className="avatar-initial">{initial}</span>}
        <span className="avatar-hint">{uploading ? 'Uploading…' : 'Change photo'}</span>
        <input type="file" name="image" accept="image/*" className="visually-hidden" onChange={onChange} data-testid="avatar-input" />
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

function ProfileTab({ user, imageError }: { user: PublicUser; imageError?: string }) {
  const rows: Array<{ label: string; field: ProfileField }> = [
    { label: 'Address', field: 'address' },
    { label: 'E-mail', field: 'email' },
    { label: 'Phone', field: 'phone' },
    { label: 'City', field: 'city' },
    { label: 'Postal code', field: 'postal_code' },
    { label: 'Country', field: 'country' },
  ];
  return (
    <div className="profile-tab">
      <div className="profile-head">
        <Avatar user={user} error={imageError} />
        <div>
          <h2 className="profile-display-name">{user.name || FALLBACK.name}</h2>
          <p className="muted">{`@${emailHandle(user.email)}`}</p>
        </div>
      </div>
      <dl className="profile-details">
        {rows.map((row) => (
          <div key={row.field} className="profile-row" data-field={row.field}>
            <dt>{row.label}</dt>
            <dd className={user[row.field] ? undefined : 'muted'}>
              {user[row.field] || FALLBACK[row.field]}
              {row.field === 'email' && user.pending_email ? <span className="muted pending-email">{` (changing to ${user.pending_email}: waiting for its code)`}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The second step of an e-mail change: the code sent to the new address (the old one stays until then). */
function ConfirmEmail({ email, pendingEmail, serverErrors }: { email: string; pendingEmail: string; serverErrors?: Errors }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && ['confirm-email', 'resend-email-code'].includes(String(navigation.formData?.get('intent')));
  const { errors, setErrors, clear } = useFieldErrors(serverErrors);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = validateOtp(text(new FormData(event.currentTarget).get('otp')));
    if (hasErrors(found)) {
      event.preventDefault();
      setErrors(found);
    }
  }
  return (
    <section className="notice-inline stack email-change" aria-labelledby="email-change-title">
      <h3 id="email-change-title">Confirm your new e-mail</h3>
      <p>
        We sent a {OTP_LENGTH}-digit code to <strong>{pendingEmail}</strong>. Until you enter it, you keep signing in with{' '}
        <strong>{email}</strong>.
      </p>
      <Form method="post" noValidate className="stack" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="confirm-email" />
        <fieldset disabled={busy} className="form-grid">
          <Field
            name="otp"
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            className="otp-input"
            error={errors.otp}
            onChange={() => clear('otp')}
          />
        </fieldset>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Confirm e-mail
          </button>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="resend-email-code" />
        <input type="hidden" name="email" value={pendingEmail} />
        <button type="submit" className="btn btn-ghost btn-small" disabled={busy}>
          Send a new code
        </button>
      </Form>
    </section>
  );
}

/**
 * E-mail preferences (issue 12): update e-mails (deliveries, orders, support replies) on or off; the essential ones
 * always go. A plain form: it works without JavaScript, and a save comes back as a flash toast after a redirect.
 */
function NotificationsSection({ user, actionData }: { user: PublicUser; actionData?: SettingsActionData }) {
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'notifications';
  const failed = actionData?.intent === 'notifications' && !actionData.ok ? actionData : undefined;
  const checked = failed?.emailUpdates ?? user.email_updates;
  const error = failed?.errors.email_updates;
  return (
    <section className="stack notifications-settings" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      <Form method="post" className="stack" key={`${user.updated_at}-${String(checked)}`}>
        <input type="hidden" name="intent" value="notifications" />
        <div className="email-updates">
          <label className="checkbox-row">
            <input
              type="checkbox"
              name="email_updates"
              defaultChecked={checked}
              disabled={saving}
              aria-describedby={`email-updates-hint${error ? ' email-updates-error' : ''}`}
              aria-invalid={error ? true : undefined}
            />
            {MSG.notifications.emailUpdatesLabel}
          </label>
          <p className="muted email-updates-hint" id="email-updates-hint">
            {MSG.notifications.emailUpdatesHint}
          </p>
          {error ? (
            <p className="form-error" id="email-updates-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save preferences'}
          </button>
        </div>
      </Form>
    </section>
  );
}

function AccountTab({ user, serverErrors, confirmErrors }: { user: PublicUser; serverErrors?: Errors; confirmErrors?: Errors }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'profile';
  const { errors, clear } = useFieldErrors(serverErrors);
  const fields: Array<{ name: ProfileField; label: string; type?: string; autoComplete: string }> = [
    { name: 'name', label: 'Full name', autoComplete: 'name' },
    { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
    { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
    { name: 'address', label: 'Address', autoComplete: 'street-address' },
    { name: 'city', label: 'City', autoComplete: 'address-level2' },
    { name: 'postal_code', label: 'Postal code', autoComplete: 'postal-code' },
    { name: 'country', label: 'Country', autoComplete: 'country-name' },
  ];
  const form = (
    <Form method="post" noValidate className="stack account-form" key={user.updated_at}>
      <input type="hidden" name="intent" value="profile" />
      <fieldset disabled={saving} className="form-grid">
        {fields.map((field) => (
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
  );
  return user.pending_email ? (
    <div className="stack">
      {form}
      <ConfirmEmail email={user.email} pendingEmail={user.pending_email} serverErrors={confirmErrors} />
    </div>
  ) : (
    form
  );
}

function rateText(value: number | string): string {
  const cents = toHundredths(value);
  return cents === null ? String(value) : formatDollars(cents);
}

/** Logistics Settings (spec 2.22 point 3): an admin edits the two cargo rates; everyone else reads them. */
function LogisticsTab({ settings, admin, actionData }: { settings: LogisticsSettings | null; admin: boolean; actionData?: SettingsActionData }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'logistics';
  const serverErrors = actionData?.intent === 'logistics' ? actionData.errors : undefined;
  const { errors, setErrors, clear } = useFieldErrors(serverErrors);
  if (!settings) {
    return (
      <p className="form-error" role="alert">
        {MSG.lists.loadLogisticsSettingsFailed}
      </p>
    );
  }
  if (!admin) {
    return (
      <div className="stack">
        <h2>Logistics Settings</h2>
        <p className="muted">{MSG.logisticsSettings.readOnly}</p>
        <dl className="details-list" data-testid="logistics-rates">
          <dt>Sea cargo, per cm³</dt>
          <dd>{rateText(settings.cost_per_cmb3)}</dd>
          <dt>Air cargo, per kg</dt>
          <dd>{rateText(settings.cost_per_kg)}</dd>
        </dl>
      </div>
    );
  }
  const values = actionData?.intent === 'logistics' && !actionData.ok ? actionData.values : undefined;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const found = validateRates({ cost_per_cmb3: text(data.get('cost_per_cmb3')), cost_per_kg: text(data.get('cost_per_kg')) });
    if (found.cost_per_cmb3 || found.cost_per_kg) {
      event.preventDefault();
      setErrors(found);
    }
  }
  return (
    <Form method="post" noValidate className="stack logistics-form" onSubmit={onSubmit} key={settings.updated_at ?? 'rates'}>
      <input type="hidden" name="intent" value="logistics" />
      <h2>Logistics Settings</h2>
      <p className="muted">
        The cargo fee of a delivery is computed from these rates, in US dollars: sea cargo is the size in cm³ times the rate
        per cm³, air cargo the weight in kg times the rate per kg.
      </p>
      <fieldset disabled={saving} className="form-grid-2">
        <Field
          name="cost_per_cmb3"
          label="Cost per cm³ (sea cargo, $)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          required
          defaultValue={values?.cost_per_cmb3 ?? String(settings.cost_per_cmb3)}
          error={errors.cost_per_cmb3}
          onChange={() => clear('cost_per_cmb3')}
        />
        <Field
          name="cost_per_kg"
          label="Cost per kg (air cargo, $)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          required
          defaultValue={values?.cost_per_kg ?? String(settings.cost_per_kg)}
          error={errors.cost_per_kg}
          onChange={() => clear('cost_per_kg')}
        />
      </fieldset>
      <div>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving…' : MSG.logisticsSettings.save}
        </button>
      </div>
    </Form>
  );
}

export default function SettingsPage() {
  const data = useRouteLoaderData<{ user: PublicUser }>('routes/_account');
  const user = data?.user;
  const actionData = useActionData<typeof action>() as SettingsActionData | KycActionData | undefined;
  useActionToast(actionData?.toast);
  const [params] = useSearchParams();
  const queryTab = tabFromQuery(params.get('q'));
  const [logistics, setLogistics] = useState<{ from: string } | null>(null);
  // The Logistics Settings tab is local state; any change of q (a tab link) leaves it.
  // After a Logistics Settings post (also without JavaScript) the tab stays open.
  const active: Tab =
    (logistics && logistics.from === params.toString()) || actionData?.intent === 'logistics' ? 'logistics' : queryTab;
  const { logistics: rates, kyc, adminUrl } = useLoaderData<typeof loader>();
  const settingsAction = actionData?.intent === 'kyc' ? undefined : (actionData as SettingsActionData | undefined);
  const kycAction = actionData?.intent === 'kyc' ? (actionData as KycActionData) : undefined;

  return (
    <section className="stack">
      <h1>Settings</h1>
      <div className="tabs" role="tablist" aria-label="Settings">
        {TABS.map((tab) =>
          tab.key === 'logistics' ? (
            <button
              key={tab.key}
              type="button"
              role="tab"
              aria-selected={active === tab.key}
              className={`tab${active === tab.key ? ' active' : ''}`}
              onClick={() => setLogistics({ from: params.toString() })}
            >
              {tab.label}
            </button>
          ) : (
            <Link
              key={tab.key}
              to={`?q=${tab.key}`}
              role="tab"
              aria-selected={active === tab.key}
              className={`tab${active === tab.key ? ' active' : ''}`}
              onClick={() => setLogistics(null)}
              preventScrollReset
            >
              {tab.label}
            </Link>
          ),
        )}
      </div>
      <div className="tab-panel card" role="tabpanel">
        {!user ? (
          <p className="loading-state">{MSG.pages.loadingUser}</p>
        ) : active === 'profile' ? (
          <ProfileTab user={user} imageError={settingsAction?.intent === 'image' ? settingsAction.errors.image : undefined} />
        ) : active === 'account' ? (
          <div className="stack-lg account-settings">
            <AccountTab
              user={user}
              serverErrors={settingsAction?.intent === 'profile' ? settingsAction.errors : undefined}
              confirmErrors={settingsAction?.intent === 'confirm-email' ? settingsAction.errors : undefined}
            />
            <NotificationsSection user={user} actionData={settingsAction} />
          </div>
        ) : active === 'kyc' ? (
          <KycTab user={user} state={kyc} actionData={kycAction} adminUrl={adminUrl} />
        ) : (
          <LogisticsTab settings={rates} admin={normalizeRole(user.role) === 'admin'} actionData={settingsAction} />
        )}
      </div>
    </section>
  );
}
