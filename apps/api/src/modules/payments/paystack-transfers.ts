import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Bank } from '@jara/contracts';
import type { AppConfig } from '../../config/config';
import { GatewayError } from './payment-gateway';
import { paystackRequest, type PaystackAnswer } from './paystack-http';

/** Injection token of the transfers gateway: Paystack with a secret key, the test stand-in in test mode, else null. */
export const TRANSFER_GATEWAY = Symbol('TRANSFER_GATEWAY');

/** How a transfer stands at the provider. pending covers Paystack's pending, otp, received, queued and processing. */
export type TransferStatus = 'success' | 'failed' | 'reversed' | 'pending' | 'not_found';

export interface TransferAnswer {
  reference: string;
  status: TransferStatus;
  /** Kobo the provider says it sends (null when unknown). */
  amountMinor: number | null;
  /** The recipient the provider says it sends to (null when unknown). */
  recipientCode: string | null;
  /** The provider's reason for a failure or reversal. */
  reason: string | null;
}

export interface TransferInput {
  reference: string;
  amountMinor: number;
  recipientCode: string;
  reason: string;
}

/** The provider refused a request for good (a 4xx answer): not worth retrying with the same input. */
export class TransferRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransferRefusedError';
  }
}

/**
 * Money out through the provider (Paystack's Transfers API): the bank list, account name resolution, transfer
 * recipients, transfers and their verification. Amounts are integer kobo.
 */
export interface TransferGateway {
  readonly name: 'paystack' | 'test';
  banks(): Promise<Bank[]>;
  /** The account's name at the bank; null when the bank does not know the number. */
  resolve(accountNumber: string, bankCode: string): Promise<string | null>;
  /** A transfer recipient (type nuban, NGN) for the account: its recipient_code. */
  createRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<string>;
  /** Sends a transfer (from the balance) with our reference. GatewayError: outcome unknown; TransferRefusedError: no. */
  transfer(input: TransferInput): Promise<TransferAnswer>;
  verifyTransfer(reference: string): Promise<TransferAnswer>;
}

const STATUS: Record<string, TransferStatus> = {
  success: 'success',
  failed: 'failed',
  abandoned: 'failed',
  blocked: 'failed',
  rejected: 'failed',
  reversed: 'reversed',
};

/** A transfer's data as Paystack reports it (POST /transfer, GET /transfer/verify, transfer.* webhooks). */
export function transferAnswer(reference: string, data: Record<string, unknown>): TransferAnswer {
  const amount = Number(data.amount);
  const recipient = data.recipient as Record<string, unknown> | string | undefined;
  const recipientCode =
    typeof recipient === 'string'
      ? recipient
      : typeof recipient?.recipient_code === 'string'
        ? recipient.recipient_code
        : null;
  // `reason` is the narration we sent with the transfer, not why it failed: Paystack says that in gateway_response.
  const reason =
    data.status !== 'success' && data.status !== 'pending' && typeof data.gateway_response === 'string'
      ? data.gateway_response
      : null;
  return {
    reference,
    status: STATUS[String(data.status)] ?? 'pending',
    amountMinor: Number.isSafeInteger(amount) && amount > 0 ? amount : null,
    recipientCode,
    reason: reason ? reason.slice(0, 240) : null,
  };
}

/** Paystack's Transfers API behind PAYSTACK_BASE_URL. */
export class PaystackTransfers implements TransferGateway {
  readonly name = 'paystack' as const;
  private readonly logger = new Logger('PaystackTransfers');

  constructor(private readonly config: AppConfig['paystack']) {}

  async banks(): Promise<Bank[]> {
    const { status, body } = await this.call('GET', '/bank?country=nigeria&currency=NGN&perPage=100');
    if (status !== 200 || body?.status !== true || !Array.isArray(body.data))
      throw new GatewayError(`bank list answered HTTP ${status}`);
    return (body.data as Array<Record<string, unknown>>)
      .filter((b) => typeof b.code === 'string' && typeof b.name === 'string' && b.active !== false)
      .map((b) => ({ code: String(b.code), name: String(b.name) }));
  }

  async resolve(accountNumber: string, bankCode: string): Promise<string | null> {
    const query = `account_number=${encodeURIComponent(accountNumber)}&bank_code=${encodeURIComponent(bankCode)}`;
    const { status, body } = await this.call('GET', `/bank/resolve?${query}`);
    const data = body?.data as Record<string, unknown> | undefined;
    if (status === 200 && body?.status === true && typeof data?.account_name === 'string' && data.account_name.trim())
      return data.account_name.trim().slice(0, 120);
    if (status >= 400 && status < 500) return null;
    throw new GatewayError(`resolve answered HTTP ${status}`);
  }

  async createRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<string> {
    const { status, body } = await this.call('POST', '/transferrecipient', {
      type: 'nuban',
      name: input.name,
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      currency: 'NGN',
    });
    const data = body?.data as Record<string, unknown> | undefined;
    if ((status === 200 || status === 201) && body?.status === true && typeof data?.recipient_code === 'string')
      return data.recipient_code;
    if (status >= 400 && status < 500) throw new TransferRefusedError(String(body?.message ?? 'refused').slice(0, 200));
    throw new GatewayError(`transferrecipient answered HTTP ${status}`);
  }

  async transfer(input: TransferInput): Promise<TransferAnswer> {
    const { status, body } = await this.call('POST', '/transfer', {
      source: 'balance',
      amount: input.amountMinor,
      recipient: input.recipientCode,
      reference: input.reference,
      reason: input.reason.slice(0, 100),
      currency: 'NGN',
    });
    const data = body?.data as Record<string, unknown> | undefined;
    if (status === 200 && body?.status === true && data) return transferAnswer(input.reference, data);
    const message = String(body?.message ?? '');
    // Sent before (a retry after an unknown outcome): what happened to it is asked, not assumed.
    if (/duplicate/i.test(message)) return this.verifyTransfer(input.reference);
    if (status >= 400 && status < 500) throw new TransferRefusedError(message.slice(0, 200) || `HTTP ${status}`);
    throw new GatewayError(`transfer answered HTTP ${status}`);
  }

  async verifyTransfer(reference: string): Promise<TransferAnswer> {
    const { status, body } = await this.call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
    if ((status === 400 || status === 404) && body?.status === false)
      return { reference, status: 'not_found', amountMinor: null, recipientCode: null, reason: null };
    const data = body?.data as Record<string, unknown> | undefined;
    if (status !== 200 || body?.status !== true || !data)
      throw new GatewayError(`transfer verify answered HTTP ${status}`);
    if (data.reference !== undefined && data.reference !== reference)
      throw new GatewayError('transfer verify answered for another reference');
    return transferAnswer(reference, data);
  }

  private call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<PaystackAnswer> {
    return paystackRequest(this.config, this.logger, method, path, payload);
  }
}

/** A few real Nigerian banks with their Paystack codes (the test stand-in's list). */
export const TEST_BANKS: readonly Bank[] = [
  { code: '044', name: 'Access Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '50211', name: 'Kuda Bank' },
  { code: '999992', name: 'OPay Digital Services Limited (OPay)' },
  { code: '033', name: 'United Bank For Africa' },
  { code: '035', name: 'Wema Bank' },
  { code: '057', name: 'Zenith Bank' },
];

const TEST_NAMES = ['ADAEZE OKAFOR', 'TUNDE BAKARE', 'AMAKA EZE', 'IBRAHIM MUSA', 'CHIDI NWOSU', 'FUNMI ADEYEMI'];

/**
 * Test mode (no PAYSTACK_SECRET_KEY, PAYMENTS_TEST_MODE on): a stand-in so the demo works offline. It lists a few real
 * banks; an account number resolves to a name chosen by its digits (one that starts with 000 does not resolve);
 * every transfer succeeds at once. No money moves anywhere.
 */
export class TestModeTransfers implements TransferGateway {
  readonly name = 'test' as const;
  private readonly sent = new Map<string, TransferAnswer>();

  async banks(): Promise<Bank[]> {
    return [...TEST_BANKS];
  }

  async resolve(accountNumber: string, bankCode: string): Promise<string | null> {
    if (accountNumber.startsWith('000') || !TEST_BANKS.some((b) => b.code === bankCode)) return null;
    return TEST_NAMES[Number(accountNumber.slice(-2)) % TEST_NAMES.length];
  }

  async createRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<string> {
    const hash = createHash('sha256').update(`${input.bankCode}:${input.accountNumber}`).digest('hex').slice(0, 12);
    return `RCP_test_${hash}`;
  }

  async transfer(input: TransferInput): Promise<TransferAnswer> {
    const answer: TransferAnswer = {
      reference: input.reference,
      status: 'success',
      amountMinor: input.amountMinor,
      recipientCode: input.recipientCode,
      reason: null,
    };
    this.sent.set(input.reference, answer);
    return answer;
  }

  async verifyTransfer(reference: string): Promise<TransferAnswer> {
    return (
      this.sent.get(reference) ?? {
        reference,
        status: 'not_found',
        amountMinor: null,
        recipientCode: null,
        reason: null,
      }
    );
  }
}
