import { json, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { MSG } from '@jara/contracts';
import { Field, TextAreaField } from '~/components/field';
import { useActionToast } from '~/components/toasts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { hasErrors, text, useFieldErrors, type Errors } from '~/lib/form';
import { toast, type ToastMessage } from '~/lib/toast';
import { assertSameOrigin } from '~/lib/same-origin.server';

export const meta: MetaFunction = () => [
  { title: 'Contact | Jara' },
  { name: 'description', content: 'Send the Jara team a message.' },
];

/** Local copy: the contract has no contact-form messages yet. */
const CONTACT_MSG = {
  fullName: 'Please enter your full name.',
  message: 'Please enter a message.',
  sent: 'Thank you! Your message has been sent. We will get back to you soon.',
  failed: 'Your message could not be sent. Please try again.',
} as const;

const FIELDS = ['full_name', 'email', 'message'] as const;

function validate(values: Record<string, string>): Errors {
  const errors: Errors = {};
  if (!values.full_name.trim()) errors.full_name = CONTACT_MSG.fullName;
  if (!values.email.trim()) errors.email = MSG.auth.enterEmail;
  if (!values.message.trim()) errors.message = CONTACT_MSG.message;
  return errors;
}

interface ContactActionData {
  ok: boolean;
  errors: Errors;
  message?: string;
  values: Record<string, string>;
  toast?: ToastMessage;
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((field) => [field, text(form.get(field)).trim()]));
  const errors = validate(values);
  if (hasErrors(errors)) return json<ContactActionData>({ ok: false, errors, values }, { status: 400 });

  const result = await api<{ message?: string }>('/contact-messages', { json: values });
  if (result.ok) {
    const message = result.data?.message || CONTACT_MSG.sent;
    return json<ContactActionData>({ ok: true, errors: {}, message, values: {}, toast: toast('success', message) });
  }
  const fields = fieldErrors(result.error, FIELDS);
  if (hasErrors(fields)) return json<ContactActionData>({ ok: false, errors: fields, values }, { status: 422 });
  const message = (result.status !== 404 && serverMessage(result.error)) || CONTACT_MSG.failed;
  return json<ContactActionData>(
    { ok: false, errors: {}, message, values, toast: toast('error', message) },
    { status: result.status || 502 },
  );
}

export default function Contact() {
  const actionData = useActionData<typeof action>() as ContactActionData | undefined;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, setErrors, clear } = useFieldErrors(actionData?.errors);
  useActionToast(actionData?.toast);
  const pending = navigation.state === 'submitting';

  useEffect(() => {
    if (actionData?.ok) formRef.current?.reset();
  }, [actionData]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const found = validate(Object.fromEntries(FIELDS.map((field) => [field, text(data.get(field))])));
    if (hasErrors(found)) {
      event.preventDefault();
      setErrors(found);
    }
  }

  const values = actionData?.values ?? {};
  return (
    <main className="container page contact-page">
      <div className="contact-intro">
        <h1>Contact us</h1>
        <p className="lead">Questions about an order, a shipment or your account? Send us a message and our team will reply by e-mail.</p>
        <p className="muted">Our support team is available 24/7.</p>
      </div>
      <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="card stack contact-form">
        {actionData?.message ? (
          <p className={actionData.ok ? 'form-success' : 'form-error'} role={actionData.ok ? 'status' : 'alert'}>
            {actionData.message}
          </p>
        ) : null}
        <fieldset disabled={pending} className="stack">
          <Field
            name="full_name"
            label="Full name"
            autoComplete="name"
            defaultValue={values.full_name}
            error={errors.full_name}
            onChange={() => clear('full_name')}
          />
          <Field
            name="email"
            type="email"
            label="E-mail"
            autoComplete="email"
            defaultValue={values.email}
            error={errors.email}
            onChange={() => clear('email')}
          />
          <TextAreaField
            name="message"
            label="Message"
            rows={6}
            defaultValue={values.message}
            error={errors.message}
            onChange={() => clear('message')}
          />
          <button type="submit" className="btn btn-primary">
            {pending ? 'Sending…' : 'Send message'}
          </button>
        </fieldset>
      </Form>
    </main>
  );
}
