import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { MSG, PENDING_VERIFICATION_EMAIL_KEY, type LoginResponse } from '@jara/contracts';
import { ResendOtpDto, VerifyOtpDto } from '@jara/dto';
import { AuthLayout } from '~/components/auth-layout';
import { Field } from '~/components/field';
import { useActionToast } from '~/components/toasts';
import { api, serverMessage } from '~/lib/api.server';
import { text, useFieldErrors, type Errors } from '~/lib/form';
import { maxLengths, validateForm } from '~/lib/validate.server';
import { commitSession, flashToast, getSession, signIn } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { assertSameOrigin } from '~/lib/same-origin.server';

export const meta: MetaFunction = () => [{ title: 'Check Your Email | Jara' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  // The pending e-mail is the user's own address, not a secret; the browser also keeps it in localStorage.
  return json({ email: session.get('pendingEmail') ?? '', limits: maxLengths(VerifyOtpDto) });
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
  const email = text(form.get('email')) || session.get('pendingEmail') || '';

  if (intent === 'resend') {
    const check = validateForm(ResendOtpDto, { email });
    if (!check.ok) {
      return json<VerifyActionData>(
        { errors: check.errors, toast: toast('error', MSG.auth.resendNeedsEmail) },
        { status: 422 },
      );
    }
    const result = await api<{ message?: string }>('/auth/resend-otp', { json: { email: check.value.email } });
    if (result.ok) {
      return json<VerifyActionData>({
        errors: {},
        toast: toast('success', result.data?.message || MSG.auth.resendSent),
      });
    }
    return json<VerifyActionData>(
      { errors: {}, toast: toast('error', serverMessage(result.error) || MSG.auth.resendFailed) },
      { status: result.status || 502 },
    );
  }

  const check = validateForm(VerifyOtpDto, { email, otp: form.get('otp') });
  if (!check.ok) return json<VerifyActionData>({ errors: check.errors }, { status: 422 });
  const body = { email: check.value.email, otp: check.value.otp };

  const result = await api<Partial<LoginResponse> & { message?: string }>('/auth/verify-otp', { json: body });
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
  return json<VerifyActionData>(
    { errors: { otp: message }, toast: toast('error', message) },
    { status: result.status || 502 },
  );
}

export default function VerifyOtpPage() {
  const { email: sessionEmail, limits } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as VerifyActionData | undefined;
  const navigation = useNavigation();
  const { errors, clear } = useFieldErrors(actionData?.errors);
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
      <Form method="post" noValidate className="stack">
        {sessionEmail || email ? (
          <input type="hidden" name="email" value={email} />
        ) : (
          <Field
            name="email"
            type="email"
            label="E-mail"
            autoComplete="email"
            placeholder="you@example.com"
            error={errors.email}
            onChange={() => clear('email')}
          />
        )}
        <fieldset disabled={Boolean(intent)} className="stack">
          <Field
            name="otp"
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={limits.otp}
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
