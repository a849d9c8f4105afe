/** The entity types the audit log names (spec: admin writes; decision 019). Others appear under their route name. */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'product',
  'category',
  'currency',
  'invoice',
  'wallet',
  'order',
  'delivery',
  'shipping',
  'location',
  'warehouse',
  'logistics_settings',
  'kyc',
  'support',
  'support_response',
] as const;

import { formatLongDateTime } from './greeting';
import { formatDollars, formatNaira, formatWalletMoney } from './money';
import {
  activeLabel,
  deliveryStatusLabel,
  kycStatusLabel,
  orderStatusLabel,
  shippingTitleStatusLabel,
  supportStatusLabel,
} from './statuses';

/** GET /audit-logs and /audit-logs/{id} (admin): one admin write. */
export interface AuditLogEntry {
  id: number;
  created_at: string;
  /** Who, as they were at the time (their e-mail may have changed since). */
  actor: { id: number; email: string; role: string };
  actor_id: number;
  /** `<entity_type>.<verb>`, e.g. category.update, delivery.status, wallet.adjust. */
  action: string;
  entity_type: string;
  entity_id: number | null;
  /**
   * The record's own number or name as it is now (an order's order_no, a delivery's tracking_no, an invoice's
   * reference, a user's e-mail, a product's name); null when the record is gone or has none.
   */
  entity_ref: string | null;
  method: string;
  path: string;
  /** The changed fields before and after (the whole row on a creation or a deletion); secrets show [redacted]. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The request's fields, secrets redacted. */
  body: Record<string, unknown> | null;
  request_id: string | null;
  ip: string | null;
}

// ------------------------------------------------------------------------------------------------ readable labels
// Issue 22: the audit log shows what happened in words, never a raw code: labels for record types, actions and
// fields, values with their units (weights in kg, money as money, statuses by name).

/** Record types by name; an unknown type is humanised (never shown raw). */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  user: 'User',
  product: 'Product',
  category: 'Category',
  currency: 'Currency',
  invoice: 'Invoice',
  wallet: 'Wallet',
  order: 'Order',
  delivery: 'Delivery',
  shipping: 'Shipping title',
  location: 'Location',
  warehouse: 'Warehouse',
  logistics_settings: 'Cargo rates',
  kyc: 'KYC submission',
  support: 'Support ticket',
  support_response: 'Support reply',
  admin: 'Back office',
};

/** What an admin did, by action (`<entity_type>.<verb>`). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.update': 'Updated a user',
  'user.remove': 'Deleted a user',
  'user.preferences': 'Changed their preferences',
  'user.update_image': 'Changed their photo',
  'user.change': 'Asked to change their e-mail',
  'user.confirm': 'Confirmed their new e-mail',
  'category.create': 'Created a category',
  'category.update': 'Updated a category',
  'category.remove': 'Deleted a category',
  'product.create': 'Created a product',
  'product.update': 'Updated a product',
  'product.update_via_post': 'Updated a product',
  'product.remove': 'Deleted a product',
  'product.review': 'Reviewed a product',
  'currency.create': 'Added a currency',
  'currency.update': 'Updated a currency',
  'currency.remove': 'Deleted a currency',
  'invoice.create': 'Created an invoice',
  'invoice.pay': 'Paid an invoice',
  'invoice.verify': 'Verified an invoice payment',
  'invoice.cancel': 'Cancelled an invoice',
  'wallet.adjust': 'Adjusted a wallet balance',
  'order.create': 'Placed an order',
  'order.status': "Changed an order's status",
  'order.late_transfer': 'Settled a late bank transfer',
  'delivery.create': 'Created a delivery',
  'delivery.proceed': 'Proceeded a delivery to shipping',
  'delivery.status': "Changed a delivery's status",
  'delivery.claim': 'Claimed a delivery request',
  'delivery.decline': 'Declined a delivery request',
  'shipping.create': 'Created a shipping title',
  'shipping.update': 'Updated a shipping title',
  'shipping.assign': 'Assigned goods to a shipping title',
  'shipping.remove': 'Deleted a shipping title',
  'location.create': 'Created a location',
  'location.update': 'Updated a location',
  'location.remove': 'Deleted a location',
  'warehouse.create': 'Created a warehouse',
  'warehouse.update': 'Updated a warehouse',
  'warehouse.remove': 'Deleted a warehouse',
  'logistics_settings.update': 'Changed the cargo rates',
  'kyc.decide': 'Decided a KYC submission',
  'kyc.remove': 'Deleted a KYC submission',
  'support.create': 'Opened a support ticket',
  'support.status': "Changed a support ticket's status",
  'support.remove': 'Deleted a support ticket',
  'support_response.create': 'Replied to a support ticket',
  'support_response.status': "Changed a support reply's status",
  'admin.reconcile': 'Ran the reconciliation',
  'admin.late_transfer': 'Settled a late bank transfer',
};

type AuditValueKind = 'hundredths-kg' | 'hundredths-cm3' | 'naira' | 'dollars' | 'money' | 'status' | 'date' | 'bool';

/** Field labels, with how their values read. */
export const AUDIT_FIELD_LABELS: Record<string, { label: string; kind?: AuditValueKind }> = {
  weight_hundredths: { label: 'Weight (kg)', kind: 'hundredths-kg' },
  size_hundredths: { label: 'Size (cm³)', kind: 'hundredths-cm3' },
  token_version: { label: 'Sessions signed out' },
  ngn_minor: { label: 'Naira balance', kind: 'naira' },
  usd_minor: { label: 'Dollar balance', kind: 'dollars' },
  price_kobo: { label: 'Price', kind: 'naira' },
  amount_minor: { label: 'Amount', kind: 'money' },
  expected_amount_minor: { label: 'Expected amount', kind: 'money' },
  subtotal_minor: { label: 'Subtotal', kind: 'naira' },
  shipping_minor: { label: 'Shipping', kind: 'naira' },
  total_minor: { label: 'Total', kind: 'naira' },
  commission_minor: { label: 'Commission', kind: 'naira' },
  vendor_credit_minor: { label: 'Vendor credit', kind: 'naira' },
  unit_price_minor: { label: 'Unit price', kind: 'naira' },
  line_total_minor: { label: 'Line total', kind: 'naira' },
  cost_per_kg_cents: { label: 'Cost per kg', kind: 'dollars' },
  cost_per_cmb3_cents: { label: 'Cost per CBM', kind: 'dollars' },
  status: { label: 'Status', kind: 'status' },
  from_status: { label: 'From status', kind: 'status' },
  to_status: { label: 'To status', kind: 'status' },
  order_no: { label: 'Order number' },
  tracking_no: { label: 'Tracking number' },
  external_no: { label: 'External tracking ID' },
  reference: { label: 'Reference' },
  shipping_id: { label: 'Shipping title' },
  warehouse_id: { label: 'Warehouse' },
  location_id: { label: 'Location' },
  category_id: { label: 'Category' },
  user_id: { label: 'User' },
  invoice_id: { label: 'Invoice' },
  order_id: { label: 'Order' },
  product_id: { label: 'Product' },
  shipping_type: { label: 'Shipping type' },
  stock_quantity: { label: 'Stock' },
  payment_method: { label: 'Payment method' },
  email_verified_at: { label: 'E-mail verified', kind: 'date' },
  deleted_at: { label: 'Deleted', kind: 'date' },
  paid_at: { label: 'Paid', kind: 'date' },
  shipped_at: { label: 'Shipped', kind: 'date' },
  cancelled_at: { label: 'Cancelled', kind: 'date' },
  reviewed_at: { label: 'Reviewed', kind: 'date' },
  resolved_at: { label: 'Resolved', kind: 'date' },
  from_jara: { label: 'From Jara', kind: 'bool' },
  email_updates: { label: 'E-mail updates', kind: 'bool' },
  postal_code: { label: 'Postal code' },
  street_address: { label: 'Street address' },
  full_name: { label: 'Full name' },
  id_type: { label: 'ID type' },
  dob: { label: 'Date of birth' },
};

/** 'delivery_status' -> 'Delivery status', 'updateImage' -> 'Update image': a code read as words. */
export function humanizeCode(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}

export function auditEntityLabel(type: string): string {
  return AUDIT_ENTITY_LABELS[type] ?? humanizeCode(type);
}

/** 'delivery.proceed' -> 'Proceeded a delivery to shipping'; an unknown action -> 'Delivery: frobnicate'. */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const dot = action.indexOf('.');
  if (dot < 0) return humanizeCode(action);
  return `${auditEntityLabel(action.slice(0, dot))}: ${humanizeCode(action.slice(dot + 1)).toLowerCase()}`;
}

export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field]?.label ?? humanizeCode(field);
}

function statusLabel(entityType: string, value: unknown): string {
  switch (entityType) {
    case 'order':
      return orderStatusLabel(value);
    case 'delivery':
      return deliveryStatusLabel(value);
    case 'shipping':
      return shippingTitleStatusLabel(value);
    case 'support':
    case 'support_response':
      return supportStatusLabel(value);
    case 'kyc':
      return kycStatusLabel(value);
    case 'user':
    case 'product':
    case 'category':
    case 'location':
    case 'warehouse':
    case 'currency':
      return activeLabel(value);
    default:
      return String(value);
  }
}

function hundredths(value: number): string {
  return (value / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * A field's value as a person reads it: weights in kg with two decimals, money as money (in the row's currency
 * when it has one), statuses by name, yes/no, dates; objects as JSON; null as an em dash.
 * `currency` is the record's currency where it has one (an invoice's); naira otherwise.
 */
export function formatAuditValue(
  field: string,
  value: unknown,
  context: { entityType: string; currency?: unknown } = { entityType: '' },
): string {
  if (value === null || value === undefined || value === '') return '—';
  const kind = AUDIT_FIELD_LABELS[field]?.kind;
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
  switch (kind) {
    case 'hundredths-kg':
      if (Number.isFinite(n)) return `${hundredths(n)} kg`;
      break;
    case 'hundredths-cm3':
      if (Number.isFinite(n)) return `${hundredths(n)} cm³`;
      break;
    case 'naira':
      if (Number.isFinite(n)) return formatNaira(n);
      break;
    case 'dollars':
      if (Number.isFinite(n)) return formatDollars(n);
      break;
    case 'money':
      if (Number.isFinite(n)) {
        // A delivery's cargo fee is in dollars (Delivery.currency); other records say their currency or are naira.
        const currency =
          typeof context.currency === 'string' ? context.currency : context.entityType === 'delivery' ? 'USD' : 'NGN';
        return formatWalletMoney(n, currency);
      }
      break;
    case 'status':
      return statusLabel(context.entityType, value);
    case 'bool':
      return value === true || value === 1 || value === '1' ? 'Yes' : 'No';
    case 'date':
      if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatLongDateTime(value);
      break;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The back-office page of a record the audit log names, when it has one. */
export function auditEntityPath(type: string, id: number | null): string | null {
  if (id === null) return null;
  switch (type) {
    case 'order':
      return `/orders/show/${id}`;
    case 'delivery':
      return `/deliveries/${id}`;
    case 'invoice':
      return `/invoices/show/${id}`;
    case 'wallet':
      return `/wallets/show/${id}`;
    case 'product':
      return `/products/show/${id}`;
    case 'kyc':
      return `/kyc/${id}`;
    case 'support':
      return `/supports/${id}`;
    default:
      return null;
  }
}
