/**
 * Money is held in integer minor units (kobo for naira, cents for dollars) and only
 * formatted for display here. Never do arithmetic on floats.
 */
export const MINOR_UNITS_PER_MAJOR = 100;

/** Parses a decimal string or number of major units ('1234.5', 1234.5) into integer minor units. */
export function toMinorUnits(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim().replace(/,/g, '');
  const match = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const minor = Number(whole) * MINOR_UNITS_PER_MAJOR + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) throw new Error(`Amount out of range: ${value}`);
  return sign ? -minor : minor;
}

/** Integer minor units to a decimal string of major units: 123456 -> '1234.56'. */
export function fromMinorUnits(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const whole = Math.floor(abs / MINOR_UNITS_PER_MAJOR);
  const fraction = String(abs % MINOR_UNITS_PER_MAJOR).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Formats an amount given in kobo as naira: 123456700 -> '₦1,234,567'.
 * Kobo are shown only when there are any: 123456750 -> '₦1,234,567.50'.
 */
export function formatNaira(kobo: number): string {
  return formatMinor(kobo, '₦');
}

/** Formats an amount given in cents as dollars: 3000000 -> '$30,000'. */
export function formatDollars(cents: number): string {
  return formatMinor(cents, '$');
}

function formatMinor(minor: number, symbol: string): string {
  const [whole, fraction] = fromMinorUnits(minor).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = groupThousands(whole.replace('-', ''));
  return `${sign}${symbol}${digits}${fraction === '00' ? '' : `.${fraction}`}`;
}
