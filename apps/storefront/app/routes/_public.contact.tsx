import { json, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { CreateContactMessageDto } from '@jara/dto';
import { Field, TextAreaField } from '~/components/field';
import { useActionToast } from '~/components/toasts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { hasErrors, text, useFieldErrors, type Errors } from '~/lib/form';
import { maxLengths, validateForm } from '~/lib/validate.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { assertSameOrigin } from '~/lib/same-origin.server';

export const meta: MetaFunction = () => [
  { title: 'Contact | Jara' },
  { name: 'description', content: 'Send the Jara team a message.' },
];

/** The page's own answers (the field rules and their messages are the API's CreateContactMessageDto). */
const CONTACT_MSG = {
  sent: 'Thank you! Your message has been sent. We will get back to you soon.',
  failed: 'Your message could not be sent. Please try again.',
} as const;

const FIELDS = ['full_name', 'email', 'message'] as const;

export const loader = () => json({ limits: maxLengths(CreateContactMessageDto) });

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
  const values = Object.fromEntries(FIELDS.map((field) => [field, text(form.get(field))]));
  const check = validateForm(CreateContactMessageDto, values);
  if (!check.ok) return json<ContactActionData>({ ok: false, errors: check.errors, values }, { status: 422 });

  const result = await api<{ message?: string }>('/contact-messages', { json: check.value });
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
  const { limits } = useLoaderData<typeof loader>();
  const { errors, clear } = useFieldErrors(actionData?.errors);
  useActionToast(actionData?.toast);
  const pending = navigation.state === 'submitting';

  useEffect(() => {
    if (actionData?.ok) formRef.current?.reset();
  }, [actionData]);

  const values = actionData?.values ?? {};
  return (
    <main className="container page contact-page">
      <div className="contact-intro">
        <h1>Contact us</h1>
        <p className="lead">
          Questions about an order, a shipment or your account? Send us a message and our team will reply by e-mail.
        </p>
        <p className="muted">Our support team is available 24/7.</p>
      </div>
      <Form ref={formRef} method="post" noValidate className="card stack contact-form">
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
            maxLength={limits.full_name}
            defaultValue={values.full_name}
            error={errors.full_name}
            onChange={() => clear('full_name')}
          />
          <Field
            name="email"
            type="email"
            label="E-mail"
            autoComplete="email"
            maxLength={limits.email}
            defaultValue={values.email}
            error={errors.email}
            onChange={() => clear('email')}
          />
          <TextAreaField
            name="message"
            label="Message"
            rows={6}
            maxLength={limits.message}
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
