import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  MONEY_MAX_MINOR,
  MSG,
  ORDER_LIMITS,
  ORDER_STATUS,
  formatNaira,
  splitCommission,
  type BankTransferDetails,
  type Order as OrderDto,
  type PaymentStart,
} from '@jara/contracts';
import { EVENTS } from '../../common/events';
import { invalidateListCounts } from '../../common/list/list-query';
import { OutboxService, outboxDraft, type OutboxWritten } from '../../common/outbox/outbox.service';
import { InvalidError, invalid } from '../../common/errors';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { insertRows } from '../../database/inserted-ids';
import { isUniqueViolation } from '../../database/transaction';
import { InvoicePayment } from '../invoices/invoice-payment.entity';
import { InvoicesService } from '../invoices/invoices.service';
import { PaymentsService } from '../payments/payments.service';
import { Product } from '../products/product.entity';
import { StockService, type StockLine } from '../products/stock.service';
import { User } from '../users/user.entity';
import { IdempotencyService } from '../../common/idempotency/idempotency.service';
import { WalletService } from '../wallet/wallet.service';
import type { CreateOrderDto } from '@jara/dto';
import { Order, OrderItem } from './order.entity';
import { ORDER_COUNTS } from './order-events';
import { OrderQueriesService } from './order-queries.service';
import { recordOrderChanges } from './order-history';

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

/**
 * Checkout: prices every line from the database, then in one transaction takes the stock (products module), writes
 * the order, its lines and first history entry, issues the invoice and, for the wallet, pays it (invoices module).
 * With an Idempotency-Key a retry (even a concurrent one) answers the same order; an order number drawn twice retries.
 */
@Injectable()
export class OrderPlacementService {
  private readonly logger = new Logger('Orders');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly wallet: WalletService,
    private readonly invoices: InvoicesService,
    private readonly payments: PaymentsService,
    private readonly idempotency: IdempotencyService,
    private readonly stock: StockService,
    private readonly queries: OrderQueriesService,
    private readonly outbox: OutboxService,
  ) {}

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
    let events: OutboxWritten[] = [];
    {
      const { result, replayed } = await this.idempotency.inTransaction(
        user.id,
        key,
        'POST /orders',
        dto,
        async (m) => {
          const placed = await this.place(m, user, dto, lines, total);
          events = placed.events;
          return { orderId: placed.orderId, invoiceId: placed.invoiceId };
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
      if (!replayed) {
        invalidateListCounts(this.db, ORDER_COUNTS);
        await this.outbox.deliverWritten(events);
      }
      const order = await this.queries.getFor(user, result.orderId, false);
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
    // The products and their owners' roles in one statement (a vendor's line is credited; Jara's own goods are not).
    const { entities: products, raw } = await this.db
      .getRepository(Product)
      .createQueryBuilder('p')
      .leftJoin(User, 'owner', 'owner.id = p.user_id')
      .addSelect('owner.role', 'owner_role')
      .where('p.id IN (:...ids)', { ids: [...quantities.keys()] })
      .getRawAndEntities<{ p_id: unknown; owner_role: string | null }>();
    const vendors = new Set<number>();
    raw.forEach((row) => {
      const product = products.find((p) => p.id === Number(row.p_id));
      if (product && row.owner_role === 'vendor') vendors.add(product.user_id);
    });
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

  /**
   * Inside the transaction, each table written once: the stock (one conditional UPDATE for every line, products
   * module), the order (inserted at its final status: To Ship when paid from the wallet), its lines, its vendors' rows
   * and its history entries (one INSERT each), the invoice (invoices module: created paid with the wallet's debit and
   * ledger entry, or pending), the order's invoice id, and the events (invoice.issued, invoice.paid, order.placed) in
   * one INSERT to the outbox (decision 028). Nothing written here is read back.
   */
  private async place(
    m: EntityManager,
    user: User,
    dto: CreateOrderDto,
    lines: PricedLine[],
    total: number,
  ): Promise<{ orderId: number; invoiceId: number; events: OutboxWritten[] }> {
    await this.stock.takeStock(m, stockLines(lines));
    const now = new Date();
    const byWallet = dto.payment_method === 'wallet';
    const orderNo = orderNumbers.next(now);
    let orderId: number;
    try {
      [orderId] = await insertRows(m, Order, [
        {
          order_no: orderNo,
          user_id: user.id,
          status: byWallet ? ORDER_STATUS.TO_SHIP : ORDER_STATUS.TO_PAY,
          currency: 'NGN',
          subtotal_minor: total,
          shipping_minor: 0,
          total_minor: total,
          payment_method: dto.payment_method,
          full_name: dto.full_name,
          phone: dto.phone,
          street_address: dto.street_address,
          state: dto.state,
          city: dto.city,
          landmark: dto.landmark ?? null,
          postal_code: dto.postal_code ?? null,
          country: dto.country,
          notes: dto.notes ?? null,
          invoice_id: null,
          expires_at: byWallet ? null : new Date(now.getTime() + this.windowMinutes(dto.payment_method) * 60_000),
          paid_at: byWallet ? now : null,
          shipped_at: null,
          received_at: null,
          return_requested_at: null,
          return_reason: null,
          stock_released_at: null,
        },
      ]);
    } catch (error) {
      // The only unique index an order row has besides its id: the order number.
      if (isUniqueViolation(error)) throw new OrderNoTaken();
      throw error;
    }
    await insertRows(
      m,
      OrderItem,
      lines.map((line) => ({
        order_id: orderId,
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
      })),
    );
    const vendorIds = [...new Set(lines.map((l) => l.vendorId).filter((v): v is number => v !== null))];
    if (vendorIds.length) {
      // The order's status and created_at as the database wrote them (created_at is the database's clock), copied in
      // the same statement: one row per vendor.
      await m.query(
        `INSERT INTO order_vendors (order_id, vendor_id, status, created_at)
         SELECT o.id, v.vendor_id, o.status, o.created_at
           FROM orders o CROSS JOIN (${vendorIds.map(() => 'SELECT ? AS vendor_id').join(' UNION ALL ')}) v
          WHERE o.id = ?`,
        [...vendorIds, orderId],
      );
    }
    const placed = { actor: 'buyer' as const, user, note: null };
    await recordOrderChanges(m, orderId, [
      { from: null, to: ORDER_STATUS.TO_PAY, move: placed },
      ...(byWallet
        ? [{ from: ORDER_STATUS.TO_PAY, to: ORDER_STATUS.TO_SHIP, move: { ...placed, note: 'Paid from wallet' } }]
        : []),
    ]);
    const count = lines.reduce((sum, line) => sum + line.quantity, 0);
    // The invoices module writes it (paid from the wallet: one conditional debit of exactly its amount, decision 021).
    const { invoice, events } = await this.invoices.issueForOrderIn(
      m,
      {
        userId: user.id,
        type: 'order',
        subjectId: orderId,
        subjectLabel: `Order ${orderNo}`,
        amountMinor: total,
        currency: 'NGN',
        description: `Order ${orderNo}: ${count} item${count === 1 ? '' : 's'}`,
      },
      byWallet,
    );
    await m.update(Order, { id: orderId }, { invoice_id: invoice.id });
    const written = await this.outbox.enqueueAll(m, [
      ...events,
      outboxDraft(EVENTS.orderPlaced, { orderId, orderNo, userId: user.id, totalMinor: total, vendorIds }),
    ]);
    return { orderId, invoiceId: invoice.id, events: written };
  }

  /** How long an unpaid order of this method waits for its money (a bank transfer longer; decision 022). */
  private windowMinutes(method: CreateOrderDto['payment_method']): number {
    return method === 'bank_transfer'
      ? this.config.orders.transferWindowMinutes
      : this.config.orders.paymentWindowMinutes;
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
}

/** The stock a priced cart takes. */
function stockLines(lines: PricedLine[]): StockLine[] {
  return lines.map((line) => ({ productId: line.product.id, quantity: line.quantity }));
}
