import { json, type ActionFunctionArgs } from '@remix-run/node';
import { SubscribeDto } from '@jara/dto';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { validateForm } from '~/lib/validate.server';

/** Newsletter sign-up (POST /newsletter, idempotent, checked by the API's SubscribeDto): { ok, message } for the form. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const check = validateForm(SubscribeDto, await request.formData());
  if (!check.ok) return json({ ok: false, message: check.errors.email }, { status: 422 });
  const result = await api('/newsletter', { json: { email: check.value.email } });
  if (result.ok) return json({ ok: true, message: 'Thank you for subscribing! Watch your inbox for deals.' });
  const message =
    fieldErrors(result.error, ['email']).email ??
    serverMessage(result.error) ??
    'We could not subscribe you right now. Please try again.';
  return json({ ok: false, message }, { status: result.status === 422 ? 422 : 502 });
}

export const loader = () => new Response('Method Not Allowed', { status: 405 });
