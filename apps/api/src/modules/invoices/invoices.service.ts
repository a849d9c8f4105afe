import { ConflictException, Injectable, Logger, NotFoundException, OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import {
  invoiceCallbackPath,
  MONEY_MAX_MINOR,
  MSG,
  WALLET_CURRENCIES,
  type Invoice as InvoiceDto,
  type InvoiceType,
  type PaymentStart,
} from '@jara/contracts';
import { EVENTS, type InvoiceIssuedEvent, type InvoicePaidEvent, emitSafely } from '../../common/events';
import { fieldError } from '../../common/http/validation';
import {
  integerFilter,
  paginate,
  singleValue,
  type ListQuery,
  type ListResult,
  type ListSpec,
} from '../../common/list/list-query';
import { applyDateRange } from '../../common/list/date-range';
import { inTransaction } from '../../database/transaction';
import type { GatewayVerification } from '../payments/payment-gateway';
import { REFERENCE_PATTERN } from '../payments/payment-gateway';
import { PaymentsService, type PaymentSettler, type SettlementSource } from '../payments/payments.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { assertAmountWithin } from '../wallet/dto/amount';
import { IdempotencyService } from '../../common/idempotency/idempotency.service';
import { InsufficientBalanceError } from '../wallet/wallet-ledger';
import { insufficientBalance, oneOf, WalletService } from '../wallet/wallet.service';
import type { ManualInvoiceDto, PayInvoiceDto } from './dto/invoice.dto';
import { INVOICE_TYPE_VALUES, insertInvoice, type IssueInvoiceInput } from './invoice-issuer';
import { InvoicePayment } from './invoice-payment.entity';
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
    private readonly events: EventEmitter2,
  ) {}

  onModuleInit(): void {
    this.payments.registerSettler(INVOICE_PAYMENT_PREFIX, this);
  }

  /**
   * Raises an invoice for a user (other modules call this): idempotent per (type, subject) for orders and deliveries,
   * which answer the existing invoice. invoice.issued is emitted once, for a new invoice.
   */
  async issue(input: IssueInvoiceInput): Promise<InvoiceDto> {
    const { invoice, created } = await insertInvoice(this.db, input);
    const row = await this.one(invoice.id);
    if (created) await this.emit(EVENTS.invoiceIssued, this.event(row));
    return presentInvoice(row);
  }

  /**
   * For invoices raised or paid inside another module's transaction (an order's): emits invoice.issued and, when it
   * is paid, invoice.paid, after that transaction committed.
   */
  async announce(invoiceId: number, paidWith?: InvoicePaidEvent['method']): Promise<void> {
    const row = await this.one(invoiceId);
    await this.emit(EVENTS.invoiceIssued, this.event(row));
    if (paidWith && row.status === 'paid') await this.emit(EVENTS.invoicePaid, { ...this.event(row), method: paidWith } satisfies InvoicePaidEvent);
  }

  /** invoice.paid for an invoice another module marked paid inside its own transaction (a confirmed bank transfer). */
  async announcePaid(invoiceId: number, method: InvoicePaidEvent['method']): Promise<void> {
    const row = await this.one(invoiceId);
    if (row.status === 'paid') await this.emit(EVENTS.invoicePaid, { ...this.event(row), method } satisfies InvoicePaidEvent);
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
      throw new NotFoundException(MSG.money.invoiceNotFound);
    return presentInvoice(row);
  }

  /** POST /invoices (admin): a manual invoice for an existing user (404 otherwise). */
  async createManual(admin: User, dto: ManualInvoiceDto): Promise<InvoiceDto> {
    const user = await this.users.findById(dto.user_id);
    if (!user || user.deleted_at) throw new NotFoundException(MSG.users.notFound);
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

  /** POST /invoices/{id}/cancel (admin): pending -> cancelled; a paid or cancelled invoice is a 409. */
  async cancel(id: number): Promise<InvoiceDto> {
    const changed = await inTransaction(this.db, async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(Invoice)
        .set({ status: 'cancelled', cancelled_at: new Date() })
        .where('id = :id AND status = :pending', { id, pending: 'pending' })
        .execute();
      return result.affected === 1;
    });
    const row = await this.base().where('i.id = :id', { id }).getOne();
    if (!row) throw new NotFoundException(MSG.money.invoiceNotFound);
    if (!changed)
      throw new ConflictException(
        row.status === 'paid' ? MSG.money.invoiceAlreadyPaid : MSG.money.invoiceAlreadyCancelled,
      );
    return presentInvoice(row);
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
      return (await this.idempotency.around(user.id, key, scope, () => this.startCardPayment(user, id))).result;
    }
    let paidNow: Invoice | null = null;
    /** The invoice is the caller's and can be paid (404 / 409 otherwise). */
    const payable = async (m: EntityManager): Promise<Invoice> => {
      const invoice = await m.findOne(Invoice, { where: { id } });
      if (!invoice || invoice.user_id !== user.id) throw new NotFoundException(MSG.money.invoiceNotFound);
      assertPayable(invoice);
      return invoice;
    };
    try {
      const { result } = await this.idempotency.inTransaction(
        user.id,
        key,
        scope,
        async (m) => {
          paidNow = null;
          const invoice = await payable(m);
          const updated = await m
            .createQueryBuilder()
            .update(Invoice)
            .set({ status: 'paid', payment_method: 'wallet', paid_at: new Date() })
            .where('id = :id AND status = :pending', { id, pending: 'pending' })
            .execute();
          if (updated.affected !== 1) {
            assertPayable(await m.findOneOrFail(Invoice, { where: { id } }));
            throw new ConflictException(MSG.money.invoiceAlreadyPaid);
          }
          // The conditional debit: a short balance throws and the whole transaction (the status too) rolls back.
          await this.wallet.ledger.post(m, {
            userId: user.id,
            amountMinor: invoice.amount_minor,
            currency: invoice.currency,
            direction: 'debit',
            description: `Invoice ${invoice.reference}: ${invoice.description}`,
            reference: `pay-${invoice.reference}`,
            kind: 'invoice_payment',
            invoiceId: invoice.id,
          });
          const paid = await this.one(id, m);
          paidNow = paid;
          return presentInvoice(paid);
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
      if (paidNow)
        await this.emit(EVENTS.invoicePaid, { ...this.event(paidNow), method: 'wallet' } satisfies InvoicePaidEvent);
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
    if (!invoice || invoice.user_id !== user.id) throw new NotFoundException(MSG.money.invoiceNotFound);
    const payment = await this.db.getRepository(InvoicePayment).findOne({ where: { reference, invoice_id: id } });
    if (!payment) throw new NotFoundException(MSG.money.paymentNotFound);
    if (payment.status === 'pending') await this.payments.verifyAndSettle(reference, 'verify');
    return presentInvoice(await this.one(id));
  }

  /**
   * Settles a card payment (PaymentSettler). Success with the payment's exact amount and currency marks the payment
   * completed and the invoice paid, once. If the invoice was meanwhile paid from the wallet or cancelled, the money
   * goes to the user's wallet (a refund entry) instead of being lost. A different amount never settles.
   */
  async settle(result: GatewayVerification, source: SettlementSource): Promise<boolean> {
    const payment = await this.db.getRepository(InvoicePayment).findOne({ where: { reference: result.reference } });
    if (!payment) return false;
    if (payment.status !== 'pending') return true;
    if (result.status === 'failed' || result.status === 'not_found') {
      await this.failPayment(payment.reference);
      return true;
    }
    if (result.status !== 'success') return true;
    if (result.amountMinor !== payment.amount_minor || result.currency !== payment.currency) {
      this.logger.warn(
        `Invoice payment ${payment.reference} not settled (${source}): the gateway reports ${result.amountMinor ?? '?'} ${result.currency ?? '?'}, the payment is ${payment.amount_minor} ${payment.currency}`,
      );
      if (source !== 'webhook') await this.failPayment(payment.reference);
      return true;
    }
    let paid: Invoice | null = null;
    await inTransaction(this.db, async (m) => {
      paid = null;
      const done = await m
        .createQueryBuilder()
        .update(InvoicePayment)
        .set({ status: 'completed', settled_at: new Date() })
        .where('reference = :reference AND status = :pending', { reference: payment.reference, pending: 'pending' })
        .execute();
      if (done.affected !== 1) return;
      const updated = await m
        .createQueryBuilder()
        .update(Invoice)
        .set({ status: 'paid', payment_method: 'paystack', paid_at: new Date() })
        .where('id = :id AND status = :pending', { id: payment.invoice_id, pending: 'pending' })
        .execute();
      if (updated.affected === 1) {
        paid = await this.one(payment.invoice_id, m);
        return;
      }
      const invoice = await m.findOneOrFail(Invoice, { where: { id: payment.invoice_id } });
      await this.wallet.ledger.post(m, {
        userId: invoice.user_id,
        amountMinor: payment.amount_minor,
        currency: payment.currency,
        direction: 'credit',
        description: `Refund: card payment of invoice ${invoice.reference}, which was already ${invoice.status}`,
        reference: `refund-${payment.reference}`,
        kind: 'refund',
        invoiceId: invoice.id,
      });
    });
    if (paid)
      await this.emit(EVENTS.invoicePaid, { ...this.event(paid), method: 'paystack' } satisfies InvoicePaidEvent);
    return true;
  }

  private async startCardPayment(user: User, id: number): Promise<PaymentStart> {
    const invoice = await this.db.getRepository(Invoice).findOne({ where: { id } });
    if (!invoice || invoice.user_id !== user.id) throw new NotFoundException(MSG.money.invoiceNotFound);
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
    try {
      const { authorizationUrl } = await this.payments.start({
        reference,
        email: user.email,
        amountMinor: invoice.amount_minor,
        currency: invoice.currency,
        callbackUrl: this.payments.callbackUrl(invoiceCallbackPath(invoice.id, reference)),
        metadata: { purpose: 'invoice', invoice_id: invoice.id, user_id: user.id },
      });
      await inTransaction(this.db, (m) =>
        m.update(InvoicePayment, { reference }, { authorization_url: authorizationUrl }),
      );
      return { authorization_url: authorizationUrl, reference };
    } catch (error) {
      await this.failPayment(reference);
      throw error;
    }
  }

  private failPayment(reference: string): Promise<unknown> {
    return inTransaction(this.db, (m) =>
      m
        .createQueryBuilder()
        .update(InvoicePayment)
        .set({ status: 'failed', settled_at: new Date() })
        .where('reference = :reference AND status = :pending', { reference, pending: 'pending' })
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

  private async emit(event: string, payload: object): Promise<void> {
    await emitSafely(this.events, this.logger, event, payload);
  }
}

function assertPayable(invoice: Invoice): void {
  if (invoice.status === 'paid') throw new ConflictException(MSG.money.invoiceAlreadyPaid);
  if (invoice.status === 'cancelled') throw new ConflictException(MSG.money.invoiceCancelled);
}
