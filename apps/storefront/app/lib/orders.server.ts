import { json } from '@remix-run/node';
import {
  FULFILMENT_MSG,
  MSG,
  ORDER_STATUS,
  type ItemResponse,
  type ListResponse,
  type Order,
  type OrderStatus,
  type OrderStatusInput,
} from '@jara/contracts';
import { api, serverMessage, type ApiResult } from './api.server';
import { orderListQuery, type ListPage, type OrderListOptions } from './orders';
import { signOutAndRedirect, type SignedIn } from './session.server';

/** Reads and moves of the order screens. A 401 signs out; other failures come back as null or a message. */

/** The signed-in user's id (kept in the session at login). */
export function sessionUserId(auth: Pick<SignedIn, 'session'>): number {
  const id = Number(auth.session.get('userId'));
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

async function signed<T>(
  request: Request,
  auth: SignedIn,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<ApiResult<T>> {
  const result = await api<T>(path, { token: auth.token, signal: init.method ? undefined : request.signal, ...init });
  if (result.status === 401) await signOutAndRedirect(request, auth.session);
  return result;
}

function page(result: ApiResult<ListResponse<Order>>): ListPage<Order> | null {
  if (!result.ok || !result.data || !Array.isArray(result.data.data)) return null;
  const meta = result.data.meta;
  const items = result.data.data;
  return {
    items,
    // Absent (not null) when the list cannot continue with a cursor: Load More then asks for the next page number.
    ...(meta && 'next_cursor' in meta ? { nextCursor: meta.next_cursor ?? null } : {}),
    total: Number(meta?.total ?? items.length),
    page: Number(meta?.page ?? 1),
  };
}

/** GET /orders/user/{me}: the buyer's own orders, newest first (statuses: any of them; none: every status). */
export async function loadMyOrders(
  request: Request,
  auth: SignedIn,
  options: OrderListOptions,
): Promise<ListPage<Order> | null> {
  const me = sessionUserId(auth);
  if (!me) return null;
  return page(await signed<ListResponse<Order>>(request, auth, `/orders/user/${me}?${orderListQuery(options)}`));
}

/** GET /orders: for a vendor, the orders with a line of theirs (items and vendor_earnings_minor are theirs only). */
export async function loadSales(
  request: Request,
  auth: SignedIn,
  options: OrderListOptions,
): Promise<ListPage<Order> | null> {
  return page(await signed<ListResponse<Order>>(request, auth, `/orders?${orderListQuery(options)}`));
}

/** GET /orders/{id}: the order with its history; 404 (missing or not the user's) is thrown as the page's 404. */
export async function loadOrder(request: Request, auth: SignedIn, id: number): Promise<Order> {
  const result = await signed<ItemResponse<Order>>(request, auth, `/orders/${id}`);
  if (result.status === 404 || result.status === 403) throw json({ message: MSG.orders.notFound }, { status: 404 });
  const order = result.ok ? result.data?.data : null;
  if (!order) throw json({ message: MSG.common.serverError }, { status: 502 });
  return order;
}

/** An order id from a query or form value, or 0. */
export function readOrderId(value: FormDataEntryValue | string | null | undefined): number {
  return typeof value === 'string' && /^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : 0;
}

export interface MoveAnswer {
  ok: boolean;
  message: string;
}

/** PATCH /orders/{id}/status {status, note}: the API decides (a refused move is its 422 message). */
export async function moveOrder(
  request: Request,
  auth: SignedIn,
  id: number,
  status: OrderStatus,
  note: string | null,
  success: string,
  extra: Pick<OrderStatusInput, 'refund_to'> = {},
): Promise<MoveAnswer> {
  const result = await signed<ItemResponse<Order>>(request, auth, `/orders/${id}/status`, {
    method: 'PATCH',
    json: { status, ...(note ? { note } : {}), ...extra },
  });
  if (result.ok) return { ok: true, message: success };
  const fieldMessage = result.error?.errors?.status?.[0] ?? result.error?.errors?.refund_to?.[0];
  if (result.status === 404) return { ok: false, message: MSG.orders.notFound };
  return { ok: false, message: fieldMessage ?? serverMessage(result.error) ?? MSG.orders.statusUpdateFailed };
}

/**
 * The product page's review form: may the signed-in user review this product? `orderId` is their order at To Review
 * (3) with a line of it not yet reviewed; `reviewed` says every such line is already reviewed. Null when it could not
 * be told (the API failed or refused the token): the page does not sign anyone out, the form's post lets the API decide.
 */
export interface ReviewEligibility {
  orderId: number | null;
  reviewed: boolean;
}

export async function loadReviewEligibility(
  request: Request,
  auth: Pick<SignedIn, 'session' | 'token'>,
  productId: number,
): Promise<ReviewEligibility | null> {
  const me = sessionUserId(auth);
  if (!me) return null;
  const query = orderListQuery({ statuses: [ORDER_STATUS.TO_REVIEW], perPage: 50 });
  const list = page(
    await api<ListResponse<Order>>(`/orders/user/${me}?${query}`, { token: auth.token, signal: request.signal }),
  );
  if (!list) return null;
  let bought = false;
  for (const order of list.items) {
    for (const line of order.items ?? []) {
      if (line.product_id !== productId) continue;
      if (!line.reviewed) return { orderId: order.id, reviewed: false };
      bought = true;
    }
  }
  return { orderId: null, reviewed: bought };
}

export interface LinesAnswer {
  ok: boolean;
  message: string;
  errors?: Partial<Record<'courier' | 'tracking_no', string>>;
}

/**
 * POST /orders/{id}/lines/ready or /lines/ship {courier, tracking_no} (decision 031): the vendor's own lines of the
 * order. The API decides; its field errors come back for the form, its refusal as the message.
 */
export async function fulfilLines(
  request: Request,
  auth: SignedIn,
  id: number,
  action: 'ready' | 'ship',
  body: { courier?: string; tracking_no?: string },
  success: string,
): Promise<LinesAnswer> {
  const result = await signed<ItemResponse<Order>>(request, auth, `/orders/${id}/lines/${action}`, {
    method: 'POST',
    json: body,
  });
  if (result.ok) return { ok: true, message: success };
  if (result.status === 404) return { ok: false, message: MSG.orders.notFound };
  const errors = result.error?.errors ?? {};
  const fields: LinesAnswer['errors'] = {};
  if (errors.courier?.[0]) fields.courier = errors.courier[0];
  if (errors.tracking_no?.[0]) fields.tracking_no = errors.tracking_no[0];
  return { ok: false, message: serverMessage(result.error) ?? FULFILMENT_MSG.failed, errors: fields };
}
