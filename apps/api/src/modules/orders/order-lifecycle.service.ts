import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ACCEPT_RETURN_ACTION,
  LINE_FULFILMENT,
  MSG,
  ORDER_STATUS,
  REFUND_MSG,
  formatNaira,
  orderStatusLabel,
  orderTransition,
  type Order as OrderDto,
  type LateTransferOutcome,
  type OrderMoveHandler,
  type OrderStatus,
} from '@jara/contracts';
import { EVENTS, type OrderStatusChangedEvent } from '../../common/events';
import { ConflictError, DomainError, invalid, NotFoundError } from '../../common/errors';
import { OutboxService } from '../../common/outbox/outbox.service';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { inTransaction } from '../../database/transaction';
import { Invoice } from '../invoices/invoice.entity';
import { InvoicesService } from '../invoices/invoices.service';
import { RefundsService } from '../invoices/refunds.service';
import { StockService, type StockLine } from '../products/stock.service';
import { User } from '../users/user.entity';
import { WalletService } from '../wallet/wallet.service';
import type { LateTransferDto, OrderStatusDto } from '@jara/dto';
import { Order, OrderItem, OrderVendor } from './order.entity';
import { deliverOrderEvents, enqueueOrderEvent } from './order-events';
import { recordOrderChange, type Move } from './order-history';
import { OrderQueriesService } from './order-queries.service';

/**
 * The lifecycle of ORDER_TRANSITIONS with its history: each row's handler (changeStatus dispatches on its name), the
 * marketplace settlement at receipt (pending credits) and its undoing on an accepted return, the system's moves
 * (markPaid, cancel on expiry, lateTransfer). Stock through the products module, invoices through their owner API,
 * the ledger through WalletLedger, each inside the move's transaction. See docs/decisions/011, 022 and 023.
 */
@Injectable()
export class OrderLifecycleService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly wallet: WalletService,
    private readonly invoices: InvoicesService,
    private readonly refunds: RefundsService,
    private readonly stock: StockService,
    private readonly queries: OrderQueriesService,
    private readonly outbox: OutboxService,
  ) {}

  // ---------------------------------------------------------------------------------------------------- lifecycle

  /**
   * The handler of each row of ORDER_TRANSITIONS (by its `handler` name): changeStatus looks the row up and runs it.
   * The system's rows (markPaid, expire, lateTransfer) run from the listener, the expiry job and the admin's route.
   */
  private readonly handlers: Record<
    Exclude<OrderMoveHandler, 'markPaid' | 'expire' | 'lateTransfer'>,
    (order: Order, move: Move) => Promise<number[]>
  > = {
    cancel: (order, move) => this.cancel(order, move),
    confirmTransfer: (order, move) => this.confirmTransfer(order, move),
    ship: (order, move) => this.ship(order, move),
    receive: (order, move) => this.receive(order, move),
    requestReturn: (order, move) => this.requestReturn(order, move),
    acceptReturn: (order, move) => this.acceptReturn(order, move),
  };

  /** PATCH /orders/{id}/status: only the moves of ORDER_TRANSITIONS, by the roles it names; others 422. */
  async changeStatus(viewer: User, id: number, dto: OrderStatusDto): Promise<OrderDto> {
    const order = await this.db.getRepository(Order).findOne({ where: { id } });
    if (!order) throw new NotFoundError(MSG.orders.notFound);
    const actor = await this.queries.roleOf(viewer, order);
    if (!actor) throw new NotFoundError(MSG.orders.notFound);
    const from = order.status;
    const to = dto.status;
    const transition = orderTransition(from, to, actor);
    if (!transition) {
      const anyone = (['buyer', 'vendor', 'admin'] as const).some((who) => orderTransition(from, to, who));
      throw invalid(
        'status',
        anyone ? MSG.orders.notYourMove : MSG.orders.moveRefused(orderStatusLabel(from), orderStatusLabel(to)),
      );
    }
    // A vendor ships only an order that is all theirs; an order with other sellers' lines is shipped by Jara (admin).
    if (
      actor === 'vendor' &&
      (await this.db
        .getRepository(OrderItem)
        .createQueryBuilder('i')
        .where('i.order_id = :id AND (i.vendor_id IS NULL OR i.vendor_id <> :vendorId)', { id, vendorId: viewer.id })
        .getExists())
    )
      throw invalid('status', MSG.orders.mixedOrder);
    const handler = this.handlers[transition.handler as keyof typeof this.handlers];
    if (!handler) throw invalid('status', MSG.orders.notYourMove);
    if (dto.refund_to && transition.handler !== 'requestReturn')
      throw invalid('refund_to', REFUND_MSG.refundToOnlyOnReturn);
    const move: Move = {
      actor,
      user: viewer,
      note: dto.note ?? null,
      restock: dto.restock === true,
      refundTo: dto.refund_to ?? null,
    };
    await this.deliver(await handler(order, move));
    return this.queries.get(viewer, id);
  }

  /**
   * A lifecycle transaction. On SQLite the order is checked to be still at its status in this request's turn, before
   * BEGIN, so an ordinary refusal never rolls anything back (decision 009); `before` adds the move's own checks.
   * `work` answers the ids of the events it wrote to the outbox (deliver them after the commit: `deliver`).
   */
  private tx(
    order: Order,
    to: OrderStatus,
    work: (m: EntityManager) => Promise<number[]>,
    before?: (m: EntityManager) => Promise<void>,
  ): Promise<number[]> {
    return inTransaction(this.db, work, {
      before: async (m) => {
        const now = await m.getRepository(Order).findOne({ where: { id: order.id }, select: ['id', 'status'] });
        if (!now || now.status !== order.status)
          throw invalid('status', MSG.orders.moveRefused(orderStatusLabel(now?.status), orderStatusLabel(to)));
        await before?.(m);
      },
    });
  }

  /** Moves the row from `from` to `to` only if it is still at `from` (a concurrent change refuses this one). */
  private async move(
    m: EntityManager,
    order: Order,
    to: OrderStatus,
    set: Partial<Order>,
    extraWhere = '',
  ): Promise<void> {
    const done = await m
      .createQueryBuilder()
      .update(Order)
      .set({ ...set, status: to })
      .where(`id = :id AND status = :from${extraWhere}`, { id: order.id, from: order.status })
      .execute();
    if (done.affected !== 1) {
      const now = await m.getRepository(Order).findOne({ where: { id: order.id } });
      throw invalid('status', MSG.orders.moveRefused(orderStatusLabel(now?.status), orderStatusLabel(to)));
    }
    await m.update(OrderVendor, { order_id: order.id }, { status: to });
  }

  /** Inside the move's transaction: order.status_changed to the outbox (decision 028); answers its id in a list. */
  private async announce(m: EntityManager, event: OrderStatusChangedEvent): Promise<number[]> {
    return [await enqueueOrderEvent(this.outbox, m, EVENTS.orderStatusChanged, event)];
  }

  /** After the commit: the lists' totals start again and the move's events are delivered. */
  deliver(ids: number[]): Promise<void> {
    return deliverOrderEvents(this.db, this.outbox, ids);
  }

  private changed(
    order: Order,
    to: OrderStatus,
    move: Move | null,
    credited: OrderStatusChangedEvent['credited'] = [],
  ): OrderStatusChangedEvent {
    return {
      orderId: order.id,
      orderNo: order.order_no,
      userId: order.user_id,
      from: order.status,
      to,
      actorId: move?.user?.id ?? null,
      credited,
    };
  }

  /** The invoice of an order is not paid (read inside the transaction); a paid one refuses with the order's message. */
  private async assertUnpaid(m: EntityManager, order: Order): Promise<void> {
    if (order.invoice_id && (await this.invoices.isPaidIn(m, order.invoice_id)))
      throw new ConflictError(MSG.orders.alreadyPaid);
  }

  /** 0 -> 5: the invoice is cancelled and the stock returned with it; a paid invoice refuses (the order is paid). */
  async cancel(order: Order, move: Move | null): Promise<number[]> {
    return this.tx(
      order,
      ORDER_STATUS.CANCELLED,
      async (m) => {
        await this.assertUnpaid(m, order);
        await this.move(m, order, ORDER_STATUS.CANCELLED, { expires_at: null, stock_released_at: new Date() });
        // Through the invoices module: pending -> cancelled (its card payments superseded); paid: a ConflictError.
        if (order.invoice_id) await this.invoices.cancelIn(m, order.invoice_id);
        await this.stock.returnStock(m, await this.linesOf(m, order.id));
        await recordOrderChange(
          m,
          order.id,
          order.status,
          ORDER_STATUS.CANCELLED,
          move ?? { actor: 'admin', user: null, note: 'Not paid in time: stock released' },
        );
        return this.announce(m, this.changed(order, ORDER_STATUS.CANCELLED, move));
      },
      (m) => this.assertUnpaid(m, order),
    );
  }

  private async linesOf(m: EntityManager, orderId: number): Promise<StockLine[]> {
    const items = await m.getRepository(OrderItem).find({ where: { order_id: orderId }, order: { product_id: 'ASC' } });
    return items.map((i) => ({ productId: i.product_id, quantity: i.quantity }));
  }

  /** 0 -> 1 by an admin: a bank transfer arrived; the invoice is marked paid (method transfer) with the move. */
  private async confirmTransfer(order: Order, move: Move): Promise<number[]> {
    return this.tx(
      order,
      ORDER_STATUS.TO_SHIP,
      async (m) => {
        await this.assertUnpaid(m, order);
        await this.move(m, order, ORDER_STATUS.TO_SHIP, { paid_at: new Date(), expires_at: null });
        if (order.invoice_id) await this.invoices.markPaidByTransferIn(m, order.invoice_id);
        await recordOrderChange(m, order.id, order.status, ORDER_STATUS.TO_SHIP, {
          ...move,
          note: move.note ?? 'Bank transfer received',
        });
        return [
          ...(order.invoice_id ? await this.invoices.announcePaidIn(m, order.invoice_id, 'transfer') : []),
          ...(await this.announce(m, this.changed(order, ORDER_STATUS.TO_SHIP, move))),
        ];
      },
      (m) => this.assertUnpaid(m, order),
    );
  }

  private async ship(order: Order, move: Move): Promise<number[]> {
    return this.tx(order, ORDER_STATUS.TO_RECEIVE, (m) => this.shipIn(m, order, move));
  }

  /**
   * 1 -> 2 inside the caller's transaction: the order is shipped, and its lines not yet shipped on their own ship with
   * it (Jara's shipment: no courier of a vendor's). The handler of the ORDER_TRANSITIONS row 'ship'.
   */
  private async shipIn(m: EntityManager, order: Order, move: Move): Promise<number[]> {
    const now = new Date();
    await this.move(m, order, ORDER_STATUS.TO_RECEIVE, { shipped_at: now });
    await m
      .createQueryBuilder()
      .update(OrderItem)
      .set({ fulfilment: LINE_FULFILMENT.SHIPPED, shipped_at: now })
      .where('order_id = :id AND fulfilment IN (:...open)', {
        id: order.id,
        open: [LINE_FULFILMENT.PENDING, LINE_FULFILMENT.READY_FOR_PICKUP],
      })
      .execute();
    await recordOrderChange(m, order.id, order.status, ORDER_STATUS.TO_RECEIVE, move);
    return this.announce(m, this.changed(order, ORDER_STATUS.TO_RECEIVE, move));
  }

  /**
   * Every line of an order at To Ship has shipped (decision 031): the order moves on through its ORDER_TRANSITIONS row
   * (To Ship -> To Receive, by this actor) and that row's handler, inside the line change's transaction, so the
   * move, its history and its outbox event are those of "Mark as Shipped". Answers the events' ids.
   */
  async shipWhenAllLinesShippedIn(m: EntityManager, order: Order, move: Move): Promise<number[]> {
    const open = await m
      .getRepository(OrderItem)
      .createQueryBuilder('i')
      .where('i.order_id = :id AND i.fulfilment IN (:...open)', {
        id: order.id,
        open: [LINE_FULFILMENT.PENDING, LINE_FULFILMENT.READY_FOR_PICKUP],
      })
      .getExists();
    if (open) return [];
    const transition = orderTransition(order.status, ORDER_STATUS.TO_RECEIVE, move.actor);
    if (!transition || transition.handler !== 'ship') return [];
    return this.shipIn(m, order, move);
  }

  /**
   * 2 -> 3: each vendor's share is posted through the ledger in the same transaction (once per line) as a PENDING
   * credit (reference sale-<itemId>): it reaches their balance when the return window has passed with no return
   * (releaseSaleCredits), and an accepted return inside the window fails it (decision 023).
   */
  private async receive(order: Order, move: Move): Promise<number[]> {
    return this.tx(order, ORDER_STATUS.TO_REVIEW, async (m) => {
      const credited: OrderStatusChangedEvent['credited'] = [];
      const now = new Date();
      await this.move(m, order, ORDER_STATUS.TO_REVIEW, { received_at: now });
      // The order is delivered: so is every line of it (decision 031).
      await m.update(OrderItem, { order_id: order.id }, { fulfilment: LINE_FULFILMENT.DELIVERED });
      const items = await m.getRepository(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
      for (const item of items) {
        if (!item.vendor_id || item.vendor_credit_minor <= 0 || item.settled_at) continue;
        await this.wallet.ledger.addPendingIn(m, {
          userId: item.vendor_id,
          amountMinor: item.vendor_credit_minor,
          currency: 'NGN',
          direction: 'credit',
          description: `Sale: ${item.quantity} x ${item.product_name} (order ${order.order_no}), less commission`,
          reference: `sale-${item.id}`,
          kind: 'sale',
        });
        await m.update(OrderItem, { id: item.id }, { settled_at: now });
        credited.push({ vendorId: item.vendor_id, amountMinor: item.vendor_credit_minor });
      }
      await recordOrderChange(m, order.id, order.status, ORDER_STATUS.TO_REVIEW, move);
      return this.announce(m, this.changed(order, ORDER_STATUS.TO_REVIEW, move, credited));
    });
  }

  /** The end of the return window of an order received at `receivedAt`. */
  private returnWindowEnd(receivedAt: Date): Date {
    return new Date(new Date(receivedAt).getTime() + this.config.orders.returnWindowDays * 86_400_000);
  }

  /** 3 -> 4 asked by the buyer, inside the return window: the request is recorded; the order stays at To Review. */
  private async requestReturn(order: Order, move: Move): Promise<number[]> {
    if (order.return_requested_at) throw invalid('status', MSG.orders.returnAlreadyRequested);
    if (!order.received_at || this.returnWindowEnd(order.received_at) <= new Date())
      throw invalid('status', MSG.orders.returnWindowClosed(this.config.orders.returnWindowDays));
    // A refund to the card only for an order paid by card (issue 24).
    if (
      move.refundTo === 'card' &&
      !(order.invoice_id && (await this.refunds.paidByCardIn(this.db.manager, order.invoice_id)))
    )
      throw invalid('refund_to', REFUND_MSG.cardOnlyForCard);
    return this.tx(order, ORDER_STATUS.RETURNED, async (m) => {
      const done = await m
        .createQueryBuilder()
        .update(Order)
        .set({ return_requested_at: new Date(), return_reason: move.note, refund_to: move.refundTo ?? null })
        .where('id = :id AND status = :status AND return_requested_at IS NULL', {
          id: order.id,
          status: ORDER_STATUS.TO_REVIEW,
        })
        .execute();
      if (done.affected !== 1) throw invalid('status', MSG.orders.returnAlreadyRequested);
      await recordOrderChange(m, order.id, order.status, order.status, {
        ...move,
        note: `Return requested${move.note ? `: ${move.note}` : ''}`.slice(0, 500),
      });
      return this.announce(m, { ...this.changed(order, order.status, move), returnRequested: true });
    });
  }

  /**
   * 3 -> 4 by an admin, on a requested return: the buyer is refunded the paid invoice (invoices module, reference
   * refund-order-<id>), each vendor's credit undone with the move: a credit still pending (inside the return window)
   * fails, nothing to debit; one already released is reversed by a debit (reverse-<itemId>), which a vendor's wallet
   * that no longer covers it refuses (409). With `restock`, the units go back to stock.
   */
  private async acceptReturn(order: Order, move: Move): Promise<number[]> {
    if (!order.return_requested_at) throw invalid('status', MSG.orders.returnNotRequested);
    const credited = async (m: EntityManager) =>
      (await m.getRepository(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } })).filter(
        (i) => i.vendor_id && i.settled_at && !i.reversed_at && i.vendor_credit_minor > 0,
      );
    return this.tx(
      order,
      ORDER_STATUS.RETURNED,
      async (m) => {
        const now = new Date();
        await this.move(m, order, ORDER_STATUS.RETURNED, {});
        // What is left of the paid invoice goes where the buyer asked (issue 24): the wallet, or the card that paid.
        let refundEvents: number[] = [];
        let refunded = 0;
        if (order.invoice_id) {
          const { refund, events } = await this.refunds.refundIn(m, {
            orderId: order.id,
            orderNo: order.order_no,
            invoiceId: order.invoice_id,
            amountMinor: 'rest',
            destination: order.refund_to ?? 'wallet',
            reason: `order ${order.order_no} returned`,
            reference: `refund-order-${order.id}`,
            actorId: move.user?.id ?? null,
            strict: false,
          });
          refundEvents = events;
          refunded = refund?.amount_minor ?? 0;
        }
        for (const item of await credited(m)) {
          // Inside the window the credit is still pending: it fails (no debit, so it can never be refused).
          if (!(await this.wallet.ledger.failPendingIn(m, `sale-${item.id}`)))
            await this.reverseReleased(m, order, item);
          await m.update(OrderItem, { id: item.id }, { reversed_at: now });
        }
        if (move.restock) await this.stock.returnStock(m, await this.linesOf(m, order.id));
        await recordOrderChange(m, order.id, order.status, ORDER_STATUS.RETURNED, {
          ...move,
          note:
            move.note ??
            `${ACCEPT_RETURN_ACTION}: refunded ${formatNaira(refunded)}${order.refund_to === 'card' ? ' to the card' : ''}${move.restock ? ', restocked' : ''}`,
        });
        return [...refundEvents, ...(await this.announce(m, this.changed(order, ORDER_STATUS.RETURNED, move)))];
      },
      async (m) => {
        for (const item of await credited(m)) {
          if ((await this.wallet.ledger.statusIn(m, `sale-${item.id}`)) !== 'completed') continue;
          const left = await this.wallet.ledger.available(m, item.vendor_id as number, 'NGN');
          if (left < item.vendor_credit_minor)
            throw new ConflictError(MSG.orders.vendorCannotCover(formatNaira(item.vendor_credit_minor)));
        }
      },
    );
  }

  /** A released sale credit of a returned line taken back from the vendor (a short wallet: 409, nothing changes). */
  private async reverseReleased(m: EntityManager, order: Order, item: OrderItem): Promise<void> {
    const vendorId = item.vendor_id as number;
    if ((await this.wallet.ledger.available(m, vendorId, 'NGN')) < item.vendor_credit_minor)
      throw new ConflictError(MSG.orders.vendorCannotCover(formatNaira(item.vendor_credit_minor)));
    await this.wallet.ledger.post(m, {
      userId: vendorId,
      amountMinor: item.vendor_credit_minor,
      currency: 'NGN',
      direction: 'debit',
      description: `Return: ${item.quantity} x ${item.product_name} (order ${order.order_no})`,
      reference: `reverse-${item.id}`,
      kind: 'sale_reversal',
    });
  }

  // ------------------------------------------------------------------------------------------- payment and expiry

  /**
   * invoice.paid for an order (card settled, or the invoice paid later from its page): To Pay -> To Ship, once, and
   * only if the order's invoice IS paid: the condition is in the UPDATE itself, so nothing can move an unpaid order.
   */
  async markPaid(orderId: number, method: string): Promise<void> {
    const order = await this.db.getRepository(Order).findOne({ where: { id: orderId } });
    if (!order || order.status !== ORDER_STATUS.TO_PAY) return;
    const ids = await inTransaction(this.db, async (m) => {
      const done = await m
        .createQueryBuilder()
        .update(Order)
        .set({ status: ORDER_STATUS.TO_SHIP, paid_at: new Date(), expires_at: null })
        .where(
          'id = :id AND status = :toPay AND EXISTS (SELECT 1 FROM invoices WHERE invoices.id = orders.invoice_id AND invoices.status = :paid)',
          { id: orderId, toPay: ORDER_STATUS.TO_PAY, paid: 'paid' },
        )
        .execute();
      if (done.affected !== 1) return [];
      await m.update(OrderVendor, { order_id: orderId }, { status: ORDER_STATUS.TO_SHIP });
      await recordOrderChange(m, orderId, ORDER_STATUS.TO_PAY, ORDER_STATUS.TO_SHIP, {
        actor: 'buyer',
        user: null,
        note: method === 'paystack' ? 'Paid by card' : method === 'wallet' ? 'Paid from wallet' : 'Paid',
      });
      return this.announce(m, this.changed(order, ORDER_STATUS.TO_SHIP, null));
    });
    if (ids.length) await this.deliver(ids);
  }

  /**
   * A bank transfer into the buyer's dedicated account was credited to their wallet (issue 24): each of their orders
   * waiting for a bank transfer (To Pay, invoice pending), oldest first, is paid from the wallet when the balance
   * covers it (an order it does not cover is skipped; a later, smaller one may still be paid). The invoice.paid that
   * follows moves the order To Ship, as a payment from the invoice page does. Idempotent: a paid invoice is skipped.
   */
  async payWaitingTransfers(userId: number): Promise<number[]> {
    const waiting = await this.db.getRepository(Order).find({
      where: { user_id: userId, status: ORDER_STATUS.TO_PAY, payment_method: 'bank_transfer' },
      order: { id: 'ASC' },
      take: 50,
    });
    const paid: number[] = [];
    for (const order of waiting) {
      const invoiceId = order.invoice_id;
      if (!invoiceId) continue;
      let events: number[] = [];
      try {
        await inTransaction(
          this.db,
          async (m) => {
            await this.invoices.payFromWalletIn(m, invoiceId, userId);
            events = await this.invoices.announcePaidIn(m, invoiceId, 'wallet');
          },
          {
            // SQLite: an order the balance does not cover is refused before BEGIN (nothing to roll back).
            before: async (m) => {
              const invoice = await m.findOne(Invoice, { where: { id: invoiceId } });
              if (!invoice || invoice.status !== 'pending') throw new ConflictError(MSG.orders.alreadyPaid);
              await this.wallet.ledger.assertCovers(m, {
                userId,
                currency: invoice.currency,
                direction: 'debit',
                amountMinor: invoice.amount_minor,
              });
            },
          },
        );
      } catch (error) {
        if (error instanceof DomainError) continue;
        throw error;
      }
      await this.deliver(events);
      paid.push(order.id);
    }
    return paid;
  }

  // -------------------------------------------------------------------------------------------- late transfers

  /**
   * POST /orders/{id}/late-transfer (admin): the money of a cancelled bank-transfer order arrived after its window.
   * The stock is taken again (every line or none): the order moves to To Ship with its invoice paid (re-opened at
   * the order's total, then paid by transfer). When the stock is gone, the customer's wallet is credited the order's
   * total through the ledger (reference late-transfer-<orderId>, once) and the order stays cancelled. Decision 022.
   */
  async lateTransfer(
    admin: User,
    id: number,
    dto: LateTransferDto,
  ): Promise<{ outcome: LateTransferOutcome; order: OrderDto }> {
    const order = await this.db.getRepository(Order).findOne({ where: { id } });
    if (!order) throw new NotFoundError(MSG.orders.notFound);
    if (order.status !== ORDER_STATUS.CANCELLED || order.payment_method !== 'bank_transfer' || !order.invoice_id)
      throw invalid('status', MSG.orders.lateTransferRefused);
    const reference = `late-transfer-${order.id}`;
    const move: Move = { actor: 'admin', user: admin, note: dto.note ?? null };
    const lines = await this.linesOf(this.db.manager, order.id);
    const invoiceId = order.invoice_id;
    const notYet = async (m: EntityManager) => {
      if (await this.wallet.ledger.statusIn(m, reference))
        throw new ConflictError(MSG.orders.lateTransferAlreadyRecorded);
    };
    let outcome = 'credited' as LateTransferOutcome;
    const ids = await this.tx(
      order,
      ORDER_STATUS.TO_SHIP,
      async (m) => {
        await notYet(m);
        outcome = (await this.stockAvailable(m, lines)) ? 'restocked' : 'credited';
        if (outcome === 'restocked') {
          await this.stock.takeStock(m, lines);
          await this.move(m, order, ORDER_STATUS.TO_SHIP, {
            paid_at: new Date(),
            expires_at: null,
            stock_released_at: null,
          });
          await this.invoices.amendIn(m, invoiceId, { amountMinor: order.total_minor });
          await this.invoices.markPaidByTransferIn(m, invoiceId);
          await recordOrderChange(m, order.id, order.status, ORDER_STATUS.TO_SHIP, {
            ...move,
            note: [MSG.orders.lateTransferRestocked, move.note].filter(Boolean).join(': '),
          });
          return [
            ...(await this.invoices.announcePaidIn(m, invoiceId, 'transfer')),
            ...(await this.announce(m, this.changed(order, ORDER_STATUS.TO_SHIP, move))),
          ];
        }
        await this.wallet.ledger.post(m, {
          userId: order.user_id,
          amountMinor: order.total_minor,
          currency: 'NGN',
          direction: 'credit',
          description: `Late bank transfer for order ${order.order_no} (cancelled, stock gone)`,
          reference,
          kind: 'refund',
          actorId: admin.id,
        });
        await recordOrderChange(m, order.id, order.status, order.status, {
          ...move,
          note: [MSG.orders.lateTransferCredited(formatNaira(order.total_minor)), move.note].filter(Boolean).join(': '),
        });
        return [];
      },
      notYet,
    );
    await this.deliver(ids);
    return { outcome, order: await this.queries.get(admin, id) };
  }

  /** Whether every line's stock is there now (inside the transaction; takeStock's conditional UPDATEs decide). */
  private async stockAvailable(m: EntityManager, lines: StockLine[]): Promise<boolean> {
    try {
      await this.stock.assertAvailable(m, lines);
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  }
}
