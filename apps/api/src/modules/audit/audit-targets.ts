/**
 * What an admin write changes, from its route: the controller's path names the table whose row is the target, and
 * the route parameter (or the signed-in user, or a fixed row) gives its key. A route not listed here is still
 * recorded, with the controller's path as its entity type and its request fields, without before/after.
 */
export interface AuditTarget {
  /** The entity type written in the log (singular, snake_case). */
  type: string;
  /** The table holding the target row (snapshotted before and after the write). */
  table: string;
  /** The column the key is matched on (default id). */
  column?: string;
  /** Where the key comes from: a route parameter (default 'id'), the signed-in user, or a fixed value. */
  key?: { param: string } | { actor: true } | { fixed: number };
}

export const AUDIT_TARGETS: Record<string, AuditTarget> = {
  users: { type: 'user', table: 'users' },
  user: { type: 'user', table: 'users', key: { actor: true } },
  categories: { type: 'category', table: 'categories' },
  products: { type: 'product', table: 'products' },
  currencies: { type: 'currency', table: 'currencies' },
  locations: { type: 'location', table: 'locations' },
  warehouses: { type: 'warehouse', table: 'warehouses' },
  shippings: { type: 'shipping', table: 'shipping_titles' },
  'logistics-settings': { type: 'logistics_settings', table: 'logistics_settings', key: { fixed: 1 } },
  trackings: { type: 'delivery', table: 'deliveries' },
  kyc: { type: 'kyc', table: 'kyc_submissions' },
  supports: { type: 'support', table: 'supports' },
  'support-responses': { type: 'support_response', table: 'support_responses' },
  wallets: { type: 'wallet', table: 'wallets', column: 'user_id', key: { param: 'userId' } },
  orders: { type: 'order', table: 'orders' },
  invoices: { type: 'invoice', table: 'invoices' },
  consolidations: { type: 'consolidation', table: 'consolidations' },
};

/**
 * The record's own number or name shown beside an entry (issue 22): which column of which table, by entity type.
 * A wallet's key is its user's id, so it is named by the user's e-mail.
 */
export const AUDIT_REFS: Record<string, { table: string; column: string }> = {
  order: { table: 'orders', column: 'order_no' },
  delivery: { table: 'deliveries', column: 'tracking_no' },
  invoice: { table: 'invoices', column: 'reference' },
  user: { table: 'users', column: 'email' },
  wallet: { table: 'users', column: 'email' },
  product: { table: 'products', column: 'name' },
  category: { table: 'categories', column: 'name' },
  currency: { table: 'currencies', column: 'code' },
  location: { table: 'locations', column: 'name' },
  warehouse: { table: 'warehouses', column: 'name' },
  shipping: { table: 'shipping_titles', column: 'name' },
  support: { table: 'supports', column: 'subject' },
};

/**
 * An admin's personal writes that are not administration (reading their notifications, their wishlist): not
 * recorded. Signing in is not an admin request yet (no token), so it is not recorded either.
 */
export const AUDIT_SKIPPED = new Set(['notifications', 'wishlist', 'audit-logs']);

/** Fields never written to the log in clear: credentials, one-time codes, tokens, identity documents. */
const SECRET =
  /(password|passwd|secret|token|otp|hash|api_?key|authorization|cookie|cvv|^code_verifier$|google_id|id_number|image_key|_key$)/i;

export const REDACTED = '[redacted]';

export function isSecretField(name: string): boolean {
  return SECRET.test(name);
}

const MAX_TEXT = 500;

/** A value as the log keeps it: dates as ISO text, long text cut, nested objects redacted the same way. */
export function loggable(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (depth > 3) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => loggable(item, depth + 1));
  if (typeof value === 'object') return redact(value as Record<string, unknown>, depth + 1);
  return String(value);
}

/** A copy of an object with secret fields replaced by [redacted] (null stays null: "was cleared" is not a secret). */
export function redact(values: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values).slice(0, 100)) {
    if (isSecretField(key)) out[key] = value === null || value === undefined || value === '' ? null : REDACTED;
    else out[key] = loggable(value, depth);
  }
  return out;
}

/** Columns whose change says nothing (the row's own bookkeeping). */
const IGNORED = new Set(['updated_at']);

/**
 * The changed fields of a row: before and after hold only those (both null when nothing changed). A creation
 * (before missing) or a deletion (after missing) keeps the whole row on its side.
 */
export function diff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null; changed: boolean } {
  if (!before && !after) return { before: null, after: null, changed: false };
  if (!before) return { before: null, after: redact(after as Record<string, unknown>), changed: true };
  if (!after) return { before: redact(before), after: null, changed: true };
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (IGNORED.has(key)) continue;
    if (JSON.stringify(loggable(before[key])) === JSON.stringify(loggable(after[key]))) continue;
    b[key] = before[key];
    a[key] = after[key];
  }
  const changed = Object.keys(a).length > 0;
  return { before: changed ? redact(b) : null, after: changed ? redact(a) : null, changed };
}
