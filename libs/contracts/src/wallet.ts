import { MSG } from './messages';

/**
 * Money contracts shared by the API, the storefront and the back office: currencies and the converter, the wallet
 * (balances and ledger), invoices and Paystack funding. Amounts on the wire are decimal strings of major units
 * ('1234.50') next to integer minor units (kobo, cents); exchange rates are decimal strings. Nothing here uses
 * floating-point arithmetic.
 */

// ---------------------------------------------------------------------------------------------------------
// Currencies
// ---------------------------------------------------------------------------------------------------------

/** A currency of the converter: prices per US dollar (USD itself is 1), kept as fixed decimals (up to 6 places). */
export interface Currency {
  id: number;
  name: string;
  /** Upper case, at most CURRENCY_CODE_MAX characters, unique. */
  code: string;
  buy_price: string;
  sell_price: string;
  created_at: string;
  updated_at: string;
}

export const CURRENCY_CODE_MAX = 10;
/** Decimal places kept for buy and sell prices. */
export const RATE_DECIMALS = 6;

/**
 * The wallet's display rates per USD, seeded into the currencies table: realistic mid-market rates as of
 * SEED_RATES_AS_OF (section 9's CNY 13 and ZAR 130 turned ₦243,000 into 21,060 ZAR; issue 22). The admin edits them.
 */
export const SEED_CURRENCIES: ReadonlyArray<Pick<Currency, 'name' | 'code' | 'buy_price' | 'sell_price'>> = [
  { name: 'US Dollar', code: 'USD', buy_price: '1', sell_price: '1' },
  { name: 'Nigerian Naira', code: 'NGN', buy_price: '1500', sell_price: '1500' },
  { name: 'Chinese Yuan', code: 'CNY', buy_price: '7.2', sell_price: '7.2' },
  { name: 'South African Rand', code: 'ZAR', buy_price: '18', sell_price: '18' },
];

/** The date the seeded rates were taken (the currencies' updated_at when seeded; "Rates as of" shows it). */
export const SEED_RATES_AS_OF = '2026-11-20T00:00:00.000Z';

/** The date of a set of rates: the latest updated_at of the currencies (ISO), or null when there is none. */
export function ratesAsOf(currencies: ReadonlyArray<{ updated_at?: string | null }>): string | null {
  let latest: number | null = null;
  for (const c of currencies) {
    const t = c.updated_at ? Date.parse(c.updated_at) : Number.NaN;
    if (Number.isFinite(t) && (latest === null || t > latest)) latest = t;
  }
  return latest === null ? null : new Date(latest).toISOString();
}

/** Section 9: the converter's default pairs. */
export const CONVERTER_DEFAULT = { from: 'NGN', to: 'USD' } as const;
export const LIVE_CONVERTER_DEFAULT = { from: 'USD', to: 'NGN' } as const;

/** Live rates (admin): the exchange-rate service's answer as the API passes it on (cached). */
export interface LiveRates {
  result: string;
  base_code: string;
  conversion_rates: Record<string, number>;
  /** When the API last fetched these rates (ISO). */
  fetched_at: string;
  /** true when the last fetch failed and these are the last good rates. */
  stale: boolean;
}

/** GET /currencies/live-rates: the rates, or (no provider configured) data null with how to configure one. */
export interface LiveRatesAnswer {
  data: LiveRates | null;
  configured: boolean;
  /** Without a provider: MSG.money.liveRatesOff and MSG.money.liveRatesSetup. */
  message?: string;
  setup?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Exact decimal arithmetic (BigInt), for the converter and percentages
// ---------------------------------------------------------------------------------------------------------

interface Decimal {
  n: bigint;
  scale: number;
}

/** A non-negative decimal ('1234.5', 1234.5, '0.000001'); null for anything else (signs, exponents, NaN, ''). */
export function parseDecimal(value: string | number, maxDecimals = 12): Decimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = String(value).trim();
  const match = /^(\d{1,30})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > maxDecimals) return null;
  return { n: BigInt(match[1] + fraction), scale: fraction.length };
}

const TEN = BigInt(10);
const pow10 = (k: number) => TEN ** BigInt(k);

/** numerator / denominator (both positive) rounded half-up to `decimals` places, as a fixed decimal string. */
function divideRounded(numerator: bigint, denominator: bigint, decimals: number): string {
  const scaled = numerator * pow10(decimals);
  const q = (scaled * BigInt(2) + denominator) / (denominator * BigInt(2));
  const digits = q.toString().padStart(decimals + 1, '0');
  return decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
}

export type ConversionResult = { ok: true; value: string } | { ok: false; error: string };

/**
 * Section 9: amount x target sell price / source sell price, rounded half-up to 2 decimals.
 * 'Rate not available' when a currency is missing; 'Invalid rates' when the source sell price is not positive
 * (or a rate is not a number). A negative or malformed amount is refused too.
 */
export function convertCurrency(
  amount: string | number,
  from: Pick<Currency, 'sell_price'> | undefined | null,
  to: Pick<Currency, 'sell_price'> | undefined | null,
): ConversionResult {
  if (!from || !to) return { ok: false, error: MSG.currency.rateNotAvailable };
  const source = parseDecimal(from.sell_price);
  const target = parseDecimal(to.sell_price);
  if (!source || !target || source.n === BigInt(0)) return { ok: false, error: MSG.currency.invalidRates };
  const a = parseDecimal(amount);
  if (!a) return { ok: false, error: MSG.currency.invalidAmount };
  // (a.n / 10^a.s) * (t.n / 10^t.s) / (s.n / 10^s.s)
  const numerator = a.n * target.n * pow10(source.scale);
  const denominator = source.n * pow10(a.scale + target.scale);
  return { ok: true, value: divideRounded(numerator, denominator, 2) };
}

/** `percent` % of an amount (both non-negative decimals), rounded half-up to 2 decimals; null when malformed. */
export function percentOf(amount: string | number, percent: string | number): string | null {
  const a = parseDecimal(amount);
  const p = parseDecimal(percent);
  if (!a || !p) return null;
  return divideRounded(a.n * p.n, pow10(a.scale + p.scale) * BigInt(100), 2);
}

/** Finds a currency by code (case-insensitive). */
export function currencyByCode<T extends Pick<Currency, 'code'>>(
  list: readonly T[],
  code: string | null | undefined,
): T | undefined {
  const wanted = String(code ?? '')
    .trim()
    .toUpperCase();
  return list.find((c) => c.code.toUpperCase() === wanted);
}

/** The flag shown beside a currency: the regional-indicator emoji of the code's first two letters (no image service). */
export function currencyFlag(code: string): string {
  const cc = code.slice(0, 2).toUpperCase();
  if (!/^[A-Z]{2}$/.test(cc)) return '🏳️';
  return String.fromCodePoint(...[...cc].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

// ---------------------------------------------------------------------------------------------------------
// Wallet
// ---------------------------------------------------------------------------------------------------------

export const WALLET_CURRENCIES = ['USD', 'NGN'] as const;
export type WalletCurrency = (typeof WALLET_CURRENCIES)[number];

/** GET /wallet/balance: `{data: WalletBalance}`; the decimals for display, the minor units for arithmetic. */
export interface WalletBalance {
  usdBalance: string;
  ngnBalance: string;
  usd_minor: number;
  ngn_minor: number;
}

export type LedgerDirection = 'credit' | 'debit';
export type LedgerStatus = 'completed' | 'pending' | 'failed';

/** One append-only ledger entry (GET /wallet/histories, newest first). */
export interface WalletHistoryEntry {
  id: number;
  description: string;
  /** Unique: the idempotency key of the movement (Paystack reference, invoice payment, adjustment id). */
  reference: string;
  /** Major units, e.g. '5000.00'; always positive, see direction. */
  amount: string;
  amount_minor: number;
  currency: WalletCurrency;
  direction: LedgerDirection;
  status: LedgerStatus;
  created_at: string;
}

/** POST /wallet/fund {amount, currency} and POST /invoices/{id}/pay {method: 'paystack'}: `{data: PaymentStart}`. */
export interface PaymentStart {
  authorization_url: string;
  reference: string;
}

/** GET /wallet/fund/verify?reference=: `{data: FundingResult}`. */
export interface FundingResult {
  status: LedgerStatus;
  balance: WalletBalance;
}

/** POST /wallets/{userId}/adjustments (admin): a signed amount and a reason; writes a ledger entry. */
export interface WalletAdjustmentInput {
  amount: string;
  currency: WalletCurrency;
  direction: LedgerDirection;
  reason: string;
}

// ---------------------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------------------

/**
 * What an invoice pays for. Orders and cargo (delivery) fees raise invoices through one service; an admin may
 * also raise a manual one (storage, customs or another charge agreed with the customer).
 */
export const INVOICE_TYPES = [
  { value: 'order', label: 'Order' },
  { value: 'delivery', label: 'Cargo fee' },
  { value: 'manual', label: 'Other charge' },
] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number]['value'];
export function invoiceTypeLabel(type: unknown): string {
  return INVOICE_TYPES.find((t) => t.value === type)?.label ?? String(type ?? '');
}

export type InvoiceStatus = 'pending' | 'paid' | 'cancelled';
/** How an invoice was paid: from the wallet, by card (Paystack), or by a bank transfer an admin confirmed. */
export type PaymentMethod = 'wallet' | 'paystack' | 'transfer';

export interface Invoice {
  id: number;
  reference: string;
  type: InvoiceType;
  description: string;
  amount: string;
  amount_minor: number;
  currency: WalletCurrency;
  status: InvoiceStatus;
  /** null: a guest's cargo fee, billed to no account (decision 032). */
  user: { id: number; name: string; email: string } | null;
  /** The thing it pays for (an order or a delivery) with a label to show; null for a manual invoice. */
  subject: { type: InvoiceType; id: number; label: string } | null;
  payment_method: PaymentMethod | null;
  paid_at: string | null;
  /** A paid invoice whose money went back to the payer's wallet (a cancelled parcel's fee, a return). */
  refunded_at?: string | null;
  created_at: string;
  /**
   * GET /invoices/{id}/verify only: what became of the card payment checked. 'refunded': the gateway took it but the
   * invoice could no longer take it (paid meanwhile, cancelled or re-priced), so it was credited to the wallet.
   */
  payment?: { reference: string; status: InvoicePaymentStatus };
  /** GET /invoices/{id} only (issue 22): what a printed invoice shows. */
  details?: InvoiceDetails;
}

/** How an invoice was paid, as recorded (the test-mode gateway is the demo's "Test checkout"). */
export const INVOICE_PAYMENT_LABELS = {
  wallet: 'Wallet',
  paystack: 'Card (Paystack)',
  test: 'Test checkout',
  transfer: 'Bank transfer',
} as const;

/** An invoice's seller, buyer, delivery address, lines and how it was paid (GET /invoices/{id}). */
export interface InvoiceDetails {
  seller: { name: string; address: string };
  buyer: { name: string; email: string };
  /** An order's delivery address; a parcel's pickup location; null for a manual invoice. */
  delivery_address: string | null;
  /** Each line in the invoice's currency (minor units); the lines add up to the invoice's amount. */
  lines: Array<{ description: string; quantity: number; unit_minor: number; total_minor: number }>;
  /** INVOICE_PAYMENT_LABELS of how it was paid; null while it is not paid. */
  payment_label: string | null;
}

/** The seller named on every invoice. */
export const INVOICE_SELLER = { name: 'Jara', address: 'Jara Marketplace, Lagos, Nigeria' } as const;

/**
 * What an invoice is for, said once: 'Order JR-…' (the label already names it), 'Delivery JT-…' for a label that
 * does not, or the invoice's type for a manual one. Never "Order: Order …".
 */
export function invoiceSubjectText(invoice: Pick<Invoice, 'type' | 'subject'>): string {
  if (!invoice.subject) return invoiceTypeLabel(invoice.type);
  const kind = invoiceTypeLabel(invoice.subject.type);
  return invoice.subject.label.toLowerCase().startsWith(kind.toLowerCase())
    ? invoice.subject.label
    : `${kind} ${invoice.subject.label}`;
}

/** A card payment of an invoice: see docs/decisions/021-payments-settle-what-the-invoice-is.md. */
export type InvoicePaymentStatus = 'pending' | 'completed' | 'failed' | 'superseded' | 'refunded' | 'mismatch';

/** POST /invoices (admin): a manual invoice for a user. */
export interface ManualInvoiceInput {
  user_id: number;
  amount: string;
  currency: WalletCurrency;
  description: string;
}

// ---------------------------------------------------------------------------------------------------------
// API details of issue 9 (limits, callbacks, admin rows, the test-mode checkout)
// ---------------------------------------------------------------------------------------------------------

/** POST /wallet/fund: one payment is at least ₦100 / $1 and at most ₦10,000,000 / $10,000 (minor units). */
export const WALLET_FUNDING_LIMITS: Readonly<Record<WalletCurrency, { min: number; max: number }>> = {
  NGN: { min: 100_00, max: 10_000_000_00 },
  USD: { min: 1_00, max: 10_000_00 },
};

/** The largest manual invoice or admin adjustment (minor units): ₦100,000,000 / $1,000,000. */
export const MONEY_MAX_MINOR: Readonly<Record<WalletCurrency, number>> = { NGN: 100_000_000_00, USD: 1_000_000_00 };

/** The storefront's test-mode checkout page (PaymentStart.authorization_url when no Paystack key is set). */
export const TEST_CHECKOUT_PATH = '/pay/test';

/** Where a wallet funding sends the browser back (Paystack's callback_url, on the storefront). */
export function fundingCallbackPath(reference: string): string {
  return `/fund?reference=${encodeURIComponent(reference)}`;
}

/** Where a card payment of an invoice sends the browser back; the page calls GET /invoices/{id}/verify?reference=. */
export function invoiceCallbackPath(invoiceId: number, reference: string): string {
  return `/invoices/${invoiceId}?reference=${encodeURIComponent(reference)}`;
}

/**
 * GET /wallets (admin) and GET /wallets/{userId}: one row per user (id is the user's id), with the balances of
 * their wallet (0 before its first use).
 */
export interface WalletAccount {
  id: number;
  name: string | null;
  email: string;
  role: string;
  usdBalance: string;
  ngnBalance: string;
  usd_minor: number;
  ngn_minor: number;
  /** When the balance last changed; null when the user has no wallet yet. */
  updated_at: string | null;
}

/** POST /payments/test/{reference}/complete or /cancel (test mode only): where the checkout page sends the browser. */
export interface TestPaymentResult {
  reference: string;
  status: 'success' | 'failed';
  callback_url: string;
}
