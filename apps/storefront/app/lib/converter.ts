import { CONVERTER_DEFAULT, convertCurrency, currencyByCode, formatConversion, type Currency } from '@jara/contracts';

/**
 * The converter (spec 2.28, 5 and 9), shared by the loader (no JavaScript) and the browser (live as you type):
 * amount x target sell price / source sell price, 2 decimals, through convertCurrency.
 */

type Rate = Pick<Currency, 'code' | 'sell_price'>;

/** A converter currency as the pages get it: code, name, sell price and its flag (an SVG data URI, or null). */
export interface CurrencyOption {
  code: string;
  name: string;
  sell_price: string;
  flag: string | null;
  /** When the rate was last set (ISO); "Rates as of" shows the latest. */
  updated_at?: string | null;
}

export interface ConverterInput {
  amount: string;
  from: string;
  to: string;
}

export type ConverterOutcome = { ok: true; value: string; text: string } | { ok: false; error: string } | null;

const CODE = /^[A-Za-z]{1,10}$/;

function code(value: string | null, fallback: string): string {
  const trimmed = (value ?? '').trim();
  return CODE.test(trimmed) ? trimmed.toUpperCase() : fallback;
}

/**
 * The form's values from the query: amount as typed (empty by default), from/to as upper-case codes (NGN and
 * USD by default). `swap=1` (the no-JavaScript swap button) exchanges from and to.
 */
export function readConverterQuery(params: URLSearchParams): ConverterInput & { swapped: boolean } {
  const amount = (params.get('amount') ?? '').trim().slice(0, 40);
  let from = code(params.get('from'), CONVERTER_DEFAULT.from);
  let to = code(params.get('to'), CONVERTER_DEFAULT.to);
  const swapped = params.get('swap') === '1';
  if (swapped) [from, to] = [to, from];
  return { amount, from, to, swapped };
}

/** The query string of a converter state (for the swap redirect and links). */
export function converterQuery(input: ConverterInput): string {
  const params = new URLSearchParams();
  if (input.amount) params.set('amount', input.amount);
  params.set('from', input.from);
  params.set('to', input.to);
  return params.toString();
}

/** Nothing while the amount is empty; otherwise the 2-decimal result or the converter's message. */
export function convertForDisplay(input: ConverterInput, currencies: readonly Rate[]): ConverterOutcome {
  if (input.amount.trim() === '') return null;
  const result = convertCurrency(
    input.amount.trim(),
    currencyByCode(currencies, input.from),
    currencyByCode(currencies, input.to),
  );
  if (!result.ok) return result;
  return {
    ok: true,
    value: result.value,
    text: formatConversion(result.value, input.to) ?? `${result.value} ${input.to}`,
  };
}
