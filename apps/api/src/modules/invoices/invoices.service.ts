import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import {
  GUEST_FEE_MSG,
  INVOICE_PAYMENT_LABELS,
  INVOICE_SELLER,
  invoiceCallbackPath,
  MONEY_MAX_MINOR,
  MSG,
  orderAddressText,
  SHIPPING_TYPES,
  type InvoiceDetails,
  WALLET_CURRENCIES,
  type Invoice as InvoiceDto,
  type InvoiceType,
  type PaymentStart,
} from '@jara/contracts';
import { ConflictError, NotFoundError, UpstreamError } from '../../common/errors';
import { EVENTS, type InvoiceIssuedEvent, type InvoicePaidEvent } from '../../common/events';
import { OutboxService, outboxDraft, type OutboxDraft } from '../../common/outbox/outbox.service';
import { fieldError } from '../../common/http/validation';
import {
  integerFilter,
  paginate,
  singleValue,
  type ListQuery,
  type ListResult,
  type ListSpec,
} from '../../common/list/list-query';
import { readFlatRows } from '../../common/list/flat-rows';
import { applyDateRange } from '../../common/list/date-range';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import type { GatewayVerification } from '../payments/payment-gateway';
import { REFERENCE_PATTERN } from '../payments/payment-gateway';
import { PaymentsService, type PaymentSettler, type SettlementSource } from '../payments/payments.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { assertAmountWithin } from '../wallet/amount-limits';
import { IdempotencyService } from '../../common/idempotency/idempotency.service';
import { InsufficientBalanceError } from '../wallet/wallet-ledger';
import { insufficientBalance, oneOf, WalletService } from '../wallet/wallet.service';
import type { ManualInvoiceDto, PayInvoiceDto } from '@jara/dto';
import { INVOICE_TYPE_VALUES, insertInvoiceRow, writeInvoiceRow, type IssueInvoiceInput } from './invoice-issuer';
import { InvoicePayment, type InvoicePaymentStatus } from './invoice-payment.entity';
import { INVOICE_COUNTS } from './invoice-counts.subscriber';
import { Invoice } from './invoice.entity';
import { presentInvoice } from './invoice.presenter';

export type { IssueInvoiceInput } from './invoice-issuer';

/** Card payments of invoices: references start with this (the payments module routes their webhooks here). */
export const INVOICE_PAYMENT_PREFIX = 'ipay-';

const INVOICE_SPEC: ListSpec = {
  sortable: { created_at: 'i.created_at', id: 'i.id', amount: 'i.amount_minor', amount_minor: 'i.amount_minor' },
  filterable: {
    status: oneOf('i.status', ['pending', 'paid', 'cancelled'], 'status'),
    type: oneOf('i.type', INVOICE_TYPE_VALUES, 'type'),
    currency: oneOf('i.currency', WALLET_CURRENCIES, 'currency'),
    id: integerFilter('i.id', { multi: true }),
    user_id: integerFilter('i.user_id'),
    reference: { expr: 'i.reference', ops: ['eq', 'like'] },
    email: { expr: 'u.email', ops: ['like'] },
  },
  // The back office filters by the customer's e-mail with a plain email=...: a contains-match, like email_like.
  aliases: { email: 'email_like' },
  searchable: ['i.reference', 'i.description'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 'i.id',
  defaultPerPage: 10,
  limitOffset: true,
  // Totals are kept 15 s per filter and dropped on every invoice write (InvoiceCountsSubscriber), not counted per page.
  countCache: { tag: INVOICE_COUNTS, ttlMs: 15_000 },
  readRows: readFlatRows,
};

/**
 * Invoices: raised by other modules through issue() (orders, deliveries) or by an admin (manual), paid from the
 * wallet (the debit and the status change in one transaction, both conditional) or by card (settled on verify or
 * Paystack's webhook). Emits invoice.issued and invoice.paid after the commit.
 */
@Injectable()
export class InvoicesService implements OnModuleInit, PaymentSettler {
  private readonly logger = new Logger('Invoices');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly wallet: WalletService,
    private readonly payments: PaymentsService,
    private readonly idempotency: IdempotencyService,
    private readonly users: UsersService,
    private readonly outbox: OutboxService,
  ) {}

  onModuleInit(): void {
    this.payments.registerSettler(INVOICE_PAYMENT_PREFIX, this);
  }

  /**
   * Raises an invoice for a user (other modules call this): idempotent per (type, subject) for orders and deliveries,
   * which answer the existing invoice. invoice.issued is emitted once, for a new invoice.
   */
  async issue(input: IssueInvoiceInput): Promise<InvoiceDto> {
    const existing =
      input.type === 'manual' || !input.subjectId
        ? null
        : await this.db.getRepository(Invoice).findOne({ where: { type: input.type, subject_id: input.subjectId } });
    if (existing) return presentInvoice(await this.one(existing.id));
    let events: number[] = [];
    let id: number;
    try {
      id = await inTransaction(
        this.db,
        async (m) => {
          const row = await this.issueIn(m, input);
          events = await this.announceIn(m, row.id);
          return row.id;
        },
        {
          // SQLite: an invoice another call raised for the subject while this one waited is answered without a rollback.
          before: async (m) => {
            if (
              input.type !== 'manual' &&
              input.subjectId &&
              (await m.exists(Invoice, { where: { type: input.type, subject_id: input.subjectId } }))
            )
              throw new AlreadyIssued();
          },
        },
      );
    } catch (error) {
      // A concurrent call raised the subject's invoice first (the unique index decided): answer that one.
      const raced =
        (isUniqueViolation(error) || error instanceof AlreadyIssued) && input.subjectId
          ? await this.db.getRepository(Invoice).findOne({ where: { type: input.type, subject_id: input.subjectId } })
          : null;
      if (!raced) throw error;
      return presentInvoice(await this.one(raced.id));
    }
    await this.outbox.deliver(events);
    return presentInvoice(await this.one(id));
  }

  /**
   * Inside the caller's transaction: writes invoice.issued (and invoice.paid when the invoice is already paid and
   * `paidWith` says how) to the outbox. Answers the events' ids: deliver them after the commit (OutboxService.deliver).
   */
  async announceIn(m: EntityManager, invoiceId: number, paidWith?: InvoicePaidEvent['method']): Promise<number[]> {
    const row = await this.one(invoiceId, m);
    const ids = [await this.outbox.enqueue(m, EVENTS.invoiceIssued, this.event(row))];
    if (paidWith && row.status === 'paid')
      ids.push(await this.outbox.enqueue(m, EVENTS.invoicePaid, { ...this.event(row), method: paidWith }));
    return ids;
  }

  /** Inside the caller's transaction: invoice.paid for an invoice it marked paid (a confirmed bank transfer). */
  async announcePaidIn(m: EntityManager, invoiceId: number, method: InvoicePaidEvent['method']): Promise<number[]> {
    const row = await this.one(invoiceId, m);
    if (row.status !== 'paid') return [];
    return [await this.outbox.enqueue(m, EVENTS.invoicePaid, { ...this.event(row), method })];
  }

  /** The invoice of an order or a delivery, if one was raised. */
  async forSubject(type: Exclude<InvoiceType, 'manual'>, subjectId: number): Promise<InvoiceDto | null> {
    const row = await this.base().where('i.type = :type AND i.subject_id = :subjectId', { type, subjectId }).getOne();
    return row ? presentInvoice(row) : null;
  }

  /** Admin: every invoice; status, type, currency, user_id, email (contains), created_at_gte/lte, q; newest first. */
  async list(query: ListQuery): Promise<ListResult<InvoiceDto>> {
    const qb = this.base();
    const rest = applyDateRange(qb, query, 'i.created_at');
    return (await paginate(qb, rest, INVOICE_SPEC)).map(presentInvoice);
  }

  /** The signed-in user's invoices (ownership from the token), newest first. */
  async listOwn(userId: number, query: ListQuery): Promise<ListResult<InvoiceDto>> {
    const qb = this.base().where('i.user_id = :ownerId', { ownerId: userId });
    const rest = applyDateRange(qb, query, 'i.created_at');
    delete rest.user_id;
    return (await paginate(qb, rest, INVOICE_SPEC)).map(presentInvoice);
  }

  /** One invoice: its owner or an admin; anyone else gets a 404. */
  async get(viewer: User, id: number): Promise<InvoiceDto> {
    const row = await this.base().where('i.id = :id', { id }).getOne();
    if (!row || (viewer.role !== 'admin' && row.user_id !== viewer.id))
      throw new NotFoundError(MSG.money.invoiceNotFound);
    return { ...presentInvoice(row), details: await this.details(row) };
  }

  /**
   * What a printed invoice shows (issue 22): Jara as the seller, the buyer, the delivery address, the lines (an
   * order's items and shipping, a parcel's cargo fee, a manual charge) and how it was paid, as recorded.
   */
  private async details(row: Invoice): Promise<InvoiceDetails> {
    const buyer = { name: row.user?.name ?? '', email: row.user?.email ?? '' };
    const single = (description: string) => [
      { description, quantity: 1, unit_minor: row.amount_minor, total_minor: row.amount_minor },
    ];
    let lines: InvoiceDetails['lines'] = single(row.description);
    let address: string | null = null;
    if (row.type === 'order' && row.subject_id !== null) {
      const order: Record<string, unknown> | undefined = await this.db
        .createQueryBuilder()
        .select('o.full_name', 'full_name')
        .addSelect('o.street_address', 'street_address')
        .addSelect('o.landmark', 'landmark')
        .addSelect('o.city', 'city')
        .addSelect('o.state', 'state')
        .addSelect('o.postal_code', 'postal_code')
        .addSelect('o.phone', 'phone')
        .addSelect('o.country', 'country')
        .addSelect('o.shipping_minor', 'shipping_minor')
        .from('orders', 'o')
        .where('o.id = :id', { id: row.subject_id })
        .getRawOne();
      const items: Array<Record<string, unknown>> = await this.db
        .createQueryBuilder()
        .select('oi.product_name', 'product_name')
        .addSelect('oi.quantity', 'quantity')
        .addSelect('oi.unit_price_minor', 'unit_price_minor')
        .addSelect('oi.line_total_minor', 'line_total_minor')
        .from('order_items', 'oi')
        .where('oi.order_id = :id', { id: row.subject_id })
        .orderBy('oi.id', 'ASC')
        .getRawMany();
      const field = (r: Record<string, unknown> | undefined, name: string) => r?.[name];
      if (items.length) {
        lines = items.map((item) => ({
          description: String(field(item, 'product_name') ?? ''),
          quantity: Number(field(item, 'quantity')),
          unit_minor: Number(field(item, 'unit_price_minor')),
          total_minor: Number(field(item, 'line_total_minor')),
        }));
        const shipping = Number(field(order, 'shipping_minor') ?? 0);
        if (shipping > 0)
          lines.push({
            description: MSG.invoices.shippingLine,
            quantity: 1,
            unit_minor: shipping,
            total_minor: shipping,
          });
      }
      // The same lines as the order's address block in both apps (orderAddressLines), on one line.
      if (order) {
        const text = (name: string) => {
          const value = field(order, name);
          return value === null || value === undefined ? null : String(value);
        };
        address = orderAddressText({
          full_name: text('full_name'),
          street_address: text('street_address'),
          landmark: text('landmark'),
          city: text('city'),
          state: text('state'),
          postal_code: text('postal_code'),
          country: text('country'),
          phone: text('phone'),
        });
      }
    } else if (row.type === 'delivery' && row.subject_id !== null) {
      const parcel: Record<string, unknown> | undefined = await this.db
        .createQueryBuilder()
        .select('d.tracking_no', 'tracking_no')
        .addSelect('d.shipping_type', 'shipping_type')
        .addSelect('d.weight_hundredths', 'weight_hundredths')
        .addSelect('d.size_hundredths', 'size_hundredths')
        .addSelect('l.name', 'pickup')
        .from('deliveries', 'd')
        .leftJoin('shipping_titles', 's', 's.id = d.shipping_id')
        .leftJoin('locations', 'l', 'l.id = s.location_id')
        .where('d.id = :id', { id: row.subject_id })
        .getRawOne();
      if (parcel) {
        const type = SHIPPING_TYPES.find((t) => t.value === parcel.shipping_type)?.label;
        const weight = parcel.weight_hundredths === null ? null : Number(parcel.weight_hundredths) / 100;
        const size = parcel.size_hundredths === null ? null : Number(parcel.size_hundredths) / 100;
        const measure = [weight ? `${weight.toFixed(2)} kg` : null, size ? `${size.toFixed(2)} cm³` : null].filter(
          Boolean,
        );
        lines = single(
          MSG.invoices.cargoFeeLine(String(parcel.tracking_no), [type, ...measure].filter(Boolean).join(', ')),
        );
        address = parcel.pickup ? MSG.invoices.pickupAt(String(parcel.pickup)) : null;
      }
    }
    return {
      seller: { ...INVOICE_SELLER },
      buyer,
      delivery_address: address,
      lines,
      payment_label: row.status === 'paid' ? await this.paymentLabel(row) : null,
    };
  }

  /** How a paid invoice was paid, as recorded: the card payment's gateway tells Paystack from the test checkout. */
  private async paymentLabel(row: Invoice): Promise<string | null> {
    if (row.payment_method === 'wallet') return INVOICE_PAYMENT_LABELS.wallet;
    if (row.payment_method === 'transfer') return INVOICE_PAYMENT_LABELS.transfer;
    if (row.payment_method === 'paystack') {
      const payment = await this.db
        .getRepository(InvoicePayment)
        .findOne({ where: { invoice_id: row.id, status: 'completed' }, select: ['id', 'gateway'] });
      return payment?.gateway === 'test' ? INVOICE_PAYMENT_LABELS.test : INVOICE_PAYMENT_LABELS.paystack;
    }
    return null;
  }

  /** POST /invoices (admin): a manual invoice for an existing user (404 otherwise). */
  async createManual(admin: User, dto: ManualInvoiceDto): Promise<InvoiceDto> {
    const user = await this.users.findById(dto.user_id);
    if (!user || user.deleted_at) throw new NotFoundError(MSG.users.notFound);
    assertAmountWithin(dto.amount, dto.currency, { max: MONEY_MAX_MINOR[dto.currency] });
    return this.issue({
      userId: user.id,
      type: 'manual',
      amountMinor: dto.amount,
      currency: dto.currency,
      description: dto.description,
      createdBy: admin.id,
    });
  }

  /**
   * POST /invoices/{id}/cancel (admin): pending -> cancelled, for a manual invoice. The invoice of an order or a delivery
   * is its subject's: it is cancelled with the order (or the delivery), never on its own (409 with what to do), so an
   * order can never sit at To Pay behind a cancelled invoice. A paid or cancelled invoice is a 409.
   */
  async cancel(id: number): Promise<InvoiceDto> {
    const found = await this.db.getRepository(Invoice).findOne({ where: { id }, select: ['id', 'type'] });
    if (!found) throw new NotFoundError(MSG.money.invoiceNotFound);
    if (found.type === 'order') throw new ConflictError(MSG.money.invoiceOfOrder);
    if (found.type === 'delivery') throw new ConflictError(MSG.money.invoiceOfDelivery);
    const outcome = await inTransaction(this.db, (m) => this.cancelIn(m, id));
    const row = await this.one(id);
    if (outcome === 'already') throw new ConflictError(MSG.money.invoiceAlreadyCancelled);
    return presentInvoice(row);
  }

  // ------------------------------------------------------------------------------------------------ the owner API
  // Other modules (orders, deliveries) change invoices only through these, inside their own transaction (`m`). None
  // emits: the caller announces after its commit (announce / announcePaid).

  /** A new pending invoice inside the caller's transaction (one per (type, subject): the unique index refuses another). */
  issueIn(m: EntityManager, input: IssueInvoiceInput): Promise<Invoice> {
    return insertInvoiceRow(m, input);
  }

  /**
   * An order's invoice inside the order's transaction, written once: pending, or (`payFromWallet`) created paid with
   * the payer's conditional wallet debit and its ledger entry (a short balance throws InsufficientBalanceError and the
   * caller's transaction rolls back). Nothing is read back. Answers the row (its id filled in, not its timestamps) and
   * the drafts of its events, invoice.issued (and invoice.paid, method wallet), for the caller to write to the outbox
   * with its own in one INSERT and to deliver after its commit.
   */
  async issueForOrderIn(
    m: EntityManager,
    input: IssueInvoiceInput & { userId: number },
    payFromWallet: boolean,
  ): Promise<{ invoice: Invoice; events: OutboxDraft[] }> {
    const invoice = await writeInvoiceRow(m, input, payFromWallet ? { method: 'wallet', at: new Date() } : null);
    const events: OutboxDraft[] = [outboxDraft(EVENTS.invoiceIssued, this.event(invoice))];
    if (payFromWallet) {
      await this.wallet.ledger.postIn(m, {
        userId: input.userId,
        amountMinor: invoice.amount_minor,
        currency: invoice.currency,
        direction: 'debit',
        description: `Invoice ${invoice.reference}: ${invoice.description}`,
        reference: `pay-${invoice.reference}`,
        kind: 'invoice_payment',
        invoiceId: invoice.id,
      });
      events.push(outboxDraft(EVENTS.invoicePaid, { ...this.event(invoice), method: 'wallet' }));
    }
    return { invoice, events };
  }

  /**
   * A pending (or cancelled) invoice takes a new amount and is pending again. Every pending card payment of it is
   * superseded first: a checkout started at the old amount can never pay the new one (its success is refunded to the
   * wallet). A paid invoice is a ConflictError. Answers whether anything changed.
   */
  async amendIn(
    m: EntityManager,
    invoiceId: number,
    change: { amountMinor: number; description?: string },
  ): Promise<boolean> {
    const invoice = await this.mustFind(m, invoiceId);
    if (!Number.isSafeInteger(change.amountMinor) || change.amountMinor <= 0)
      throw new RangeError('An invoice amount must be a positive integer of minor units');
    if (invoice.status === 'paid') throw new ConflictError(MSG.money.invoiceAlreadyPaid);
    const description = change.description?.trim().slice(0, 255) ?? invoice.description;
    if (
      invoice.status === 'pending' &&
      invoice.amount_minor === change.amountMinor &&
      invoice.description === description
    )
      return false;
    const done = await m
      .createQueryBuilder()
      .update(Invoice)
      .set({ amount_minor: change.amountMinor, description, status: 'pending', cancelled_at: null })
      .where('id = :id AND status = :status AND amount_minor = :amount', {
        id: invoiceId,
        status: invoice.status,
        amount: invoice.amount_minor,
      })
      .execute();
    if (done.affected !== 1) throw new ConflictError(MSG.money.invoiceChanged);
    if (invoice.amount_minor !== change.amountMinor || invoice.status !== 'pending')
      await this.supersedePayments(m, invoiceId, 'The invoice was re-priced');
    return true;
  }

  /** pending -> cancelled inside the caller's transaction (its pending card payments superseded); paid: ConflictError. */
  async cancelIn(m: EntityManager, invoiceId: number): Promise<'cancelled' | 'already'> {
    const done = await m
      .createQueryBuilder()
      .update(Invoice)
      .set({ status: 'cancelled', cancelled_at: new Date() })
      .where('id = :id AND status = :pending', { id: invoiceId, pending: 'pending' })
      .execute();
    if (done.affected === 1) {
      await this.supersedePayments(m, invoiceId, 'The invoice was cancelled');
      return 'cancelled';
    }
    const now = await this.mustFind(m, invoiceId, true);
    if (now.status === 'paid') throw new ConflictError(MSG.money.invoiceAlreadyPaid);
    return 'already';
  }

  /**
   * Pays a pending invoice from its payer's wallet: one conditional UPDATE on the status AND the amount and currency
   * read, then the ledger debit of exactly what that UPDATE matched. A concurrent re-pricing either commits first (the
   * UPDATE matches nothing: ConflictError, nothing debited) or waits for this one (and then finds it paid).
   */
  async payFromWalletIn(m: EntityManager, invoiceId: number, payerId: number): Promise<Invoice> {
    const invoice = await this.mustFind(m, invoiceId);
    if (invoice.user_id !== payerId) throw new NotFoundError(MSG.money.invoiceNotFound);
    assertPayable(invoice);
    const updated = await m
      .createQueryBuilder()
      .update(Invoice)
      .set({ status: 'paid', payment_method: 'wallet', paid_at: new Date() })
      .where('id = :id AND status = :pending AND amount_minor = :amount AND currency = :currency', {
        id: invoiceId,
        pending: 'pending',
        amount: invoice.amount_minor,
        currency: invoice.currency,
      })
      .execute();
    if (updated.affected !== 1) {
      const now = await this.mustFind(m, invoiceId, true);
      assertPayable(now);
      throw new ConflictError(MSG.money.invoiceChanged);
    }
    // The conditional debit: a short balance throws and the whole transaction (the status too) rolls back.
    await this.wallet.ledger.post(m, {
      userId: payerId,
      amountMinor: invoice.amount_minor,
      currency: invoice.currency,
      direction: 'debit',
      description: `Invoice ${invoice.reference}: ${invoice.description}`,
      reference: `pay-${invoice.reference}`,
      kind: 'invoice_payment',
      invoiceId: invoice.id,
    });
    return Object.assign(invoice, { status: 'paid', payment_method: 'wallet' });
  }

  /** pending -> paid by a bank transfer an admin confirmed; anything else is a ConflictError. */
  async markPaidByTransferIn(m: EntityManager, invoiceId: number): Promise<Invoice> {
    const done = await m
      .createQueryBuilder()
      .update(Invoice)
      .set({ status: 'paid', payment_method: 'transfer', paid_at: new Date() })
      .where('id = :id AND status = :pending', { id: invoiceId, pending: 'pending' })
      .execute();
    const now = await this.mustFind(m, invoiceId, true);
    if (done.affected !== 1) assertPayable(now);
    await this.supersedePayments(m, invoiceId, 'Paid by bank transfer');
    return now;
  }

  /**
   * A paid invoice's money goes back to its payer's wallet through the ledger (kind refund, this invoice's id) and the
   * invoice is marked refunded, once: a second call answers 'already'. An unpaid invoice is a ConflictError.
   */
  async refundPaidIn(
    m: EntityManager,
    invoiceId: number,
    reason: string,
    reference?: string,
  ): Promise<'refunded' | 'already'> {
    const done = await m
      .createQueryBuilder()
      .update(Invoice)
      .set({ refunded_at: new Date(), refunded_minor: () => 'amount_minor' })
      .where('id = :id AND status = :paid AND refunded_at IS NULL AND refunded_minor = 0', {
        id: invoiceId,
        paid: 'paid',
      })
      .execute();
    const invoice = await this.mustFind(m, invoiceId, true);
    if (done.affected !== 1) {
      if (invoice.status === 'paid' && invoice.refunded_at) return 'already';
      throw new ConflictError(MSG.money.invoiceNotPaid);
    }
    // A guest's fee has no wallet to go back to (decision 032): refused, the transaction rolls back.
    if (invoice.user_id === null) throw new ConflictError(GUEST_FEE_MSG.refundByHand);
    await this.wallet.ledger.post(m, {
      userId: invoice.user_id,
      amountMinor: invoice.amount_minor,
      currency: invoice.currency,
      direction: 'credit',
      description: `Refund: invoice ${invoice.reference}${reason ? ` (${reason})` : ''}`,
      reference: reference ?? `refund-inv-${invoice.id}`,
      kind: 'refund',
      invoiceId: invoice.id,
    });
    return 'refunded';
  }

  /** Whether the invoice is paid, read inside the caller's transaction. */
  async isPaidIn(m: EntityManager, invoiceId: number): Promise<boolean> {
    const row = await m.findOne(Invoice, { where: { id: invoiceId }, select: ['id', 'status'] });
    return row?.status === 'paid';
  }

  /** Pending card payments of an invoice that can no longer pay it: a later success is refunded, never settled. */
  private async supersedePayments(m: EntityManager, invoiceId: number, note: string): Promise<void> {
    await m
      .createQueryBuilder()
      .update(InvoicePayment)
      .set({ status: 'superseded', note })
      .where('invoice_id = :invoiceId AND status IN (:...open)', { invoiceId, open: ['pending', 'failed'] })
      .execute();
  }

  /**
   * The invoice inside the caller's transaction. `current`: as committed now, after a conditional UPDATE of this
   * transaction matched nothing. On MySQL/MariaDB a plain read would answer the transaction's snapshot (REPEATABLE
   * READ: the invoice as it was when the transaction first read), so it is a locking read there; SQLite runs one
   * transaction at a time and always reads the current row.
   */
  private async mustFind(m: EntityManager, invoiceId: number, current = false): Promise<Invoice> {
    const qb = m.getRepository(Invoice).createQueryBuilder('i').where('i.id = :invoiceId', { invoiceId });
    const type = m.connection.options.type;
    if (current && (type === 'mysql' || type === 'mariadb')) qb.setLock('pessimistic_read');
    const invoice = await qb.getOne();
    if (!invoice) throw new NotFoundError(MSG.money.invoiceNotFound);
    return invoice;
  }

  /**
   * POST /invoices/{id}/pay (owner only). wallet: the invoice (WHERE status = 'pending') and the wallet
   * (WHERE balance >= amount) change in one transaction with the debit's ledger entry; 422 when the balance is short,
   * 409 when paid or cancelled. paystack: a gateway transaction whose callback is the storefront's invoice page.
   * With an Idempotency-Key a replay, even a concurrent one, answers the first result and pays once.
   */
  async pay(user: User, id: number, dto: PayInvoiceDto, key?: string): Promise<InvoiceDto | PaymentStart> {
    const scope = `POST /invoices/${id}/pay ${dto.method}`;
    if (dto.method === 'paystack') {
      this.payments.assertEnabled();
      return (await this.idempotency.around(user.id, key, scope, dto, () => this.startCardPayment(user, id))).result;
    }
    let events: number[] = [];
    /** The invoice is the caller's and can be paid (404 / 409 otherwise). */
    const payable = async (m: EntityManager): Promise<Invoice> => {
      const invoice = await m.findOne(Invoice, { where: { id } });
      if (!invoice || invoice.user_id !== user.id) throw new NotFoundError(MSG.money.invoiceNotFound);
      assertPayable(invoice);
      return invoice;
    };
    try {
      const { result } = await this.idempotency.inTransaction(
        user.id,
        key,
        scope,
        dto,
        async (m) => {
          await this.payFromWalletIn(m, id, user.id);
          events = await this.announcePaidIn(m, id, 'wallet');
          return presentInvoice(await this.one(id, m));
        },
        {
          // SQLite: the same checks in this request's turn, before BEGIN, so a refusal never rolls anything back.
          before: async (m) => {
            const invoice = await payable(m);
            await this.wallet.ledger.assertCovers(m, {
              userId: user.id,
              currency: invoice.currency,
              direction: 'debit',
              amountMinor: invoice.amount_minor,
            });
          },
        },
      );
      await this.outbox.deliver(events);
      return result;
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw insufficientBalance();
      throw error;
    }
  }

  /** GET /invoices/{id}/verify?reference= (owner): asks the gateway about a card payment of this invoice and settles it once. */
  async verify(user: User, id: number, query: ListQuery): Promise<InvoiceDto> {
    const reference = singleValue(query, 'reference')?.trim();
    if (!reference) throw fieldError('reference', MSG.money.referenceRequired);
    if (!REFERENCE_PATTERN.test(reference)) throw fieldError('reference', MSG.money.referenceInvalid);
    const invoice = await this.db.getRepository(Invoice).findOne({ where: { id } });
    if (!invoice || invoice.user_id !== user.id) throw new NotFoundError(MSG.money.invoiceNotFound);
    const payment = await this.db.getRepository(InvoicePayment).findOne({ where: { reference, invoice_id: id } });
    if (!payment) throw new NotFoundError(MSG.money.paymentNotFound);
    // Also a failed, superseded or mismatched payment: a success since then still settles it (or goes to the wallet).
    if (!SETTLED_PAYMENTS.includes(payment.status)) await this.payments.verifyAndSettle(reference, 'verify');
    const now = await this.db.getRepository(InvoicePayment).findOneOrFail({ where: { reference } });
    return { ...presentInvoice(await this.one(id)), payment: { reference, status: now.status } };
  }

  /**
   * Settles a card payment (PaymentSettler), once. A success settles the invoice only for the exact amount and currency
   * the invoice asks for NOW, and only if the payment was not superseded (the invoice re-priced or cancelled since it
   * started); otherwise the money the gateway took goes to the payer's wallet (a refund entry) and the invoice stays as
   * it is. A success for another amount or currency than the payment asked for settles nothing: the payment is marked
   * mismatch and kept for an admin (a later genuine success still settles it). A failure marks a pending payment
   * failed (a later success still settles it); not_found, abandoned and pending change nothing.
   */
  async settle(result: GatewayVerification, source: SettlementSource): Promise<boolean> {
    const repo = this.db.getRepository(InvoicePayment);
    const payment = await repo.findOne({ where: { reference: result.reference } });
    if (!payment) return false;
    if (SETTLED_PAYMENTS.includes(payment.status)) return true;
    if (result.status === 'failed') {
      await this.markPayment(payment.reference, ['pending'], { status: 'failed', settled_at: new Date() });
      return true;
    }
    if (result.status !== 'success') return true;
    if (result.amountMinor !== payment.amount_minor || result.currency !== payment.currency) {
      const note = `The gateway reported ${result.amountMinor ?? '?'} ${result.currency ?? '?'} for a payment of ${payment.amount_minor} ${payment.currency}`;
      this.logger.warn(`Invoice payment ${payment.reference} not settled (${source}): ${note}`);
      await this.markPayment(payment.reference, ['pending', 'failed', 'superseded'], {
        status: 'mismatch',
        gateway_amount_minor: result.amountMinor,
        gateway_currency: result.currency?.slice(0, 3) ?? null,
        note: note.slice(0, 255),
      });
      await this.payments.recordUnsettled({
        reference: payment.reference,
        kind: 'mismatch',
        source,
        result,
        expected: { amountMinor: payment.amount_minor, currency: payment.currency },
        note: `${note}: compare with the Paystack dashboard, then refund the customer or settle the invoice by hand.`,
      });
      return true;
    }
    let events: number[] = [];
    let guestRefund: string | null = null;
    await inTransaction(this.db, async (m) => {
      events = [];
      guestRefund = null;
      for (let attempt = 0; attempt < 3; attempt++) {
        // A locking read on MySQL/MariaDB: after a claim that matched nothing, the row as committed now, not the snapshot.
        const read = m
          .getRepository(InvoicePayment)
          .createQueryBuilder('p')
          .where('p.reference = :reference', { reference: payment.reference });
        if (m.connection.options.type === 'mysql' || m.connection.options.type === 'mariadb')
          read.setLock('pessimistic_read');
        const now = await read.getOne();
        if (!now || SETTLED_PAYMENTS.includes(now.status)) return;
        // Claim the payment at the status it has now; a concurrent settle or supersede makes this match nothing.
        const claimed = await m
          .createQueryBuilder()
          .update(InvoicePayment)
          .set({ status: 'completed', settled_at: new Date() })
          .where('reference = :reference AND status = :seen', { reference: now.reference, seen: now.status })
          .execute();
        if (claimed.affected !== 1) continue;
        if (now.status !== 'superseded') {
          const updated = await m
            .createQueryBuilder()
            .update(Invoice)
            .set({ status: 'paid', payment_method: 'paystack', paid_at: new Date() })
            .where('id = :id AND status = :pending AND amount_minor = :amount AND currency = :currency', {
              id: now.invoice_id,
              pending: 'pending',
              amount: now.amount_minor,
              currency: now.currency,
            })
            .execute();
          if (updated.affected === 1) {
            await this.supersedePayments(m, now.invoice_id, 'Paid by another card payment');
            events = await this.announcePaidIn(m, now.invoice_id, 'paystack');
            return;
          }
        }
        // The invoice cannot take this money (paid meanwhile, cancelled, or re-priced): it goes to the payer's wallet.
        const invoice = await this.mustFind(m, now.invoice_id, true);
        const why =
          now.status === 'superseded' || (invoice.status === 'pending' && invoice.amount_minor !== now.amount_minor)
            ? 're-priced or cancelled after this payment started'
            : `already ${invoice.status}`;
        if (invoice.user_id === null) {
          // A guest's card payment has no wallet to go to (decision 032): kept for an admin to refund on Paystack.
          guestRefund = `A guest's card payment of invoice ${invoice.reference}, which was ${why}: refund it on the Paystack dashboard`;
          await m.update(
            InvoicePayment,
            { reference: now.reference },
            {
              status: 'mismatch',
              gateway_amount_minor: now.amount_minor,
              gateway_currency: now.currency,
              note: guestRefund.slice(0, 255),
            },
          );
          return;
        }
        await this.wallet.ledger.post(m, {
          userId: invoice.user_id,
          amountMinor: now.amount_minor,
          currency: now.currency,
          direction: 'credit',
          description: `Refund: card payment of invoice ${invoice.reference}, which was ${why}`,
          reference: `refund-${now.reference}`,
          kind: 'refund',
          invoiceId: invoice.id,
        });
        await m.update(
          InvoicePayment,
          { reference: now.reference },
          { status: 'refunded', note: `Credited to the wallet: invoice ${why}`.slice(0, 255) },
        );
        return;
      }
    });
    await this.outbox.deliver(events);
    if (guestRefund) {
      await this.payments.recordUnsettled({
        reference: payment.reference,
        kind: 'mismatch',
        source,
        result,
        expected: { amountMinor: payment.amount_minor, currency: payment.currency },
        note: guestRefund,
      });
      return true;
    }
    // The money arrived as asked in the end (paid, or in the wallet): an earlier mismatch of this reference is closed.
    await this.payments.settledAfterMismatch(payment.reference);
    return true;
  }

  // ------------------------------------------------------------------------------------- a guest's fee (decision 032)

  /**
   * A card payment of a guest's fee invoice (user_id null; the caller checked the guest's pay link). One pending
   * payment at a time: a second start (a double click, a replay, two at once) while one of the same amount is
   * pending and recent answers that one (its checkout), so the guest never holds two live checkouts of one fee.
   */
  async startGuestCardPayment(
    invoiceId: number,
    email: string,
    callbackPath: (reference: string) => string,
  ): Promise<PaymentStart> {
    this.payments.assertEnabled();
    const fresh = this.payments.newReference(INVOICE_PAYMENT_PREFIX);
    const since = new Date(Date.now() - GUEST_CHECKOUT_REUSE_MS);
    const { reference, created, invoice } = await inTransaction(this.db, async (m) => {
      // MariaDB: the invoice row locked, so two starts at once take turns (SQLite runs one transaction at a time).
      const read = m.getRepository(Invoice).createQueryBuilder('i').where('i.id = :invoiceId', { invoiceId });
      if (m.connection.options.type === 'mysql' || m.connection.options.type === 'mariadb')
        read.setLock('pessimistic_write');
      const row = await read.getOne();
      if (!row || row.user_id !== null) throw new NotFoundError(MSG.money.invoiceNotFound);
      assertPayable(row);
      const open = await m
        .getRepository(InvoicePayment)
        .createQueryBuilder('p')
        .where('p.invoice_id = :id AND p.status = :pending AND p.amount_minor = :amount AND p.currency = :currency', {
          id: row.id,
          pending: 'pending',
          amount: row.amount_minor,
          currency: row.currency,
        })
        .andWhere('p.created_at > :since', { since })
        .orderBy('p.id', 'DESC')
        .getOne();
      if (open) return { reference: open.reference, created: false, invoice: row };
      await m.insert(InvoicePayment, {
        reference: fresh,
        invoice_id: row.id,
        amount_minor: row.amount_minor,
        currency: row.currency,
        status: 'pending',
        gateway: this.payments.gatewayName,
        authorization_url: null,
        settled_at: null,
      });
      return { reference: fresh, created: true, invoice: row };
    });
    const repo = this.db.getRepository(InvoicePayment);
    if (!created) {
      // The first start may still be asking the gateway for its checkout: wait a little for it.
      for (let attempt = 0; attempt < 100; attempt++) {
        const row = await repo.findOne({ where: { reference } });
        if (row?.authorization_url) return { authorization_url: row.authorization_url, reference };
        if (!row || row.status !== 'pending') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new UpstreamError(MSG.money.paymentStartFailed);
    }
    return this.openCheckout(invoice, reference, email, callbackPath(reference), {
      purpose: 'guest_fee',
      invoice_id: invoice.id,
    });
  }

  /** Back from the gateway: asks it about a card payment of a guest's fee invoice and settles it once. */
  async verifyGuestPayment(invoiceId: number, reference: string): Promise<InvoicePaymentStatus> {
    if (!REFERENCE_PATTERN.test(reference)) throw fieldError('reference', MSG.money.referenceInvalid);
    const repo = this.db.getRepository(InvoicePayment);
    const payment = await repo.findOne({ where: { reference, invoice_id: invoiceId } });
    if (!payment) throw new NotFoundError(MSG.money.paymentNotFound);
    if (!SETTLED_PAYMENTS.includes(payment.status)) await this.payments.verifyAndSettle(reference, 'verify');
    return (await repo.findOneOrFail({ where: { reference } })).status;
  }

  private async startCardPayment(user: User, id: number): Promise<PaymentStart> {
    const invoice = await this.db.getRepository(Invoice).findOne({ where: { id } });
    if (!invoice || invoice.user_id !== user.id) throw new NotFoundError(MSG.money.invoiceNotFound);
    assertPayable(invoice);
    const reference = this.payments.newReference(INVOICE_PAYMENT_PREFIX);
    await inTransaction(this.db, (m) =>
      m.insert(InvoicePayment, {
        reference,
        invoice_id: invoice.id,
        amount_minor: invoice.amount_minor,
        currency: invoice.currency,
        status: 'pending',
        gateway: this.payments.gatewayName,
        authorization_url: null,
        settled_at: null,
      }),
    );
    return this.openCheckout(invoice, reference, user.email, invoiceCallbackPath(invoice.id, reference), {
      purpose: 'invoice',
      invoice_id: invoice.id,
      user_id: user.id,
    });
  }

  /**
   * Asks the gateway for the checkout of a pending payment of the invoice (its amount and currency) and keeps its
   * address; a failed start marks the payment failed, so it is never settled.
   */
  private async openCheckout(
    invoice: Invoice,
    reference: string,
    email: string,
    callbackPath: string,
    metadata: Record<string, string | number>,
  ): Promise<PaymentStart> {
    try {
      const { authorizationUrl } = await this.payments.start({
        reference,
        email,
        amountMinor: invoice.amount_minor,
        currency: invoice.currency,
        callbackUrl: this.payments.callbackUrl(callbackPath),
        metadata,
      });
      await inTransaction(this.db, (m) =>
        m.update(InvoicePayment, { reference }, { authorization_url: authorizationUrl }),
      );
      return { authorization_url: authorizationUrl, reference };
    } catch (error) {
      await this.markPayment(reference, ['pending'], { status: 'failed', settled_at: new Date() });
      throw error;
    }
  }

  /** Moves a payment from one of `from` to the values of `set`, in its own transaction (conditional, so once). */
  private markPayment(
    reference: string,
    from: InvoicePaymentStatus[],
    set: Partial<Pick<InvoicePayment, 'status' | 'settled_at' | 'gateway_amount_minor' | 'gateway_currency' | 'note'>>,
  ): Promise<unknown> {
    return inTransaction(this.db, (m) =>
      m
        .createQueryBuilder()
        .update(InvoicePayment)
        .set(set)
        .where('reference = :reference AND status IN (:...from)', { reference, from })
        .execute(),
    );
  }

  /** Invoices with their user's id, name and e-mail (a to-one join: one statement per page). */
  private base(m: EntityManager = this.db.manager): SelectQueryBuilder<Invoice> {
    return m
      .getRepository(Invoice)
      .createQueryBuilder('i')
      .leftJoin('i.user', 'u')
      .addSelect(['u.id', 'u.name', 'u.email']);
  }

  private one(id: number, m: EntityManager = this.db.manager): Promise<Invoice> {
    return this.base(m).where('i.id = :id', { id }).getOneOrFail();
  }

  private event(i: Invoice): InvoiceIssuedEvent {
    return {
      invoiceId: i.id,
      reference: i.reference,
      userId: i.user_id,
      type: i.type,
      subjectId: i.subject_id,
      amountMinor: i.amount_minor,
      currency: i.currency,
      description: i.description,
    };
  }
}

/** The subject's invoice was raised by a concurrent call while this one waited for its turn (SQLite). */
class AlreadyIssued extends Error {}

/** A guest's second start within this time answers the pending checkout of the first (decision 032). */
const GUEST_CHECKOUT_REUSE_MS = 30 * 60_000;

/** A payment in one of these states is final: nothing settles it again. */
const SETTLED_PAYMENTS: readonly InvoicePaymentStatus[] = ['completed', 'refunded'];

function assertPayable(invoice: Invoice): void {
  if (invoice.status === 'paid') throw new ConflictError(MSG.money.invoiceAlreadyPaid);
  if (invoice.status === 'cancelled') throw new ConflictError(MSG.money.invoiceCancelled);
}
