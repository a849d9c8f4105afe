/** Orders: the checkout's input, the order as every app reads it, the lifecycle table and the dashboard's aggregates. */
import { productPricing } from './catalogue';
import type { LineFulfilment } from './fulfilment';
import { ORDER_STATUS, type OrderStatus } from './statuses';
import type { OrderRefund, RefundDestination } from './payouts';
import type { PaymentStart } from './wallet';

/** Payment methods at checkout (API values and the radio's labels). Card goes through Paystack. */
export const ORDER_PAYMENT_METHODS = [
  { value: 'wallet', label: 'Wallet' },
  { value: 'card', label: 'Credit Card' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number]['value'];
export const ORDER_PAYMENT_METHOD_VALUES: readonly OrderPaymentMethod[] = ORDER_PAYMENT_METHODS.map((m) => m.value);

export function orderPaymentMethodLabel(method: unknown): string {
  return ORDER_PAYMENT_METHODS.find((m) => m.value === method)?.label ?? 'Unknown';
}

/** The checkout's country select (spec 2.15), in its order. */
export const CHECKOUT_COUNTRIES = [
  'Nigeria',
  'Ghana',
  'Kenya',
  'South Africa',
  'United States',
  'United Kingdom',
  'Canada',
] as const;
export type CheckoutCountry = (typeof CHECKOUT_COUNTRIES)[number];

/** Limits of one order: distinct lines and units per line. */
export const ORDER_LIMITS = { maxLines: 50, maxQuantity: 999, notesMax: 1000 } as const;

/** Checkout summary (spec 9): shipping Free, tax Included (the saving is checkoutSavingsMinor's, decision 030). */
export const CHECKOUT_SUMMARY = {
  shipping: 'Free',
  tax: 'Included',
} as const;

/** What checkout charges for delivery, in kobo: nothing, on every order (docs/decisions/030-honest-claims.md). */
export const ORDER_DELIVERY_FEE_MINOR = 0;

/** GET /shop-policy: the rules the storefront's claims quote (what checkout and returns apply). */
export interface ShopPolicy {
  return_window_days: number;
  delivery_fee_minor: number;
}

/** The storefront's claims, each shown only when a rule backs it (spec labels where the rule matches them). */
export const SHOP_CLAIM_LABELS = {
  freeShipping: 'Free Shipping',
  freeDeliveryBanner: 'Free Delivery on Every Order',
  securePayment: 'Secure Payment',
  returns: (days: number) => `${days}-Day Returns`,
} as const;

/** The claims a policy backs: free delivery only when checkout charges none; returns only with a window of 1 day or more. */
export function shopClaims(policy: ShopPolicy | null | undefined): { freeDelivery: boolean; returns: string | null } {
  if (!policy) return { freeDelivery: false, returns: null };
  return {
    freeDelivery: policy.delivery_fee_minor === 0,
    returns:
      Number.isSafeInteger(policy.return_window_days) && policy.return_window_days > 0
        ? SHOP_CLAIM_LABELS.returns(policy.return_window_days)
        : null,
  };
}

/**
 * "You're saving" at checkout: the real saving of the lines, each (previous price - price) x quantity from the same
 * productPricing as the card and the product page; null when no line has a discount.
 */
export function checkoutSavingsMinor(
  lines: ReadonlyArray<{ price_kobo?: number; discount?: string | null; quantity?: unknown }>,
): number | null {
  let total = 0;
  for (const line of lines) {
    const quantity = Number(line.quantity);
    if (!Number.isSafeInteger(quantity) || quantity <= 0 || typeof line.price_kobo !== 'number') continue;
    total += productPricing({ price_kobo: line.price_kobo, discount: line.discount }).saving * quantity;
  }
  return total > 0 ? total : null;
}

export interface CreateOrderLineInput {
  product_id: number;
  quantity: number;
}

/** POST /orders (header Idempotency-Key makes a retry answer the same order). */
export interface CreateOrderInput {
  items: CreateOrderLineInput[];
  full_name: string;
  /** A Nigerian phone number (080..., +234...); the API keeps it as +234XXXXXXXXXX. */
  phone: string;
  street_address: string;
  /** One of NIGERIAN_STATES. */
  state: string;
  /** The city or local government area. */
  city: string;
  landmark?: string | null;
  /** Optional (rarely used in Nigeria). */
  postal_code?: string | null;
  country: CheckoutCountry;
  payment_method: OrderPaymentMethod;
  notes?: string | null;
}

export interface OrderLine {
  id: number;
  product_id: number;
  product_name: string;
  product_image: string | null;
  vendor_id: number | null;
  unit_price_minor: number;
  quantity: number;
  line_total_minor: number;
  /** Marketplace commission kept by Jara and the vendor's share (set when priced; credited when received). */
  commission_minor: number;
  vendor_credit_minor: number;
  settled_at: string | null;
  /** The buyer left the review this line allows. */
  reviewed: boolean;
  /** The line's own progress (decision 031): pending, ready_for_pickup, shipped, delivered. */
  fulfilment: LineFulfilment;
  fulfilment_label: string;
  /** Who carries it and its tracking number, once shipped with a courier. */
  courier: string | null;
  tracking_no: string | null;
  ready_at: string | null;
  shipped_at: string | null;
}

export interface OrderHistoryEntry {
  id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor: { id: number; name: string | null; role: string } | null;
  note: string | null;
  created_at: string;
}

export interface OrderInvoiceRef {
  id: number;
  reference: string;
  type: 'order';
  status: 'pending' | 'paid' | 'cancelled';
}

export interface BankTransferDetails {
  bank_name: string;
  account_name: string;
  account_number: string;
  /** Put this in the transfer's narration so the payment is matched to the order. */
  narration: string;
}

export interface Order {
  id: number;
  order_no: string;
  user: { id: number; name: string | null; email: string | null };
  status: OrderStatus;
  status_label: string;
  currency: 'NGN';
  subtotal_minor: number;
  shipping_minor: number;
  total_minor: number;
  payment_method: OrderPaymentMethod;
  full_name: string;
  /** +234XXXXXXXXXX; null on orders placed before the checkout asked for it. */
  phone: string | null;
  street_address: string;
  /** Null on orders placed before the checkout asked for it. */
  state: string | null;
  city: string;
  landmark: string | null;
  postal_code: string | null;
  country: string;
  notes: string | null;
  invoice: OrderInvoiceRef | null;
  /** Unpaid orders release their stock at this time. */
  expires_at: string | null;
  paid_at: string | null;
  shipped_at: string | null;
  received_at: string | null;
  return_requested_at: string | null;
  /** A received order: the last moment the buyer may ask for a return (ORDER_RETURN_WINDOW_DAYS after receipt). */
  return_until: string | null;
  return_reason: string | null;
  created_at: string;
  updated_at: string;
  items: OrderLine[];
  item_count: number;
  /** The spec's flat order shape (first line): product name, price and quantity. */
  product: { id: number; name: string } | null;
  product_id: number | null;
  price: number;
  quantity: number;
  /** A vendor's view: what this order credits (or will credit) their wallet. */
  vendor_earnings_minor?: number;
  /**
   * A vendor's view: the order also holds other sellers' lines, so Jara ships it and the vendor is not offered
   * "Mark as Shipped" (the API answers MSG.orders.mixedOrder).
   */
  other_sellers?: boolean;
  /** Only on GET /orders/{id}. */
  history?: OrderHistoryEntry[];
  /** Only in the answer to POST /orders. */
  payment?: PaymentStart | null;
  bank_transfer?: BankTransferDetails | null;
  /** Where the buyer asked a return's refund to go (issue 24); null: the wallet (the default). */
  refund_to?: RefundDestination | null;
  /** Only on GET /orders/{id}, for the buyer and an admin: every refund of the order, oldest first (issue 24). */
  refunds?: OrderRefund[];
}

/** PATCH /orders/{id}/status */
export interface OrderStatusInput {
  status: OrderStatus;
  note?: string | null;
  /** Accepting a return (admin, 3 -> 4): put the returned units back in stock (default false). */
  restock?: boolean;
  /** Requesting a return (buyer, status 4, issue 24): where the refund goes; 'card' only for a card-paid order. */
  refund_to?: RefundDestination;
}

/** POST /orders/{id}/late-transfer (admin): the bank transfer of a cancelled order arrived (decision 022). */
export interface LateTransferInput {
  note?: string | null;
}

/** What a late transfer did: the order went to To Ship (stock taken again), or the customer's wallet was credited. */
export type LateTransferOutcome = 'restocked' | 'credited';

export type OrderActor = 'buyer' | 'vendor' | 'admin';

/** Who makes a move: a person in a role, or the system (a payment settled, the expiry job, a late transfer). */
export type OrderMover = OrderActor | 'system';

/** The API's handler of a move (OrdersService dispatches on it: one method per name, no if/else chain). */
export type OrderMoveHandler =
  | 'cancel'
  | 'confirmTransfer'
  | 'ship'
  | 'receive'
  | 'requestReturn'
  | 'acceptReturn'
  | 'markPaid'
  | 'expire'
  | 'lateTransfer';

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  by: readonly OrderMover[];
  /** The button that asks for it. */
  action: string;
  /** What runs it in the API. */
  handler: OrderMoveHandler;
}

/** Label of the admin's 3 -> 4 (accepting a requested return). */
export const ACCEPT_RETURN_ACTION = 'Accept Return';

/**
 * The allowed moves; the API refuses every other with a 422. 3 -> 4 asked by the buyer records a return request
 * (the order stays To Review, within the return window); an admin accepting a requested return moves it to 4 and
 * refunds the buyer. The system's rows (by: ['system']) are not asked for through PATCH /orders/{id}/status: an
 * invoice paid (markPaid), the payment window passed (expire), a bank transfer that arrived after the order was
 * cancelled (lateTransfer, POST /orders/{id}/late-transfer by an admin; decision 022).
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  {
    from: ORDER_STATUS.TO_PAY,
    to: ORDER_STATUS.CANCELLED,
    by: ['buyer', 'admin'],
    action: 'Cancel Order',
    handler: 'cancel',
  },
  {
    from: ORDER_STATUS.TO_PAY,
    to: ORDER_STATUS.TO_SHIP,
    by: ['admin'],
    action: 'Mark as Paid',
    handler: 'confirmTransfer',
  },
  {
    from: ORDER_STATUS.TO_SHIP,
    to: ORDER_STATUS.TO_RECEIVE,
    by: ['vendor', 'admin'],
    action: 'Mark as Shipped',
    handler: 'ship',
  },
  {
    from: ORDER_STATUS.TO_RECEIVE,
    to: ORDER_STATUS.TO_REVIEW,
    by: ['buyer', 'admin'],
    action: 'Confirm Receipt',
    handler: 'receive',
  },
  {
    from: ORDER_STATUS.TO_REVIEW,
    to: ORDER_STATUS.RETURNED,
    by: ['buyer'],
    action: 'Request Return',
    handler: 'requestReturn',
  },
  {
    from: ORDER_STATUS.TO_REVIEW,
    to: ORDER_STATUS.RETURNED,
    by: ['admin'],
    action: ACCEPT_RETURN_ACTION,
    handler: 'acceptReturn',
  },
  { from: ORDER_STATUS.TO_PAY, to: ORDER_STATUS.TO_SHIP, by: ['system'], action: 'Paid', handler: 'markPaid' },
  { from: ORDER_STATUS.TO_PAY, to: ORDER_STATUS.CANCELLED, by: ['system'], action: 'Expired', handler: 'expire' },
  {
    from: ORDER_STATUS.CANCELLED,
    to: ORDER_STATUS.TO_SHIP,
    by: ['system'],
    action: 'Late Transfer Received',
    handler: 'lateTransfer',
  },
];

/** The move `mover` may make from `from` to `to`, or undefined. */
export function orderTransition(from: unknown, to: unknown, mover: OrderMover): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by.includes(mover));
}

/** The moves `actor` may ask for on an order in `status` (for showing buttons; the API decides). */
/**
 * Whether the buyer may still ask to return this order at `now`: received (To Review), no return asked yet, and the
 * return window (`return_until`) not passed. The API refuses the same cases (MSG.orders.returnWindowClosed).
 */
export function canRequestReturn(
  order: Pick<Order, 'status' | 'return_requested_at' | 'return_until'>,
  now: Date = new Date(),
): boolean {
  if (order.status !== ORDER_STATUS.TO_REVIEW || order.return_requested_at || !order.return_until) return false;
  return Date.parse(order.return_until) > now.getTime();
}

export function orderMovesFor(status: unknown, actor: OrderActor): OrderTransition[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === status && t.by.includes(actor));
}

/** Marketplace commission in basis points (1000 = 10%) and a line's split: commission rounded to whole kobo. */
export function splitCommission(lineTotalMinor: number, commissionBps: number): { commission: number; vendor: number } {
  const commission = Math.round((lineTotalMinor * commissionBps) / 10_000);
  return { commission, vendor: lineTotalMinor - commission };
}

/** GET /dashboard/orders: the back office's charts (last `days` days, Lagos days). */
export interface OrderStats {
  days: number;
  per_day: { day: string; orders: number; revenue_minor: number }[];
  by_status: { status: OrderStatus; label: string; count: number }[];
  top_products: { product_id: number; name: string; quantity: number; revenue_minor: number }[];
  top_vendors: { vendor_id: number; name: string | null; orders: number; revenue_minor: number }[];
  commission_minor: number;
  revenue_minor: number;
  orders: number;
}

/** A vendor's dashboard: stock at or below this is low (the dashboard lists the lowest ten active products). */
export const LOW_STOCK_THRESHOLD = 5;

/** Paid orders with a vendor's lines (To Ship, To Receive, To Review) and the total of those lines. */
export interface VendorSalesFigure {
  orders: number;
  amount_minor: number;
}

/** GET /vendor/dashboard: the signed-in vendor's figures (Lagos days; the week starts on Monday). */
export interface VendorDashboard {
  sales_today: VendorSalesFigure;
  sales_week: VendorSalesFigure;
  /** Orders at To Ship with the vendor's lines (the "Orders to fulfil" page). */
  to_fulfil: number;
  /** Sale credits posted but held until the return window ends. */
  pending_earnings_minor: number;
  /** The wallet's naira balance: what the vendor may spend. */
  available_minor: number;
  low_stock_threshold: number;
  low_stock: { id: number; name: string; stock_quantity: number }[];
}

/**
 * A vendor's statement line (issue 22): where its credit stands. awaiting: paid, not yet received by the buyer;
 * pending: credited, held until the return window ends; available: in the wallet's balance; reversed: returned.
 */
export type StatementCreditStatus = 'awaiting' | 'pending' | 'available' | 'reversed';

export const STATEMENT_CREDIT_LABELS: Record<StatementCreditStatus, string> = {
  awaiting: 'Awaiting delivery',
  pending: 'Pending',
  available: 'Available',
  reversed: 'Reversed',
};

/** GET /orders/statement (vendor): one row per line of theirs in a paid order, newest order first. */
export interface StatementLine {
  id: number;
  order_id: number;
  order_no: string;
  order_status: OrderStatus;
  product_name: string;
  quantity: number;
  /** What the buyer paid for the line. */
  gross_minor: number;
  /** The marketplace's commission. */
  commission_minor: number;
  /** The vendor's credit: gross less commission. */
  credit_minor: number;
  credit_status: StatementCreditStatus;
  credit_status_label: string;
  /** A pending credit: when the return window ends and it becomes available. */
  available_from: string | null;
  created_at: string;
}

/** My Transactions (spec 2.16): one row per order line; colours by the order's state. */
export type TransactionState = 'Delivered' | 'Pending' | 'Cancelled';
export function transactionState(status: unknown): TransactionState {
  if (status === ORDER_STATUS.TO_REVIEW) return 'Delivered';
  if (status === ORDER_STATUS.CANCELLED || status === ORDER_STATUS.RETURNED) return 'Cancelled';
  return 'Pending';
}
