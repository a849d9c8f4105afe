import { randomUUID } from 'node:crypto';
import { redirect } from '@remix-run/node';
import {
  AMOUNT_DECIMALS_MESSAGE,
  AmountError,
  MSG,
  TEST_CHECKOUT_PATH,
  WALLET_CURRENCIES,
  WALLET_FUNDING_LIMITS,
  formatWalletMoney,
  fromMinorUnits,
  toMinorUnits,
  type PaymentStart,
  type WalletCurrency,
} from '@jara/contracts';
import { commitSession, safeRedirect, type SignedIn, type TestCheckout } from './session.server';

/**
 * Server helpers of the money screens: the Fund Wallet form, the idempotency key of an invoice payment and where
 * the browser may be sent to pay (Paystack's checkout or the storefront's own test-mode page).
 */

// ---------------------------------------------------------------------------------------------------------
// Fund Wallet form
// ---------------------------------------------------------------------------------------------------------

export type FundForm =
  | { ok: true; amount: string; minor: number; currency: WalletCurrency }
  | { ok: false; errors: { amount?: string; currency?: string } };

/**
 * amount: a positive number with at most 2 decimals, within the API's funding limits for the currency
 * (WALLET_FUNDING_LIMITS); currency: NGN or USD. The amount is sent as '5000.00'.
 */
export function parseFundForm(form: FormData): FundForm {
  const rawAmount = String(form.get('amount') ?? '').trim();
  const rawCurrency = String(form.get('currency') ?? '')
    .trim()
    .toUpperCase();
  const errors: { amount?: string; currency?: string } = {};
  const currency = (WALLET_CURRENCIES as readonly string[]).includes(rawCurrency)
    ? (rawCurrency as WalletCurrency)
    : null;
  if (!currency) errors.currency = MSG.walletScreen.currencyRequired;
  let minor = 0;
  try {
    minor = toMinorUnits(rawAmount);
    if (minor <= 0) errors.amount = MSG.walletScreen.amountRequired;
    else if (currency && minor < WALLET_FUNDING_LIMITS[currency].min)
      errors.amount = MSG.money.amountMin(formatWalletMoney(WALLET_FUNDING_LIMITS[currency].min, currency));
    else if (currency && minor > WALLET_FUNDING_LIMITS[currency].max)
      errors.amount = MSG.money.amountMax(formatWalletMoney(WALLET_FUNDING_LIMITS[currency].max, currency));
  } catch (error) {
    errors.amount =
      error instanceof AmountError && error.problem === 'decimals'
        ? AMOUNT_DECIMALS_MESSAGE
        : MSG.walletScreen.amountRequired;
  }
  if (errors.amount || errors.currency || !currency) return { ok: false, errors };
  return { ok: true, amount: fromMinorUnits(minor), minor, currency };
}

// ---------------------------------------------------------------------------------------------------------
// Idempotency keys
// ---------------------------------------------------------------------------------------------------------

export { IDEMPOTENCY_FIELD } from './payments';

/** A fresh key for each render of a payment form; a double submit of that form sends the same key. */
export function newIdempotencyKey(): string {
  return randomUUID();
}

const KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** The key the form sent back, or null when it is missing or not a key we would have made. */
export function readIdempotencyKey(value: FormDataEntryValue | null): string | null {
  return typeof value === 'string' && KEY.test(value) ? value : null;
}

// ---------------------------------------------------------------------------------------------------------
// Payment redirects
// ---------------------------------------------------------------------------------------------------------

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where to send the browser to pay: Paystack's https checkout, or the storefront's own test-mode page (a path of
 * this site, or an absolute URL on one of its origins or on loopback in local runs). Anything else (javascript:,
 * plain http elsewhere, garbage) is null, and the screen says the payment could not start.
 */
export function paymentRedirect(target: unknown, siteOrigins: readonly string[]): string | null {
  if (typeof target !== 'string' || !target.trim()) return null;
  const value = target.trim();
  if (value.startsWith('/')) {
    const path = safeRedirect(value, '');
    return path || null;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol === 'http:' && (siteOrigins.includes(url.origin) || LOOPBACK.has(url.hostname)))
    return url.toString();
  return null;
}

/** A payment reference from a query string (Paystack's and ours: letters, digits, dashes, underscores, dots). */
export function readReference(value: string | null): string | null {
  const trimmed = (value ?? '').trim();
  return /^[A-Za-z0-9._-]{1,100}$/.test(trimmed) ? trimmed : null;
}

/**
 * Where the test-mode checkout returns to: the callback URL the API gave for the transaction, when it is a path of
 * this site or an absolute URL on one of its origins; otherwise null (the caller falls back to /fund?reference=).
 */
export function callbackRedirect(target: unknown, siteOrigins: readonly string[]): string | null {
  if (typeof target !== 'string' || !target.trim()) return null;
  const value = target.trim();
  if (value.startsWith('/')) return safeRedirect(value, '') || null;
  try {
    const url = new URL(value);
    return siteOrigins.includes(url.origin) && !url.username && !url.password
      ? url.pathname + url.search + url.hash
      : null;
  } catch {
    return null;
  }
}

/** True when a payment's checkout is the storefront's own test-mode page (no Paystack key on the API). */
export function isTestCheckout(target: string): boolean {
  try {
    return new URL(target, 'http://storefront.invalid').pathname === TEST_CHECKOUT_PATH;
  } catch {
    return false;
  }
}

/**
 * Sends the browser to a payment's checkout. For the test-mode page, the session remembers what was started
 * (amount, currency, what for), since the API's test gateway has no read endpoint; the page shows it by reference.
 */
export async function checkoutRedirect(
  request: Request,
  auth: SignedIn,
  target: string,
  start: PaymentStart,
  details: Omit<TestCheckout, 'reference'>,
): Promise<Response> {
  // The session is committed either way: the caller may have noted where to come back to (fundReturn).
  if (!isTestCheckout(target))
    return redirect(target, { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
  auth.session.set('testCheckout', { reference: start.reference, ...details });
  return redirect(target, { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
}
