import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, IsNull, LessThan, type EntityManager } from 'typeorm';
import {
  formatNaira,
  fromMinorUnits,
  MSG,
  PAYOUT_HELD,
  PAYOUT_MSG,
  PAYOUT_STATUSES,
  type Bank,
  type BulkApproveResult,
  type Payout as PayoutDto,
  type PayoutAccount as PayoutAccountDto,
  type PayoutStatus,
  type ResolvedAccount,
  type StatementEntry,
  type VendorBalance,
} from '@jara/contracts';
import type { BulkApprovePayoutsDto, ResolveAccountDto, VendorPayoutAccountDto, WithdrawDto } from '@jara/dto';
import {
  ConflictError,
  DomainError,
  InsufficientBalanceError,
  invalid,
  NotFoundError,
  UnavailableError,
  UpstreamError,
} from '../../common/errors';
import { EVENTS } from '../../common/events';
import { IdempotencyService } from '../../common/idempotency/idempotency.service';
import {
  forceIndex,
  integerFilter,
  paginate,
  parseListQuery,
  singleValue,
  type ListQuery,
  type ListResult,
  type ListSpec,
  type ParsedList,
} from '../../common/list/list-query';
import { readFlatRows } from '../../common/list/flat-rows';
import { OutboxService } from '../../common/outbox/outbox.service';
import { runExclusive } from '../../common/rate-limit/job-lock';
import { LoginThrottle } from '../../common/rate-limit/login-throttle.service';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { verifyPassword } from '../../common/security/password';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import { KycService } from '../kyc/kyc.service';
import { GatewayError } from '../payments/payment-gateway';
import { PaymentsService } from '../payments/payments.service';
import {
  TRANSFER_GATEWAY,
  TransferRefusedError,
  transferAnswer,
  type TransferAnswer,
  type TransferGateway,
} from '../payments/paystack-transfers';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { oneOf, WalletService } from '../wallet/wallet.service';
import { PayoutAccount } from './payout-account.entity';
import { Payout } from './payout.entity';
import { PAYOUT_COUNTS } from './payout-counts.subscriber';
import { csvLine, presentAccount, presentPayout, presentStatementEntry } from './payouts.presenter';

const BANKS_CACHE_KEY = 'paystack:banks:ng';
const BANKS_CACHE_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;
const CSV_BATCH = 500;

/** What a provider's answer moves a payout to, and from which statuses (a replay finds the status moved: no-op). */
const OUTCOMES: Record<'success' | 'failed' | 'reversed', { to: PayoutStatus; from: PayoutStatus[] }> = {
  success: { to: 'paid', from: ['approved', 'processing'] },
  failed: { to: 'failed', from: ['approved', 'processing'] },
  // Paystack may reverse a transfer after it reported success (the receiving bank sent it back).
  reversed: { to: 'reversed', from: ['approved', 'processing', 'paid'] },
};

const STATUS_FILTER = oneOf(
  'p.status',
  PAYOUT_STATUSES.map((s) => s.code),
  'status',
);

const LIST_SPEC: ListSpec = {
  sortable: { id: 'p.id', created_at: 'p.created_at', requested_at: 'p.created_at', amount_minor: 'p.amount_minor' },
  filterable: {
    status: STATUS_FILTER,
    vendor_id: integerFilter('p.vendor_id', { ops: ['eq'] }),
    id: integerFilter('p.id', { multi: true, ops: ['eq'] }),
  },
  searchable: ['p.reference', 'p.account_name', 'v.email'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 'p.id',
  defaultPerPage: 20,
  limitOffset: true,
  // Totals are kept 15 s per filter and dropped on every payout write (PayoutCountsSubscriber), not counted per page.
  countCache: { tag: PAYOUT_COUNTS, ttlMs: 15_000 },
  readRows: readFlatRows,
};

const WITHDRAWALS_SPEC: ListSpec = {
  sortable: { created_at: 'p.created_at', id: 'p.id' },
  filterable: { status: STATUS_FILTER },
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 'p.id',
  defaultPerPage: 20,
  limitOffset: true,
  countCache: { tag: PAYOUT_COUNTS, ttlMs: 15_000 },
  readRows: readFlatRows,
};

/** The index that serves a page of the back office's list (its one filter and its sort), when there is one. */
function listIndex(parsed: ParsedList): string | undefined {
  if (parsed.q || parsed.sort.length !== 1) return undefined;
  const sort = parsed.sort[0].expr;
  const filters = parsed.filters;
  if (sort !== 'p.amount_minor' && sort !== 'p.created_at') return undefined;
  const by = sort === 'p.amount_minor' ? 'amount' : 'created';
  if (!filters.length) return by === 'amount' ? 'idx_payouts_amount' : 'idx_payouts_created';
  if (filters.length !== 1 || filters[0].op !== 'eq' || filters[0].values.length !== 1) return undefined;
  if (filters[0].expr === 'p.status') return `idx_payouts_status_${by}`;
  if (filters[0].expr === 'p.vendor_id') return `idx_payouts_vendor_${by}`;
  return undefined;
}

/**
 * Vendor payouts (issue 24, docs/decisions/037-payout-policy.md): payout bank accounts (resolved at the bank, one
 * active, a change waits a delay and is e-mailed), withdrawals held in the ledger at request (two conditional
 * debits, so concurrent requests never exceed the balance), admin approval above a threshold, Paystack transfers
 * settled by signed webhooks or a re-query job, and the money returned (one credit) when a payout fails, is reversed
 * or rejected. Every change writes its event to the outbox for the vendor's notification.
 */
@Injectable()
export class PayoutsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Payouts');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TRANSFER_GATEWAY) private readonly gateway: TransferGateway | null,
    @Inject(RATE_LIMIT_STORE) private readonly shared: RateLimitStore,
    private readonly payments: PaymentsService,
    private readonly wallet: WalletService,
    private readonly kyc: KycService,
    private readonly users: UsersService,
    private readonly outbox: OutboxService,
    private readonly idempotency: IdempotencyService,
    private readonly throttle: LoginThrottle,
  ) {}

  onModuleInit(): void {
    for (const event of ['transfer.success', 'transfer.failed', 'transfer.reversed'])
      this.payments.registerWebhookHandler(event, async (data) => {
        await this.handleEvent(event, data);
        return true;
      });
    const seconds = this.config.payouts.requeryIntervalSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => {
      runExclusive(this.shared, 'requery-payouts', seconds * 1000, () => this.requery()).catch((error: Error) =>
        this.logger.error(`Re-querying payouts failed: ${error.message}`),
      );
    }, seconds * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private get transfers(): TransferGateway {
    if (!this.gateway) throw new UnavailableError(PAYOUT_MSG.off);
    return this.gateway;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Banks and accounts
  // ---------------------------------------------------------------------------------------------------------------

  /** Paystack's Nigerian banks, kept a day in the shared store (one call per day across instances). */
  async banks(): Promise<Bank[]> {
    const gateway = this.transfers;
    const cached = await this.shared.getValue(`${BANKS_CACHE_KEY}:${gateway.name}`).catch(() => null);
    if (cached) return JSON.parse(cached) as Bank[];
    const banks = await this.upstream(() => gateway.banks());
    banks.sort((a, b) => a.name.localeCompare(b.name));
    await this.shared
      .setValue(`${BANKS_CACHE_KEY}:${gateway.name}`, JSON.stringify(banks), BANKS_CACHE_MS)
      .catch(() => undefined);
    return banks;
  }

  /** The account's name at the bank, for the vendor to confirm (422 on account_number when the bank does not know it). */
  async resolve(dto: ResolveAccountDto): Promise<ResolvedAccount> {
    const bank = (await this.banks()).find((b) => b.code === dto.bank_code);
    if (!bank) throw invalid('bank_code', PAYOUT_MSG.bankUnknown);
    const name = await this.upstream(() => this.transfers.resolve(dto.account_number, dto.bank_code));
    if (!name) throw invalid('account_number', PAYOUT_MSG.accountUnresolved);
    return { bank_code: bank.code, bank_name: bank.name, account_number: dto.account_number, account_name: name };
  }

  async account(vendor: User): Promise<PayoutAccountDto | null> {
    const row = await this.activeAccount(vendor.id);
    return row ? presentAccount(row) : null;
  }

  /** The back office's vendor routes: an unknown user is a 404 (not an empty answer that looks like a vendor). */
  private async assertUser(userId: number): Promise<void> {
    if (!(await this.users.findById(userId))) throw new NotFoundError(MSG.users.notFound);
  }

  /** The back office: a vendor's accounts, the active one first, then the replaced ones newest first. */
  async accountsOf(vendorId: number): Promise<PayoutAccountDto[]> {
    await this.assertUser(vendorId);
    const rows = await this.db
      .getRepository(PayoutAccount)
      .find({ where: { vendor_id: vendorId }, order: { id: 'DESC' }, take: 100 });
    rows.sort((a, b) => Number(b.active_vendor_id !== null) - Number(a.active_vendor_id !== null));
    return rows.map(presentAccount);
  }

  /**
   * PUT /vendor-payouts/account: the password again (counted as a sign-in guess), the account resolved again at the
   * bank, its transfer recipient created once (reused when the vendor returns to an account of theirs), the previous
   * account kept as replaced. A change (not the first account) is payable only after PAYOUT_ACCOUNT_CHANGE_HOLD_HOURS
   * and is e-mailed. Saving the active account again changes nothing.
   */
  async saveAccount(vendor: User, dto: VendorPayoutAccountDto): Promise<PayoutAccountDto> {
    const user = await this.users.findById(vendor.id);
    await this.throttle.attempt('login', vendor.email);
    if (!user || !(await verifyPassword(dto.password, user.password_hash)))
      throw invalid('password', PAYOUT_MSG.passwordWrong);
    await this.throttle.succeeded('login', vendor.email);
    const resolved = await this.resolve(dto);
    const current = await this.activeAccount(vendor.id);
    if (current && current.bank_code === resolved.bank_code && current.account_number === resolved.account_number)
      return presentAccount(current);
    const earlier = await this.db.getRepository(PayoutAccount).findOne({
      where: { vendor_id: vendor.id, bank_code: resolved.bank_code, account_number: resolved.account_number },
      order: { id: 'DESC' },
    });
    const recipientCode =
      earlier?.recipient_code ??
      (await this.upstream(() =>
        this.transfers.createRecipient({
          name: resolved.account_name,
          accountNumber: resolved.account_number,
          bankCode: resolved.bank_code,
        }),
      ));
    const hasHistory = await this.db.getRepository(PayoutAccount).exists({ where: { vendor_id: vendor.id } });
    const now = new Date();
    const payableAfter = hasHistory
      ? new Date(now.getTime() + this.config.payouts.accountChangeHoldHours * HOUR_MS)
      : now;
    let saved: PayoutAccount;
    let events: number[] = [];
    try {
      saved = await inTransaction(this.db, async (m) => {
        await m
          .createQueryBuilder()
          .update(PayoutAccount)
          .set({ active_vendor_id: null, replaced_at: now })
          .where('active_vendor_id = :vendorId', { vendorId: vendor.id })
          .execute();
        const row = m.create(PayoutAccount, {
          vendor_id: vendor.id,
          active_vendor_id: vendor.id,
          ...resolved,
          recipient_code: recipientCode,
          payable_after: payableAfter,
          replaced_at: null,
        });
        await m.insert(PayoutAccount, row);
        events = [
          await this.outbox.enqueue(m, EVENTS.payoutAccountChanged, {
            accountId: row.id,
            vendorId: vendor.id,
            bankName: row.bank_name,
            accountNumber: row.account_number,
            changed: hasHistory,
            payableAfter: payableAfter.toISOString(),
          }),
        ];
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(PAYOUT_MSG.accountChangedTitle);
      throw error;
    }
    await this.outbox.deliver(events);
    return presentAccount(await this.db.getRepository(PayoutAccount).findOneByOrFail({ id: saved.id }));
  }

  private activeAccount(vendorId: number, m: EntityManager = this.db.manager): Promise<PayoutAccount | null> {
    return m.findOne(PayoutAccount, { where: { active_vendor_id: vendorId } });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Balance and statement
  // ---------------------------------------------------------------------------------------------------------------

  async balance(vendorId: number, now = new Date()): Promise<VendorBalance> {
    const { minMinor, feeMinor, autoApproveMaxMinor } = this.config.payouts;
    const [pending, balances, sums, account] = await Promise.all([
      this.wallet.pendingSales(vendorId),
      this.wallet.ledger.balances(vendorId),
      this.db
        .getRepository(Payout)
        .createQueryBuilder('p')
        .select('p.status', 'status')
        .addSelect('SUM(p.amount_minor)', 'amount')
        .addSelect('SUM(p.fee_minor)', 'fee')
        .where('p.vendor_id = :vendorId', { vendorId })
        .groupBy('p.status')
        .getRawMany<{ status: PayoutStatus; amount: unknown; fee: unknown }>(),
      this.activeAccount(vendorId),
    ]);
    const held = sums
      .filter((s) => PAYOUT_HELD.includes(s.status))
      .reduce((n, s) => n + Number(s.amount ?? 0) + Number(s.fee ?? 0), 0);
    const paid = sums.filter((s) => s.status === 'paid').reduce((n, s) => n + Number(s.amount ?? 0), 0);
    const available = balances.ngn_minor;
    let blocked = await this.blockedReason(vendorId, account, now);
    if (!blocked && available < minMinor + feeMinor)
      blocked = PAYOUT_MSG.blockedBalance(formatNaira(minMinor + feeMinor));
    return {
      pending_minor: pending,
      available_minor: available,
      held_minor: held,
      paid_out_minor: paid,
      pending: fromMinorUnits(pending),
      available: fromMinorUnits(available),
      held: fromMinorUnits(held),
      paid_out: fromMinorUnits(paid),
      min_withdrawal_minor: minMinor,
      fee_minor: feeMinor,
      auto_approve_max_minor: autoApproveMaxMinor,
      can_withdraw: !blocked,
      blocked_reason: blocked,
      account: account ? presentAccount(account) : null,
    };
  }

  /** The back office: a vendor's balance (404 for an unknown user). */
  async balanceOf(vendorId: number): Promise<VendorBalance> {
    await this.assertUser(vendorId);
    return this.balance(vendorId);
  }

  /** The back office: a vendor's statement (404 for an unknown user). */
  async statementOf(vendorId: number, query: ListQuery): Promise<ListResult<StatementEntry>> {
    await this.assertUser(vendorId);
    return this.statement(vendorId, query);
  }

  /** Why a payout may not be requested now (no account, KYC not approved, account changed recently), or null. */
  private async blockedReason(vendorId: number, account: PayoutAccount | null, now: Date): Promise<string | null> {
    if (!account) return PAYOUT_MSG.blockedNoAccount;
    if (!(await this.kyc.isApproved(vendorId))) return PAYOUT_MSG.blockedKyc;
    if (new Date(account.payable_after).getTime() > now.getTime())
      return PAYOUT_MSG.blockedAccountChanged(new Date(account.payable_after).toUTCString());
    return null;
  }

  /** GET statement: `cursor` (or `after`) continues after the last entry of the previous page; `limit` per page. */
  async statement(vendorId: number, query: ListQuery): Promise<ListResult<StatementEntry>> {
    const cursor = singleValue(query, 'cursor');
    const { cursor: _drop, ...rest } = query;
    void _drop;
    const page = await this.wallet.statement(vendorId, cursor ? { ...rest, after: cursor } : rest);
    const sales = await this.saleFigures(page.data.map((e) => e.reference));
    return page.map((e) => presentStatementEntry(e, sales.get(e.reference)));
  }

  /** The statement as CSV, newest first, read in batches (never the whole ledger in memory). */
  async *statementCsv(vendorId: number): AsyncGenerator<string> {
    yield csvLine(['date', 'kind', 'description', 'reference', 'direction', 'amount', 'status', 'gross', 'commission']);
    let before: number | null = null;
    for (;;) {
      const rows = await this.wallet.statementBatch(vendorId, before, CSV_BATCH);
      if (!rows.length) return;
      const sales = await this.saleFigures(rows.map((e) => e.reference));
      let chunk = '';
      for (const e of rows) {
        const s = presentStatementEntry(e, sales.get(e.reference));
        chunk += csvLine([
          s.created_at,
          s.kind,
          s.description,
          s.reference,
          s.direction,
          s.direction === 'debit' ? `-${s.amount}` : s.amount,
          s.status,
          s.gross_minor != null ? fromMinorUnits(s.gross_minor) : '',
          s.commission_minor != null ? fromMinorUnits(s.commission_minor) : '',
        ]);
      }
      yield chunk;
      before = rows[rows.length - 1].id;
      if (rows.length < CSV_BATCH) return;
    }
  }

  /** A sale's gross and commission, from its order line (sale-<itemId>, reverse-<itemId>): one read per page. */
  private async saleFigures(
    references: string[],
  ): Promise<Map<string, { gross_minor: number; commission_minor: number }>> {
    const ids = new Map<number, string[]>();
    for (const ref of references) {
      const match = /^(?:sale|reverse)-(\d+)$/.exec(ref);
      if (match) ids.set(Number(match[1]), [...(ids.get(Number(match[1])) ?? []), ref]);
    }
    const out = new Map<string, { gross_minor: number; commission_minor: number }>();
    if (!ids.size) return out;
    const rows: Array<{ id: unknown; line_total_minor: unknown; commission_minor: unknown }> = await this.db.query(
      `SELECT id, line_total_minor, commission_minor FROM order_items WHERE id IN (${[...ids.keys()].map(() => '?').join(', ')})`,
      [...ids.keys()],
    );
    for (const r of rows)
      for (const ref of ids.get(Number(r.id)) ?? [])
        out.set(ref, { gross_minor: Number(r.line_total_minor), commission_minor: Number(r.commission_minor) });
    return out;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Withdrawals
  // ---------------------------------------------------------------------------------------------------------------

  async withdrawals(vendorId: number, query: ListQuery): Promise<ListResult<PayoutDto>> {
    const qb = this.db.getRepository(Payout).createQueryBuilder('p').where('p.vendor_id = :vendorId', { vendorId });
    const parsed = parseListQuery(query, WITHDRAWALS_SPEC);
    if (!parsed.filters.length && parsed.sort[0]?.expr === 'p.created_at') forceIndex(qb, 'idx_payouts_vendor_created');
    return (await paginate(qb, query, WITHDRAWALS_SPEC)).map(presentPayout);
  }

  /**
   * POST /vendor-payouts/withdrawals: the gates (an active account past its change delay, KYC approved), the amount
   * (at least the minimum; amount + fee within the available balance), then in ONE transaction the payout row and
   * its two ledger debits (payout-<id>, payout-fee-<id>): the debits are conditional UPDATEs, so of 20 concurrent
   * requests against a balance for 3, exactly 3 pass. Up to the auto-approve threshold it is approved and sent at once;
   * above, it waits in the back office's queue. An Idempotency-Key replays the first answer.
   */
  async withdraw(vendor: User, dto: WithdrawDto, key?: string): Promise<PayoutDto> {
    void this.transfers;
    const { minMinor, feeMinor, autoApproveMaxMinor } = this.config.payouts;
    const account = await this.activeAccount(vendor.id);
    const blocked = await this.blockedReason(vendor.id, account, new Date());
    if (blocked || !account) throw invalid('blocked_reason', blocked ?? PAYOUT_MSG.blockedNoAccount);
    if (dto.amount < minMinor) throw invalid('amount', PAYOUT_MSG.amountMin(formatNaira(minMinor)));
    const tooMuch = async () => {
      const available = (await this.wallet.ledger.balances(vendor.id)).ngn_minor;
      return invalid('amount', PAYOUT_MSG.amountAboveAvailable(formatNaira(Math.max(0, available - feeMinor))));
    };
    const total = dto.amount + feeMinor;
    const status: PayoutStatus = dto.amount <= autoApproveMaxMinor ? 'approved' : 'awaiting_approval';
    let events: number[] = [];
    let id: number;
    try {
      const { result } = await this.idempotency.inTransaction(
        vendor.id,
        key,
        'POST /vendor-payouts/withdrawals',
        { amount: dto.amount },
        async (m) => {
          const now = new Date();
          const row = m.create(Payout, {
            vendor_id: vendor.id,
            account_id: account.id,
            amount_minor: dto.amount,
            fee_minor: feeMinor,
            status,
            reference: `payout-new-${randomBytes(12).toString('hex')}`,
            recipient_code: account.recipient_code,
            bank_name: account.bank_name,
            account_number: account.account_number,
            account_name: account.account_name,
            reason: null,
            approved_by: null,
            approved_at: status === 'approved' ? now : null,
            sent_at: null,
            completed_at: null,
          });
          await m.insert(Payout, row);
          const reference = `payout-${row.id}-${randomBytes(6).toString('hex')}`;
          await m.update(Payout, { id: row.id }, { reference });
          await this.wallet.ledger.post(m, {
            userId: vendor.id,
            amountMinor: dto.amount,
            currency: 'NGN',
            direction: 'debit',
            description: `Payout to ${account.bank_name} ${account.account_number.slice(-4)}`,
            reference: `payout-${row.id}`,
            kind: 'payout',
          });
          if (feeMinor > 0)
            await this.wallet.ledger.post(m, {
              userId: vendor.id,
              amountMinor: feeMinor,
              currency: 'NGN',
              direction: 'debit',
              description: `Payout fee (payout ${row.id})`,
              reference: `payout-fee-${row.id}`,
              kind: 'payout_fee',
            });
          events = [
            await this.outbox.enqueue(m, EVENTS.payoutChanged, {
              payoutId: row.id,
              vendorId: vendor.id,
              amountMinor: dto.amount,
              from: null,
              to: status,
              reason: null,
            }),
          ];
          return { id: row.id };
        },
        {
          before: (m) =>
            this.wallet.ledger.assertCovers(m, {
              userId: vendor.id,
              currency: 'NGN',
              direction: 'debit',
              amountMinor: total,
            }),
        },
      );
      id = result.id;
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw await tooMuch();
      throw error;
    }
    await this.outbox.deliver(events);
    if (status === 'approved' && events.length) await this.send(id);
    return this.get(id);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Back office
  // ---------------------------------------------------------------------------------------------------------------

  async list(query: ListQuery): Promise<ListResult<PayoutDto>> {
    const qb = this.withVendor();
    const index = listIndex(parseListQuery(query, LIST_SPEC));
    // MySQL/MariaDB would scan a small payouts table and sort it: the page walks the index of its filter and sort.
    if (index) forceIndex(qb, index);
    return (await paginate(qb, query, LIST_SPEC)).map(presentPayout);
  }

  async get(id: number): Promise<PayoutDto> {
    const row = await this.withVendor().where('p.id = :id', { id }).getOne();
    if (!row) throw new NotFoundError(PAYOUT_MSG.notFound);
    return presentPayout(row);
  }

  /** CSV of the payouts the filters (status, vendor_id) select, newest first; filters are checked before any byte. */
  exportCsv(query: ListQuery): AsyncGenerator<string> {
    const parsed = parseListQuery(
      Object.fromEntries(Object.entries(query).filter(([k]) => k === 'status' || k === 'vendor_id')),
      LIST_SPEC,
    );
    return this.csvRows(parsed.filters);
  }

  private async *csvRows(filters: ReturnType<typeof parseListQuery>['filters']): AsyncGenerator<string> {
    yield csvLine([
      'id',
      'requested_at',
      'vendor_id',
      'vendor_email',
      'amount',
      'fee',
      'status',
      'reference',
      'bank',
      'account_number',
      'account_name',
      'reason',
      'approved_at',
      'completed_at',
    ]);
    let before: number | null = null;
    for (;;) {
      const qb = this.withVendor();
      for (const f of filters) {
        if (f.expr === 'p.status' && f.op === 'eq') qb.andWhere('p.status IN (:...statuses)', { statuses: f.values });
        if (f.expr === 'p.status' && f.op === 'ne') qb.andWhere('p.status NOT IN (:...other)', { other: f.values });
        if (f.expr === 'p.vendor_id') qb.andWhere('p.vendor_id = :vendorId', { vendorId: f.values[0] });
      }
      if (before !== null) qb.andWhere('p.id < :before', { before });
      const rows = await qb.orderBy('p.id', 'DESC').take(CSV_BATCH).getMany();
      if (!rows.length) return;
      yield rows
        .map(presentPayout)
        .map((p) =>
          csvLine([
            p.id,
            p.requested_at,
            p.vendor_id,
            p.vendor?.email ?? '',
            p.amount,
            p.fee,
            p.status,
            p.reference,
            p.bank_name,
            p.account_number,
            p.account_name,
            p.reason ?? '',
            p.approved_at ?? '',
            p.completed_at ?? '',
          ]),
        )
        .join('');
      before = rows[rows.length - 1].id;
      if (rows.length < CSV_BATCH) return;
    }
  }

  /** Payouts with who asked (id, name and e-mail only: no secret column of users is read). */
  private withVendor() {
    return this.db
      .getRepository(Payout)
      .createQueryBuilder('p')
      .leftJoin('p.vendor', 'v')
      .addSelect(['v.id', 'v.name', 'v.email']);
  }

  /** Approve a payout awaiting approval (a conditional UPDATE: once), then send it. Refused otherwise (422 on status). */
  async approve(admin: User, id: number): Promise<PayoutDto> {
    const row = await this.db.getRepository(Payout).findOne({ where: { id } });
    if (!row) throw new NotFoundError(PAYOUT_MSG.notFound);
    const events = await inTransaction(this.db, async (m) => {
      const done = await m
        .createQueryBuilder()
        .update(Payout)
        .set({ status: 'approved', approved_by: admin.id, approved_at: new Date() })
        .where('id = :id AND status = :from', { id, from: 'awaiting_approval' })
        .execute();
      if (done.affected !== 1) throw invalid('status', PAYOUT_MSG.notAwaitingApproval);
      return [await this.changed(m, row, 'awaiting_approval', 'approved', null)];
    });
    await this.outbox.deliver(events);
    await this.send(id);
    return this.get(id);
  }

  /** Reject a payout awaiting approval with a reason: rejected, and amount + fee credited back in the same transaction. */
  async reject(admin: User, id: number, reason: string): Promise<PayoutDto> {
    const row = await this.db.getRepository(Payout).findOne({ where: { id } });
    if (!row) throw new NotFoundError(PAYOUT_MSG.notFound);
    const events = await inTransaction(this.db, async (m) => {
      const done = await m
        .createQueryBuilder()
        .update(Payout)
        .set({ status: 'rejected', reason, approved_by: admin.id, completed_at: new Date() })
        .where('id = :id AND status = :from', { id, from: 'awaiting_approval' })
        .execute();
      if (done.affected !== 1) throw invalid('status', PAYOUT_MSG.notAwaitingApproval);
      await this.returnMoney(m, row, `Payout ${row.id} rejected: ${reason}`);
      return [await this.changed(m, row, 'awaiting_approval', 'rejected', reason)];
    });
    await this.outbox.deliver(events);
    return this.get(id);
  }

  async bulkApprove(admin: User, dto: BulkApprovePayoutsDto): Promise<BulkApproveResult> {
    const result: BulkApproveResult = { approved: [], failed: [] };
    for (const id of [...new Set(dto.ids)]) {
      try {
        await this.approve(admin, id);
        result.approved.push(id);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        result.failed.push({ id, message: error.message });
      }
    }
    return result;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Sending and settling
  // ---------------------------------------------------------------------------------------------------------------

  /**
   * Sends an approved payout's transfer (our reference; Paystack deduplicates by it, so a retry is safe). Paystack's
   * answer moves it to processing, or settles it at once (success, failed). No answer: it stays approved for the job.
   * A definite refusal (a 4xx): failed, and the money returned.
   */
  async send(id: number): Promise<void> {
    const p = await this.db.getRepository(Payout).findOne({ where: { id } });
    if (!p || p.status !== 'approved' || !this.gateway) return;
    let answer: TransferAnswer;
    try {
      answer = await this.gateway.transfer({
        reference: p.reference,
        amountMinor: p.amount_minor,
        recipientCode: p.recipient_code,
        reason: `Jara payout ${p.id}`,
      });
    } catch (error) {
      if (error instanceof TransferRefusedError) {
        await this.settle({
          reference: p.reference,
          status: 'failed',
          amountMinor: p.amount_minor,
          recipientCode: p.recipient_code,
          reason: error.message,
        });
        return;
      }
      if (!(error instanceof GatewayError)) throw error;
      this.logger.warn(`Payout ${p.id} not sent (retried by the job): ${error.message}`);
      return;
    }
    const events = await inTransaction(this.db, async (m) => {
      const done = await m
        .createQueryBuilder()
        .update(Payout)
        .set({ status: 'processing', sent_at: new Date() })
        .where('id = :id AND status = :from', { id, from: 'approved' })
        .execute();
      return done.affected === 1 ? [await this.changed(m, p, 'approved', 'processing', null)] : [];
    });
    await this.outbox.deliver(events);
    if (answer.status !== 'pending' && answer.status !== 'not_found') await this.settle(answer);
  }

  /** Signed transfer.success / transfer.failed / transfer.reversed webhooks (PaymentsService hands them here). */
  async handleEvent(event: string, data: Record<string, unknown>): Promise<void> {
    const reference = typeof data.reference === 'string' ? data.reference : null;
    if (!reference || !/^payout-\d+-[0-9a-f]+$/.test(reference)) return;
    const answer = transferAnswer(reference, data);
    // The event names the outcome (its data.status says the same on Paystack).
    answer.status = event === 'transfer.success' ? 'success' : event === 'transfer.failed' ? 'failed' : 'reversed';
    await this.settle(answer, 'webhook');
  }

  /**
   * Applies a provider's final answer once: the amount and recipient must be ours (else it is kept as a payment
   * exception and nothing moves); the status UPDATE is conditional on the statuses the outcome may come from, so a
   * replay changes nothing; a failure or reversal credits amount + fee back (payout-return-<id>, unique).
   */
  async settle(answer: TransferAnswer, source: 'webhook' | 'verify' = 'verify'): Promise<boolean> {
    if (answer.status === 'pending' || answer.status === 'not_found') return false;
    const p = await this.db.getRepository(Payout).findOne({ where: { reference: answer.reference } });
    if (!p) {
      this.logger.warn(`A transfer answer for an unknown payout reference: ${answer.reference}`);
      return false;
    }
    if (answer.amountMinor !== p.amount_minor || answer.recipientCode !== p.recipient_code) {
      const note = `Paystack reported transfer ${answer.status} of ${answer.amountMinor ?? '?'} kobo to ${answer.recipientCode ?? '?'} for payout ${p.id} of ${p.amount_minor} kobo`;
      this.logger.warn(note);
      await this.payments.recordUnsettled({
        reference: p.reference,
        kind: 'mismatch',
        source,
        result: {
          reference: p.reference,
          status: answer.status === 'success' ? 'success' : 'failed',
          amountMinor: answer.amountMinor,
          currency: 'NGN',
        },
        expected: { amountMinor: p.amount_minor, currency: 'NGN' },
        note: `${note}: nothing moved; check the transfer on the Paystack dashboard and settle it by hand.`,
      });
      return false;
    }
    const outcome = OUTCOMES[answer.status];
    const events = await inTransaction(this.db, async (m) => {
      const current = await m.findOne(Payout, { where: { id: p.id } });
      if (!current || !outcome.from.includes(current.status)) return [];
      const done = await m
        .createQueryBuilder()
        .update(Payout)
        .set({ status: outcome.to, completed_at: new Date(), reason: answer.reason ?? current.reason })
        .where('id = :id AND status = :from', { id: p.id, from: current.status })
        .execute();
      if (done.affected !== 1) return [];
      if (outcome.to !== 'paid')
        await this.returnMoney(m, p, `Payout ${p.id} ${outcome.to}${answer.reason ? `: ${answer.reason}` : ''}`);
      return [await this.changed(m, p, current.status, outcome.to, answer.reason)];
    });
    await this.outbox.deliver(events);
    return events.length > 0;
  }

  /**
   * The job (every PAYOUT_REQUERY_INTERVAL_SECONDS, one instance per round) and the CLI's requery-payouts: transfers
   * processing longer than PAYOUT_REQUERY_AFTER_MINUTES are verified at Paystack and settled the same way; approved
   * payouts whose send had no answer are sent again (same reference). Answers how many changed.
   */
  async requery(now = new Date(), limit = 100): Promise<number> {
    if (!this.gateway) return 0;
    const before = new Date(now.getTime() - this.config.payouts.requeryAfterMinutes * 60_000);
    const repo = this.db.getRepository(Payout);
    const stuck = await repo.find({
      where: [
        { status: 'processing', sent_at: LessThan(before) },
        { status: 'processing', sent_at: IsNull() },
      ],
      order: { id: 'ASC' },
      take: limit,
    });
    let changed = 0;
    for (const p of stuck) {
      try {
        const answer = await this.gateway.verifyTransfer(p.reference);
        if (answer.status === 'not_found') {
          // Paystack never got it: send it again (same reference, so never twice).
          await inTransaction(this.db, (m) =>
            m
              .createQueryBuilder()
              .update(Payout)
              .set({ status: 'approved' })
              .where('id = :id AND status = :from', { id: p.id, from: 'processing' })
              .execute(),
          );
          await this.send(p.id);
          changed++;
        } else if (await this.settle(answer)) changed++;
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        this.logger.warn(`Payout ${p.id} not re-queried: ${error.message}`);
      }
    }
    const unsent = await repo.find({
      where: { status: 'approved', approved_at: LessThan(new Date(now.getTime() - 60_000)) },
      order: { id: 'ASC' },
      take: limit,
    });
    for (const p of unsent) {
      await this.send(p.id);
      const after = await repo.findOne({ where: { id: p.id } });
      if (after && after.status !== 'approved') changed++;
    }
    return changed;
  }

  /** How many payouts the job would look at now (the CLI's --dry-run). */
  async countDue(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.config.payouts.requeryAfterMinutes * 60_000);
    return this.db.getRepository(Payout).count({
      where: [
        { status: 'processing', sent_at: LessThan(before) },
        { status: 'approved', approved_at: LessThan(new Date(now.getTime() - 60_000)) },
      ],
    });
  }

  private async returnMoney(m: EntityManager, p: Payout, description: string): Promise<void> {
    await this.wallet.ledger.post(m, {
      userId: p.vendor_id,
      amountMinor: p.amount_minor + p.fee_minor,
      currency: 'NGN',
      direction: 'credit',
      description,
      reference: `payout-return-${p.id}`,
      kind: 'payout_return',
    });
  }

  private changed(m: EntityManager, p: Payout, from: PayoutStatus, to: PayoutStatus, reason: string | null) {
    return this.outbox.enqueue(m, EVENTS.payoutChanged, {
      payoutId: p.id,
      vendorId: p.vendor_id,
      amountMinor: p.amount_minor,
      from,
      to,
      reason,
    });
  }

  private async upstream<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof GatewayError || error instanceof TransferRefusedError) {
        this.logger.warn(`Paystack: ${error.message}`);
        throw new UpstreamError(PAYOUT_MSG.providerDown);
      }
      throw error;
    }
  }
}
