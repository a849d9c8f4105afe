import { parseDecimal, RATE_DECIMALS } from './wallet';

/** Rates are stored as integer micro-units (millionths): exact on every database, never a float. */
export const MICRO = 10 ** RATE_DECIMALS;
/** The largest rate accepted: 1,000,000,000 per US dollar (10^15 micro-units, well inside exact integers). */
export const MAX_RATE_MICRO = 1_000_000_000 * MICRO;

/** A positive decimal with at most 6 places ('1500', '13.5', 0.000001) as micro-units; null for anything else. */
export function rateToMicro(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const parsed = parseDecimal(value, RATE_DECIMALS);
  if (!parsed) return null;
  const micro = parsed.n * BigInt(10) ** BigInt(RATE_DECIMALS - parsed.scale);
  if (micro <= BigInt(0) || micro > BigInt(MAX_RATE_MICRO)) return null;
  return Number(micro);
}

/** Micro-units as the shortest decimal string: 1500000000 -> '1500', 13500000 -> '13.5', 1 -> '0.000001'. */
export function microToRate(micro: number): string {
  const whole = Math.floor(micro / MICRO);
  const fraction = String(micro % MICRO)
    .padStart(RATE_DECIMALS, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
