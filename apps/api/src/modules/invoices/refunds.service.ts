import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, LessThan, type EntityManager } from 'typeorm';
import {
  formatNaira,
  fromMinorUnits,
  MSG,
  REFUND_MSG,
  refundDestinationLabel,
  refundStatusLabel,
  type OrderRefund as OrderRefundDto,
  type RefundDestination,
} from '@jara/contracts';
import type { OrderRefundDto as OrderRefundBody } from '@jara/dto';
import { ConflictError, invalid, NotFoundError, UnavailableError } from '../../common/errors';
import { EVENTS, type RefundSettledEvent } from '../../common/events';
import { IdempotencyService } from '../../common/idempotency/idempotency.service';
import { OutboxService } from '../../common/outbox/outbox.service';
import { runExclusive } from '../../common/rate-limit/job-lock';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { inTransaction } from '../../database/transaction';
import { GatewayError } from '../payments/payment-gateway';
import { PaymentsService } from '../payments/payments.service';
import type { User } from '../users/user.entity';
import { WalletService } from '../wallet/wallet.service';
import { InvoicePayment } from './invoice-payment.entity';
import { Invoice } from './invoice.entity';
import { OrderRefund } from './order-refund.entity';

/** What refundIn is asked: an amount, or 'rest' (what is left of the invoice: an accepted return). */
export interface RefundRequest {
  orderId: number;
  orderNo: string;
  invoiceId: number;
  amountMinor: number | 'rest';
  destination: RefundDestination;
  reason: string | null;
  /** Our reference (unique); default refund-order-<orderId>-<random>. */
  reference?: string;
  actorId?: number | null;
  /** 'card' for an invoice not paid by card: a 422 on destination (admin), or the wallet instead (a return). */
  strict: boolean;
}

/** The order columns a refund needs (read from the orders table: a read model, never written here). */
interface OrderFacts {
  id: number;
  order_no: string;
  user_id: number;
  invoice_id: number | null;
}

/**
 * Refunds of orders (issue 24, docs/decisions/038): to the wallet at once (a ledger credit) or to the card that paid,
 * through Paystack's POST /refund (pending until refund.processed / refund.failed). The invoice's refunded_minor is
 * raised first by one conditional UPDATE that never passes its amount, so refunds (also concurrent ones) can never
 * exceed what was paid. A card refund is sent once after the commit (outbox event refund.requested); a failed one is
 * credited to the buyer's wallet instead, so the money is never left owed.
 */
@Injectable()
export class RefundsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Refunds');
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RATE_LIMIT_STORE) private readonly shared: RateLimitStore,
    private readonly wallet: WalletService,
    private readonly payments: PaymentsService,
    private readonly outbox: OutboxService,
    private readonly idempotency: IdempotencyService,
  ) {}

  onModuleInit(): void {
    this.payments.registerWebhookHandler('refund.processed', (data) => this.onWebhook(data, 'processed'));
    this.payments.registerWebhookHandler('refund.failed', (data) => this.onWebhook(data, 'failed'));
    const seconds = this.config.refunds.requeryIntervalSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => {
      runExclusive(this.shared, 'requery-refunds', seconds * 1000, () => this.requery()).catch((error: Error) =>
        this.logger.error(`Re-querying refunds failed: ${error.message}`),
      );
    }, seconds * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  // ------------------------------------------------------------------------------------------------ the owner API

  /** Whether the invoice was paid by card (a completed card payment): only such an invoice is refunded to the card. */
  async paidByCardIn(m: EntityManager, invoiceId: number): Promise<boolean> {
    const invoice = await m.findOne(Invoice, { where: { id: invoiceId }, select: ['id', 'status', 'payment_method'] });
    if (invoice?.status !== 'paid' || invoice.payment_method !== 'paystack') return false;
    return !!(await this.cardPayment(m, invoiceId));
  }

  /**
   * Inside the caller's transaction: records a refund of the order's paid invoice and moves the money (wallet) or
   * queues it for Paystack (card). Answers the row (null: 'rest' and nothing is left) and the outbox events to deliver
   * after the commit. An amount above what is left is a 422 on amount; an unpaid invoice a 409.
   */
  async refundIn(m: EntityManager, request: RefundRequest): Promise<{ refund: OrderRefund | null; events: number[] }> {
    const invoice = await this.currentInvoice(m, request.invoiceId);
    if (invoice.status !== 'paid') throw new ConflictError(REFUND_MSG.notPaid);
    if (invoice.user_id === null) throw new ConflictError(REFUND_MSG.notPaid);
    const left = invoice.amount_minor - invoice.refunded_minor;
    const amount = request.amountMinor === 'rest' ? left : request.amountMinor;
    if (request.amountMinor === 'rest' && amount <= 0) return { refund: null, events: [] };
    if (amount > left)
      throw invalid('amount', left > 0 ? REFUND_MSG.exceeds(formatNaira(left)) : REFUND_MSG.nothingLeft);
    let destination = request.destination;
    const payment = destination === 'card' ? await this.cardPayment(m, invoice.id) : null;
    if (destination === 'card' && (invoice.payment_method !== 'paystack' || !payment)) {
      if (request.strict) throw invalid('destination', REFUND_MSG.cardOnlyForCard);
      destination = 'wallet';
    }
    // The guard: never past what was paid, whatever runs at the same time (affected rows checked).
    const raised = await m
      .createQueryBuilder()
      .update(Invoice)
      .set({ refunded_minor: () => 'refunded_minor + :amount' })
      .where("id = :id AND status = 'paid' AND refunded_minor + :amount <= amount_minor", { id: invoice.id, amount })
      .execute();
    if (raised.affected !== 1) {
      const now = await this.currentInvoice(m, invoice.id);
      const rest = now.amount_minor - now.refunded_minor;
      throw invalid('amount', rest > 0 ? REFUND_MSG.exceeds(formatNaira(rest)) : REFUND_MSG.nothingLeft);
    }
    await m
      .createQueryBuilder()
      .update(Invoice)
      .set({ refunded_at: new Date() })
      .where('id = :id AND refunded_at IS NULL AND refunded_minor >= amount_minor', { id: invoice.id })
      .execute();
    const reference = request.reference ?? `refund-order-${request.orderId}-${randomBytes(5).toString('hex')}`;
    const row = await this.insertRow(m, {
      order_id: request.orderId,
      invoice_id: invoice.id,
      user_id: invoice.user_id,
      destination,
      amount_minor: amount,
      currency: invoice.currency,
      status: destination === 'wallet' ? 'processed' : 'pending',
      reference,
      transaction_reference: payment?.reference ?? null,
      reason: request.reason?.slice(0, 255) ?? null,
      actor_id: request.actorId ?? null,
      completed_at: destination === 'wallet' ? new Date() : null,
    });
    if (destination === 'card')
      return { refund: row, events: [await this.outbox.enqueue(m, EVENTS.refundRequested, { refundId: row.id })] };
    await this.creditWallet(m, row, invoice.reference, request.reason);
    return { refund: row, events: [await this.settledEvent(m, row, request.orderNo)] };
  }

  // ---------------------------------------------------------------------------------------------------- the routes

  /**
   * POST /orders/{id}/refunds (admin): part or all of what is left, to the wallet or (a card-paid order) the card.
   * An unknown order 404; an unpaid one 409; too much 422 on amount; card for another payment 422 on destination.
   * With an Idempotency-Key a retry answers the first refund.
   */
  async create(admin: User, orderId: number, dto: OrderRefundBody, key?: string): Promise<OrderRefundDto> {
    const order = await this.order(orderId);
    if (!order) throw new NotFoundError(MSG.orders.notFound);
    const invoiceId = order.invoice_id;
    if (!invoiceId) throw new ConflictError(REFUND_MSG.notPaid);
    let events: number[] = [];
    const { result } = await this.idempotency.inTransaction(
      admin.id,
      key,
      `POST /orders/${orderId}/refunds`,
      dto,
      async (m) => {
        const { refund, events: written } = await this.refundIn(m, {
          orderId,
          orderNo: order.order_no,
          invoiceId,
          amountMinor: dto.amount,
          destination: dto.destination,
          reason: dto.reason,
          actorId: admin.id,
          strict: true,
        });
        events = written;
        return (refund as OrderRefund).id;
      },
      {
        // SQLite: the refusals in this request's turn, before BEGIN (nothing to roll back).
        before: async (m) => {
          const invoice = await m.findOne(Invoice, { where: { id: invoiceId } });
          if (!invoice || invoice.status !== 'paid') throw new ConflictError(REFUND_MSG.notPaid);
          const left = invoice.amount_minor - invoice.refunded_minor;
          if (dto.amount > left)
            throw invalid('amount', left > 0 ? REFUND_MSG.exceeds(formatNaira(left)) : REFUND_MSG.nothingLeft);
          if (dto.destination === 'card' && !(await this.paidByCardIn(m, invoiceId)))
            throw invalid('destination', REFUND_MSG.cardOnlyForCard);
        },
      },
    );
    await this.outbox.deliver(events);
    return this.present(await this.db.getRepository(OrderRefund).findOneOrFail({ where: { id: result } }));
  }

  /** GET /orders/{id}/refunds: the buyer or an admin (anyone else 404), oldest first. */
  async list(viewer: User, orderId: number): Promise<OrderRefundDto[]> {
    const order = await this.order(orderId);
    if (!order || (viewer.role !== 'admin' && order.user_id !== viewer.id))
      throw new NotFoundError(MSG.orders.notFound);
    return this.ofOrder(orderId);
  }

  /** The refunds of an order, oldest first (the order's page shows where the money went). */
  async ofOrder(orderId: number): Promise<OrderRefundDto[]> {
    const rows = await this.db.getRepository(OrderRefund).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    return rows.map((r) => this.present(r));
  }

  // ---------------------------------------------------------------------------------------------- card: sending

  /**
   * The listener of refund.requested: hands a pending card refund to Paystack once (sent_at claimed by a conditional
   * UPDATE, so a redelivered event sends nothing). An answer settles it (processed / failed) or keeps it pending for
   * the webhook. No usable answer: it stays pending and unsent-for-sure (reconcile flags it after a day), never sent
   * a second time, so the card can never be refunded twice.
   */
  async send(refundId: number): Promise<void> {
    const claimed = await inTransaction(this.db, (m) =>
      m
        .createQueryBuilder()
        .update(OrderRefund)
        .set({ sent_at: new Date() })
        .where("id = :id AND status = 'pending' AND destination = 'card' AND sent_at IS NULL", { id: refundId })
        .execute(),
    );
    if (claimed.affected !== 1) return;
    const row = await this.db.getRepository(OrderRefund).findOneOrFail({ where: { id: refundId } });
    let answer;
    try {
      answer = await this.payments.refund({
        transactionReference: row.transaction_reference as string,
        amountMinor: row.amount_minor,
        currency: row.currency,
        note: row.reason ?? undefined,
      });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      this.logger.warn(`Card refund ${row.reference} got no usable answer: ${error.message}`);
      await inTransaction(this.db, (m) =>
        m.update(OrderRefund, { id: row.id }, { note: `Paystack gave no answer: ${error.message}`.slice(0, 255) }),
      );
      return;
    }
    if (answer.id)
      await inTransaction(this.db, (m) => m.update(OrderRefund, { id: row.id }, { gateway_refund_id: answer.id }));
    if (answer.status === 'processed') await this.settleCard(row.id, 'processed', null);
    else if (answer.status === 'failed')
      await this.settleCard(row.id, 'failed', `Paystack refused the refund: ${answer.message ?? ''}`.trim());
    else await this.announce(row.id);
  }

  // ---------------------------------------------------------------------------------------------- card: re-query

  /**
   * The job (every REFUND_REQUERY_INTERVAL_SECONDS, one instance per round) and the CLI's requery-refunds: card
   * refunds sent and still pending longer than REFUND_REQUERY_AFTER_MINUTES are asked about (GET /refund/{id}, by
   * Paystack's id or, when the send got no answer, the paying transaction's reference) and an answer of processed or
   * failed is settled by the webhooks' own code (amount re-checked; once). Nothing is ever sent again (decision 038):
   * not found or still pending leaves the refund pending for the next round (reconcile flags it after a day).
   * Answers how many changed status.
   */
  async requery(now = new Date(), limit = 100): Promise<number> {
    const repo = this.db.getRepository(OrderRefund);
    const due = await repo.find({
      where: { status: 'pending', destination: 'card', sent_at: LessThan(this.requeryBefore(now)) },
      order: { id: 'ASC' },
      take: limit,
    });
    let changed = 0;
    for (const row of due) {
      const asked = row.gateway_refund_id ?? row.transaction_reference;
      if (!asked) continue;
      let answer;
      try {
        answer = await this.payments.refundStatus(asked);
      } catch (error) {
        if (!(error instanceof GatewayError) && !(error instanceof UnavailableError)) throw error;
        this.logger.warn(`Card refund ${row.reference} not re-queried: ${error.message}`);
        continue;
      }
      if (answer.status !== 'processed' && answer.status !== 'failed') continue;
      // An answer about another refund (a lookup by transaction finds any of its refunds) is not this one's.
      if (row.gateway_refund_id && answer.id !== null && answer.id !== row.gateway_refund_id) continue;
      await this.onWebhook(
        {
          id: answer.id ?? row.gateway_refund_id,
          transaction_reference: answer.transactionReference ?? row.transaction_reference,
          amount: answer.amountMinor,
          currency: answer.currency,
        },
        answer.status,
        'verify',
      );
      const after = await repo.findOne({ where: { id: row.id }, select: ['id', 'status'] });
      if (after && after.status !== 'pending') changed++;
    }
    return changed;
  }

  /** How many card refunds the job would ask about now (the CLI's --dry-run). */
  async countDue(now = new Date()): Promise<number> {
    return this.db.getRepository(OrderRefund).count({
      where: { status: 'pending', destination: 'card', sent_at: LessThan(this.requeryBefore(now)) },
    });
  }

  private requeryBefore(now: Date): Date {
    return new Date(now.getTime() - this.config.refunds.requeryAfterMinutes * 60_000);
  }

  // ---------------------------------------------------------------------------------------------- card: webhooks

  /**
   * refund.processed / refund.failed (signed, checked by the payments module). The refund is found by Paystack's id
   * (or, before the id was stored, its transaction and amount among the pending ones); the amount and currency are
   * re-checked; a replay finds it settled and changes nothing. Unknown or mismatched answers are kept for an admin.
   * The re-query hands its answers here too (source 'verify').
   */
  async onWebhook(
    data: Record<string, unknown>,
    outcome: 'processed' | 'failed',
    source: 'webhook' | 'verify' = 'webhook',
  ): Promise<boolean> {
    const id = data.id === undefined || data.id === null ? null : String(data.id).slice(0, 50);
    const transaction = typeof data.transaction_reference === 'string' ? data.transaction_reference : null;
    const amount = Number(data.amount);
    const currency = typeof data.currency === 'string' ? data.currency.toUpperCase() : null;
    const repo = this.db.getRepository(OrderRefund);
    let row = id ? await repo.findOne({ where: { gateway_refund_id: id, destination: 'card' } }) : null;
    if (!row && transaction && Number.isSafeInteger(amount))
      row = await repo.findOne({
        where: { transaction_reference: transaction, amount_minor: amount, status: 'pending', destination: 'card' },
        order: { id: 'ASC' },
      });
    const reference = `refund:${id ?? transaction ?? 'unknown'}`.slice(0, 100);
    const result = {
      reference,
      status: outcome === 'processed' ? ('success' as const) : ('failed' as const),
      amountMinor: Number.isSafeInteger(amount) ? amount : null,
      currency,
    };
    if (!row) {
      await this.payments.recordUnsettled({
        reference,
        kind: 'unknown',
        source,
        result,
        note: `${source === 'webhook' ? 'A signed' : 'A re-queried'} refund.${outcome} for a refund Jara does not know (transaction ${transaction ?? '?'}): check it on the Paystack dashboard.`,
      });
      return true;
    }
    if (amount !== row.amount_minor || (currency !== null && currency !== row.currency)) {
      await this.payments.recordUnsettled({
        reference,
        kind: 'mismatch',
        source,
        result,
        expected: { amountMinor: row.amount_minor, currency: row.currency },
        note: `refund.${outcome} reported another amount for refund ${row.reference}: nothing changed; compare with the Paystack dashboard.`,
      });
      return true;
    }
    if (row.status === 'pending') {
      if (id && !row.gateway_refund_id)
        await inTransaction(this.db, (m) => m.update(OrderRefund, { id: row.id }, { gateway_refund_id: id }));
      await this.settleCard(row.id, outcome, outcome === 'failed' ? 'Paystack could not refund the card' : null);
    } else if (row.status === 'failed' && outcome === 'processed') {
      // The card was refunded after all, and the wallet was credited in its place: paid twice, an admin decides.
      await this.payments.recordUnsettled({
        reference,
        kind: 'mismatch',
        source,
        result,
        expected: { amountMinor: row.amount_minor, currency: row.currency },
        note: `Refund ${row.reference} was processed after it failed and was credited to the wallet: recover one of them.`,
      });
    }
    return true;
  }

  /**
   * pending -> processed, or pending -> failed with the money credited to the buyer's wallet instead (a wallet refund
   * standing in for it, reference <ref>-wallet): one transaction, conditional on pending, so it happens once.
   */
  private async settleCard(refundId: number, outcome: 'processed' | 'failed', note: string | null): Promise<void> {
    let events: number[] = [];
    await inTransaction(this.db, async (m) => {
      events = [];
      const now = new Date();
      const done = await m
        .createQueryBuilder()
        .update(OrderRefund)
        .set({ status: outcome, completed_at: now, ...(note ? { note: note.slice(0, 255) } : {}) })
        .where("id = :id AND status = 'pending'", { id: refundId })
        .execute();
      if (done.affected !== 1) return;
      const row = await m.findOneOrFail(OrderRefund, { where: { id: refundId } });
      const orderNo = await this.orderNo(m, row.order_id);
      events.push(await this.settledEvent(m, row, orderNo));
      if (outcome === 'processed') return;
      const invoice = await m.findOneOrFail(Invoice, { where: { id: row.invoice_id } });
      const fallback = await this.insertRow(m, {
        order_id: row.order_id,
        invoice_id: row.invoice_id,
        user_id: row.user_id,
        destination: 'wallet',
        amount_minor: row.amount_minor,
        currency: row.currency,
        status: 'processed',
        reference: `${row.reference}-wallet`.slice(0, 100),
        transaction_reference: null,
        reason: row.reason,
        note: `The card refund failed: credited to the wallet instead`,
        actor_id: null,
        fallback_of: row.id,
        completed_at: now,
      });
      await this.creditWallet(m, fallback, invoice.reference, `card refund failed, ${row.reason ?? 'refund'}`);
      await m.update(OrderRefund, { id: row.id }, { resolved_at: now });
    });
    await this.outbox.deliver(events);
  }

  /** A card refund still pending at Paystack: the buyer is told it is on its way. */
  private async announce(refundId: number): Promise<void> {
    const events = await inTransaction(this.db, async (m) => {
      const row = await m.findOneOrFail(OrderRefund, { where: { id: refundId } });
      if (row.status !== 'pending') return [];
      return [await this.settledEvent(m, row, await this.orderNo(m, row.order_id))];
    });
    await this.outbox.deliver(events);
  }

  // ---------------------------------------------------------------------------------------------------- helpers

  private async creditWallet(m: EntityManager, row: OrderRefund, invoiceRef: string, reason: string | null) {
    await this.wallet.ledger.post(m, {
      userId: row.user_id,
      amountMinor: row.amount_minor,
      currency: row.currency,
      direction: 'credit',
      description: `Refund: invoice ${invoiceRef}${reason ? ` (${reason})` : ''}`,
      reference: row.reference,
      kind: 'refund',
      invoiceId: row.invoice_id,
      actorId: row.actor_id,
    });
  }

  private async insertRow(m: EntityManager, values: Partial<OrderRefund>): Promise<OrderRefund> {
    const row = m.create(OrderRefund, {
      note: null,
      fallback_of: null,
      gateway_refund_id: null,
      sent_at: null,
      resolved_at: null,
      ...values,
    });
    await m.insert(OrderRefund, row);
    return m.findOneOrFail(OrderRefund, { where: { reference: row.reference } });
  }

  private settledEvent(m: EntityManager, row: OrderRefund, orderNo: string): Promise<number> {
    const event: RefundSettledEvent = {
      refundId: row.id,
      orderId: row.order_id,
      orderNo,
      userId: row.user_id,
      destination: row.destination,
      status: row.status,
      amountMinor: row.amount_minor,
    };
    return this.outbox.enqueue(m, EVENTS.refundSettled, event);
  }

  private async cardPayment(m: EntityManager, invoiceId: number): Promise<InvoicePayment | null> {
    return m.findOne(InvoicePayment, { where: { invoice_id: invoiceId, status: 'completed' }, order: { id: 'ASC' } });
  }

  /**
   * The invoice as committed now, locked for this transaction on MySQL/MariaDB (FOR UPDATE: concurrent refunds of one
   * invoice take turns instead of deadlocking on a shared lock they both want to upgrade; a plain read there would be
   * the transaction's snapshot). SQLite runs one transaction at a time.
   */
  private async currentInvoice(m: EntityManager, id: number): Promise<Invoice> {
    const qb = m.getRepository(Invoice).createQueryBuilder('i').where('i.id = :id', { id });
    const type = m.connection.options.type;
    if (type === 'mysql' || type === 'mariadb') qb.setLock('pessimistic_write');
    const invoice = await qb.getOne();
    if (!invoice) throw new NotFoundError(MSG.money.invoiceNotFound);
    return invoice;
  }

  private async order(id: number, m: EntityManager = this.db.manager): Promise<OrderFacts | null> {
    const row: Record<string, unknown> | undefined = await m
      .createQueryBuilder()
      .select(['o.id AS id', 'o.order_no AS order_no', 'o.user_id AS user_id', 'o.invoice_id AS invoice_id'])
      .from('orders', 'o')
      .where('o.id = :id', { id })
      .getRawOne();
    if (!row) return null;
    return {
      id: Number(row.id),
      order_no: String(row.order_no),
      user_id: Number(row.user_id),
      invoice_id: row.invoice_id === null || row.invoice_id === undefined ? null : Number(row.invoice_id),
    };
  }

  private async orderNo(m: EntityManager, orderId: number): Promise<string> {
    return (await this.order(orderId, m))?.order_no ?? `#${orderId}`;
  }

  present(r: OrderRefund): OrderRefundDto {
    return {
      id: r.id,
      order_id: r.order_id,
      destination: r.destination,
      destination_label: refundDestinationLabel(r.destination),
      amount_minor: r.amount_minor,
      amount: fromMinorUnits(r.amount_minor),
      status: r.status,
      status_label: refundStatusLabel(r.status),
      reference: r.reference,
      reason: r.reason,
      note: r.note,
      fallback_of: r.fallback_of,
      created_at: new Date(r.created_at).toISOString(),
      completed_at: r.completed_at ? new Date(r.completed_at).toISOString() : null,
    };
  }
}
