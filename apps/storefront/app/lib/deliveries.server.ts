import {
  MSG,
  normalizeTrackingNo,
  type Delivery,
  type DeliveryType,
  type ItemResponse,
  type ListResponse,
  type LogisticsSettings,
  type TrackingLookup,
  type Warehouse,
} from '@jara/contracts';
import { api, serverMessage, type ApiResult } from './api.server';
import { deliveryListApiQuery, trackingTableApiQuery, warehouseTypesFor, type TrackingTableQuery } from './deliveries';
import { signOutAndRedirect, type SignedIn } from './session.server';

/** Reads and writes of the delivery and tracking screens (issue 11). A 401 of a signed-in call signs out. */

async function signed<T>(
  request: Request,
  auth: SignedIn,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<ApiResult<T>> {
  const result = await api<T>(path, {
    token: auth.token,
    signal: init.method || init.json !== undefined ? undefined : request.signal,
    ...init,
  });
  if (result.status === 401) await signOutAndRedirect(request, auth.session);
  return result;
}

export interface DeliveryPage {
  items: Delivery[];
  total: number;
  page: number;
  perPage: number;
}

function listPage(result: ApiResult<ListResponse<Delivery>>, perPage: number): DeliveryPage | null {
  if (!result.ok || !result.data || !Array.isArray(result.data.data)) return null;
  const meta = result.data.meta;
  return {
    items: result.data.data,
    total: Number(meta?.total ?? result.data.data.length),
    page: Number(meta?.page ?? 1),
    perPage: Number(meta?.per_page ?? perPage),
  };
}

/** The warehouses a request of this type may use (GET /warehouses, public), or null when the API failed. */
export async function loadRequestWarehouses(request: Request, type: DeliveryType): Promise<Warehouse[] | null> {
  const result = await api<ListResponse<Warehouse>>('/warehouses?per_page=100', { signal: request.signal });
  if (!result.ok || !Array.isArray(result.data?.data)) return null;
  const allowed = warehouseTypesFor(type);
  return result.data.data.filter((w) => allowed.includes(w.type));
}

/** GET /trackings?type=..: the signed-in user's deliveries (an admin's: everyone's), 10 a page. */
export async function loadDeliveries(
  request: Request,
  auth: SignedIn,
  type: DeliveryType,
  q: string,
  page: number,
): Promise<DeliveryPage | null> {
  return listPage(
    await signed<ListResponse<Delivery>>(request, auth, `/trackings?${deliveryListApiQuery(type, q, page)}`),
    10,
  );
}

/** GET /trackings/{id} (owner or admin; another user's is a 404 -> null). */
export async function loadDelivery(request: Request, auth: SignedIn, id: number): Promise<Delivery | null> {
  const result = await signed<ItemResponse<Delivery>>(request, auth, `/trackings/${id}`);
  return result.ok ? (result.data?.data ?? null) : null;
}

/** The admin tracking table (GET /trackings?per_page=5&...): the page, or the API's error message. */
export async function loadTrackingTable(
  request: Request,
  auth: SignedIn,
  query: TrackingTableQuery,
): Promise<{ list: DeliveryPage | null; error: string | null }> {
  const result = await signed<ListResponse<Delivery>>(request, auth, `/trackings?${trackingTableApiQuery(query)}`);
  const list = listPage(result, 5);
  return { list, error: list ? null : (serverMessage(result.error) ?? MSG.tracking.loadFailed) };
}

export type LookupAnswer = { ok: true; tracking: TrackingLookup } | { ok: false; status: number; message: string };

/** GET /tracking-number/{no} (public). An empty number is refused here, before any call. */
export async function lookupTracking(request: Request, raw: string): Promise<LookupAnswer> {
  const no = normalizeTrackingNo(raw);
  if (!no) return { ok: false, status: 400, message: MSG.deliveries.trackingNoRequired };
  const result = await api<ItemResponse<TrackingLookup>>(`/tracking-number/${encodeURIComponent(no)}`, {
    signal: request.signal,
  });
  if (result.ok && result.data?.data) return { ok: true, tracking: result.data.data };
  const message =
    serverMessage(result.error) ??
    (result.status === 404
      ? MSG.deliveries.trackingNotFound
      : result.status
        ? MSG.tracking.lookupFailed
        : MSG.common.serverError);
  return { ok: false, status: result.status || 502, message };
}

/** GET /logistics-settings (public): the cargo rates, or null. */
export async function loadLogisticsSettings(request: Request): Promise<LogisticsSettings | null> {
  const result = await api<ItemResponse<LogisticsSettings>>('/logistics-settings', { signal: request.signal });
  return result.ok ? (result.data?.data ?? null) : null;
}
