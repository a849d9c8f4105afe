import { json, type ActionFunctionArgs } from '@remix-run/node';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { text } from '~/lib/form';
import { assertSameOrigin } from '~/lib/same-origin.server';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Newsletter sign-up (POST /newsletter, idempotent): { ok, message } for the form. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const email = text(form.get('email')).trim();
  if (!EMAIL.test(email)) return json({ ok: false, message: 'Please enter a valid e-mail address.' }, { status: 422 });
  const result = await api('/newsletter', { json: { email } });
  if (result.ok) return json({ ok: true, message: 'Thank you for subscribing! Watch your inbox for deals.' });
  const message =
    fieldErrors(result.error, ['email']).email ?? serverMessage(result.error) ?? 'We could not subscribe you right now. Please try again.';
  return json({ ok: false, message }, { status: result.status === 422 ? 422 : 502 });
}

export const loader = () => new Response('Method Not Allowed', { status: 405 });
