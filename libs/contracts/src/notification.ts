import type { NotificationStatus } from './statuses';

export interface NotificationItem {
  id: number;
  title: string;
  description: string | null;
  message: string | null;
  status: NotificationStatus;
  created_at: string;
  /**
   * What the notification is about, as a path of the app the recipient uses (the storefront; the back office for
   * admins' notifications): `/order-summary?id=12`, `/invoices/7`, `/account-tracker?no=JT-...`. Null when there is
   * nothing to open. Only a path on the same site is ever answered (see notificationLink).
   */
  link: string | null;
}

/** Where each kind of notification leads: storefront paths, and the back office's for admins' notifications. */
export const NOTIFICATION_PATHS = {
  dashboard: '/dashboard',
  order: (orderId: number) => `/order-summary?id=${orderId}`,
  invoice: (invoiceId: number) => `/invoices/${invoiceId}`,
  wallet: '/fund',
  parcel: (trackingNo: string) => `/account-tracker?no=${encodeURIComponent(trackingNo)}`,
  kyc: '/settings/kyc',
  supportThread: (supportId: number) => `/support?open=${supportId}`,
  /** The back office's support request (admins). */
  adminSupport: (supportId: number) => `/supports/${supportId}`,
  /** The back office's order (admins: lines to collect, decision 031). */
  adminOrder: (orderId: number) => `/orders/show/${orderId}`,
  /** The vendor's payouts page (balances, account, withdrawals, statement). */
  payouts: '/payouts',
} as const;

/** A link into the back office (admins' notifications), which the storefront opens on the back office's origin. */
export function isBackOfficeLink(link: string): boolean {
  return link.startsWith('/supports/') || link.startsWith('/orders/show/');
}

/** A notification's link as stored and shown: a relative path starting with one `/`, or null (never another site). */
export function notificationLink(link: unknown): string | null {
  if (typeof link !== 'string' || link.length > 255) return null;
  // "/x" only: not "//host" or "/\\host" (protocol-relative), no scheme; printable ASCII without "\\" or spaces.
  return /^\/(?![/\\])[!-[\]-~]*$/.test(link) ? link : null;
}

export interface NotificationListMeta {
  total: number;
  page: number;
  per_page: number;
  unread: number;
}
