import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { MSG } from '@jara/contracts';
import { RegisterDto } from '@jara/dto';
import { AuthLayout, GoogleButton, OrDivider } from '~/components/auth-layout';
import { CredentialFields, Field } from '~/components/field';
import { useActionToast } from '~/components/toasts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { hasErrors, text, useFieldErrors, type Errors } from '~/lib/form';
import { maxLengths, validateForm } from '~/lib/validate.server';
import { startGoogleLogin } from '~/lib/google.server';
import { commitSession, flashToast, getSession, redirectIfSignedIn } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { assertSameOrigin } from '~/lib/same-origin.server';

export const meta: MetaFunction = () => [{ title: 'Create an Account | Jara' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  // The inputs' limits are the API's (RegisterDto), sent with the page.
  return json({ limits: maxLengths(RegisterDto) });
}

interface SignUpActionData {
  errors: Errors;
  toast?: ToastMessage;
  email?: string;
  name?: string;
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  if (text(form.get('intent')) === 'google') return startGoogleLogin(request);

  const check = validateForm(RegisterDto, form);
  if (!check.ok) {
    return json<SignUpActionData>(
      { errors: check.errors, email: text(form.get('email')), name: text(form.get('name')) },
      { status: 422 },
    );
  }
  const { name, email, password } = check.value;

  const result = await api<{ message: string }>('/auth/register', { json: { name, email, password } });
  if (result.ok) {
    const session = await getSession(request);
    session.set('pendingEmail', email);
    flashToast(session, { kind: 'success', message: MSG.auth.registrationSuccess });
    throw redirect('/verify_otp', { headers: { 'Set-Cookie': await commitSession(request, session) } });
  }

  const fields = fieldErrors(result.error, ['name', 'email', 'password']);
  if (hasErrors(fields)) return json<SignUpActionData>({ errors: fields, email, name }, { status: 422 });
  return json<SignUpActionData>(
    { errors: {}, email, name, toast: toast('error', serverMessage(result.error) || MSG.auth.registrationFailed) },
    { status: result.status || 502 },
  );
}

export default function SignUpPage() {
  const actionData = useActionData<typeof action>() as SignUpActionData | undefined;
  const navigation = useNavigation();
  const { limits } = useLoaderData<typeof loader>();
  const { errors, clear } = useFieldErrors(actionData?.errors);
  useActionToast(actionData?.toast);
  const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'register';

  return (
    <AuthLayout>
      <h1>Create an Account</h1>
      <p className="auth-subtitle">Sign up with your e-mail; we will send you a 6-digit code.</p>
      <Form method="post" noValidate className="stack">
        <input type="hidden" name="intent" value="register" />
        <fieldset disabled={pending} className="stack">
          <Field
            name="name"
            label="Full name (optional)"
            autoComplete="name"
            placeholder="e.g. Chioma Adeyemi"
            maxLength={limits.name}
            defaultValue={actionData?.name}
            error={errors.name}
            onChange={() => clear('name')}
          />
          <CredentialFields
            email={actionData?.email}
            errors={errors}
            clear={clear}
            passwordAutoComplete="new-password"
            passwordPlaceholder={MSG.auth.passwordHint}
          />
          <button type="submit" className="btn btn-primary btn-block">
            {pending ? 'Signing up…' : 'Sign Up'}
          </button>
        </fieldset>
      </Form>
      <OrDivider />
      <GoogleButton disabled={pending} />
      <p className="auth-links">
        Already have an account? <Link to="/login">Login</Link>
      </p>
      <p className="auth-links">
        <Link to="/help">Get help signing in</Link>
      </p>
    </AuthLayout>
  );
}
