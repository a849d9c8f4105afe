import {
  DELIVERY_STATUS,
  DELIVERY_STATUSES,
  MSG,
  SHIPPING_TYPES,
  WAREHOUSE_TYPES,
  type Delivery,
  type DeliveryType,
  type ShippingType,
  type StatusTone,
  type Warehouse,
  type WarehouseType,
} from '@jara/contracts';

/** Deliveries and tracking on the storefront (spec 2.19, 2.24, issue 11): pure helpers shared by server and browser. */

/** Rows per page of the delivery tables (spec 9) and of the admin tracking table. */
export const DELIVERIES_PAGE_SIZE = 10;
export const TRACKING_TABLE_PAGE_SIZE = 5;

/** Longest search text a delivery table sends. */
const SEARCH_MAX_LENGTH = 100;

export function shippingTypeLabel(type: string | null | undefined): string {
  return SHIPPING_TYPES.find((t) => t.value === type)?.label ?? '';
}

export function warehouseTypeLabel(type: string | null | undefined): string {
  return WAREHOUSE_TYPES.find((t) => t.value === type)?.label ?? '';
}

export function deliveryTypeLabel(type: DeliveryType | string | null | undefined): string {
  return type === 'foreign' ? 'Foreign' : type === 'local' ? 'Local' : '';
}

export function deliveryStatusTone(status: unknown): StatusTone {
  return DELIVERY_STATUSES.find((row) => String(row.code) === String(status))?.tone ?? 'default';
}

export function isShippingType(value: unknown): value is ShippingType {
  return SHIPPING_TYPES.some((t) => t.value === value);
}

/** The warehouse types a request may use: local deliveries the local ones, foreign ones sea or air cargo. */
export function warehouseTypesFor(type: DeliveryType): readonly WarehouseType[] {
  return type === 'local' ? ['local'] : ['sea_cargo', 'air_cargo'];
}

/**
 * The warehouses a request of this type may choose (spec 5): their type matches the request type; for a foreign
 * request with a chosen shipping type, only that type's warehouses.
 */
export function warehousesFor<W extends Pick<Warehouse, 'type'>>(
  warehouses: readonly W[],
  type: DeliveryType,
  shippingType?: string | null,
): W[] {
  const allowed = warehouseTypesFor(type);
  return warehouses.filter(
    (w) => allowed.includes(w.type) && (type === 'local' || !isShippingType(shippingType) || w.type === shippingType),
  );
}

export type RequestErrors = Partial<
  Record<
    | 'name'
    | 'phone'
    | 'email'
    | 'external_no'
    | 'warehouse_id'
    | 'shipping_type'
    | 'contents'
    | 'last_mile'
    | 'declared_weight'
    | 'declared_length'
    | 'declared_width'
    | 'declared_height',
    string
  >
>;

/** What the Payment column shows (spec 4): 'Paid' once the fee invoice is paid, 'Process Payment' at 2, else 'Not Available'. */
export type PaymentCell = 'paid' | 'process' | 'none';

export function paymentCell(delivery: Pick<Delivery, 'status' | 'payment_status' | 'invoice'>): PaymentCell {
  if (delivery.payment_status === 'paid' || delivery.invoice?.status === 'paid') return 'paid';
  return delivery.status === DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE ? 'process' : 'none';
}

/** The admin Action column (spec 4): 'Completed' text at 7, 'Delivered to Warehouse' at 1, 'Proceed' otherwise. */
export function adminAction(status: unknown): { kind: 'text' | 'link'; label: string } {
  if (status === DELIVERY_STATUS.COMPLETED) return { kind: 'text', label: MSG.deliveries.completed };
  if (status === DELIVERY_STATUS.PENDING_DELIVERY) return { kind: 'link', label: MSG.deliveries.deliveredToWarehouse };
  return { kind: 'link', label: MSG.deliveries.proceed };
}

/** Number of pages of a list (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, perPage)));
}

/** ?page=: a whole number from 1 to 10000, else 1. */
export function readPage(value: string | null | undefined): number {
  return value && /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 10_000 ? Number(value) : 1;
}

/** A search box's value: trimmed, bounded. */
export function readSearch(value: string | null | undefined): string {
  return (value ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
}

export const TRACKING_SORTS = ['status', 'weight', 'size'] as const;
export type TrackingSort = (typeof TRACKING_SORTS)[number];

export interface TrackingTableQuery {
  tracking_no_like: string;
  name_like: string;
  /** '' for any status, else '0'..'8'. */
  status: string;
  sort: TrackingSort | '';
  order: 'asc' | 'desc';
  page: number;
}

/** The admin tracking table's state from the page's query string. */
export function readTrackingTableQuery(params: URLSearchParams): TrackingTableQuery {
  const status = (params.get('status') ?? '').trim();
  const sort = params.get('sort') ?? '';
  return {
    tracking_no_like: readSearch(params.get('tracking_no_like')),
    name_like: readSearch(params.get('name_like')),
    status: /^[0-8]$/.test(status) ? status : '',
    sort: (TRACKING_SORTS as readonly string[]).includes(sort) ? (sort as TrackingSort) : '',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: readPage(params.get('page')),
  };
}

/** The page's query string of a tracking table state (empty values left out), with `change` applied. */
export function trackingTableHref(
  path: string,
  query: TrackingTableQuery,
  change: Partial<TrackingTableQuery> = {},
): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.tracking_no_like) params.set('tracking_no_like', next.tracking_no_like);
  if (next.name_like) params.set('name_like', next.name_like);
  if (next.status) params.set('status', next.status);
  if (next.sort) {
    params.set('sort', next.sort);
    params.set('order', next.order);
  }
  if (next.page > 1) params.set('page', String(next.page));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The API query of the admin tracking table (GET /trackings?per_page=5...). */
export function trackingTableApiQuery(query: TrackingTableQuery): string {
  const params = new URLSearchParams({ per_page: String(TRACKING_TABLE_PAGE_SIZE), page: String(query.page) });
  if (query.tracking_no_like) params.set('tracking_no_like', query.tracking_no_like);
  if (query.name_like) params.set('name_like', query.name_like);
  if (query.status) params.set('status', query.status);
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order);
  }
  return params.toString();
}

/** The API query of a delivery table (GET /trackings?type=..&q=..&page=..&per_page=10). */
export function deliveryListApiQuery(type: DeliveryType, q: string, page: number): string {
  const params = new URLSearchParams({ type, per_page: String(DELIVERIES_PAGE_SIZE), page: String(page) });
  if (q) params.set('q', q);
  return params.toString();
}

/** A delivery table's page link keeping the search (and optionally a dialog parameter). */
export function deliveryListHref(
  path: string,
  state: { q: string; page: number },
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Was this weight or size measured? (Proceed sends 0 for the measure the shipping type does not use.) */
export function measured(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** A weight or size for a table cell: '12.5 kg', '—' when not measured (null or 0). */
export function measureText(value: number | null | undefined, unit: string): string {
  return measured(value) ? `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${unit}` : '—';
}
