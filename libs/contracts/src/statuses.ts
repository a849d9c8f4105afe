/** Status codes and their labels (spec section 4), defined once for the API, the storefront and the back office. */

export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'default';

export interface StatusInfo {
  code: number | string;
  label: string;
  tone: StatusTone;
}

function table<K extends number | string>(rows: Array<[K, string, StatusTone]>) {
  return rows.map(([code, label, tone]) => ({ code, label, tone }));
}

function lookup<K extends number | string>(rows: Array<{ code: K; label: string; tone: StatusTone }>, code: unknown) {
  return rows.find((row) => String(row.code) === String(code));
}

// Deliveries and trackings: 0-8
export const DELIVERY_STATUS = {
  CANCELLED: 0,
  PENDING_DELIVERY: 1,
  DELIVERED_TO_WAREHOUSE: 2,
  READY_FOR_SHIPPING: 3,
  LOADED_INTO_CONTAINER: 4,
  SHIPPED: 5,
  ARRIVED_DESTINATION: 6,
  COMPLETED: 7,
  RETURNED: 8,
} as const;
export type DeliveryStatus = (typeof DELIVERY_STATUS)[keyof typeof DELIVERY_STATUS];

export const DELIVERY_STATUSES = table<DeliveryStatus>([
  [0, 'Cancelled', 'danger'],
  [1, 'Pending Delivery', 'warning'],
  [2, 'Delivered to Warehouse', 'info'],
  [3, 'Ready for Shipping', 'info'],
  [4, 'Loaded into Container', 'info'],
  [5, 'Shipped (In Transit)', 'info'],
  [6, 'Arrived Destination', 'info'],
  [7, 'Completed Transaction', 'success'],
  [8, 'Returned Goods', 'danger'],
]);

/** Label in the tracking table: an unknown status shows 'Unknown'. */
export function deliveryStatusLabel(code: unknown): string {
  return lookup(DELIVERY_STATUSES, code)?.label ?? 'Unknown';
}

/** Label in detail views and the delivery table: an unknown status shows 'Pending'. */
export function deliveryStatusDetailLabel(code: unknown): string {
  return lookup(DELIVERY_STATUSES, code)?.label ?? 'Pending';
}

// Orders: 0-5
export const ORDER_STATUS = {
  TO_PAY: 0,
  TO_SHIP: 1,
  TO_RECEIVE: 2,
  TO_REVIEW: 3,
  RETURNED: 4,
  CANCELLED: 5,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUSES = table<OrderStatus>([
  [0, 'To Pay', 'warning'],
  [1, 'To Ship', 'info'],
  [2, 'To Receive', 'info'],
  [3, 'To Review', 'success'],
  [4, 'Returned', 'danger'],
  [5, 'Cancelled', 'danger'],
]);

export function orderStatusLabel(code: unknown): string {
  return lookup(ORDER_STATUSES, code)?.label ?? 'Unknown';
}

/** 4 and 5 are grouped on the tabbed orders screen as 'Returns & Cancellations'. */
export const ORDER_TABS = [
  // Issue 22: My Orders opens on every order, newest first (an empty To Pay told a new buyer nothing).
  { key: 'all', label: 'All', statuses: [], empty: 'You have no orders yet.' },
  { key: 'to-pay', label: 'To Pay', statuses: [0], empty: 'No orders to pay.' },
  { key: 'to-ship', label: 'To Ship', statuses: [1], empty: 'No orders to ship.' },
  { key: 'to-receive', label: 'To Receive', statuses: [2], empty: 'No orders to receive.' },
  { key: 'to-review', label: 'To Review', statuses: [3], empty: 'No orders to review.' },
  { key: 'returns', label: 'Returns & Cancellations', statuses: [4, 5], empty: 'No returns or cancellations.' },
] as const;

// Support: 1 Open, 2 In Progress, 0 Closed
export const SUPPORT_STATUS = { CLOSED: 0, OPEN: 1, IN_PROGRESS: 2 } as const;
export type SupportStatus = (typeof SUPPORT_STATUS)[keyof typeof SUPPORT_STATUS];
export const SUPPORT_STATUSES = table<SupportStatus>([
  [1, 'Open', 'warning'],
  [2, 'In Progress', 'info'],
  [0, 'Closed', 'default'],
]);
export function supportStatusLabel(code: unknown): string {
  return lookup(SUPPORT_STATUSES, code)?.label ?? 'Unknown';
}

// KYC: 0 Pending, 1 Approved, -1 Rejected
export const KYC_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: -1 } as const;
export type KycStatus = (typeof KYC_STATUS)[keyof typeof KYC_STATUS];
export const KYC_STATUSES = table<KycStatus>([
  [0, 'Pending', 'warning'],
  [1, 'Approved', 'success'],
  [-1, 'Rejected', 'danger'],
]);
export function kycStatusLabel(code: unknown): string {
  return lookup(KYC_STATUSES, code)?.label ?? 'Unknown';
}

// Shipping titles: 1 Loading, 2 Transit, 3 Arrived
export const SHIPPING_TITLE_STATUS = { LOADING: 1, TRANSIT: 2, ARRIVED: 3 } as const;
export type ShippingTitleStatus = (typeof SHIPPING_TITLE_STATUS)[keyof typeof SHIPPING_TITLE_STATUS];
export const SHIPPING_TITLE_STATUSES = table<ShippingTitleStatus>([
  [1, 'Loading', 'warning'],
  [2, 'Transit', 'info'],
  [3, 'Arrived', 'success'],
]);
export function shippingTitleStatusLabel(code: unknown): string {
  return lookup(SHIPPING_TITLE_STATUSES, code)?.label ?? 'Unknown';
}

export const SHIPPING_TYPES = [
  { value: 'sea_cargo', label: 'Sea Cargo' },
  { value: 'air_cargo', label: 'Air Cargo' },
] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number]['value'];

export const DELIVERY_TYPES = ['foreign', 'local'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

// Wallet ledger entries and invoices
export const WALLET_STATUSES = table<string>([
  ['completed', 'Completed', 'success'],
  ['pending', 'Pending', 'warning'],
  ['failed', 'Failed', 'default'],
]);
export function walletStatusTone(status: unknown): StatusTone {
  return lookup(WALLET_STATUSES, status)?.tone ?? 'default';
}

export const INVOICE_STATUSES = table<string>([
  ['paid', 'Paid', 'success'],
  ['pending', 'Pending', 'warning'],
  ['cancelled', 'Cancelled', 'default'],
]);
export function invoiceStatusTone(status: unknown): StatusTone {
  return lookup(INVOICE_STATUSES, status)?.tone ?? 'default';
}

// Users, categories, products, locations: '1' active, anything else inactive
export const ACTIVE = '1';
export const INACTIVE = '0';
export function isActive(status: unknown): boolean {
  return String(status) === ACTIVE;
}
/** The user list shows 'Active' when '1', otherwise the raw status. */
export function userStatusLabel(status: unknown): string {
  return isActive(status) ? 'Active' : String(status ?? '');
}
/** Locations and categories: 'Active' when 1, else 'Inactive'. */
export function activeLabel(status: unknown): string {
  return isActive(status) ? 'Active' : 'Inactive';
}

// Notifications: 0 unread, 1 read
export const NOTIFICATION_STATUS = { UNREAD: 0, READ: 1 } as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUS)[keyof typeof NOTIFICATION_STATUS];
