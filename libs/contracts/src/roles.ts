/**
 * The three roles of spec section 6, and the rider (issue 26: staff whose only permission is the last mile: their
 * assigned parcels and the proof of delivery; every other route refuses them). Any other stored role is treated as a
 * buyer (customer).
 */
export const ROLES = ['admin', 'vendor', 'customer', 'rider'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  vendor: 'Vendor',
  customer: 'Customer',
  rider: 'Rider',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Lowercases a stored role and maps anything unknown to 'customer' (the buyer role). */
export function normalizeRole(value: unknown): Role {
  const lower = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return isRole(lower) ? lower : 'customer';
}
