import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { MSG, type Delivery, type DeliveryType, type ItemResponse } from '@jara/contracts';
import { api, fieldErrors, serverMessage } from './api.server';
import type { RequestErrors } from './deliveries';
import { loadRequestWarehouses } from './deliveries.server';
import {
  checkDeliveryRequest,
  REQUEST_FIELDS,
  REQUEST_LIMITS,
  requestRefusal,
  requestValues,
} from './delivery-requests.server';
import { assertSameOrigin } from './same-origin.server';
import { getSession, signOutAndRedirect } from './session.server';
import { toast, type ToastMessage } from './toast';
import type { RequestValues } from '~/components/deliveries';

/**
 * /foreign-logistics and /local-logistics (spec 2.1, 5, 8): the page and its create-request dialog (?request=1).
 * A guest's request goes to POST /guest/trackings (no token); a signed-in shopper's to POST /trackings.
 */
export function landingLoader(type: DeliveryType) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const open = url.searchParams.get('request') === '1';
    const session = await getSession(request);
    const signedIn = Boolean(session.get('token'));
    const warehouses = open ? await loadRequestWarehouses(request, type) : [];
    return json({ type, open, signedIn, name: session.get('name') || '', warehouses, limits: REQUEST_LIMITS });
  };
}

export interface LandingActionData {
  ok: boolean;
  message: string;
  trackingNo?: string;
  /** A guest gave an e-mail: a link to confirm the request was sent to it (decision 032). */
  emailed?: boolean;
  errors?: RequestErrors;
  values?: RequestValues;
  toast: ToastMessage;
}

export function landingAction(type: DeliveryType) {
  return async ({ request }: ActionFunctionArgs) => {
    assertSameOrigin(request);
    const session = await getSession(request);
    const token = session.get('token');
    const guest = !token;
    const form = await request.formData();
    const values = requestValues(form);
    const refuse = (message: string, status: number, errors?: RequestErrors) =>
      json<LandingActionData>({ ok: false, message, errors, values, toast: toast('error', message) }, { status });

    const check = checkDeliveryRequest(form, type, guest);
    if (!check.ok) return refuse(check.message ?? MSG.deliveries.shippingRequestFailed, 422, check.errors);

    const body = check.body;
    const result = guest
      ? await api<ItemResponse<Pick<Delivery, 'tracking_no' | 'status' | 'status_label'>>>('/guest/trackings', {
          json: body,
        })
      : await api<ItemResponse<Delivery>>('/trackings', { token, json: body });
    if (result.status === 401 && !guest) return signOutAndRedirect(request, session);
    const trackingNo = result.ok ? result.data?.data?.tracking_no : undefined;
    if (trackingNo) {
      const message = MSG.deliveries.shippingRequestCreated;
      return json<LandingActionData>(
        {
          ok: true,
          message,
          trackingNo,
          emailed: guest && 'email' in body && Boolean(body.email),
          toast: toast('success', message),
        },
        { status: 201 },
      );
    }
    if (result.status === 429) return refuse(serverMessage(result.error) ?? MSG.deliveries.guestTooMany, 429);
    const found = requestRefusal(guest, fieldErrors(result.error, REQUEST_FIELDS));
    const message = found.message ?? serverMessage(result.error) ?? MSG.deliveries.shippingRequestFailed;
    return refuse(message, result.status === 422 ? 422 : result.status || 502, found.errors);
  };
}
