import {
  BadGatewayException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MSG, type TestPaymentResult } from '@jara/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import {
  GatewayError,
  PAYMENT_GATEWAY,
  REFERENCE_PATTERN,
  type GatewayVerification,
  type InitializeInput,
  type PaymentGateway,
} from './payment-gateway';
import { TestModeGateway } from './test-mode.gateway';

/** Where a gateway's answer came from: our own verify call, a signed webhook, or the test checkout. */
export type SettlementSource = 'verify' | 'webhook' | 'test';

/**
 * A domain that takes payments (wallet funding, invoices) settles its own references: it checks the amount and
 * currency against its pending record and applies the result once. Returns false for a reference it does not know.
 */
export interface PaymentSettler {
  settle(result: GatewayVerification, source: SettlementSource): Promise<boolean>;
}

/**
 * The payment gateway and its settlement: starts and verifies transactions, checks Paystack's webhooks (HMAC-SHA512
 * of the raw body with the secret key, compared in constant time) and hands each result to the domain that owns
 * the reference (by prefix: fund- wallet funding, ipay- invoices). Settlers are idempotent by reference, so a
 * webhook delivered five times, or racing a verify, settles once.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');
  private readonly settlers = new Map<string, PaymentSettler>();

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get gatewayName(): PaymentGateway['name'] {
    return this.gateway.name;
  }

  /** Card payments work: a Paystack key, or test mode (never implied in production). */
  get enabled(): boolean {
    return !!this.config.paystack.secretKey || this.config.paystack.testMode;
  }

  registerSettler(prefix: string, settler: PaymentSettler): void {
    this.settlers.set(prefix, settler);
  }

  /** A fresh, unguessable reference with the owner's prefix, e.g. fund-3f9c... */
  newReference(prefix: string): string {
    return `${prefix}${randomBytes(12).toString('hex')}`;
  }

  callbackUrl(path: string): string {
    return `${this.config.storefrontUrl}${path}`;
  }

  assertEnabled(): void {
    if (!this.enabled) throw new ServiceUnavailableException(MSG.money.paymentsOff);
  }

  async start(input: InitializeInput): Promise<{ authorizationUrl: string }> {
    this.assertEnabled();
    try {
      return await this.gateway.initialize(input);
    } catch (error) {
      this.logger.warn(`Payment ${input.reference} not started: ${(error as Error).message}`);
      throw new BadGatewayException(MSG.money.paymentStartFailed);
    }
  }

  async verify(reference: string): Promise<GatewayVerification> {
    this.assertEnabled();
    try {
      return await this.gateway.verify(reference);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      this.logger.warn(`Payment ${reference} not verified: ${error.message}`);
      throw new BadGatewayException(MSG.money.paymentVerifyFailed);
    }
  }

  /** Asks the gateway about a reference and settles it with its owner. */
  async verifyAndSettle(reference: string, source: SettlementSource = 'verify'): Promise<GatewayVerification> {
    const result = await this.verify(reference);
    await this.settle(result, source);
    return result;
  }

  async settle(result: GatewayVerification, source: SettlementSource): Promise<boolean> {
    for (const [prefix, settler] of this.settlers) {
      if (result.reference.startsWith(prefix)) return settler.settle(result, source);
    }
    return false;
  }

  /**
   * POST /webhooks/paystack. A missing or wrong x-paystack-signature is a 401 and changes nothing. charge.success
   * is settled by reference after the owner re-checks amount and currency; other events and unknown references
   * are acknowledged (200) and ignored.
   */
  async handleWebhook(rawBody: Buffer | undefined, signature: unknown): Promise<void> {
    const secret = this.config.paystack.secretKey;
    if (!secret || !rawBody || !validSignature(rawBody, signature, secret))
      throw new UnauthorizedException(MSG.money.badSignature);
    let event: { event?: unknown; data?: Record<string, unknown> };
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return;
    }
    if (event?.event !== 'charge.success' || !event.data || typeof event.data !== 'object') return;
    const { reference, amount, currency, status } = event.data;
    if (typeof reference !== 'string' || !REFERENCE_PATTERN.test(reference)) return;
    const known = await this.settle(
      {
        reference,
        status: status === 'success' ? 'success' : 'pending',
        amountMinor: typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : null,
        currency: typeof currency === 'string' ? currency.toUpperCase() : null,
      },
      'webhook',
    );
    if (!known) this.logger.log(`Webhook for an unknown reference ignored: ${reference}`);
  }

  /** Test mode: completes or cancels a pending test transaction, settles it as a webhook would, and says where to go. */
  async finishTestPayment(reference: string, outcome: 'success' | 'failed'): Promise<TestPaymentResult> {
    if (!(this.gateway instanceof TestModeGateway) || !REFERENCE_PATTERN.test(reference))
      throw new NotFoundException(MSG.common.notFound);
    const row = await this.gateway.finish(reference, outcome);
    await this.settle(await this.gateway.verify(reference), 'test');
    return { reference, status: outcome, callback_url: row.callback_url };
  }
}

function validSignature(rawBody: Buffer, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
