import {
  ORDER_STATUSES,
  ORDER_TABS,
  orderStatusLabel,
  transactionState,
  type Order,
  type OrderStatus,
  type StatusTone,
  type TransactionState,
} from '@jara/contracts';

/** Orders on the storefront (spec 2.16, issue 10): pure helpers of the order screens, shared by server and browser. */

/** Orders per page of /my-orders, /orders and /transactions; Load More continues with the API's cursor. */
export const ORDERS_PAGE_SIZE = 10;

export type OrderTab = (typeof ORDER_TABS)[number];
export type OrderTabKey = OrderTab['key'];

/** The tab named by ?tab= (All, every order newest first, when missing or unknown). */
export function readOrderTab(value: string | null | undefined): OrderTab {
  return ORDER_TABS.find((tab) => tab.key === value) ?? ORDER_TABS[0];
}

/** The API's list query: status repeated, page size, and the cursor of the page after the last one shown. */
export function orderListQuery(options: OrderListOptions = {}): string {
  const params = new URLSearchParams({ per_page: String(options.perPage ?? ORDERS_PAGE_SIZE) });
  for (const status of options.statuses ?? []) params.append('status', String(status));
  if (options.after) params.set('after', options.after);
  else if (options.page && options.page > 1) params.set('page', String(options.page));
  return params.toString();
}

export interface OrderListOptions {
  statuses?: readonly number[];
  /** The API's keyset cursor of the page to read. */
  after?: string | null;
  /** A page number, for lists the API cannot continue with a cursor (it answers no next_cursor). */
  page?: number | null;
  perPage?: number;
}

/** A page of a list as the order screens keep it. */
export interface ListPage<T> {
  items: T[];
  /** The cursor of the next page; null at the end; absent when the list pages by number (then total and page). */
  nextCursor?: string | null;
  total: number;
  page: number;
}

/**
 * What Load More asks for next: the cursor when the API gave one, else the next page number while rows remain,
 * else nothing. `shown` is how many rows are on screen.
 */
export function nextPageQuery(
  page: Pick<ListPage<unknown>, 'nextCursor' | 'total' | 'page'>,
  shown: number,
): string | null {
  if (typeof page.nextCursor === 'string' && page.nextCursor) return `after=${encodeURIComponent(page.nextCursor)}`;
  if (page.nextCursor === null) return null;
  return shown < page.total ? `page=${page.page + 1}` : null;
}

/** ?page= from a query string: a whole number from 1 to 10000, else null. */
export function readPageNumber(value: string | null | undefined): number | null {
  return value && /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 10_000 ? Number(value) : null;
}

/** An order status's colour (spec 4): To Pay amber, To Ship and To Receive blue, To Review green, 4 and 5 red. */
export function orderStatusTone(status: unknown): StatusTone {
  return ORDER_STATUSES.find((row) => row.code === status)?.tone ?? 'default';
}

export function orderStatusText(order: Pick<Order, 'status' | 'status_label'>): string {
  return order.status_label || orderStatusLabel(order.status);
}

/** My Transactions: Delivered green, Pending amber, Cancelled red. */
export function transactionTone(state: TransactionState): StatusTone {
  return state === 'Delivered' ? 'success' : state === 'Cancelled' ? 'danger' : 'warning';
}

export interface TransactionRow {
  key: string;
  orderId: number;
  orderNo: string;
  productId: number;
  product: string;
  quantity: number;
  unitMinor: number;
  totalMinor: number;
  state: TransactionState;
  status: OrderStatus;
  date: string;
}

/** One row per order line (spec 2.16 My Transactions), in the orders' order. */
export function transactionRows(orders: readonly Order[]): TransactionRow[] {
  return orders.flatMap((order) =>
    (order.items ?? []).map((line) => ({
      key: `${order.id}-${line.id}`,
      orderId: order.id,
      orderNo: order.order_no,
      productId: line.product_id,
      product: line.product_name,
      quantity: line.quantity,
      unitMinor: line.unit_price_minor,
      totalMinor: line.line_total_minor,
      state: transactionState(order.status),
      status: order.status,
      date: order.created_at,
    })),
  );
}

/** Lines of an order the buyer may still review (To Review, not yet reviewed), one per product. */
export function reviewableLines(order: Pick<Order, 'status' | 'items'>) {
  if (order.status !== 3) return [];
  const seen = new Set<number>();
  return (order.items ?? []).filter((line) => {
    if (line.reviewed || seen.has(line.product_id)) return false;
    seen.add(line.product_id);
    return true;
  });
}

/** Appends a page to a list, skipping rows already shown (a row can move while the buyer reads). */
export function appendPage<T extends { id: number }>(current: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(current.map((row) => row.id));
  return [...current, ...next.filter((row) => !seen.has(row.id))];
}
