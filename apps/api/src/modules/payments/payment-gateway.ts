import type { WalletCurrency } from '@jara/contracts';

/** Injection token of the gateway in use: Paystack with a secret key, the test-mode stand-in without one. */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

export interface InitializeInput {
  reference: string;
  email: string;
  amountMinor: number;
  currency: WalletCurrency;
  callbackUrl: string;
  metadata?: Record<string, string | number>;
}

/** What the gateway says about one transaction. abandoned: started but not paid (yet); not_found: never started. */
export type GatewayStatus = 'success' | 'failed' | 'abandoned' | 'pending' | 'not_found';

export interface GatewayVerification {
  reference: string;
  status: GatewayStatus;
  /** Minor units charged (kobo, cents) as the gateway reports them; null when unknown. */
  amountMinor: number | null;
  currency: string | null;
}

/** The outside payment service, behind one small interface (every external service sits behind one). */
export interface PaymentGateway {
  readonly name: 'paystack' | 'test';
  /** Starts a transaction; the browser goes to authorizationUrl to pay. */
  initialize(input: InitializeInput): Promise<{ authorizationUrl: string }>;
  /** Asks the gateway how a transaction stands. */
  verify(reference: string): Promise<GatewayVerification>;
  /** POST /refund (issue 24): a full or partial refund of a successful transaction to the card that paid it. */
  refund?(input: RefundInput): Promise<GatewayRefund>;
  /** GET /refund/{id} (Paystack's refund id, or the paying transaction's reference): how a sent refund stands. */
  refundStatus?(idOrReference: string): Promise<GatewayRefundStatus>;
  /** POST /customer then POST /dedicated_account (issue 24): the user's own account number. Paystack only. */
  dedicatedAccount?(input: DedicatedAccountInput): Promise<GatewayDedicatedAccount>;
}

export interface RefundInput {
  /** The reference of the transaction that paid. */
  transactionReference: string;
  amountMinor: number;
  currency: WalletCurrency;
  note?: string;
}

/** processed: done; pending: refund.processed / refund.failed follow; failed: refused (nothing left Jara). */
export interface GatewayRefund {
  id: string | null;
  status: 'pending' | 'processed' | 'failed';
  message?: string;
}

/** What GET /refund/{id} says; not_found: the gateway knows no such refund (it is never sent again because of it). */
export interface GatewayRefundStatus {
  id: string | null;
  status: 'pending' | 'processed' | 'failed' | 'not_found';
  /** Minor units as the gateway reports them; null when unknown. */
  amountMinor: number | null;
  currency: string | null;
  /** The reference of the transaction refunded, when the gateway says. */
  transactionReference: string | null;
}

export interface DedicatedAccountInput {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  preferredBank: string;
}

export interface GatewayDedicatedAccount {
  customerCode: string;
  id: string | null;
  bankName: string;
  bankSlug: string | null;
  accountNumber: string;
  accountName: string;
}

/** The gateway could not be reached or answered something unusable (a 502 for the client). */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** Reference shape accepted on the wire (Paystack allows letters, digits, '-', '.', '='). */
export const REFERENCE_PATTERN = /^[A-Za-z0-9._=-]{1,100}$/;
