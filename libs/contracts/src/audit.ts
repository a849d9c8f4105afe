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
