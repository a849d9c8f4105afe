/**
 * Money is held in integer minor units (kobo for naira, cents for dollars) and only
 * formatted for display here. Never do arithmetic on floats.
 */
export const MINOR_UNITS_PER_MAJOR = 100;

export type AmountProblem = 'format' | 'decimals' | 'range';

/** Why an amount was refused: not an amount, more than 2 decimals, or too large for exact integers. */
export class AmountError extends Error {
  constructor(
    public readonly problem: AmountProblem,
    value: unknown,
  ) {
    super(
      `${problem === 'format' ? 'Not an amount' : problem === 'decimals' ? 'More than 2 decimal places' : 'Amount out of range'}: ${String(value)}`,
    );
    this.name = 'AmountError';
  }
}

/** The message a form or the API shows when an amount has more than 2 decimals (kobo are the smallest unit). */
export const AMOUNT_DECIMALS_MESSAGE = 'Amounts can have at most 2 decimal places.';

/**
 * Parses an amount of major units into integer minor units, by one rule for strings and numbers:
 * digits with at most 2 decimals ('1234.5', '1,234.50', 1234.5), read digit by digit, never through
 * floating-point arithmetic. More decimals (1.999 and '1.999' alike), exponents, NaN and amounts beyond
 * exact integers throw an AmountError. A number is read as the shortest decimal that denotes it, so
 * 0.1 + 0.2 (0.30000000000000004) is refused rather than silently rounded.
 */
export function toMinorUnits(value: string | number): number {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new AmountError('format', value);
  const text = typeof value === 'number' ? String(value) : String(value).trim();
  const match = /^(-)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new AmountError('format', value);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > 2) throw new AmountError('decimals', value);
  const digits = `${whole.replace(/,/g, '')}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  const minor = Number(digits);
  if (!Number.isSafeInteger(minor)) throw new AmountError('range', value);
  return sign && minor !== 0 ? -minor : minor;
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

/** Formats an amount given in cents as dollars, always with two decimals: 1700 -> '$17.00', 3000000 -> '$30,000.00'. */
export function formatDollars(cents: number): string {
  return formatMinor(cents, '$', true);
}

function formatMinor(minor: number, symbol: string, alwaysCents = false): string {
  const [whole, fraction] = fromMinorUnits(minor).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = groupThousands(whole.replace('-', ''));
  return `${sign}${symbol}${digits}${fraction === '00' && !alwaysCents ? '' : `.${fraction}`}`;
}

/** Money of a wallet currency in minor units: NGN as formatNaira (kobo), USD as formatDollars (cents). */
export function formatWalletMoney(minor: number, currency: 'NGN' | 'USD' | string): string {
  return String(currency).toUpperCase() === 'USD' ? formatDollars(minor) : formatNaira(minor);
}

/**
 * A converter result (spec 9: always 2 decimals) with its currency code, for any currency of the converter:
 * ('1234567.5', 'NGN') -> '1,234,567.50 NGN'. null when the value is not a non-negative decimal.
 */
export function formatConversion(value: string, code: string): string | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(String(value).trim());
  if (!match) return null;
  const whole = groupThousands(match[1].replace(/^0+(?=\d)/, ''));
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return `${whole}.${fraction} ${code.toUpperCase()}`;
}

/**
 * A decimal amount in any converter currency for a balance: NGN and USD through formatNaira / formatDollars
 * ('60000.00', 'NGN' -> '₦60,000'), other currencies as formatConversion ('520.00', 'CNY' -> '520.00 CNY').
 */
export function formatAmountIn(value: string, code: string): string | null {
  const upper = code.toUpperCase();
  if (upper === 'NGN' || upper === 'USD') {
    try {
      return formatWalletMoney(toMinorUnits(value), upper);
    } catch {
      return null;
    }
  }
  return formatConversion(value, upper);
}
