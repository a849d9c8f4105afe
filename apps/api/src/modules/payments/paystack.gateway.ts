import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { requestedAmount } from './paystack-amount';
import { paystackRequest, type PaystackAnswer } from './paystack-http';
import {
  GatewayError,
  type DedicatedAccountInput,
  type GatewayDedicatedAccount,
  type GatewayRefund,
  type GatewayRefundStatus,
  type RefundInput,
  type GatewayStatus,
  type GatewayVerification,
  type InitializeInput,
  type PaymentGateway,
} from './payment-gateway';

const STATUS: Record<string, GatewayStatus> = {
  success: 'success',
  failed: 'failed',
  reversed: 'failed',
  abandoned: 'abandoned',
  ongoing: 'pending',
  pending: 'pending',
  processing: 'pending',
  queued: 'pending',
};

/**
 * Paystack's REST API (PAYSTACK_BASE_URL, Bearer PAYSTACK_SECRET_KEY): POST /transaction/initialize and
 * GET /transaction/verify/{reference}, each with a timeout. Amounts are integer minor units (kobo, cents).
 */
export class PaystackGateway implements PaymentGateway {
  readonly name = 'paystack' as const;
  private readonly logger = new Logger('Paystack');

  constructor(private readonly config: AppConfig['paystack']) {}

  async initialize(input: InitializeInput): Promise<{ authorizationUrl: string }> {
    const { status, body } = await this.call('POST', '/transaction/initialize', {
      email: input.email,
      amount: String(input.amountMinor),
      currency: input.currency,
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: input.metadata ?? {},
    });
    const data = body?.data as Record<string, unknown> | undefined;
    const url = typeof data?.authorization_url === 'string' ? data.authorization_url : '';
    if (status !== 200 || body?.status !== true || !/^https?:\/\//.test(url)) {
      throw new GatewayError(`initialize answered HTTP ${status}: ${String(body?.message ?? '').slice(0, 120)}`);
    }
    return { authorizationUrl: url };
  }

  async verify(reference: string): Promise<GatewayVerification> {
    const { status, body } = await this.call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    if ((status === 400 || status === 404) && body?.status === false)
      return { reference, status: 'not_found', amountMinor: null, currency: null };
    const data = body?.data as Record<string, unknown> | undefined;
    if (status !== 200 || body?.status !== true || !data)
      throw new GatewayError(`verify answered HTTP ${status}: ${String(body?.message ?? '').slice(0, 120)}`);
    if (data.reference !== undefined && data.reference !== reference)
      throw new GatewayError('verify answered for another reference');
    return {
      reference,
      status: STATUS[String(data.status)] ?? 'pending',
      amountMinor: requestedAmount(data),
      currency: typeof data.currency === 'string' ? data.currency.toUpperCase() : null,
    };
  }

  /** POST /refund: a refusal (4xx, status false) is a failed refund; no answer or a 5xx is a GatewayError (unknown). */
  async refund(input: RefundInput): Promise<GatewayRefund> {
    const { status, body } = await this.call('POST', '/refund', {
      transaction: input.transactionReference,
      amount: input.amountMinor,
      currency: input.currency,
      ...(input.note ? { merchant_note: input.note.slice(0, 200) } : {}),
    });
    const message = String(body?.message ?? '').slice(0, 200);
    if (status >= 400 && status < 500 && body?.status === false) return { id: null, status: 'failed', message };
    const data = body?.data as Record<string, unknown> | undefined;
    if (status >= 300 || body?.status !== true || !data) throw new GatewayError(`refund answered HTTP ${status}`);
    const state = String(data.status ?? 'pending');
    return {
      id: data.id === undefined || data.id === null ? null : String(data.id),
      status: state === 'processed' ? 'processed' : state === 'failed' ? 'failed' : 'pending',
      message,
    };
  }

  /**
   * GET /refund/{id}: a refund Jara sent, asked again (the re-query job). 404 / 400 with status false: not_found;
   * no answer or a 5xx: GatewayError. Paystack's processing states (pending, processing, needs-attention) stay pending.
   */
  async refundStatus(idOrReference: string): Promise<GatewayRefundStatus> {
    const { status, body } = await this.call('GET', `/refund/${encodeURIComponent(idOrReference)}`);
    if ((status === 400 || status === 404) && body?.status === false)
      return { id: null, status: 'not_found', amountMinor: null, currency: null, transactionReference: null };
    const data = body?.data as Record<string, unknown> | undefined;
    if (status !== 200 || body?.status !== true || !data)
      throw new GatewayError(`refund fetch answered HTTP ${status}: ${String(body?.message ?? '').slice(0, 120)}`);
    const state = String(data.status ?? 'pending');
    const amount = Number(data.amount);
    const transaction = data.transaction as Record<string, unknown> | string | number | undefined;
    const reference =
      typeof data.transaction_reference === 'string'
        ? data.transaction_reference
        : transaction && typeof transaction === 'object' && typeof transaction.reference === 'string'
          ? transaction.reference
          : null;
    return {
      id: data.id === undefined || data.id === null ? null : String(data.id),
      status: state === 'processed' ? 'processed' : state === 'failed' ? 'failed' : 'pending',
      amountMinor: Number.isSafeInteger(amount) ? amount : null,
      currency: typeof data.currency === 'string' ? data.currency.toUpperCase() : null,
      transactionReference: reference,
    };
  }

  /** POST /customer (Paystack answers the existing customer of an e-mail) then POST /dedicated_account. */
  async dedicatedAccount(input: DedicatedAccountInput): Promise<GatewayDedicatedAccount> {
    const customer = await this.call('POST', '/customer', {
      email: input.email,
      first_name: input.firstName,
      last_name: input.lastName,
      ...(input.phone ? { phone: input.phone } : {}),
    });
    const code = (customer.body?.data as Record<string, unknown> | undefined)?.customer_code;
    if (customer.status >= 300 || typeof code !== 'string' || !code)
      throw new GatewayError(`customer answered HTTP ${customer.status}`);
    const { status, body } = await this.call('POST', '/dedicated_account', {
      customer: code,
      preferred_bank: input.preferredBank,
    });
    const data = body?.data as Record<string, unknown> | undefined;
    const bank = (data?.bank ?? {}) as Record<string, unknown>;
    if (status >= 300 || body?.status !== true || typeof data?.account_number !== 'string')
      throw new GatewayError(`dedicated_account answered HTTP ${status}: ${String(body?.message ?? '').slice(0, 120)}`);
    return {
      customerCode: code,
      id: data.id === undefined || data.id === null ? null : String(data.id),
      bankName: String(bank.name ?? ''),
      bankSlug: typeof bank.slug === 'string' ? bank.slug : null,
      accountNumber: data.account_number,
      accountName: String(data.account_name ?? ''),
    };
  }

  private call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<PaystackAnswer> {
    return paystackRequest(this.config, this.logger, method, path, payload);
  }
}
