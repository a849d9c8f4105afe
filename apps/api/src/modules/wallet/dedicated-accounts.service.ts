import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  DEDICATED_ACCOUNT_MSG,
  type DedicatedAccount as DedicatedAccountDto,
  type DedicatedAccountAnswer,
} from '@jara/contracts';
import { UpstreamError } from '../../common/errors';
import { EVENTS } from '../../common/events';
import { OutboxService } from '../../common/outbox/outbox.service';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import { GatewayError, REFERENCE_PATTERN } from '../payments/payment-gateway';
import { PaymentsService } from '../payments/payments.service';
import type { User } from '../users/user.entity';
import { DedicatedAccount } from './dedicated-account.entity';
import { WalletLedger } from './wallet-ledger';

/** Transfers into a dedicated account credit the wallet under this reference prefix (dva-<Paystack reference>). */
export const DEDICATED_PREFIX = 'dva-';

/**
 * Dedicated virtual accounts (issue 24, decision 038): each user may get a personal NUBAN at Paystack (POST /customer,
 * then POST /dedicated_account); a transfer into it arrives as charge.success with channel dedicated_nuban and
 * credits the wallet once (reference dva-<Paystack reference>, unique in the ledger), then orders waiting for a bank
 * transfer are paid from the wallet (wallet.transfer_received, handled by the orders module). Without a Paystack key
 * there are none (configured: false) and bank transfers are confirmed by hand as before.
 */
@Injectable()
export class DedicatedAccountsService implements OnModuleInit {
  private readonly logger = new Logger('DedicatedAccounts');
  private readonly ledger: WalletLedger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentsService,
    private readonly outbox: OutboxService,
  ) {
    this.ledger = new WalletLedger(db);
  }

  onModuleInit(): void {
    this.payments.registerWebhookHandler('charge.success', (data) => this.onCharge(data));
  }

  /** GET /wallet/dedicated-account. */
  async get(user: User): Promise<DedicatedAccountAnswer> {
    if (!this.payments.dedicatedAccountsEnabled) return { configured: false, account: null };
    const row = await this.db.getRepository(DedicatedAccount).findOne({ where: { user_id: user.id } });
    return { configured: true, account: row ? present(row) : null };
  }

  /**
   * POST /wallet/dedicated-account: the user's account, created at Paystack the first time only (a second call, or
   * one racing it, answers the stored one). Paystack unreachable: 502, nothing stored.
   */
  async create(user: User): Promise<DedicatedAccountAnswer> {
    const existing = await this.get(user);
    if (!existing.configured || existing.account) return existing;
    const [first, ...rest] = (user.name?.trim() || user.email.split('@')[0]).split(/\s+/);
    let made;
    try {
      made = await this.payments.dedicatedAccount({
        email: user.email,
        firstName: first.slice(0, 60),
        lastName: (rest.join(' ') || first).slice(0, 60),
        phone: user.phone,
        preferredBank: this.config.dedicatedAccounts.preferredBank,
      });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      this.logger.warn(`Dedicated account for user ${user.id} not created: ${error.message}`);
      throw new UpstreamError(DEDICATED_ACCOUNT_MSG.createFailed);
    }
    try {
      await inTransaction(this.db, (m) =>
        m.insert(DedicatedAccount, {
          user_id: user.id,
          customer_code: made.customerCode.slice(0, 50),
          gateway_id: made.id?.slice(0, 50) ?? null,
          bank_name: made.bankName.slice(0, 100),
          bank_slug: made.bankSlug?.slice(0, 50) ?? null,
          account_number: made.accountNumber.slice(0, 20),
          account_name: made.accountName.slice(0, 191),
        }),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    return this.get(user);
  }

  /**
   * charge.success with channel dedicated_nuban (any other charge is not ours: false, the card settlers take it).
   * The owner is found by Paystack's customer code or the receiving account number; an unknown one is kept for an
   * admin. The credit is once per Paystack reference (the ledger's unique reference): a replay changes nothing.
   */
  async onCharge(data: Record<string, unknown>): Promise<boolean> {
    if (data.channel !== 'dedicated_nuban') return false;
    const reference = typeof data.reference === 'string' ? data.reference : '';
    if (!REFERENCE_PATTERN.test(reference) || data.status !== 'success') return true;
    const amount = typeof data.amount === 'number' ? data.amount : Number(data.amount);
    const currency = typeof data.currency === 'string' ? data.currency.toUpperCase() : 'NGN';
    const customer = (data.customer ?? {}) as Record<string, unknown>;
    const authorization = (data.authorization ?? {}) as Record<string, unknown>;
    const code = typeof customer.customer_code === 'string' ? customer.customer_code : null;
    const receiver =
      typeof authorization.receiver_bank_account_number === 'string'
        ? authorization.receiver_bank_account_number
        : null;
    const repo = this.db.getRepository(DedicatedAccount);
    const account =
      (code ? await repo.findOne({ where: { customer_code: code } }) : null) ??
      (receiver ? await repo.findOne({ where: { account_number: receiver } }) : null);
    const result = {
      reference,
      status: 'success' as const,
      amountMinor: Number.isSafeInteger(amount) ? amount : null,
      currency,
    };
    if (!account || !Number.isSafeInteger(amount) || amount <= 0 || currency !== 'NGN') {
      await this.payments.recordUnsettled({
        reference,
        kind: 'unknown',
        source: 'webhook',
        result,
        note: account
          ? `A transfer into ${account.account_number} of ${String(data.amount)} ${currency} could not be credited: check it on the Paystack dashboard.`
          : `A transfer into a dedicated account Jara does not know (${receiver ?? code ?? '?'}): find its owner on the Paystack dashboard and credit them by hand.`,
      });
      return true;
    }
    const ledgerRef = `${DEDICATED_PREFIX}${reference}`.slice(0, 100);
    const bank = String(authorization.sender_bank ?? account.bank_name).slice(0, 60);
    let events: number[] = [];
    try {
      events = await inTransaction(this.db, async (m) => {
        if (await this.ledger.statusIn(m, ledgerRef)) return [];
        await this.ledger.post(m, {
          userId: account.user_id,
          amountMinor: amount,
          currency: 'NGN',
          direction: 'credit',
          description: `Bank transfer into ${account.bank_name} ${account.account_number}`,
          reference: ledgerRef,
          kind: 'funding',
          gateway: 'paystack',
        });
        return [
          await this.outbox.enqueue(m, EVENTS.walletFunded, {
            userId: account.user_id,
            reference: ledgerRef,
            amountMinor: amount,
            currency: 'NGN',
          }),
          await this.outbox.enqueue(m, EVENTS.walletTransferReceived, {
            userId: account.user_id,
            reference: ledgerRef,
            amountMinor: amount,
            bank,
          }),
        ];
      });
    } catch (error) {
      // A replay racing the first delivery: the unique reference refused the second credit.
      if (!isUniqueViolation(error)) throw error;
      return true;
    }
    await this.outbox.deliver(events);
    return true;
  }
}

function present(row: DedicatedAccount): DedicatedAccountDto {
  return {
    bank_name: row.bank_name,
    account_number: row.account_number,
    account_name: row.account_name,
    created_at: new Date(row.created_at).toISOString(),
  };
}
