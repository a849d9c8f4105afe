import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MSG, type TestPaymentResult } from '@jara/contracts';
import { ConflictError, NotFoundError, UnauthorizedError, UnavailableError, UpstreamError } from '../../common/errors';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import { PaymentException, type PaymentExceptionKind } from './payment-exception.entity';
import { requestedAmount } from './paystack-amount';
import {
  GatewayError,
  PAYMENT_GATEWAY,
  REFERENCE_PATTERN,
  type DedicatedAccountInput,
  type GatewayDedicatedAccount,
  type GatewayRefund,
  type GatewayRefundStatus,
  type RefundInput,
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

/** A gateway answer that did not settle, as a settler reports it (kept once per reference and kind). */
export interface UnsettledAnswer {
  reference: string;
  kind: PaymentExceptionKind;
  source: SettlementSource;
  result: GatewayVerification;
  expected?: { amountMinor: number; currency: string } | null;
  note: string;
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
  /** Other webhook events by name (issue 24): a handler answers true when the event was its own (handled). */
  private readonly webhookHandlers = new Map<string, Array<(data: Record<string, unknown>) => Promise<boolean>>>();

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
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
    if (!this.enabled) throw new UnavailableError(MSG.money.paymentsOff);
  }

  async start(input: InitializeInput): Promise<{ authorizationUrl: string }> {
    this.assertEnabled();
    try {
      return await this.gateway.initialize(input);
    } catch (error) {
      this.logger.warn(`Payment ${input.reference} not started: ${(error as Error).message}`);
      throw new UpstreamError(MSG.money.paymentStartFailed);
    }
  }

  async verify(reference: string): Promise<GatewayVerification> {
    this.assertEnabled();
    try {
      return await this.gateway.verify(reference);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      this.logger.warn(`Payment ${reference} not verified: ${error.message}`);
      throw new UpstreamError(MSG.money.paymentVerifyFailed);
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
      throw new UnauthorizedError(MSG.money.badSignature);
    let event: { event?: unknown; data?: Record<string, unknown> };
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return;
    }
    if (event?.data && typeof event.data === 'object')
      for (const handler of this.webhookHandlers.get(String(event.event)) ?? []) if (await handler(event.data)) return;
    if (event?.event !== 'charge.success' || !event.data || typeof event.data !== 'object') return;
    const { reference, currency, status } = event.data;
    if (typeof reference !== 'string' || !REFERENCE_PATTERN.test(reference)) return;
    const result: GatewayVerification = {
      reference,
      status: status === 'success' ? 'success' : 'pending',
      amountMinor: requestedAmount(event.data),
      currency: typeof currency === 'string' ? currency.toUpperCase() : null,
    };
    const known = await this.settle(result, 'webhook');
    if (!known) {
      this.logger.warn(`Webhook for an unknown reference: ${reference}`);
      await this.recordUnsettled({
        reference,
        kind: 'unknown',
        source: 'webhook',
        result,
        note: 'A signed charge.success for a reference Jara never issued: find it in the Paystack dashboard and refund or match it by hand.',
      });
    }
  }

  /**
   * Keeps a gateway answer that did not settle, once per (reference, kind): the reconciliation lists it with what to
   * do until an admin resolves it. A replayed webhook finds it there and adds nothing.
   */
  async recordUnsettled(answer: UnsettledAnswer): Promise<void> {
    const repo = this.db.getRepository(PaymentException);
    if (await repo.exists({ where: { reference: answer.reference, kind: answer.kind } })) return;
    try {
      await inTransaction(this.db, (m) =>
        m.insert(PaymentException, {
          reference: answer.reference,
          kind: answer.kind,
          source: answer.source,
          gateway_status: answer.result.status,
          gateway_amount_minor: answer.result.amountMinor,
          gateway_currency: answer.result.currency?.slice(0, 3) ?? null,
          expected_amount_minor: answer.expected?.amountMinor ?? null,
          expected_currency: answer.expected?.currency ?? null,
          note: answer.note.slice(0, 255),
          resolved_at: null,
          resolved_by: null,
        }),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /**
   * A reference that a later, genuine answer settled: its open mismatch is resolved (by nobody: the gateway itself),
   * so the reconciliation does not ask a person to look at money that arrived as asked in the end.
   */
  async settledAfterMismatch(reference: string): Promise<void> {
    await inTransaction(this.db, (m) =>
      m
        .createQueryBuilder()
        .update(PaymentException)
        .set({ resolved_at: new Date(), resolved_by: null })
        .where('reference = :reference AND kind = :kind AND resolved_at IS NULL', { reference, kind: 'mismatch' })
        .execute(),
    );
  }

  /**
   * POST /payments/exceptions/{id}/resolve (admin): an exception someone has dealt with (refunded on Paystack, settled
   * by hand) leaves the reconciliation's open list, with who and when. Unknown: 404; already resolved: 409.
   */
  async resolveException(adminId: number, id: number): Promise<PaymentException> {
    const done = await inTransaction(this.db, (m) =>
      m
        .createQueryBuilder()
        .update(PaymentException)
        .set({ resolved_at: new Date(), resolved_by: adminId })
        .where('id = :id AND resolved_at IS NULL', { id })
        .execute(),
    );
    const row = await this.db.getRepository(PaymentException).findOne({ where: { id } });
    if (!row) throw new NotFoundError(MSG.money.paymentExceptionNotFound);
    if (done.affected !== 1) throw new ConflictError(MSG.money.paymentExceptionResolved);
    return row;
  }

  // ------------------------------------------------------------------- refunds and dedicated accounts (issue 24)

  /**
   * A domain handles a signed webhook event (transfer.*, refund.*, a dedicated_nuban charge.success) before the
   * settlers; the handler answers true when the event was its own (then nothing else sees it).
   */
  registerWebhookHandler(event: string, handler: (data: Record<string, unknown>) => Promise<boolean>): void {
    this.webhookHandlers.set(event, [...(this.webhookHandlers.get(event) ?? []), handler]);
  }

  /** POST /refund through the gateway in use (test mode: processed at once). GatewayError: no usable answer. */
  async refund(input: RefundInput): Promise<GatewayRefund> {
    if (!this.gateway.refund) throw new UnavailableError(MSG.money.paymentsOff);
    return this.gateway.refund(input);
  }

  /** GET /refund/{id} through the gateway in use (the refunds' re-query). GatewayError: no usable answer. */
  async refundStatus(idOrReference: string): Promise<GatewayRefundStatus> {
    if (!this.gateway.refundStatus) throw new UnavailableError(MSG.money.paymentsOff);
    return this.gateway.refundStatus(idOrReference);
  }

  /** Dedicated accounts need Paystack itself (a secret key); test mode has none. */
  get dedicatedAccountsEnabled(): boolean {
    return !!this.config.paystack.secretKey && !!this.gateway.dedicatedAccount;
  }

  async dedicatedAccount(input: DedicatedAccountInput): Promise<GatewayDedicatedAccount> {
    if (!this.gateway.dedicatedAccount || !this.dedicatedAccountsEnabled)
      throw new UnavailableError(MSG.money.paymentsOff);
    return this.gateway.dedicatedAccount(input);
  }

  /** Test mode: completes or cancels a pending test transaction, settles it as a webhook would, and says where to go. */
  async finishTestPayment(reference: string, outcome: 'success' | 'failed'): Promise<TestPaymentResult> {
    if (!(this.gateway instanceof TestModeGateway) || !REFERENCE_PATTERN.test(reference))
      throw new NotFoundError(MSG.common.notFound);
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
