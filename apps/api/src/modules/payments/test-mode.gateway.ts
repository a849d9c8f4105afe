import { ConflictError, NotFoundError } from '../../common/errors';
import type { DataSource } from 'typeorm';
import { MSG, TEST_CHECKOUT_PATH } from '@jara/contracts';
import type { AppConfig } from '../../config/config';
import { inTransaction } from '../../database/transaction';
import { randomBytes } from 'node:crypto';
import type {
  GatewayRefund,
  GatewayRefundStatus,
  GatewayStatus,
  GatewayVerification,
  InitializeInput,
  PaymentGateway,
} from './payment-gateway';
import { TestPayment, type TestPaymentStatus } from './test-payment.entity';

const STATUS: Record<TestPaymentStatus, GatewayStatus> = { pending: 'abandoned', success: 'success', failed: 'failed' };

/**
 * Test mode (no PAYSTACK_SECRET_KEY): a stand-in gateway whose transactions live in test_payments. Its checkout
 * is the storefront's clearly-marked test page (STOREFRONT_URL/pay/test?reference=...), which completes or
 * cancels the transaction through POST /payments/test/{reference}/complete|cancel. No money moves anywhere.
 */
export class TestModeGateway implements PaymentGateway {
  readonly name = 'test' as const;

  constructor(
    private readonly db: DataSource,
    private readonly config: Pick<AppConfig, 'storefrontUrl'>,
  ) {}

  async initialize(input: InitializeInput): Promise<{ authorizationUrl: string }> {
    await inTransaction(this.db, (m) =>
      m.insert(TestPayment, {
        reference: input.reference,
        email: input.email,
        amount_minor: input.amountMinor,
        currency: input.currency,
        status: 'pending',
        callback_url: input.callbackUrl,
      }),
    );
    return {
      authorizationUrl: `${this.config.storefrontUrl}${TEST_CHECKOUT_PATH}?reference=${encodeURIComponent(input.reference)}`,
    };
  }

  async verify(reference: string): Promise<GatewayVerification> {
    const row = await this.db.getRepository(TestPayment).findOne({ where: { reference } });
    if (!row) return { reference, status: 'not_found', amountMinor: null, currency: null };
    return {
      reference,
      status: STATUS[row.status] ?? 'pending',
      amountMinor: row.amount_minor,
      currency: row.currency,
    };
  }

  /** A refund to the (pretend) card: processed at once; no money moves anywhere (issue 24). */
  async refund(): Promise<GatewayRefund> {
    return { id: `test-${randomBytes(6).toString('hex')}`, status: 'processed' };
  }

  /** Test mode keeps no refunds (each is processed at once), so none is ever found pending here. */
  async refundStatus(): Promise<GatewayRefundStatus> {
    return { id: null, status: 'not_found', amountMinor: null, currency: null, transactionReference: null };
  }

  /** Completes (success) or cancels (failed) a known pending test transaction, once; answers the transaction. */
  async finish(reference: string, outcome: 'success' | 'failed'): Promise<TestPayment> {
    const changed = await inTransaction(this.db, async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(TestPayment)
        .set({ status: outcome })
        .where('reference = :reference AND status = :pending', { reference, pending: 'pending' })
        .execute();
      return result.affected === 1;
    });
    const row = await this.db.getRepository(TestPayment).findOne({ where: { reference } });
    if (!row) throw new NotFoundError(MSG.money.paymentNotFound);
    if (!changed) throw new ConflictError(MSG.money.testPaymentNotPending);
    return row;
  }
}
