import {
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleDestroy,
  OnModuleInit,
} from '@nestjs/common';
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
  ORDER_TRANSITIONS,
  formatNaira,
  orderStatusLabel,
  splitCommission,
  type BankTransferDetails,
  type Order as OrderDto,
  type OrderActor,
  type OrderStatus,
  type PaymentStart,
} from '@jara/contracts';
import { EVENTS, type OrderPlacedEvent, type OrderStatusChangedEvent, emitSafely } from '../../common/events';
import { fieldError, ValidationFailedException } from '../../common/http/validation';
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
import { inTransaction } from '../../database/transaction';
import { insertInvoiceRow } from '../invoices/invoice-issuer';
import { InvoicePayment } from '../invoices/invoice-payment.entity';
import { Invoice } from '../invoices/invoice.entity';
import { InvoicesService } from '../invoices/invoices.service';
import { PaymentsService } from '../payments/payments.service';
import { Product } from '../products/product.entity';
import { ProductReview } from '../products/product-review.entity';
import { User } from '../users/user.entity';
import { IdempotencyService } from '../../common/idempotency/idempotency.service';
import { InsufficientBalanceError } from '../wallet/wallet-ledger';
import { insufficientBalance, oneOf, WalletService } from '../wallet/wallet.service';
import type { CreateOrderDto, OrderStatusDto } from './dto/order.dto';
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

/** A short line of stock: the 409 that names the product. */
/**
 * A short line of stock: the 409. Its message is the spec's ('This product is out of stock.') or the quantity left;
 * errors.items names the product either way, so a cart of several lines knows which one to fix.
 */
function shortOf(product: Pick<Product, 'id' | 'name' | 'stock_quantity'>): ConflictException {
  const left = Math.max(0, Number(product.stock_quantity));
  const message = left === 0 ? MSG.orders.outOfStock : MSG.orders.onlyLeft(product.name, left);
  return new ConflictException({
    message,
    errors: { items: [left === 0 ? `${product.name}: ${MSG.orders.outOfStock}` : message] },
  });
}

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
}

/** Thrown inside a transaction to refuse after reading: the caller maps it to its HTTP answer. */
class Refusal extends Error {
  constructor(public readonly answer: Error) {
    super(answer.message);
  }
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
      throw fieldError('items', `An order cannot exceed ${formatNaira(MONEY_MAX_MINOR.NGN)}.`);
    if (dto.payment_method === 'card') this.payments.assertEnabled();
    const byWallet = dto.payment_method === 'wallet';
    let created: { orderId: number; invoiceId: number } | null = null;
    try {
      const { result, replayed } = await this.idempotency.inTransaction(
        user.id,
        key,
        'POST /orders',
        async (m) => {
          created = null;
          const ids = await this.place(m, user, dto, lines, total);
          created = ids;
          return ids;
        },
        {
          // SQLite: refuse a short line or a short balance in this request's turn, before BEGIN (decision 009).
          before: async (m) => {
            await this.assertStock(m, lines);
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
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw insufficientBalance();
      if (error instanceof Refusal) throw error.answer;
      throw error;
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
    if (Object.keys(errors).length) throw new ValidationFailedException(errors);
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

  private async assertStock(m: EntityManager, lines: PricedLine[]): Promise<void> {
    const rows = await m.getRepository(Product).find({
      where: { id: In(lines.map((l) => l.product.id)) },
      select: ['id', 'name', 'stock_quantity', 'status'],
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const line of lines) {
      const row = byId.get(line.product.id);
      if (!row || Number(row.status) !== 1)
        throw new Refusal(fieldError('items', MSG.orders.productUnavailable(line.product.id)));
      if (Number(row.stock_quantity) < line.quantity) throw new Refusal(shortOf(row));
    }
  }

  /** Inside the transaction: stock, the order, its lines, the invoice, the first history entry, and a wallet payment. */
  private async place(
    m: EntityManager,
    user: User,
    dto: CreateOrderDto,
    lines: PricedLine[],
    total: number,
  ): Promise<{ orderId: number; invoiceId: number }> {
    for (const line of lines) {
      const taken = await m
        .createQueryBuilder()
        .update(Product)
        .set({ stock_quantity: () => 'stock_quantity - :quantity' })
        .where('id = :id AND status = 1 AND stock_quantity >= :quantity', {
          id: line.product.id,
          quantity: line.quantity,
        })
        .execute();
      if (taken.affected !== 1) {
        const now = await m
          .getRepository(Product)
          .findOne({ where: { id: line.product.id }, select: ['id', 'name', 'stock_quantity', 'status'] });
        if (!now || Number(now.status) !== 1)
          throw new Refusal(fieldError('items', MSG.orders.productUnavailable(line.product.id)));
        throw new Refusal(shortOf(now));
      }
    }
    const now = new Date();
    const byWallet = dto.payment_method === 'wallet';
    const order = m.create(Order, {
      order_no: newOrderNo(now),
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
      expires_at: byWallet ? null : new Date(now.getTime() + this.config.orders.paymentWindowMinutes * 60_000),
      paid_at: null,
      shipped_at: null,
      received_at: null,
      return_requested_at: null,
      return_reason: null,
      stock_released_at: null,
    });
    await m.insert(Order, order);
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
    const invoice = await insertInvoiceRow(m, {
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
      await m.update(Invoice, { id: invoice.id }, { status: 'paid', payment_method: 'wallet', paid_at: now });
      await this.wallet.ledger.post(m, {
        userId: user.id,
        amountMinor: total,
        currency: 'NGN',
        direction: 'debit',
        description: `Invoice ${invoice.reference}: Order ${order.order_no}`,
        reference: `pay-${invoice.reference}`,
        kind: 'invoice_payment',
        invoiceId: invoice.id,
      });
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
    if (viewer.role !== 'admin' && viewer.id !== userId) throw new NotFoundException(MSG.orders.notFound);
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
    if (!order) throw new NotFoundException(MSG.orders.notFound);
    const role = await this.roleOf(viewer, order);
    if (!role) throw new NotFoundException(MSG.orders.notFound);
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

  /** PATCH /orders/{id}/status: only the moves of ORDER_TRANSITIONS, by the roles it names; others 422. */
  async changeStatus(viewer: User, id: number, dto: OrderStatusDto): Promise<OrderDto> {
    const order = await this.db.getRepository(Order).findOne({ where: { id } });
    if (!order) throw new NotFoundException(MSG.orders.notFound);
    const actor = await this.roleOf(viewer, order);
    if (!actor) throw new NotFoundException(MSG.orders.notFound);
    const from = order.status;
    const to = dto.status;
    const transition = ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to);
    if (!transition) throw fieldError('status', MSG.orders.moveRefused(orderStatusLabel(from), orderStatusLabel(to)));
    if (!transition.by.includes(actor)) throw fieldError('status', MSG.orders.notYourMove);
    // A vendor ships only an order that is all theirs; an order with other sellers' lines is shipped by Jara (admin).
    if (
      actor === 'vendor' &&
      (await this.db
        .getRepository(OrderItem)
        .createQueryBuilder('i')
        .where('i.order_id = :id AND (i.vendor_id IS NULL OR i.vendor_id <> :vendorId)', { id, vendorId: viewer.id })
        .getExists())
    )
      throw fieldError('status', MSG.orders.mixedOrder);
    const move: Move = { actor, user: viewer, note: dto.note ?? null };
    let event: OrderStatusChangedEvent | null = null;
    try {
      if (from === ORDER_STATUS.TO_PAY && to === ORDER_STATUS.CANCELLED) event = await this.cancel(order, move);
      else if (from === ORDER_STATUS.TO_PAY && to === ORDER_STATUS.TO_SHIP)
        event = await this.confirmTransfer(order, move);
      else if (from === ORDER_STATUS.TO_SHIP && to === ORDER_STATUS.TO_RECEIVE) event = await this.ship(order, move);
      else if (from === ORDER_STATUS.TO_RECEIVE && to === ORDER_STATUS.TO_REVIEW)
        event = await this.receive(order, move);
      else if (actor === 'buyer') event = await this.requestReturn(order, move);
      else event = await this.acceptReturn(order, move);
    } catch (error) {
      if (error instanceof Refusal) throw error.answer;
      throw error;
    }
    if (event) await this.emit(EVENTS.orderStatusChanged, event);
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
          throw new Refusal(
            fieldError('status', MSG.orders.moveRefused(orderStatusLabel(now?.status), orderStatusLabel(to))),
          );
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
      throw new Refusal(
        fieldError('status', MSG.orders.moveRefused(orderStatusLabel(now?.status), orderStatusLabel(to))),
      );
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

  /** 0 -> 5: the invoice is cancelled and the stock returned with it; a paid invoice refuses (the order is paid). */
  private async cancel(order: Order, move: Move | null): Promise<OrderStatusChangedEvent> {
    const invoicePending = async (m: EntityManager) => {
      if (!order.invoice_id) return;
      const invoice = await m.findOne(Invoice, { where: { id: order.invoice_id }, select: ['id', 'status'] });
      if (invoice?.status !== 'pending') throw new Refusal(new ConflictException(MSG.orders.alreadyPaid));
    };
    await this.tx(
      order,
      ORDER_STATUS.CANCELLED,
      async (m) => {
        await this.move(m, order, ORDER_STATUS.CANCELLED, { expires_at: null, stock_released_at: new Date() });
        if (order.invoice_id) {
          const voided = await m
            .createQueryBuilder()
            .update(Invoice)
            .set({ status: 'cancelled', cancelled_at: new Date() })
            .where('id = :id AND status = :pending', { id: order.invoice_id, pending: 'pending' })
            .execute();
          if (voided.affected !== 1) throw new Refusal(new ConflictException(MSG.orders.alreadyPaid));
        }
        await this.returnStock(m, order.id);
        await this.record(
          m,
          order.id,
          order.status,
          ORDER_STATUS.CANCELLED,
          move ?? { actor: 'admin', user: null, note: 'Not paid in time: stock released' },
        );
      },
      invoicePending,
    );
    return this.changed(order, ORDER_STATUS.CANCELLED, move);
  }

  private async returnStock(m: EntityManager, orderId: number): Promise<void> {
    const items = await m.getRepository(OrderItem).find({ where: { order_id: orderId }, order: { product_id: 'ASC' } });
    for (const item of items) {
      await m
        .createQueryBuilder()
        .update(Product)
        .set({ stock_quantity: () => 'stock_quantity + :quantity' })
        .where('id = :id', { id: item.product_id, quantity: item.quantity })
        .execute();
    }
  }

  /** 0 -> 1 by an admin: a bank transfer arrived; the invoice is marked paid (method transfer) with the move. */
  private async confirmTransfer(order: Order, move: Move): Promise<OrderStatusChangedEvent> {
    await this.tx(
      order,
      ORDER_STATUS.TO_SHIP,
      async (m) => {
        const now = new Date();
        await this.move(m, order, ORDER_STATUS.TO_SHIP, { paid_at: now, expires_at: null });
        if (order.invoice_id) {
          const paid = await m
            .createQueryBuilder()
            .update(Invoice)
            .set({ status: 'paid', payment_method: 'transfer', paid_at: now })
            .where('id = :id AND status = :pending', { id: order.invoice_id, pending: 'pending' })
            .execute();
          if (paid.affected !== 1) throw new Refusal(new ConflictException(MSG.orders.alreadyPaid));
        }
        await this.record(m, order.id, order.status, ORDER_STATUS.TO_SHIP, {
          ...move,
          note: move.note ?? 'Bank transfer received',
        });
      },
      async (m) => {
        if (!order.invoice_id) return;
        const invoice = await m.findOne(Invoice, { where: { id: order.invoice_id }, select: ['id', 'status'] });
        if (invoice?.status !== 'pending') throw new Refusal(new ConflictException(MSG.orders.alreadyPaid));
      },
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

  /** 2 -> 3: each vendor's share is credited through the ledger in the same transaction (once per line). */
  private async receive(order: Order, move: Move): Promise<OrderStatusChangedEvent> {
    const credited: OrderStatusChangedEvent['credited'] = [];
    await this.tx(order, ORDER_STATUS.TO_REVIEW, async (m) => {
      credited.length = 0;
      const now = new Date();
      await this.move(m, order, ORDER_STATUS.TO_REVIEW, { received_at: now });
      const items = await m.getRepository(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
      for (const item of items) {
        if (!item.vendor_id || item.vendor_credit_minor <= 0 || item.settled_at) continue;
        await this.wallet.ledger.post(m, {
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

  /** 3 -> 4 asked by the buyer: the request is recorded (with the reason); the order stays at To Review. */
  private async requestReturn(order: Order, move: Move): Promise<OrderStatusChangedEvent> {
    if (order.return_requested_at) throw fieldError('status', MSG.orders.returnAlreadyRequested);
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
      if (done.affected !== 1) throw new Refusal(fieldError('status', MSG.orders.returnAlreadyRequested));
      await this.record(m, order.id, order.status, order.status, {
        ...move,
        note: `Return requested${move.note ? `: ${move.note}` : ''}`.slice(0, 500),
      });
    });
    return { ...this.changed(order, order.status, move), returnRequested: true };
  }

  /**
   * 3 -> 4 by an admin, on a requested return: the buyer is refunded the total and each vendor's credit reversed,
   * with the move. A vendor's wallet that no longer covers its reversal refuses the whole change (409).
   */
  private async acceptReturn(order: Order, move: Move): Promise<OrderStatusChangedEvent> {
    if (!order.return_requested_at) throw fieldError('status', MSG.orders.returnNotRequested);
    const settled = async (m: EntityManager) =>
      (await m.getRepository(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } })).filter(
        (i) => i.vendor_id && i.settled_at && !i.reversed_at && i.vendor_credit_minor > 0,
      );
    try {
      await this.tx(
        order,
        ORDER_STATUS.RETURNED,
        async (m) => {
          const now = new Date();
          await this.move(m, order, ORDER_STATUS.RETURNED, {});
          await this.wallet.ledger.post(m, {
            userId: order.user_id,
            amountMinor: order.total_minor,
            currency: 'NGN',
            direction: 'credit',
            description: `Refund: order ${order.order_no} returned`,
            reference: `refund-order-${order.id}`,
            kind: 'refund',
            invoiceId: order.invoice_id,
          });
          for (const item of await settled(m)) {
            try {
              await this.wallet.ledger.post(m, {
                userId: item.vendor_id as number,
                amountMinor: item.vendor_credit_minor,
                currency: 'NGN',
                direction: 'debit',
                description: `Return: ${item.quantity} x ${item.product_name} (order ${order.order_no})`,
                reference: `reverse-${item.id}`,
                kind: 'sale_reversal',
              });
            } catch (error) {
              if (error instanceof InsufficientBalanceError)
                throw new Refusal(
                  new ConflictException(MSG.orders.vendorCannotCover(formatNaira(item.vendor_credit_minor))),
                );
              throw error;
            }
            await m.update(OrderItem, { id: item.id }, { reversed_at: now });
          }
          await this.record(m, order.id, order.status, ORDER_STATUS.RETURNED, {
            ...move,
            note: move.note ?? `${ACCEPT_RETURN_ACTION}: refunded ${formatNaira(order.total_minor)}`,
          });
        },
        async (m) => {
          for (const item of await settled(m)) {
            const left = await this.wallet.ledger.available(m, item.vendor_id as number, 'NGN');
            if (left < item.vendor_credit_minor)
              throw new Refusal(
                new ConflictException(MSG.orders.vendorCannotCover(formatNaira(item.vendor_credit_minor))),
              );
          }
        },
      );
    } catch (error) {
      if (error instanceof Refusal) throw error.answer;
      throw error;
    }
    return this.changed(order, ORDER_STATUS.RETURNED, move);
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

  /** invoice.paid for an order (card settled, or the invoice paid later from its page): To Pay -> To Ship, once. */
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
        .where('id = :id AND status = :toPay', { id: orderId, toPay: ORDER_STATUS.TO_PAY })
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
   * release-unpaid-orders). An order whose invoice turns out paid is moved to To Ship instead. Answers how many
   * orders were released.
   */
  async releaseExpired(now = new Date(), limit = 200): Promise<number> {
    const due = await this.expiredUnpaid(now)
      .orderBy('o.expires_at', 'ASC')
      .limit(limit)
      .getMany();
    let released = 0;
    for (const order of due) {
      try {
        const event = await this.cancel(order, null);
        await this.emit(EVENTS.orderStatusChanged, event);
        released++;
      } catch (error) {
        const answer = error instanceof Refusal ? error.answer : error;
        if (answer instanceof ConflictException) await this.markPaid(order.id, 'paid');
        else if (!(answer instanceof ValidationFailedException)) throw error;
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

  /** Every order event follows a write that changes the lists: their cached totals start again. */
  private async emit(event: string, payload: object): Promise<void> {
    invalidateListCounts(this.db, ORDER_COUNTS);
    await emitSafely(this.events, this.logger, event, payload);
  }
}
