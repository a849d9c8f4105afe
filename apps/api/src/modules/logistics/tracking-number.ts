import { randomBytes } from 'node:crypto';

const TRACKING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * JT-XXXX-XXXX: readable over the phone (no 0/O or 1/I), 40 random bits; the unique index settles a collision (the
 * caller tries again). The seed makes its demo numbers with the same function.
 */
export function newTrackingNo(): string {
  const chars = [...randomBytes(8)].map((b) => TRACKING_ALPHABET[b % TRACKING_ALPHABET.length]).join('');
  return `JT-${chars.slice(0, 4)}-${chars.slice(4)}`;
}
