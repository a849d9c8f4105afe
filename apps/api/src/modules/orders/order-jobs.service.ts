import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ORDER_STATUS } from '@jara/contracts';
import { DomainError } from '../../common/errors';
import { runExclusive } from '../../common/rate-limit/job-lock';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { inTransaction } from '../../database/transaction';
import { InvoicesService } from '../invoices/invoices.service';
import { WalletService } from '../wallet/wallet.service';
import { Order, OrderItem } from './order.entity';
import { OrderLifecycleService } from './order-lifecycle.service';

/**
 * The orders' scheduled jobs, each run by one instance per round (a lock in the shared store) every
 * ORDER_EXPIRY_INTERVAL_SECONDS, and on demand by the CLI: the release of unpaid orders past their payment window
 * (release-unpaid-orders) and of vendors' pending sale credits past the return window (release-sale-credits).
 */
@Injectable()
export class OrderJobsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Orders');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly wallet: WalletService,
    private readonly invoices: InvoicesService,
    private readonly lifecycle: OrderLifecycleService,
    @Inject(RATE_LIMIT_STORE) private readonly shared: RateLimitStore,
  ) {}

  onModuleInit(): void {
    const seconds = this.config.orders.expiryIntervalSeconds;
    if (seconds <= 0) return;
    // One instance per round releases them (a lock in the shared store), the others skip that round.
    this.timer = setInterval(() => {
      runExclusive(this.shared, 'release-unpaid-orders', seconds * 1000, () => this.releaseExpired()).catch(
        (error: Error) => this.logger.error(`Releasing unpaid orders failed: ${error.message}`),
      );
      runExclusive(this.shared, 'release-sale-credits', seconds * 1000, () => this.releaseSaleCredits()).catch(
        (error: Error) => this.logger.error(`Releasing sale credits failed: ${error.message}`),
      );
    }, seconds * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Cancels unpaid orders whose payment window passed and returns their stock (the API's job and the CLI's
   * release-unpaid-orders). It asks the invoices module a question whose answer is a value (is the invoice paid?):
   * paid, the order moves to To Ship (markPaid, which checks it again in its UPDATE); not paid, it is cancelled.
   * Answers how many orders were released.
   */
  async releaseExpired(now = new Date(), limit = 200): Promise<number> {
    const due = await this.expiredUnpaid(now).orderBy('o.expires_at', 'ASC').limit(limit).getMany();
    let released = 0;
    for (const order of due) {
      const paid = order.invoice_id ? await this.invoices.isPaidIn(this.db.manager, order.invoice_id) : false;
      if (paid) {
        await this.lifecycle.markPaid(order.id, 'paid');
        continue;
      }
      try {
        await this.lifecycle.deliver(await this.lifecycle.cancel(order, null));
        released++;
      } catch (error) {
        // Changed meanwhile (paid or moved by someone): the next round looks again; nothing is decided on the error.
        if (!(error instanceof DomainError)) throw error;
        this.logger.warn(`Order ${order.order_no} was not released: ${error.message}`);
      }
    }
    if (released) this.logger.log(`Released ${released} unpaid order(s) and their stock`);
    return released;
  }

  /** How many unpaid orders are past their payment window at `now` (what releaseExpired would look at; the CLI's dry run). */
  countExpired(now = new Date()): Promise<number> {
    return this.expiredUnpaid(now).getCount();
  }

  private expiredUnpaid(now: Date) {
    return this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .where('o.status = :toPay AND o.expires_at <= :now', { toPay: ORDER_STATUS.TO_PAY, now });
  }

  // ------------------------------------------------------------------------------------------ sale credit release

  /**
   * Completes the pending sale credits of orders received more than the return window ago with no return asked
   * for (the API's job, every ORDER_EXPIRY_INTERVAL_SECONDS, and the CLI's release-sale-credits). Each line in its
   * own transaction, conditional on the entry being pending. Answers how many credits were released.
   */
  async releaseSaleCredits(now = new Date(), limit = 200): Promise<number> {
    const items = await this.dueCredits(now).orderBy('i.id', 'ASC').limit(limit).getMany();
    let released = 0;
    for (const item of items) {
      const done = await inTransaction(this.db, async (m) => {
        const marked = await m
          .createQueryBuilder()
          .update(OrderItem)
          .set({ credit_released_at: new Date() })
          .where('id = :id AND credit_released_at IS NULL AND reversed_at IS NULL', { id: item.id })
          .execute();
        if (marked.affected !== 1) return false;
        return this.wallet.ledger.completePendingIn(m, `sale-${item.id}`);
      });
      if (done) released++;
    }
    if (released) this.logger.log(`Released ${released} sale credit(s) past the return window`);
    return released;
  }

  /** How many sale credits are due for release at `now` (the CLI's dry run). */
  countDueSaleCredits(now = new Date()): Promise<number> {
    return this.dueCredits(now).getCount();
  }

  private dueCredits(now: Date) {
    const receivedBefore = new Date(now.getTime() - this.config.orders.returnWindowDays * 86_400_000);
    return this.db
      .getRepository(OrderItem)
      .createQueryBuilder('i')
      .innerJoin(Order, 'o', 'o.id = i.order_id')
      .where('i.settled_at IS NOT NULL AND i.credit_released_at IS NULL AND i.reversed_at IS NULL')
      .andWhere('o.status = :toReview AND o.return_requested_at IS NULL AND o.received_at <= :receivedBefore', {
        toReview: ORDER_STATUS.TO_REVIEW,
        receivedBefore,
      });
  }
}
