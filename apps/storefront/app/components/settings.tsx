import { Form, Link, useNavigation, useOutletContext } from '@remix-run/react';
import { MESSAGING_MSG, MSG, OTP_LENGTH, type PublicUser } from '@jara/contracts';
import { Field } from '~/components/field';
import { useFieldErrors, type Errors } from '~/lib/form';

/**
 * Settings (spec 2.22) is a layout with one nested route per concern: Profile is /settings, Account Settings
 * /settings/account (its e-mail confirmation and notification forms post to /settings/email and
 * /settings/notifications), KYC /settings/kyc, Logistics Settings /settings/logistics (everyone reads the rates, admins change them).
 */
export type SettingsTab = 'profile' | 'account' | 'kyc' | 'logistics';

export const SETTINGS_TABS: ReadonlyArray<{ key: SettingsTab; label: string; to: string }> = [
  { key: 'profile', label: 'Profile', to: '/settings' },
  { key: 'account', label: 'Account Settings', to: '/settings/account' },
  { key: 'kyc', label: 'KYC', to: '/settings/kyc' },
  { key: 'logistics', label: 'Logistics Settings', to: '/settings/logistics' },
];

/** The tab a settings path belongs to: the e-mail and notification forms are part of Account Settings. */
export function settingsTabOf(pathname: string): SettingsTab {
  const part = pathname.replace(/\/+$/, '').split('/')[2] ?? '';
  if (part === 'kyc' || part === 'logistics') return part;
  if (part === 'account' || part === 'email' || part === 'notifications' || part === 'messages') return 'account';
  return 'profile';
}

/** The signed-in user, handed down by the settings layout (which shows 'Loading user data...' until there is one). */
export function useSettingsUser(): PublicUser {
  return useOutletContext<PublicUser>();
}

/** A form of a settings route is being posted. */
export function usePosting(action: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formAction === action;
}

/** The second step of an e-mail change: the code sent to the new address (the old one stays until then). */
export function ConfirmEmail({
  email,
  pendingEmail,
  serverErrors,
}: {
  email: string;
  pendingEmail: string;
  serverErrors?: Errors;
}) {
  const confirming = usePosting('/settings/email');
  const resending = usePosting('/settings/email/resend');
  const busy = confirming || resending;
  // The code is checked on the server (ConfirmEmailDto), which answers the spec's message under the field.
  const { errors, clear } = useFieldErrors(serverErrors);
  return (
    <section className="notice-inline stack email-change" aria-labelledby="email-change-title">
      <h3 id="email-change-title">Confirm your new e-mail</h3>
      <p>
        We sent a {OTP_LENGTH}-digit code to <strong>{pendingEmail}</strong>. Until you enter it, you keep signing in
        with <strong>{email}</strong>.
      </p>
      <Form method="post" action="/settings/email" noValidate className="stack">
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
      <Form method="post" action="/settings/email/resend">
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
 * always go. A plain form posting to /settings/notifications: it works without JavaScript, and a save comes back to
 * Account Settings as a flash toast after a redirect. After a refusal the box shows what was sent, with the error.
 */
export function NotificationsSection({
  user,
  refused,
}: {
  user: PublicUser;
  refused?: { emailUpdates: boolean; error?: string };
}) {
  const saving = useNavigation().formAction === '/settings/notifications';
  const checked = refused?.emailUpdates ?? user.email_updates;
  const error = refused?.error;
  return (
    <section className="stack notifications-settings" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      <Form
        method="post"
        action="/settings/notifications"
        className="stack"
        key={`${user.updated_at}-${String(checked)}`}
      >
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
      <p>
        <Link to="/settings/messages">{MESSAGING_MSG.sectionTitle} →</Link>
      </p>
    </section>
  );
}
