import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { MSG, type Delivery, type DeliveryType, type ItemResponse } from '@jara/contracts';
import type { RequestValues } from '~/components/deliveries';
import { api, fieldErrors, serverMessage } from './api.server';
import { deliveryListHref, readPage, readSearch, type RequestErrors } from './deliveries';
import { loadDeliveries, loadDelivery, loadRequestWarehouses } from './deliveries.server';
import {
  checkDeliveryRequest,
  REQUEST_FIELDS,
  REQUEST_LIMITS,
  requestRefusal,
  requestValues,
} from './delivery-requests.server';
import { env } from './env.server';
import { ALL_ROLES } from './navigation';
import { assertSameOrigin } from './same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from './session.server';
import { toast, type ToastMessage } from './toast';

/**
 * /account-foreign-logistics and /account-local-logistics (spec 2.24): the user's deliveries of one type (an admin's:
 * everyone's), the Create Warehouse Delivery dialog (?create=1) and the Payment Details dialog (?pay={id}).
 */
export function deliveriesLoader(type: DeliveryType) {
  return async ({ request }: LoaderFunctionArgs) => {
    const auth = await requireUser(request, ALL_ROLES);
    const params = new URL(request.url).searchParams;
    const q = readSearch(params.get('q'));
    const page = readPage(params.get('page'));
    const create = params.get('create') === '1';
    const payRaw = params.get('pay') ?? '';
    const payId = /^\d{1,12}$/.test(payRaw) ? Number(payRaw) : 0;
    const [list, warehouses, payFor] = await Promise.all([
      loadDeliveries(request, auth, type, q, page),
      create ? loadRequestWarehouses(request, type) : Promise.resolve([]),
      payId ? loadDelivery(request, auth, payId) : Promise.resolve(null),
    ]);
    const admin = auth.role === 'admin';
    return json({
      type,
      q,
      page,
      create,
      list,
      warehouses,
      limits: REQUEST_LIMITS,
      pay: payId ? { id: payId, delivery: payFor } : null,
      admin,
      // The back office's delivery page (Delivered to Warehouse / Proceed live there).
      adminUrl: admin ? env.adminUrl : null,
    });
  };
}

export interface CreateDeliveryAnswer {
  ok: false;
  message: string;
  errors?: RequestErrors;
  values?: RequestValues;
  toast: ToastMessage;
}

/** intent=create: POST /trackings; on success back to the first page with 'Warehouse delivery created!'. */
export function deliveriesAction(type: DeliveryType) {
  return async ({ request }: ActionFunctionArgs) => {
    assertSameOrigin(request);
    const auth = await requireUser(request, ALL_ROLES);
    const form = await request.formData();
    const values = requestValues(form);
    const refuse = (message: string, status: number, errors?: RequestErrors) =>
      json<CreateDeliveryAnswer>({ ok: false, message, errors, values, toast: toast('error', message) }, { status });
    if (form.get('intent') === 'invoice') return raiseFeeInvoice(request, auth, form, refuse);
    if (form.get('intent') !== 'create') return refuse(MSG.deliveries.warehouseCreateFailed, 400);

    const check = checkDeliveryRequest(form, type, false);
    if (!check.ok) return refuse(check.message ?? MSG.deliveries.warehouseCreateFailed, 422, check.errors);

    const result = await api<ItemResponse<Delivery>>('/trackings', { token: auth.token, json: check.body });
    if (result.status === 401) return signOutAndRedirect(request, auth.session);
    if (result.ok) {
      flashToast(auth.session, { kind: 'success', message: MSG.deliveries.warehouseCreated });
      const path = `/account-${type}-logistics`;
      throw redirect(deliveryListHref(path, { q: '', page: 1 }), {
        headers: { 'Set-Cookie': await commitSession(request, auth.session) },
      });
    }
    const found = requestRefusal(false, fieldErrors(result.error, REQUEST_FIELDS));
    const message = found.message ?? serverMessage(result.error) ?? MSG.deliveries.warehouseCreateFailed;
    return refuse(message, result.status === 422 ? 422 : result.status || 502, found.errors);
  };
}

/**
 * intent=invoice (Make Payment of a fee set while the request was a guest's, decision 025): POST /trackings/{id}/invoice
 * raises the fee invoice on demand, then on to the invoice page to pay it.
 */
async function raiseFeeInvoice(
  request: Request,
  auth: Awaited<ReturnType<typeof requireUser>>,
  form: FormData,
  refuse: (message: string, status: number) => Response,
): Promise<Response> {
  const raw = String(form.get('id') ?? '');
  if (!/^\d{1,12}$/.test(raw)) return refuse(MSG.deliveries.notFound, 404);
  const result = await api<ItemResponse<Delivery>>(`/trackings/${raw}/invoice`, {
    method: 'POST',
    token: auth.token,
    json: {},
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  const invoice = result.ok ? result.data?.data.invoice : null;
  if (invoice) throw redirect(`/invoices/${invoice.id}`);
  return refuse(serverMessage(result.error) ?? MSG.deliveries.feeNotSetYet, result.status || 502);
}
