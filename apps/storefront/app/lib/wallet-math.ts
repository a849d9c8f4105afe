import {
  CONVERTER_DEFAULT,
  MSG,
  convertCurrency,
  currencyByCode,
  parseDecimal,
  percentOf,
  type ConversionResult,
  type Currency,
  type WalletBalance,
} from '@jara/contracts';

/**
 * The wallet tab's arithmetic (spec 2.27 and 9), shared by the loader (no JavaScript) and the browser (live):
 * exact decimals from the contracts (convertCurrency, percentOf), never floats.
 */

type Rate = Pick<Currency, 'code' | 'sell_price'>;

/** The wallet holds naira; the local balance shows it in the chosen currency. */
export const WALLET_LOCAL_CODE = 'NGN';

/** Spec 9: local to USD (a percent of the local balance, divided by the rate) or USD to local (times the rate). */
export const PERCENT_DIRECTIONS = ['local-to-usd', 'usd-to-local'] as const;
export type PercentDirection = (typeof PERCENT_DIRECTIONS)[number];

export function readDirection(value: string | null | undefined): PercentDirection {
  return value === 'usd-to-local' ? 'usd-to-local' : 'local-to-usd';
}

export function swapDirection(direction: PercentDirection): PercentDirection {
  return direction === 'local-to-usd' ? 'usd-to-local' : 'local-to-usd';
}

/** The code of the local-balance currency: a known currency's code, else NGN. */
export function readLocalCode(value: string | null | undefined, currencies: readonly Rate[]): string {
  return currencyByCode(currencies, value)?.code ?? WALLET_LOCAL_CODE;
}

/** The NGN wallet balance converted into `code` (2 decimals). */
export function localBalance(
  balance: Pick<WalletBalance, 'ngnBalance'>,
  currencies: readonly Rate[],
  code: string,
): ConversionResult {
  return convertCurrency(
    balance.ngnBalance,
    currencyByCode(currencies, WALLET_LOCAL_CODE),
    currencyByCode(currencies, code),
  );
}

export interface PercentResult {
  ok: true;
  /** The part taken (percent of the source balance), in the source currency. */
  part: string;
  partCode: string;
  /** The part converted into the other currency. */
  value: string;
  valueCode: string;
}

/**
 * `percent` % of the local balance converted to USD, or of the USD balance converted to the local currency.
 * null while the percent field is empty; an error for a negative or malformed percent or a missing rate.
 */
export function percentConversion(input: {
  balance: Pick<WalletBalance, 'ngnBalance' | 'usdBalance'>;
  currencies: readonly Rate[];
  local: string;
  percent: string;
  direction: PercentDirection;
}): PercentResult | { ok: false; error: string } | null {
  const percent = input.percent.trim();
  if (percent === '') return null;
  if (!parseDecimal(percent)) return { ok: false, error: MSG.walletScreen.percentInvalid };
  const local = currencyByCode(input.currencies, input.local);
  const usd = currencyByCode(input.currencies, CONVERTER_DEFAULT.to);
  if (input.direction === 'local-to-usd') {
    const source = localBalance(input.balance, input.currencies, input.local);
    if (!source.ok) return source;
    const part = percentOf(source.value, percent);
    if (part === null) return { ok: false, error: MSG.walletScreen.percentInvalid };
    const converted = convertCurrency(part, local, usd);
    if (!converted.ok) return converted;
    return { ok: true, part, partCode: local?.code ?? input.local, value: converted.value, valueCode: 'USD' };
  }
  const part = percentOf(input.balance.usdBalance, percent);
  if (part === null) return { ok: false, error: MSG.walletScreen.percentInvalid };
  const converted = convertCurrency(part, usd, local);
  if (!converted.ok) return converted;
  return { ok: true, part, partCode: 'USD', value: converted.value, valueCode: local?.code ?? input.local };
}
