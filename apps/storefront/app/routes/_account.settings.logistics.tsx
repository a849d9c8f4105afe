import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { MSG, normalizeRole, type ItemResponse, type LogisticsSettings } from '@jara/contracts';
import { LogisticsSettingsDto } from '@jara/dto';
import { Field } from '~/components/field';
import { usePosting } from '~/components/settings';
import { useActionToast } from '~/components/toasts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { loadLogisticsSettings } from '~/lib/deliveries.server';
import { text, useFieldErrors, type Errors } from '~/lib/form';
import { ADMIN_ONLY } from '~/lib/navigation';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { validateForm } from '~/lib/validate.server';

/**
 * Logistics Settings (spec 2.22 point 3, 5, 8): the two cargo rates, the fourth tab of every account. Everyone reads
 * them (the fee of their deliveries is computed from them); only an admin's save is accepted (the action refuses the
 * others, and the API checks the role again).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  return json({ settings: await loadLogisticsSettings(request), admin: normalizeRole(auth.role) === 'admin' });
}

interface RatesActionData {
  errors: Errors;
  /** The rates as typed, to fill the form again after a refusal. */
  values: { cost_per_cmb3: string; cost_per_kg: string };
  toast: ToastMessage;
}

/**
 * Both rates checked by the API's own LogisticsSettingsDto (required numbers, not negative, 2 decimals: spec 5's
 * messages); PUT /logistics-settings, then back here with a flash toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ADMIN_ONLY);
  const form = await request.formData();
  const values = { cost_per_cmb3: text(form.get('cost_per_cmb3')), cost_per_kg: text(form.get('cost_per_kg')) };
  const refuse = (errors: Errors, message: string, status: number) =>
    json<RatesActionData>({ errors, values, toast: toast('error', message) }, { status });
  const check = validateForm(LogisticsSettingsDto, values);
  if (!check.ok) return refuse(check.errors, MSG.logisticsSettings.updateFailed, 422);
  const result = await api<ItemResponse<LogisticsSettings>>('/logistics-settings', {
    method: 'PUT',
    token: auth.token,
    json: { cost_per_cmb3: Number(check.value.cost_per_cmb3), cost_per_kg: Number(check.value.cost_per_kg) },
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (result.ok) {
    flashToast(auth.session, { kind: 'success', message: MSG.logisticsSettings.updated });
    return redirect('/settings/logistics', { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
  }
  const errors = fieldErrors(result.error, ['cost_per_cmb3', 'cost_per_kg']);
  return refuse(errors, serverMessage(result.error) ?? MSG.logisticsSettings.updateFailed, result.status || 502);
}

export default function LogisticsSettingsPage() {
  const { settings, admin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const saving = usePosting('/settings/logistics');
  const { errors, clear } = useFieldErrors(actionData?.errors);
  if (!settings) {
    return (
      <p className="form-error" role="alert">
        {MSG.lists.loadLogisticsSettingsFailed}
      </p>
    );
  }
  const values = actionData?.values;
  return (
    <Form
      method="post"
      action="/settings/logistics"
      noValidate
      className="stack logistics-form"
      key={settings.updated_at ?? 'rates'}
    >
      <h2>Logistics Settings</h2>
      <p className="muted">
        The cargo fee of a delivery is computed from these rates, in US dollars: sea cargo is the size in cm³ times the
        rate per cm³, air cargo the weight in kg times the rate per kg.
      </p>
      {admin ? null : <p className="muted">{MSG.logisticsSettings.readOnly}</p>}
      <fieldset disabled={saving || !admin} className="form-grid-2">
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
      {admin ? (
        <div>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : MSG.logisticsSettings.save}
          </button>
        </div>
      ) : null}
    </Form>
  );
}
