import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import {
  ACCEPT_RETURN_ACTION,
  MONEY_MAX_MINOR,
  MSG,
  ORDER_LIMITS,
  ORDER_PAYMENT_METHOD_VALUES,
  ORDER_STATUS,
  formatNaira,
  orderStatusLabel,
  orderTransition,
  splitCommission,
  type BankTransferDetails,
  type Order as OrderDto,
  type LateTransferOutcome,
  type OrderActor,
  type OrderMoveHandler,
  type OrderStatus,
  type PaymentStart,
} from '@jara/contracts';
import { EVENTS, type OrderPlacedEvent, type OrderStatusChangedEvent, emitSafely } from '../../common/events';
import { ConflictError, DomainError, InvalidError, invalid, NotFoundError } from '../../common/errors';
import { applyDateRange } from '../../common/list/date-range';
import {
  integerFilter,
  invalidateListCounts,
  paginate,
  type ListQuery,
  type ListResult,
  type ListSpec,
} from '../../common/list/list-query';
import { runExclusive } from '../../common/rate-limit/job-lock';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { StorageService } from '../../common/storage/storage.service';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import { InvoicePayment } from '../invoices/invoice-payment.entity';
import { Invoice } from '../invoices/invoice.entity';
import { InvoicesService } from '../invoices/invoices.service';
import { PaymentsService } from '../payments/payments.service';
import { Product } from '../products/product.entity';
import { ProductReview } from '../products/product-review.entity';
import { StockService, type StockLine } from '../products/stock.service';
import { User } from '../users/user.entity';
import { IdempotencyService } from '../../common/idempotency/idempotency.service';
import { oneOf, WalletService } from '../wallet/wallet.service';
import type { CreateOrderDto, LateTransferDto, OrderStatusDto } from './dto/order.dto';
import { Order, OrderItem, OrderStatusChange, OrderVendor } from './order.entity';
import { presentOrder, type OrderView } from './order.presenter';

const ORDER_SPEC: ListSpec = {
  sortable: { created_at: 'o.created_at', id: 'o.id', total: 'o.total_minor', total_minor: 'o.total_minor' },
  filterable: {
    status: integerFilter('o.status', { multi: true, ops: ['eq'] }),
    user_id: integerFilter('o.user_id', { ops: ['eq'] }),
    id: integerFilter('o.id', { multi: true, ops: ['eq'] }),
    order_no: { expr: 'o.order_no', ops: ['eq', 'like'] },
    payment_method: oneOf('o.payment_method', ORDER_PAYMENT_METHOD_VALUES, 'payment_method'),
    email: { expr: 'u.email', ops: ['like'] },
  },
  // The back office filters by the customer's e-mail and the order number with plain parameters: contains-matches.
  aliases: { email: 'email_like' },
  searchable: ['o.order_no', 'o.full_name'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 'o.id',
  defaultPerPage: 10,
  limitOffset: true,
  // Totals are kept a few seconds per filter (every order event starts them again), not counted on each page.
  countCache: { tag: 'orders', ttlMs: 15_000 },
};
const ORDER_COUNTS = 'orders';

/**
 * A vendor's orders are read off order_vendors (ov, the main table): sorts, the cursor and the status filter on its
 * columns, so the page comes off idx_order_vendors_vendor_[status_]created without sorting all of the vendor's orders.
 */
const VENDOR_ORDER_SPEC: ListSpec = {
  ...ORDER_SPEC,
  sortable: { ...ORDER_SPEC.sortable, created_at: 'ov.created_at', id: 'ov.order_id' },
  filterable: { ...ORDER_SPEC.filterable, status: integerFilter('ov.status', { multi: true, ops: ['eq'] }) },
  tiebreaker: 'ov.order_id',
};

const ORDER_NO_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** JR-YYMMDD-XXXXXX: readable over the phone, unique by its index (a collision retries the whole order). */
function newOrderNo(now = new Date()): string {
  const lagos = new Date(now.getTime() + 3600_000).toISOString();
  const day = `${lagos.slice(2, 4)}${lagos.slice(5, 7)}${lagos.slice(8, 10)}`;
  const tail = [...randomBytes(6)].map((b) => ORDER_NO_ALPHABET[b % ORDER_NO_ALPHABET.length]).join('');
  return `JR-${day}-${tail}`;
}

/** Where order numbers come from: a module-level hook so a test can force a collision (never changed in the app). */
export const orderNumbers = { next: newOrderNo };

/** How many times a placement runs again when its order number was taken (30 random bits a day: rare). */
const ORDER_NO_ATTEMPTS = 5;

/** The order number drawn was taken (the unique index refused it): the whole placement runs again with a new one. */
class OrderNoTaken extends Error {}

interface PricedLine {
  product: Product;
  quantity: number;
  vendorId: number | null;
  lineTotal: number;
  commission: number;
  vendorCredit: number;
}

interface Move {
  actor: OrderActor;
  user: User | null;
  note: string | null;
  /** Accepting a return: put the units back in stock. */
  restock?: boolean;
}

/**
 * Orders: checkout (stock taken by conditional updates, the invoice raised and, for the wallet, paid, all in one
 * transaction), the lifecycle of ORDER_TRANSITIONS with its history, the marketplace settlement at receipt and its
 * reversal on an accepted return, and the release of unpaid orders. See docs/decisions/011-orders.md.
 */
@Injectable()
export class OrdersService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Orders');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly wallet: WalletService,
    private readonly invoices: InvoicesService,
    private readonly payments: PaymentsService,
    private readonly idempotency: IdempotencyService,
    private readonly stock: StockService,
    private readonly storage: StorageService,
    private readonly events: EventEmitter2,
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

  // ---------------------------------------------------------------------------------------------------- checkout

  /** POST /orders. With an Idempotency-Key a retry (even a concurrent one) answers the same order. */
  async create(user: User, dto: CreateOrderDto, key?: string): Promise<OrderDto> {
    const lines = await this.price(user, dto);
    const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    if (total > MONEY_MAX_MINOR.NGN)
      throw invalid('items', `An order cannot exceed ${formatNaira(MONEY_MAX_MINOR.NGN)}.`);
    if (dto.payment_method === 'card') this.payments.assertEnabled();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.placeOnce(user, dto, key, lines, total);
      } catch (error) {
        // An order number drawn twice: the unique index refused it and everything rolled back; draw again.
        if (!(error instanceof OrderNoTaken) || attempt >= ORDER_NO_ATTEMPTS) throw error;
        this.logger.warn('An order number was taken: placing the order again with another');
      }
    }
  }

  private async placeOnce(
    user: User,
    dto: CreateOrderDto,
    key: string | undefined,
    lines: PricedLine[],
    total: number,
  ): Promise<OrderDto> {
    const byWallet = dto.payment_method === 'wallet';
    let created: { orderId: number; invoiceId: number } | null = null;
    {
      const { result, replayed } = await this.idempotency.inTransaction(
        user.id,
        key,
        'POST /orders',
        dto,
        async (m) => {
          created = null;
          const ids = await this.place(m, user, dto, lines, total);
          created = ids;
          return ids;
        },
        {
          // SQLite: refuse a short line or a short balance in this request's turn, before BEGIN (decision 009).
          before: async (m) => {
            await this.stock.assertAvailable(m, stockLines(lines));
            if (byWallet)
              await this.wallet.ledger.assertCovers(m, {
                userId: user.id,
                currency: 'NGN',
                direction: 'debit',
                amountMinor: total,
              });
          },
        },
      );
      if (!replayed && created) await this.announcePlaced(result.orderId, result.invoiceId, byWallet);
      const order = await this.getFor(user, result.orderId, false);
      if (replayed) return this.replayed(order);
      if (dto.payment_method === 'card') {
        const payment = (await this.invoices.pay(user, result.invoiceId, { method: 'paystack' })) as PaymentStart;
        return { ...order, payment };
      }
      if (dto.payment_method === 'bank_transfer') return { ...order, bank_transfer: this.bankTransfer(order.order_no) };
      return order;
    }
  }

  /** Loads the products and prices every line from the database (never from the client); refusals are 422s. */
  private async price(user: User, dto: CreateOrderDto): Promise<PricedLine[]> {
    const quantities = new Map<number, number>();
    for (const item of dto.items)
      quantities.set(item.product_id, (quantities.get(item.product_id) ?? 0) + item.quantity);
    const products = await this.db.getRepository(Product).find({ where: { id: In([...quantities.keys()]) } });
    const byId = new Map(products.map((p) => [p.id, p]));
    const errors: Record<string, string[]> = {};
    dto.items.forEach((item, i) => {
      const product = byId.get(item.product_id);
      if (!product || Number(product.status) !== 1)
        errors[`items.${i}.product_id`] = [MSG.orders.productUnavailable(item.product_id)];
      else if (product.user_id === user.id) errors[`items.${i}.product_id`] = [MSG.orders.ownProduct];
      else if ((quantities.get(item.product_id) ?? 0) > ORDER_LIMITS.maxQuantity)
        errors[`items.${i}.quantity`] = [`Quantity must be a whole number from 1 to ${ORDER_LIMITS.maxQuantity}.`];
    });
    if (Object.keys(errors).length) throw new InvalidError(errors);
    const owners = await this.db
      .getRepository(User)
      .find({ where: { id: In([...new Set(products.map((p) => p.user_id))]) }, select: ['id', 'role'] });
    const vendors = new Set(owners.filter((o) => o.role === 'vendor').map((o) => o.id));
    // Sorted by product id: every order takes its row locks in the same order (no deadlock between two carts).
    return [...quantities.entries()]
      .sort(([a], [b]) => a - b)
      .map(([id, quantity]) => {
        const product = byId.get(id) as Product;
        const lineTotal = Number(product.price_kobo) * quantity;
        const vendorId = vendors.has(product.user_id) ? product.user_id : null;
        const split = vendorId
          ? splitCommission(lineTotal, this.config.orders.commissionBps)
          : { commission: lineTotal, vendor: 0 };
        return { product, quantity, vendorId, lineTotal, commission: split.commission, vendorCredit: split.vendor };
      });
  }

  /** Inside the transaction: stock, the order, its lines, the invoice, the first history entry, and a wallet payment. */
  private async place(
    m: EntityManager,
    user: User,
    dto: CreateOrderDto,
    lines: PricedLine[],
    total: number,
  ): Promise<{ orderId: number; invoiceId: number }> {
    await this.stock.takeStock(m, stockLines(lines));
    const now = new Date();
    const byWallet = dto.payment_method === 'wallet';
    const order = m.create(Order, {
      order_no: orderNumbers.next(now),
      user_id: user.id,
      status: ORDER_STATUS.TO_PAY,
      currency: 'NGN',
      subtotal_minor: total,
      shipping_minor: 0,
      total_minor: total,
      payment_method: dto.payment_method,
      full_name: dto.full_name,
      street_address: dto.street_address,
      city: dto.city,
      postal_code: dto.postal_code,
      country: dto.country,
      notes: dto.notes ?? null,
      invoice_id: null,
      expires_at: byWallet ? null : new Date(now.getTime() + this.windowMinutes(dto.payment_method) * 60_000),
      paid_at: null,
      shipped_at: null,
      received_at: null,
      return_requested_at: null,
      return_reason: null,
      stock_released_at: null,
    });
    try {
      await m.insert(Order, order);
    } catch (error) {
      // The only unique index an order row has besides its id: the order number.
      if (isUniqueViolation(error)) throw new OrderNoTaken();
      throw error;
    }
    await m.insert(
      OrderItem,
      lines.map((line) =>
        m.create(OrderItem, {
          order_id: order.id,
          product_id: line.product.id,
          vendor_id: line.vendorId,
          product_name: line.product.name,
          product_image: line.product.image,
          unit_price_minor: Number(line.product.price_kobo),
          quantity: line.quantity,
          line_total_minor: line.lineTotal,
          commission_minor: line.commission,
          vendor_credit_minor: line.vendorCredit,
          settled_at: null,
          reversed_at: null,
        }),
      ),
    );
    const vendorIds = [...new Set(lines.map((l) => l.vendorId).filter((v): v is number => v !== null))];
    if (vendorIds.length)
      await m.insert(
        OrderVendor,
        vendorIds.map((vendorId) => ({
          order_id: order.id,
          vendor_id: vendorId,
          status: order.status,
          created_at: order.created_at,
        })),
      );
    await this.record(m, order.id, null, ORDER_STATUS.TO_PAY, { actor: 'buyer', user, note: null });
    const count = lines.reduce((sum, line) => sum + line.quantity, 0);
    const invoice = await this.invoices.issueIn(m, {
      userId: user.id,
      type: 'order',
      subjectId: order.id,
      subjectLabel: `Order ${order.order_no}`,
      amountMinor: total,
      currency: 'NGN',
      description: `Order ${order.order_no}: ${count} item${count === 1 ? '' : 's'}`,
    });
    await m.update(Order, { id: order.id }, { invoice_id: invoice.id });
    if (byWallet) {
      // The invoices module pays it: one conditional UPDATE on (status, amount, currency) and the debit of that amount.
      await this.invoices.payFromWalletIn(m, invoice.id, user.id);
      await m.update(Order, { id: order.id }, { status: ORDER_STATUS.TO_SHIP, paid_at: now });
      await m.update(OrderVendor, { order_id: order.id }, { status: ORDER_STATUS.TO_SHIP });
      await this.record(m, order.id, ORDER_STATUS.TO_PAY, ORDER_STATUS.TO_SHIP, {
        actor: 'buyer',
        user,
        note: 'Paid from wallet',
      });
    }
    return { orderId: order.id, invoiceId: invoice.id };
  }

  /** How long an unpaid order of this method waits for its money (a bank transfer longer; decision 022). */
  private windowMinutes(method: CreateOrderDto['payment_method']): number {
    return method === 'bank_transfer'
      ? this.config.orders.transferWindowMinutes
      : this.config.orders.paymentWindowMinutes;
  }

  private async announcePlaced(orderId: number, invoiceId: number, paid: boolean): Promise<void> {
    await this.invoices.announce(invoiceId, paid ? 'wallet' : undefined);
    const order = await this.db.getRepository(Order).findOneOrFail({ where: { id: orderId } });
    const items = await this.db.getRepository(OrderItem).find({ where: { order_id: orderId } });
    const vendorIds = [...new Set(items.map((i) => i.vendor_id).filter((v): v is number => v !== null))];
    await this.emit(EVENTS.orderPlaced, {
      orderId,
      orderNo: order.order_no,
      userId: order.user_id,
      totalMinor: order.total_minor,
      vendorIds,
    } satisfies OrderPlacedEvent);
  }

  /**
   * A retried submission answers the same order with what the first answer carried: the bank details, or the card
   * payment already started (its checkout link), while the order waits for payment.
   */
  private async replayed(order: OrderDto): Promise<OrderDto> {
    if (order.status !== ORDER_STATUS.TO_PAY) return order;
    if (order.payment_method === 'bank_transfer') return { ...order, bank_transfer: this.bankTransfer(order.order_no) };
    if (order.payment_method !== 'card' || !order.invoice) return order;
    const started = await this.db
      .getRepository(InvoicePayment)
      .findOne({ where: { invoice_id: order.invoice.id, status: 'pending' }, order: { id: 'DESC' } });
    return started?.authorization_url
      ? { ...order, payment: { authorization_url: started.authorization_url, reference: started.reference } }
      : order;
  }

  private bankTransfer(orderNo: string): BankTransferDetails {
    const bank = this.config.orders.bankTransfer;
    return {
      bank_name: bank.bankName,
      account_name: bank.accountName,
      account_number: bank.accountNumber,
      narration: orderNo,
    };
  }

  // ------------------------------------------------------------------------------------------------------ reading

  /** GET /orders: an admin sees every order; a vendor the orders with a line of theirs. */
  async list(viewer: User, query: ListQuery): Promise<ListResult<OrderDto>> {
    if (viewer.role === 'admin') return this.page(this.base(), query, null);
    // A vendor: the page is read off order_vendors (its main table, so keyset cursors work), orders joined to it.
    const qb = this.db
      .getRepository(OrderVendor)
      .createQueryBuilder('ov')
      .innerJoinAndSelect('ov.order', 'o')
      .leftJoin('o.user', 'u')
      .addSelect(['u.id', 'u.name', 'u.email'])
      .leftJoinAndMapOne('o.invoiceRef', Invoice, 'inv', 'inv.id = o.invoice_id')
      .where('ov.vendor_id = :vendorId', { vendorId: viewer.id });
    const rows = await paginate(qb, applyDateRange(qb, query, 'ov.created_at'), VENDOR_ORDER_SPEC);
    const views = new Map(
      (
        await this.views(
          rows.data.map((row) => row.order as Order),
          viewer.id,
        )
      ).map((v) => [v.order.id, v]),
    );
    return rows.map((row) => presentOrder(views.get(row.order_id) as OrderView, this.storage));
  }

  /** GET /orders/user/{userId}: the buyer's own orders (an admin may read anyone's). */
  async listOfBuyer(viewer: User, userId: number, query: ListQuery): Promise<ListResult<OrderDto>> {
    if (viewer.role !== 'admin' && viewer.id !== userId) throw new NotFoundError(MSG.orders.notFound);
    const qb = this.base().andWhere('o.user_id = :buyerId', { buyerId: userId });
    const rest = { ...query };
    delete rest.user_id;
    return this.page(qb, rest, null);
  }

  /** GET /orders/{id}: the buyer, a vendor with a line in it (their lines only), or an admin; anyone else 404. */
  async get(viewer: User, id: number): Promise<OrderDto> {
    return this.getFor(viewer, id, true);
  }

  private async getFor(viewer: User, id: number, withHistory: boolean): Promise<OrderDto> {
    const order = await this.base().where('o.id = :id', { id }).getOne();
    if (!order) throw new NotFoundError(MSG.orders.notFound);
    const role = await this.roleOf(viewer, order);
    if (!role) throw new NotFoundError(MSG.orders.notFound);
    const [view] = await this.views([order], role === 'vendor' ? viewer.id : null);
    if (withHistory) {
      view.history = await this.db
        .getRepository(OrderStatusChange)
        .createQueryBuilder('h')
        .leftJoin('h.actor', 'a')
        .addSelect(['a.id', 'a.name'])
        .where('h.order_id = :id', { id })
        .orderBy('h.id', 'ASC')
        .getMany();
    }
    return presentOrder(view, this.storage);
  }

  private async page(
    qb: SelectQueryBuilder<Order>,
    query: ListQuery,
    vendorId: number | null,
  ): Promise<ListResult<OrderDto>> {
    const rest = applyDateRange(qb, query, 'o.created_at');
    const result = await paginate(qb, rest, ORDER_SPEC);
    const views = await this.views(result.data, vendorId);
    const byId = new Map(views.map((v) => [v.order.id, v]));
    return result.map((order) => presentOrder(byId.get(order.id) as OrderView, this.storage));
  }

  /** Lines, invoices and reviewed lines of a page of orders: three statements, whatever the page size. */
  /**
   * The lines of a page of orders with whether each was reviewed: one statement (the invoice came with the page).
   * A vendor gets only their lines.
   */
  private async views(orders: Order[], vendorId: number | null): Promise<OrderView[]> {
    if (!orders.length) return [];
    const qb = this.db
      .getRepository(OrderItem)
      .createQueryBuilder('i')
      .leftJoin(ProductReview, 'r', 'r.order_item_id = i.id')
      .addSelect('r.id', 'review_id')
      .where('i.order_id IN (:...ids)', { ids: orders.map((o) => o.id) })
      .orderBy('i.id', 'ASC');
    if (vendorId !== null) qb.andWhere('i.vendor_id = :vendorId', { vendorId });
    const { entities: items, raw } = await qb.getRawAndEntities<{ i_id: number; review_id: number | null }>();
    const reviewedIds = new Set(raw.filter((r) => r.review_id !== null).map((r) => Number(r.i_id)));
    return orders.map((order) => ({
      order,
      items: items.filter((i) => i.order_id === order.id),
      invoice: order.invoiceRef ?? null,
      reviewedItemIds: reviewedIds,
      vendorView: vendorId !== null,
    }));
  }

  private base(m: EntityManager = this.db.manager): SelectQueryBuilder<Order> {
    return m
      .getRepository(Order)
      .createQueryBuilder('o')
      .leftJoin('o.user', 'u')
      .addSelect(['u.id', 'u.name', 'u.email'])
      .leftJoinAndMapOne('o.invoiceRef', Invoice, 'inv', 'inv.id = o.invoice_id');
  }

  /** How `viewer` relates to `order`: admin, buyer, vendor (a line of theirs) or null (a stranger). */
  private async roleOf(
    viewer: User,
    order: Pick<Order, 'id' | 'user_id'>,
    m: EntityManager = this.db.manager,
  ): Promise<OrderActor | null> {
    if (viewer.role === 'admin') return 'admin';
    if (viewer.id === order.user_id) return 'buyer';
    if (
      viewer.role === 'vendor' &&
      (await m.exists(OrderItem, { where: { order_id: order.id, vendor_id: viewer.id } }))
    )
      return 'vendor';
    return null;
  }

  // ---------------------------------------------------------------------------------------------------- lifecycle

  /**
   * The handler of each row of ORDER_TRANSITIONS (by its `handler` name): changeStatus looks the row up and runs it.
   * The system's rows (markPaid, expire, lateTransfer) run from the listener, the expiry job and the admin's route.
   */
  private readonly handlers: Record<
    Exclude<OrderMoveHandler, 'markPaid' | 'expire' | 'lateTransfer'>,
    (order: Order, move: Move) => Promise<OrderStatusChangedEvent>
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
    const actor = await this.roleOf(viewer, order);
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
    const move: Move = { actor, user: viewer, note: dto.note ?? null, restock: dto.restock === true };
    const event = await handler(order, move);
    await this.emit(EVENTS.orderStatusChanged, event);
    return this.get(viewer, id);
  }

  /**
   * A lifecycle transaction. On SQLite the order is checked to be still at its status in this request's turn, before
   * BEGIN, so an ordinary refusal never rolls anything back (decision 009); `before` adds the move's own checks.
   */
  private tx(
    order: Order,
    to: OrderStatus,
    work: (m: EntityManager) => Promise<void>,
    before?: (m: EntityManager) => Promise<void>,
  ): Promise<void> {
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
  private async cancel(order: Order, move: Move | null): Promise<OrderStatusChangedEvent> {
    await this.tx(
      order,
      ORDER_STATUS.CANCELLED,
      async (m) => {
        await this.assertUnpaid(m, order);
        await this.move(m, order, ORDER_STATUS.CANCELLED, { expires_at: null, stock_released_at: new Date() });
        // Through the invoices module: pending -> cancelled (its card payments superseded); paid: a ConflictError.
        if (order.invoice_id) await this.invoices.cancelIn(m, order.invoice_id);
        await this.stock.returnStock(m, await this.linesOf(m, order.id));
        await this.record(
          m,
          order.id,
          order.status,
          ORDER_STATUS.CANCELLED,
          move ?? { actor: 'admin', user: null, note: 'Not paid in time: stock released' },
        );
      },
      (m) => this.assertUnpaid(m, order),
    );
    return this.changed(order, ORDER_STATUS.CANCELLED, move);
  }

  private async linesOf(m: EntityManager, orderId: number): Promise<StockLine[]> {
    const items = await m.getRepository(OrderItem).find({ where: { order_id: orderId }, order: { product_id: 'ASC' } });
    return items.map((i) => ({ productId: i.product_id, quantity: i.quantity }));
  }

  /** 0 -> 1 by an admin: a bank transfer arrived; the invoice is marked paid (method transfer) with the move. */
  private async confirmTransfer(order: Order, move: Move): Promise<OrderStatusChangedEvent> {
    await this.tx(
      order,
      ORDER_STATUS.TO_SHIP,
      async (m) => {
        await this.assertUnpaid(m, order);
        await this.move(m, order, ORDER_STATUS.TO_SHIP, { paid_at: new Date(), expires_at: null });
        if (order.invoice_id) await this.invoices.markPaidByTransferIn(m, order.invoice_id);
        await this.record(m, order.id, order.status, ORDER_STATUS.TO_SHIP, {
          ...move,
          note: move.note ?? 'Bank transfer received',
        });
      },
      (m) => this.assertUnpaid(m, order),
    );
    if (order.invoice_id) await this.invoices.announcePaid(order.invoice_id, 'transfer');
    return this.changed(order, ORDER_STATUS.TO_SHIP, move);
  }

  private async ship(order: Order, move: Move): Promise<OrderStatusChangedEvent> {
    await this.tx(order, ORDER_STATUS.TO_RECEIVE, async (m) => {
      await this.move(m, order, ORDER_STATUS.TO_RECEIVE, { shipped_at: new Date() });
      await this.record(m, order.id, order.status, ORDER_STATUS.TO_RECEIVE, move);
    });
    return this.changed(order, ORDER_STATUS.TO_RECEIVE, move);
  }

  /**
   * 2 -> 3: each vendor's share is posted through the ledger in the same transaction (once per line) as a PENDING
   * credit (reference sale-<itemId>): it reaches their balance when the return window has passed with no return
   * (releaseSaleCredits), and an accepted return inside the window fails it (decision 023).
   */
  private async receive(order: Order, move: Move): Promise<OrderStatusChangedEvent> {
    const credited: OrderStatusChangedEvent['credited'] = [];
    await this.tx(order, ORDER_STATUS.TO_REVIEW, async (m) => {
      credited.length = 0;
      const now = new Date();
      await this.move(m, order, ORDER_STATUS.TO_REVIEW, { received_at: now });
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
      await this.record(m, order.id, order.status, ORDER_STATUS.TO_REVIEW, move);
    });
    return this.changed(order, ORDER_STATUS.TO_REVIEW, move, credited);
  }

  /** The end of the return window of an order received at `receivedAt`. */
  private returnWindowEnd(receivedAt: Date): Date {
    return new Date(new Date(receivedAt).getTime() + this.config.orders.returnWindowDays * 86_400_000);
  }

  /** 3 -> 4 asked by the buyer, inside the return window: the request is recorded; the order stays at To Review. */
  private async requestReturn(order: Order, move: Move): Promise<OrderStatusChangedEvent> {
    if (order.return_requested_at) throw invalid('status', MSG.orders.returnAlreadyRequested);
    if (!order.received_at || this.returnWindowEnd(order.received_at) <= new Date())
      throw invalid('status', MSG.orders.returnWindowClosed(this.config.orders.returnWindowDays));
    await this.tx(order, ORDER_STATUS.RETURNED, async (m) => {
      const done = await m
        .createQueryBuilder()
        .update(Order)
        .set({ return_requested_at: new Date(), return_reason: move.note })
        .where('id = :id AND status = :status AND return_requested_at IS NULL', {
          id: order.id,
          status: ORDER_STATUS.TO_REVIEW,
        })
        .execute();
      if (done.affected !== 1) throw invalid('status', MSG.orders.returnAlreadyRequested);
      await this.record(m, order.id, order.status, order.status, {
        ...move,
        note: `Return requested${move.note ? `: ${move.note}` : ''}`.slice(0, 500),
      });
    });
    return { ...this.changed(order, order.status, move), returnRequested: true };
  }

  /**
   * 3 -> 4 by an admin, on a requested return: the buyer is refunded the paid invoice (invoices module, reference
   * refund-order-<id>), each vendor's credit undone with the move: a credit still pending (inside the return window)
   * fails, nothing to debit; one already released is reversed by a debit (reverse-<itemId>), which a vendor's wallet
   * that no longer covers it refuses (409). With `restock`, the units go back to stock.
   */
  private async acceptReturn(order: Order, move: Move): Promise<OrderStatusChangedEvent> {
    if (!order.return_requested_at) throw invalid('status', MSG.orders.returnNotRequested);
    const credited = async (m: EntityManager) =>
      (await m.getRepository(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } })).filter(
        (i) => i.vendor_id && i.settled_at && !i.reversed_at && i.vendor_credit_minor > 0,
      );
    await this.tx(
      order,
      ORDER_STATUS.RETURNED,
      async (m) => {
        const now = new Date();
        await this.move(m, order, ORDER_STATUS.RETURNED, {});
        if (order.invoice_id)
          await this.invoices.refundPaidIn(
            m,
            order.invoice_id,
            `order ${order.order_no} returned`,
            `refund-order-${order.id}`,
          );
        for (const item of await credited(m)) {
          // Inside the window the credit is still pending: it fails (no debit, so it can never be refused).
          if (!(await this.wallet.ledger.failPendingIn(m, `sale-${item.id}`)))
            await this.reverseReleased(m, order, item);
          await m.update(OrderItem, { id: item.id }, { reversed_at: now });
        }
        if (move.restock) await this.stock.returnStock(m, await this.linesOf(m, order.id));
        await this.record(m, order.id, order.status, ORDER_STATUS.RETURNED, {
          ...move,
          note:
            move.note ??
            `${ACCEPT_RETURN_ACTION}: refunded ${formatNaira(order.total_minor)}${move.restock ? ', restocked' : ''}`,
        });
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
    return this.changed(order, ORDER_STATUS.RETURNED, move);
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

  private async record(
    m: EntityManager,
    orderId: number,
    from: OrderStatus | null,
    to: OrderStatus,
    move: Move,
  ): Promise<void> {
    await m.insert(OrderStatusChange, {
      order_id: orderId,
      from_status: from,
      to_status: to,
      actor_id: move.user?.id ?? null,
      actor_role: move.user ? move.actor : 'system',
      note: move.note?.slice(0, 500) ?? null,
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
    let moved = false;
    await inTransaction(this.db, async (m) => {
      moved = false;
      const done = await m
        .createQueryBuilder()
        .update(Order)
        .set({ status: ORDER_STATUS.TO_SHIP, paid_at: new Date(), expires_at: null })
        .where(
          'id = :id AND status = :toPay AND EXISTS (SELECT 1 FROM invoices WHERE invoices.id = orders.invoice_id AND invoices.status = :paid)',
          { id: orderId, toPay: ORDER_STATUS.TO_PAY, paid: 'paid' },
        )
        .execute();
      if (done.affected !== 1) return;
      moved = true;
      await m.update(OrderVendor, { order_id: orderId }, { status: ORDER_STATUS.TO_SHIP });
      await this.record(m, orderId, ORDER_STATUS.TO_PAY, ORDER_STATUS.TO_SHIP, {
        actor: 'buyer',
        user: null,
        note: method === 'paystack' ? 'Paid by card' : method === 'wallet' ? 'Paid from wallet' : 'Paid',
      });
    });
    if (moved) await this.emit(EVENTS.orderStatusChanged, this.changed(order, ORDER_STATUS.TO_SHIP, null));
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
        await this.markPaid(order.id, 'paid');
        continue;
      }
      try {
        const event = await this.cancel(order, null);
        await this.emit(EVENTS.orderStatusChanged, event);
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
    await this.tx(
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
          await this.record(m, order.id, order.status, ORDER_STATUS.TO_SHIP, {
            ...move,
            note: [MSG.orders.lateTransferRestocked, move.note].filter(Boolean).join(': '),
          });
          return;
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
        await this.record(m, order.id, order.status, order.status, {
          ...move,
          note: [MSG.orders.lateTransferCredited(formatNaira(order.total_minor)), move.note].filter(Boolean).join(': '),
        });
      },
      notYet,
    );
    if (outcome === 'restocked') {
      await this.invoices.announcePaid(invoiceId, 'transfer');
      await this.emit(EVENTS.orderStatusChanged, this.changed(order, ORDER_STATUS.TO_SHIP, move));
    } else invalidateListCounts(this.db, ORDER_COUNTS);
    return { outcome, order: await this.get(admin, id) };
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

  /** Every order event follows a write that changes the lists: their cached totals start again. */
  private async emit(event: string, payload: object): Promise<void> {
    invalidateListCounts(this.db, ORDER_COUNTS);
    await emitSafely(this.events, this.logger, event, payload);
  }
}

/** The stock a priced cart takes. */
function stockLines(lines: PricedLine[]): StockLine[] {
  return lines.map((line) => ({ productId: line.product.id, quantity: line.quantity }));
}
