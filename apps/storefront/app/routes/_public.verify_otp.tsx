import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useState, type FormEvent } from 'react';
import { MSG, OTP_LENGTH, PENDING_VERIFICATION_EMAIL_KEY, type LoginResponse } from '@jara/contracts';
import { AuthLayout } from '~/components/auth-layout';
import { Field } from '~/components/field';
import { useActionToast } from '~/components/toasts';
import { api, serverMessage } from '~/lib/api.server';
import { validateOtp } from '~/lib/auth-validation';
import { hasErrors, text, useFieldErrors, type Errors } from '~/lib/form';
import { commitSession, flashToast, getSession, signIn } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { assertSameOrigin } from '~/lib/same-origin.server';

export const meta: MetaFunction = () => [{ title: 'Check Your Email | Jara' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  // The pending e-mail is the user's own address, not a secret; the browser also keeps it in localStorage.
  return json({ email: session.get('pendingEmail') ?? '' });
}

interface VerifyActionData {
  errors: Errors;
  toast?: ToastMessage;
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const intent = text(form.get('intent'));
  const session = await getSession(request);
  const email = (text(form.get('email')) || session.get('pendingEmail') || '').trim();

  if (intent === 'resend') {
    if (!email) {
      return json<VerifyActionData>({ errors: {}, toast: toast('error', MSG.auth.resendNeedsEmail) }, { status: 400 });
    }
    const result = await api<{ message?: string }>('/auth/resend-otp', { json: { email } });
    if (result.ok) {
      return json<VerifyActionData>({ errors: {}, toast: toast('success', result.data?.message || MSG.auth.resendSent) });
    }
    return json<VerifyActionData>(
      { errors: {}, toast: toast('error', serverMessage(result.error) || MSG.auth.resendFailed) },
      { status: result.status || 502 },
    );
  }

  const otp = text(form.get('otp')).trim();
  const errors = validateOtp(otp);
  if (hasErrors(errors)) return json<VerifyActionData>({ errors }, { status: 400 });

  const result = await api<Partial<LoginResponse> & { message?: string }>('/auth/verify-otp', { json: { email, otp } });
  if (result.ok) {
    session.unset('pendingEmail');
    flashToast(session, { kind: 'success', message: result.data?.message || MSG.auth.otpVerified });
    // The API signs a verified, active account in (issue 22): straight to the dashboard, no second login.
    const signedIn = result.data?.token && result.data.user ? result.data : null;
    if (signedIn?.token && signedIn.user) {
      signIn(session, signedIn.token, signedIn.user);
      const maxAge = Number(signedIn.expires_in) > 0 ? Number(signedIn.expires_in) : undefined;
      throw redirect('/dashboard', { headers: { 'Set-Cookie': await commitSession(request, session, maxAge) } });
    }
    throw redirect('/login?verified=1', { headers: { 'Set-Cookie': await commitSession(request, session) } });
  }
  const error = result.error as { message?: string; error?: string } | null;
  const message = serverMessage(result.error) || error?.error || MSG.auth.otpInvalid;
  return json<VerifyActionData>({ errors: { otp: message }, toast: toast('error', message) }, { status: result.status || 502 });
}

export default function VerifyOtpPage() {
  const { email: sessionEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as VerifyActionData | undefined;
  const navigation = useNavigation();
  const { errors, setErrors, clear } = useFieldErrors(actionData?.errors);
  const [email, setEmail] = useState(sessionEmail);
  useActionToast(actionData?.toast);

  useEffect(() => {
    if (sessionEmail) {
      window.localStorage.setItem(PENDING_VERIFICATION_EMAIL_KEY, sessionEmail);
      setEmail(sessionEmail);
    } else {
      setEmail(window.localStorage.getItem(PENDING_VERIFICATION_EMAIL_KEY) ?? '');
    }
  }, [sessionEmail]);

  const intent = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'resend') return;
    const found = validateOtp(text(new FormData(event.currentTarget).get('otp')));
    if (hasErrors(found)) {
      event.preventDefault();
      setErrors(found);
    }
  }

  return (
    <AuthLayout>
      <h1>Check Your Email</h1>
      <p className="auth-subtitle">
        {email ? (
          <>
            We sent a 6-digit code to <strong>{email}</strong>. Enter it below to verify your account.
          </>
        ) : (
          'Enter the 6-digit code we e-mailed you to verify your account.'
        )}
      </p>
      <Form method="post" noValidate onSubmit={onSubmit} className="stack">
        {sessionEmail || email ? (
          <input type="hidden" name="email" value={email} />
        ) : (
          <Field name="email" type="email" label="E-mail" autoComplete="email" placeholder="you@example.com" />
        )}
        <fieldset disabled={Boolean(intent)} className="stack">
          <Field
            name="otp"
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            pattern="[0-9]*"
            placeholder="123456"
            className="otp-input"
            error={errors.otp}
            onChange={() => clear('otp')}
          />
          <button type="submit" name="intent" value="verify" className="btn btn-primary btn-block">
            {intent === 'verify' ? 'Verifying…' : 'Verify'}
          </button>
          <button type="submit" name="intent" value="resend" className="btn btn-link">
            {intent === 'resend' ? 'Sending…' : 'Resend code'}
          </button>
        </fieldset>
      </Form>
      <p className="auth-links">
        <Link to="/sign_up">Back to Sign-up</Link>
      </p>
    </AuthLayout>
  );
}
