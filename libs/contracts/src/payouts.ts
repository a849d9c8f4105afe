import { formatNaira } from './money';
import type { StatusTone } from './statuses';

/**
 * Money out (issue 24): vendor payout accounts and withdrawals on Paystack transfers, refunds to the card, and
 * dedicated virtual accounts (bank transfers that credit the wallet by themselves). Shared by the API, the
 * storefront and the back office. Amounts on the wire are integer minor units (kobo) next to the same amount as a
 * decimal string of naira ('1500.00', like the wallet's); screens format from the minor units. Nothing here uses
 * floating-point arithmetic.
 */

// ---------------------------------------------------------------------------------------------------------
// Banks and payout accounts
// ---------------------------------------------------------------------------------------------------------

/** A Nigerian bank as Paystack lists it (GET /payouts/banks, cached by the API). */
export interface Bank {
  /** Paystack's bank code ('058' GTBank). */
  code: string;
  name: string;
}

/** A NUBAN is ten digits. */
export const NUBAN_PATTERN = /^\d{10}$/;

/** POST /payouts/accounts/resolve: the name the bank holds for the number (shown for confirmation before saving). */
export interface ResolvedAccount {
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
}

/** A vendor's payout account (the active one, or a replaced one in the back office's history). */
export interface PayoutAccount extends ResolvedAccount {
  id: number;
  vendor_id: number;
  /** Only the active account receives payouts; a replaced one is kept for the record. */
  active: boolean;
  /** Payouts to this account are refused before this moment (ISO): an account change waits out a delay. */
  payable_after: string;
  created_at: string;
}

// ---------------------------------------------------------------------------------------------------------
// Payouts (withdrawals)
// ---------------------------------------------------------------------------------------------------------

/**
 * A payout's life. The amount (and fee) leaves the available balance when it is requested (a ledger debit, so two
 * requests can never exceed the balance) and comes back by a ledger credit when it is rejected, fails or is reversed.
 * awaiting_approval: above the auto-send threshold, waiting in the back office's queue;
 * approved: approved (or under the threshold) and about to be sent;
 * processing: the transfer was sent to Paystack and is pending there;
 * paid: transfer.success; failed: transfer.failed (or refused by Paystack); reversed: transfer.reversed;
 * rejected: an admin refused it with a reason.
 */
export const PAYOUT_STATUS = {
  AWAITING_APPROVAL: 'awaiting_approval',
  APPROVED: 'approved',
  PROCESSING: 'processing',
  PAID: 'paid',
  FAILED: 'failed',
  REVERSED: 'reversed',
  REJECTED: 'rejected',
} as const;
export type PayoutStatus = (typeof PAYOUT_STATUS)[keyof typeof PAYOUT_STATUS];

export const PAYOUT_STATUSES: ReadonlyArray<{ code: PayoutStatus; label: string; tone: StatusTone }> = [
  { code: 'awaiting_approval', label: 'Awaiting approval', tone: 'warning' },
  { code: 'approved', label: 'Approved', tone: 'info' },
  { code: 'processing', label: 'Processing', tone: 'info' },
  { code: 'paid', label: 'Paid', tone: 'success' },
  { code: 'failed', label: 'Failed', tone: 'danger' },
  { code: 'reversed', label: 'Reversed', tone: 'danger' },
  { code: 'rejected', label: 'Rejected', tone: 'default' },
];

/** The money of these is held (out of the available balance, not yet paid). */
export const PAYOUT_HELD: readonly PayoutStatus[] = ['awaiting_approval', 'approved', 'processing'];
/** The money of these went back to the available balance. */
export const PAYOUT_RETURNED: readonly PayoutStatus[] = ['failed', 'reversed', 'rejected'];

export function payoutStatusLabel(status: string): string {
  return PAYOUT_STATUSES.find((s) => s.code === status)?.label ?? status;
}

/** One withdrawal (GET /payouts/withdrawals for the vendor, GET /admin/payouts for the back office). */
export interface Payout {
  id: number;
  vendor_id: number;
  /** The back office's lists show who asked. */
  vendor?: { id: number; name: string | null; email: string } | null;
  /** What reaches the bank account. */
  amount_minor: number;
  amount: string;
  /** Jara's transfer fee, taken from the balance beside the amount. */
  fee_minor: number;
  fee: string;
  status: PayoutStatus;
  status_label: string;
  /** Our unique transfer reference (payout-<id>-...), sent to Paystack. */
  reference: string;
  /** The account it goes to, as it was when requested. */
  bank_name: string;
  account_number: string;
  account_name: string;
  /** Why an admin rejected it, or why Paystack failed or reversed it. */
  reason: string | null;
  approved_by: number | null;
  requested_at: string;
  approved_at: string | null;
  completed_at: string | null;
  updated_at: string;
}

/** GET /payouts/balance: what the vendor has and may withdraw. */
export interface VendorBalance {
  /** Sale credits still inside the return window. */
  pending_minor: number;
  /** May be withdrawn now (the wallet's naira balance). */
  available_minor: number;
  /** Requested, not yet paid. */
  held_minor: number;
  /** Paid out to the bank, all time. */
  paid_out_minor: number;
  pending: string;
  available: string;
  held: string;
  paid_out: string;
  /** The policy in force (configurable): smallest withdrawal, the fee, the amount above which an admin approves. */
  min_withdrawal_minor: number;
  fee_minor: number;
  auto_approve_max_minor: number;
  /** Whether a payout may be requested now, and if not the reason in words (no account, KYC, account change delay). */
  can_withdraw: boolean;
  blocked_reason: string | null;
  account: PayoutAccount | null;
}

/** What a statement line records: sales and their reversals, payouts, their fees and returns. */
export type StatementKind = 'sale' | 'sale_reversal' | 'payout' | 'payout_fee' | 'payout_return' | 'adjustment';

/** GET /payouts/statement (keyset, newest first) and /payouts/statement.csv. */
export interface StatementEntry {
  id: number;
  kind: StatementKind;
  description: string;
  reference: string;
  direction: 'credit' | 'debit';
  amount_minor: number;
  amount: string;
  /** completed (in the balance), pending (held for the return window) or failed (reversed before release). */
  status: 'completed' | 'pending' | 'failed';
  /** For a sale: the line's gross and Jara's commission (the ledger holds the net). */
  gross_minor?: number | null;
  commission_minor?: number | null;
  created_at: string;
}

/** A statement line's status as the screens show it (storefront Payouts page, back office statement). */
export const STATEMENT_STATUSES: ReadonlyArray<{ code: StatementEntry['status']; label: string; tone: StatusTone }> = [
  { code: 'completed', label: 'Completed', tone: 'success' },
  { code: 'pending', label: 'Pending', tone: 'warning' },
  { code: 'failed', label: 'Reversed', tone: 'danger' },
];

/** A statement line's amount with its sign: '+₦5,000' for a credit, '−₦100' for a debit (storefront and back office). */
export function statementAmountText(entry: Pick<StatementEntry, 'direction' | 'amount_minor'>): string {
  return `${entry.direction === 'debit' ? '−' : '+'}${formatNaira(entry.amount_minor)}`;
}

/** POST /admin/payouts/approve with { ids }: each id approved or the reason it was not. */
export interface BulkApproveResult {
  approved: number[];
  failed: Array<{ id: number; message: string }>;
}

// ---------------------------------------------------------------------------------------------------------
// Refunds to the card
// ---------------------------------------------------------------------------------------------------------

/** Where a refund goes: the customer's Jara wallet (at once) or back to the card that paid (through Paystack). */
export const REFUND_DESTINATION = { WALLET: 'wallet', CARD: 'card' } as const;
export type RefundDestination = (typeof REFUND_DESTINATION)[keyof typeof REFUND_DESTINATION];

export const REFUND_DESTINATIONS: ReadonlyArray<{ code: RefundDestination; label: string }> = [
  { code: 'wallet', label: 'Jara wallet' },
  { code: 'card', label: 'Original card' },
];

/** pending: asked of Paystack, waiting for refund.processed; processed: the money left; failed: refund.failed. */
export type RefundStatus = 'pending' | 'processed' | 'failed';

export const REFUND_STATUSES: ReadonlyArray<{ code: RefundStatus; label: string; tone: StatusTone }> = [
  { code: 'pending', label: 'Refund pending', tone: 'warning' },
  { code: 'processed', label: 'Refunded', tone: 'success' },
  { code: 'failed', label: 'Refund failed', tone: 'danger' },
];

/** A refund of an order (the order's page shows where the money went). */
export interface OrderRefund {
  id: number;
  order_id: number;
  destination: RefundDestination;
  destination_label: string;
  amount_minor: number;
  amount: string;
  status: RefundStatus;
  status_label: string;
  /** Our reference (refund-order-<id>... ); Paystack's transaction for a card refund. */
  reference: string;
  reason: string | null;
  /** Why a card refund failed, or which failed card refund a wallet refund stands in for. */
  note: string | null;
  /** A wallet refund made because the card refund with this id failed (the money is never left owed). */
  fallback_of: number | null;
  created_at: string;
  completed_at: string | null;
}

export function refundStatusLabel(status: string): string {
  return REFUND_STATUSES.find((s) => s.code === status)?.label ?? status;
}

export function refundDestinationLabel(destination: string): string {
  return REFUND_DESTINATIONS.find((d) => d.code === destination)?.label ?? destination;
}

/** What the API says about refunds and dedicated accounts (issue 24). */
export const REFUND_MSG = {
  cardOnlyForCard: 'Only an order paid by card can be refunded to the card.',
  destinationInvalid: "destination must be 'wallet' or 'card'.",
  refundToInvalid: "refund_to must be 'wallet' or 'card'.",
  refundToOnlyOnReturn: 'refund_to can be given only with a return request.',
  reasonRequired: 'Give the reason of the refund.',
  exceeds: (left: string) => `The refund cannot be more than what is left to refund (${left}).`,
  nothingLeft: 'This order has been refunded in full.',
  notPaid: 'This order has not been paid, so there is nothing to refund.',
  processedTitle: 'Refund processed',
  processed: (orderNo: string, amount: string, where: string) =>
    `Your refund of ${amount} for order ${orderNo} was sent to your ${where}.`,
  pendingTitle: 'Refund on its way',
  pending: (orderNo: string, amount: string) =>
    `Your refund of ${amount} for order ${orderNo} was sent to your card; your bank shows it within a few working days.`,
  failedTitle: 'Card refund failed',
  failed: (orderNo: string, amount: string) =>
    `The refund of ${amount} for order ${orderNo} could not be sent to your card, so it was credited to your Jara wallet instead.`,
} as const;

export const DEDICATED_ACCOUNT_MSG = {
  notConfigured: 'Bank transfers to a personal account are not available; transfer to Jara and we confirm it by hand.',
  createFailed: 'Your account number could not be created right now. Please try again later.',
  transferInTitle: 'Bank transfer received',
  transferIn: (amount: string, bank: string) =>
    `${amount} arrived by bank transfer (${bank}) and was credited to your wallet.`,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Dedicated virtual accounts
// ---------------------------------------------------------------------------------------------------------

/** GET /wallet/dedicated-account: the customer's own account number; transfers into it credit the wallet. */
export interface DedicatedAccount {
  bank_name: string;
  account_number: string;
  account_name: string;
  created_at: string;
}

/** The answer of GET/POST /wallet/dedicated-account: configured false when no provider is set up (manual transfer). */
export interface DedicatedAccountAnswer {
  configured: boolean;
  account: DedicatedAccount | null;
}

// ---------------------------------------------------------------------------------------------------------
// Messages of the payout routes (the API's errors and notifications, the screens' texts)
// ---------------------------------------------------------------------------------------------------------

export const PAYOUT_MSG = {
  bankCodeRequired: 'Please choose a bank.',
  bankUnknown: 'Please choose a bank from the list.',
  accountNumberInvalid: 'The account number must be 10 digits.',
  accountUnresolved: 'We could not find this account at the bank. Check the number and the bank.',
  passwordRequired: 'Please enter your password.',
  passwordWrong: 'The password is not correct.',
  providerDown: 'The bank service did not answer. Please try again in a few minutes.',
  vendorsOnly: 'Only vendors can withdraw their sales.',
  reasonRequired: 'A reason is required.',
  idsRequired: 'Choose between 1 and 100 payouts.',
  notFound: 'Payout not found.',
  notAwaitingApproval: 'Only a payout awaiting approval can be approved or rejected.',
  amountMin: (text: string) => `The minimum withdrawal is ${text}.`,
  amountAboveAvailable: (text: string) => `You can withdraw at most ${text} (your available balance less the fee).`,
  off: 'Payouts are not configured on this server.',
  blockedNoAccount: 'Add a payout bank account first.',
  blockedBalance: (text: string) => `You need at least ${text} available (the minimum withdrawal plus the fee).`,
  blockedKyc: 'Your identity (KYC) must be approved before your first payout.',
  blockedAccountChanged: (when: string) =>
    `Your payout account was changed recently: payouts to it are possible from ${when}.`,
  accountChangedTitle: 'Payout account changed',
  accountChangedText: (bank: string, masked: string, when: string) =>
    `Your payout account is now ${bank} ${masked}. For your safety, payouts to it are possible from ${when}. If you did not make this change, change your password and contact support at once.`,
  accountAddedText: (bank: string, masked: string) => `Your payout account is now ${bank} ${masked}.`,
  changedTitle: 'Payout update',
  requestedText: (amount: string) => `Your withdrawal of ${amount} was received.`,
  awaitingText: (amount: string) => `Your withdrawal of ${amount} is waiting for approval.`,
  processingText: (amount: string) => `Your withdrawal of ${amount} was sent to your bank.`,
  paidText: (amount: string) => `Your withdrawal of ${amount} was paid into your bank account.`,
  returnedText: (amount: string, label: string, reason: string | null) =>
    `Your withdrawal of ${amount} was ${label.toLowerCase()}${reason ? ` (${reason})` : ''}; the money is back in your available balance.`,
} as const;

/** An account number shown masked: ******6789. */
export function maskAccountNumber(accountNumber: string): string {
  return accountNumber.length > 4 ? `${'*'.repeat(accountNumber.length - 4)}${accountNumber.slice(-4)}` : accountNumber;
}
