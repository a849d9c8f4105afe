import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import { useEffect } from 'react';
import { MSG, PENDING_VERIFICATION_EMAIL_KEY, type LoginResponse } from '@jara/contracts';
import { LoginDto } from '@jara/dto';
import { AuthLayout, GoogleButton, OrDivider } from '~/components/auth-layout';
import { CredentialFields } from '~/components/field';
import { useActionToast } from '~/components/toasts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { hasErrors, text, useFieldErrors, type Errors } from '~/lib/form';
import { validateForm } from '~/lib/validate.server';
import { startGoogleLogin } from '~/lib/google.server';
import { commitSession, flashToast, getSession, safeRedirect, signIn, redirectIfSignedIn } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { assertSameOrigin } from '~/lib/same-origin.server';

export const meta: MetaFunction = () => [{ title: 'Login | Jara' }];

export const loader = ({ request }: LoaderFunctionArgs) => redirectIfSignedIn(request);

interface LoginActionData {
  errors: Errors;
  toast?: ToastMessage;
  email?: string;
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  if (text(form.get('intent')) === 'google') return startGoogleLogin(request);

  const check = validateForm(LoginDto, form);
  if (!check.ok)
    return json<LoginActionData>({ errors: check.errors, email: text(form.get('email')) }, { status: 422 });
  const { email, password } = check.value;

  const result = await api<LoginResponse>('/auth/login', { json: { email, password } });
  const session = await getSession(request);

  if (result.ok && result.data?.token) {
    signIn(session, result.data.token, result.data.user);
    flashToast(session, { kind: 'success', message: MSG.auth.loginSuccess });
    const maxAge = Number(result.data.expires_in) > 0 ? Number(result.data.expires_in) : undefined;
    throw redirect(safeRedirect(form.get('redirectTo')), {
      headers: { 'Set-Cookie': await commitSession(request, session, maxAge) },
    });
  }

  const message = serverMessage(result.error);
  if (message === MSG.auth.verifyFirst) {
    session.set('pendingEmail', email);
    flashToast(session, { kind: 'info', message: MSG.auth.verifyFirst });
    throw redirect('/verify_otp', { headers: { 'Set-Cookie': await commitSession(request, session) } });
  }

  const fields = fieldErrors(result.error, ['email', 'password']);
  if (hasErrors(fields)) return json<LoginActionData>({ errors: fields, email }, { status: 422 });
  return json<LoginActionData>(
    { errors: {}, email, toast: toast('error', message || MSG.auth.loginFailed) },
    { status: result.status || 502 },
  );
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>() as LoginActionData | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { errors, clear } = useFieldErrors(actionData?.errors);
  useActionToast(actionData?.toast);

  useEffect(() => {
    if (params.get('verified')) window.localStorage.removeItem(PENDING_VERIFICATION_EMAIL_KEY);
  }, [params]);

  const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'login';

  return (
    <AuthLayout>
      <h1>{MSG.auth.loginHeading}</h1>
      <p className="auth-subtitle">{MSG.auth.loginSubtitle}</p>
      <Form method="post" noValidate className="stack">
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        <fieldset disabled={pending} className="stack">
          <CredentialFields
            email={actionData?.email}
            errors={errors}
            clear={clear}
            passwordAutoComplete="current-password"
            passwordPlaceholder="Your password"
          />
          <button type="submit" className="btn btn-primary btn-block">
            {pending ? MSG.auth.loggingIn : MSG.auth.loginButton}
          </button>
        </fieldset>
      </Form>
      <OrDivider />
      <GoogleButton disabled={pending} />
      <p className="auth-links">
        Don&apos;t have an account? <Link to="/sign_up">Signup here</Link>
      </p>
      <p className="auth-links">
        <Link to="/help">Get help signing in</Link>
      </p>
    </AuthLayout>
  );
}
