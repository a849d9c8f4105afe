import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { requestedAmount } from './paystack-amount';
import { paystackRequest, type PaystackAnswer } from './paystack-http';
import {
  GatewayError,
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

  private call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<PaystackAnswer> {
    return paystackRequest(this.config, this.logger, method, path, payload);
  }
}
