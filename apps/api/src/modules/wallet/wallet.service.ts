import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  fundingCallbackPath,
  MSG,
  WALLET_CURRENCIES,
  WALLET_FUNDING_LIMITS,
  MONEY_MAX_MINOR,
  type FundingResult,
  type PaymentStart,
  type WalletAccount,
  type WalletBalance,
  type WalletHistoryEntry,
} from '@jara/contracts';
import { EVENTS } from '../../common/events';
import { OutboxService } from '../../common/outbox/outbox.service';
import { readFlatRows } from '../../common/list/flat-rows';
import { fieldError } from '../../common/http/validation';
import { InsufficientBalanceError as DomainInsufficientBalance, NotFoundError } from '../../common/errors';
import {
  applyParsedList,
  countList,
  forceIndex,
  integerFilter,
  ListResult,
  paginate,
  parseListQuery,
  singleValue,
  type FilterDef,
  type ListQuery,
  type ListSpec,
} from '../../common/list/list-query';
import type { GatewayVerification } from '../payments/payment-gateway';
import { REFERENCE_PATTERN } from '../payments/payment-gateway';
import { PaymentsService, type PaymentSettler, type SettlementSource } from '../payments/payments.service';
import { User } from '../users/user.entity';
import { USER_COUNTS } from '../users/user-counts.subscriber';
import { UsersService } from '../users/users.service';
import { assertAmountWithin } from './amount-limits';
import type { FundWalletDto, WalletAdjustmentDto } from '@jara/dto';
import { IdempotencyService } from '../../common/idempotency/idempotency.service';
import { LEDGER_COUNTS } from './ledger-counts.subscriber';
import { LedgerEntry } from './ledger-entry.entity';
import { Wallet } from './wallet.entity';
import { InsufficientBalanceError, WalletLedger, type Balances } from './wallet-ledger';
import { presentAccount, presentBalance, presentEntry } from './wallet.presenter';

/** Wallet fundings' references start with this (the payments module routes their webhooks here). */
export const FUNDING_PREFIX = 'fund-';

export function oneOf(expr: string, values: readonly string[], field: string): FilterDef {
  return {
    expr,
    ops: ['eq', 'ne'],
    parse: (raw) => (values.includes(raw) ? raw : undefined),
    message: `${field} must be one of: ${values.join(', ')}.`,
  };
}

const HISTORY_SPEC: ListSpec = {
  sortable: { created_at: 'l.created_at', id: 'l.id' },
  filterable: {
    status: oneOf('l.status', ['completed', 'pending', 'failed'], 'status'),
    direction: oneOf('l.direction', ['credit', 'debit'], 'direction'),
    currency: oneOf('l.currency', WALLET_CURRENCIES, 'currency'),
    reference: { expr: 'l.reference', ops: ['eq'] },
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 'l.id',
  defaultPerPage: 20,
  limitOffset: true,
  // Every history is one user's (user_id = ?), newest first: continuing after a cursor seeks on this index.
  keysetIndex: (parsed) =>
    parsed.sort.length === 1 && parsed.sort[0].expr === 'l.created_at' ? 'idx_ledger_user_created' : undefined,
  // Totals are kept 15 s per user and filter and dropped on every ledger write (LedgerCountsSubscriber).
  countCache: { tag: LEDGER_COUNTS, ttlMs: 15_000 },
  readRows: readFlatRows,
};

/** The kinds of a vendor's statement (issue 24): sales, their reversals, payouts, their fees and returns, adjustments. */
export const STATEMENT_KINDS = [
  'sale',
  'sale_reversal',
  'payout',
  'payout_fee',
  'payout_return',
  'adjustment',
] as const;

const STATEMENT_SPEC: ListSpec = {
  sortable: { created_at: 'l.created_at', id: 'l.id' },
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 'l.id',
  defaultPerPage: 20,
  limitOffset: true,
  keysetIndex: (parsed) =>
    parsed.sort.length === 1 && parsed.sort[0].expr === 'l.created_at' ? 'idx_ledger_user_created' : undefined,
  // A vendor's total is kept 15 s and dropped on every ledger write (LedgerCountsSubscriber), not counted per page.
  countCache: { tag: LEDGER_COUNTS, ttlMs: 15_000 },
  readRows: readFlatRows,
};

const ACCOUNTS_SPEC: ListSpec = {
  sortable: {
    created_at: 'u.created_at',
    id: 'u.id',
    name: { expr: 'u.name', text: true },
    email: { expr: 'u.email', text: true },
    // Balances (issue 22): the largest first by default; a user without a wallet yet (NULL) sorts as zero, last.
    // Served by idx_wallets_ngn_user / idx_wallets_usd_user (migration 1764030000000).
    ngn_minor: 'w.ngn_minor',
    usd_minor: 'w.usd_minor',
  },
  filterable: { id: integerFilter('u.id', { multi: true }), role: 'u.role', name: 'u.name', email: 'u.email' },
  searchable: ['u.name', 'u.email'],
  defaultSort: { field: 'ngn_minor', order: 'DESC' },
  tiebreaker: 'u.id',
  limitOffset: true,
  // The total counts users only: kept 15 s per filter, dropped on every user write (UserCountsSubscriber).
  countCache: { tag: USER_COUNTS, ttlMs: 15_000 },
};

/** 422 'Insufficient wallet balance.' in the API's error shape. */
export function insufficientBalance(): DomainInsufficientBalance {
  return new DomainInsufficientBalance();
}

@Injectable()
export class WalletService implements OnModuleInit, PaymentSettler {
  private readonly logger = new Logger('Wallet');
  readonly ledger: WalletLedger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly payments: PaymentsService,
    private readonly users: UsersService,
    private readonly idempotency: IdempotencyService,
    private readonly outbox: OutboxService,
  ) {
    this.ledger = new WalletLedger(db);
  }

  onModuleInit(): void {
    this.payments.registerSettler(FUNDING_PREFIX, this);
  }

  async balance(userId: number): Promise<WalletBalance> {
    return presentBalance(await this.ledger.balances(userId));
  }

  /** A vendor's sale credits still held until their return window ends (idx_ledger_user_kind_status). */
  async pendingSales(userId: number): Promise<number> {
    const row = await this.db
      .getRepository(LedgerEntry)
      .createQueryBuilder('l')
      .select('SUM(l.amount_minor)', 'total')
      .where("l.user_id = :userId AND l.kind = 'sale' AND l.status = 'pending' AND l.currency = 'NGN'", { userId })
      .getRawOne<{ total: string | number | null }>();
    return Number(row?.total ?? 0);
  }

  /** A user's ledger, newest first (keyset cursor: meta.next_cursor). */
  async histories(userId: number, query: ListQuery): Promise<ListResult<WalletHistoryEntry>> {
    const qb = this.db.getRepository(LedgerEntry).createQueryBuilder('l').where('l.user_id = :userId', { userId });
    return (await paginate(qb, query, HISTORY_SPEC)).map(presentEntry);
  }

  /** A vendor's statement entries (naira), newest first, keyset-paged (`after=`, meta.next_cursor). */
  statement(userId: number, query: ListQuery): Promise<ListResult<LedgerEntry>> {
    return paginate(this.statementQuery(userId), query, STATEMENT_SPEC);
  }

  /** A batch of the statement, newest first, before the entry `beforeId` (null: from the newest): the CSV export. */
  statementBatch(userId: number, beforeId: number | null, limit: number): Promise<LedgerEntry[]> {
    const qb = this.statementQuery(userId);
    if (beforeId !== null) qb.andWhere('l.id < :beforeId', { beforeId });
    return qb.orderBy('l.id', 'DESC').limit(limit).getMany();
  }

  private statementQuery(userId: number) {
    return this.db
      .getRepository(LedgerEntry)
      .createQueryBuilder('l')
      .where("l.user_id = :userId AND l.currency = 'NGN' AND l.kind IN (:...kinds)", {
        userId,
        kinds: [...STATEMENT_KINDS],
      });
  }

  async historiesOf(userId: number, query: ListQuery): Promise<ListResult<WalletHistoryEntry>> {
    await this.existingUser(userId);
    return this.histories(userId, query);
  }

  /**
   * Admin: users (not deleted) with their balances; 0 before a wallet's first use. Sorted by a balance (the default,
   * largest first), the page is read from the wallets' own index (idx_wallets_ngn_user / idx_wallets_usd_user), not
   * by joining every user to their wallet and sorting them all: the wallet holders in balance order, then the users
   * who have no wallet yet (no balance: below any wallet, as NULL sorts) by id in the same direction. Same order and
   * rows as the join; two statements for a page (the page, the count), a third and fourth only on the page where the
   * wallet holders end.
   */
  async accounts(query: ListQuery): Promise<ListResult<WalletAccount>> {
    const parsed = parseListQuery(query, ACCOUNTS_SPEC);
    const sort = parsed.sort.length === 1 && !parsed.after ? parsed.sort[0] : undefined;
    if (!sort || (sort.expr !== 'w.ngn_minor' && sort.expr !== 'w.usd_minor')) {
      const qb = this.liveUsers().leftJoinAndMapOne('u.wallet', Wallet, 'w', 'w.user_id = u.id');
      const page = await paginate(qb, query, ACCOUNTS_SPEC);
      return page.map((u) => presentAccount(u, (u as User & { wallet?: Balances }).wallet));
    }
    const { skip, take, page, perPage } = parsed.paging;
    // Wallet holders, driven from wallets: the balance index is read in order and stops after the page.
    const holders = (paging: { skip: number; take: number }) => {
      const qb = this.db
        .getRepository(Wallet)
        .createQueryBuilder('w')
        .innerJoinAndMapOne('w.user', User, 'u', 'u.id = w.user_id')
        .where('u.deleted_at IS NULL');
      applyParsedList(
        qb,
        { ...parsed, sort: [sort], tiebreaker: 'w.user_id', paging: { ...parsed.paging, ...paging } },
        ACCOUNTS_SPEC,
      );
      // MySQL/MariaDB would read a small wallets table whole and sort it (filesort): walk the index, as on SQLite.
      forceIndex(qb, sort.expr === 'w.ngn_minor' ? 'idx_wallets_ngn_user' : 'idx_wallets_usd_user');
      return qb;
    };
    // Users without a wallet, by id (the tiebreaker of the balance sort) in the sort's direction.
    const walletless = (paging: { skip: number; take: number }) => {
      const qb = this.liveUsers().leftJoin(Wallet, 'w', 'w.user_id = u.id').andWhere('w.id IS NULL');
      applyParsedList(
        qb,
        {
          ...parsed,
          sort: [{ expr: 'u.id', order: sort.order, text: false }],
          tiebreaker: undefined,
          paging: { ...parsed.paging, ...paging },
        },
        ACCOUNTS_SPEC,
      );
      return qb;
    };
    const counted = this.liveUsers();
    applyParsedList(counted, { ...parsed, sort: [], tiebreaker: undefined }, ACCOUNTS_SPEC);
    const total = await countList(counted, ACCOUNTS_SPEC);
    const [first, second] =
      sort.order === 'DESC' ? (['holders', 'walletless'] as const) : (['walletless', 'holders'] as const);
    const read = async (which: 'holders' | 'walletless', paging: { skip: number; take: number }) =>
      which === 'holders'
        ? (await holders(paging).getMany()).map((w) => presentAccount((w as Wallet & { user: User }).user, w))
        : (await walletless(paging).getMany()).map((u) => presentAccount(u, undefined));
    const rows = await read(first, { skip, take });
    if (rows.length < take && skip + rows.length < total) {
      const before =
        first === 'holders'
          ? await holders({ skip: 0, take }).getCount()
          : await walletless({ skip: 0, take }).getCount();
      rows.push(...(await read(second, { skip: Math.max(0, skip - before), take: take - rows.length })));
    }
    return new ListResult(rows, total, page, perPage);
  }

  private liveUsers() {
    return this.db.getRepository(User).createQueryBuilder('u').where('u.deleted_at IS NULL');
  }

  /** Admin: one user's balances (GET /wallets/{userId}); 404 for an unknown user. */
  async account(userId: number): Promise<WalletAccount> {
    const user = await this.existingUser(userId);
    return presentAccount(user, await this.ledger.balances(userId));
  }

  /**
   * POST /wallet/fund: a pending ledger entry with a fresh reference, then a gateway transaction for the same amount
   * (kobo or cents) whose callback is the storefront's /fund?reference=... Nothing is credited until the gateway
   * confirms (verify, webhook or the test checkout).
   */
  async fund(user: User, dto: FundWalletDto): Promise<PaymentStart> {
    this.payments.assertEnabled();
    assertAmountWithin(dto.amount, dto.currency, WALLET_FUNDING_LIMITS[dto.currency]);
    const reference = this.payments.newReference(FUNDING_PREFIX);
    const gateway = this.payments.gatewayName;
    await this.ledger.addPending({
      userId: user.id,
      amountMinor: dto.amount,
      currency: dto.currency,
      direction: 'credit',
      description: gateway === 'test' ? 'Wallet funding (test mode)' : 'Wallet funding via Paystack',
      reference,
      kind: 'funding',
      gateway,
    });
    try {
      const { authorizationUrl } = await this.payments.start({
        reference,
        email: user.email,
        amountMinor: dto.amount,
        currency: dto.currency,
        callbackUrl: this.payments.callbackUrl(fundingCallbackPath(reference)),
        metadata: { purpose: 'wallet_funding', user_id: user.id },
      });
      return { authorization_url: authorizationUrl, reference };
    } catch (error) {
      await this.ledger.failPending(reference);
      throw error;
    }
  }

  /** GET /wallet/fund/verify?reference=: asks the gateway about a pending funding of the caller's and credits it once. */
  async verifyFunding(user: User, query: ListQuery): Promise<FundingResult> {
    const reference = singleValue(query, 'reference')?.trim();
    if (!reference) throw fieldError('reference', MSG.money.referenceRequired);
    if (!REFERENCE_PATTERN.test(reference)) throw fieldError('reference', MSG.money.referenceInvalid);
    const repo = this.db.getRepository(LedgerEntry);
    let entry = await repo.findOne({ where: { reference, user_id: user.id, kind: 'funding' } });
    if (!entry) throw new NotFoundError(MSG.money.paymentNotFound);
    if (entry.status === 'pending') {
      await this.payments.verifyAndSettle(reference, 'verify');
      entry = await repo.findOneOrFail({ where: { id: entry.id } });
    }
    return { status: entry.status, balance: await this.balance(user.id) };
  }

  /**
   * Settles a funding reference (PaymentSettler): success with the entry's exact amount and currency credits once,
   * also after an earlier failure (a late genuine success is never lost). A success for another amount or currency
   * credits nothing: it is kept as a payment exception for an admin and the entry shows failed. A failure marks a
   * pending entry failed; not_found, abandoned and pending change nothing. Unknown references answer false.
   */
  async settle(result: GatewayVerification, source: SettlementSource): Promise<boolean> {
    const entry = await this.db
      .getRepository(LedgerEntry)
      .findOne({ where: { reference: result.reference, kind: 'funding' } });
    if (!entry) return false;
    if (entry.status === 'completed') return true;
    if (result.status === 'success') {
      if (result.amountMinor !== entry.amount_minor || result.currency !== entry.currency) {
        const note = `The gateway reported ${result.amountMinor ?? '?'} ${result.currency ?? '?'} for a funding of ${entry.amount_minor} ${entry.currency}`;
        this.logger.warn(`Funding ${entry.reference} not credited (${source}): ${note}`);
        await this.payments.recordUnsettled({
          reference: entry.reference,
          kind: 'mismatch',
          source,
          result,
          expected: { amountMinor: entry.amount_minor, currency: entry.currency },
          note: `${note}: compare with the Paystack dashboard, then credit the wallet by an adjustment or refund the customer.`,
        });
        // Shown as failed to the customer; not for good: a later genuine success still credits it (below).
        await this.ledger.failPending(entry.reference);
        return true;
      }
      let events: number[] = [];
      await this.ledger.completePending(entry.reference, ['pending', 'failed'], async (m, completed) => {
        events = [
          await this.outbox.enqueue(m, EVENTS.walletFunded, {
            userId: completed.user_id,
            reference: completed.reference,
            amountMinor: completed.amount_minor,
            currency: completed.currency,
          }),
        ];
      });
      await this.outbox.deliver(events);
      await this.payments.settledAfterMismatch(entry.reference);
      return true;
    }
    if (result.status === 'failed') await this.ledger.failPending(entry.reference);
    return true;
  }

  /**
   * POST /wallets/{userId}/adjustments (admin): a completed ledger entry (reference adj-...) with the reason as its
   * description, through the same conditional path: a debit never takes a balance below zero (422).
   */
  async adjust(admin: User, userId: number, dto: WalletAdjustmentDto, key?: string): Promise<WalletHistoryEntry> {
    await this.existingUser(userId);
    assertAmountWithin(dto.amount, dto.currency, { max: MONEY_MAX_MINOR[dto.currency] });
    const scope = `POST /wallets/${userId}/adjustments ${dto.direction} ${dto.currency} ${dto.amount}`;
    try {
      const { result } = await this.idempotency.inTransaction(
        admin.id,
        key,
        scope,
        dto,
        async (m) => {
          const row = await this.ledger.post(m, {
            userId,
            amountMinor: dto.amount,
            currency: dto.currency,
            direction: dto.direction,
            description: `Adjustment: ${dto.reason}`,
            reference: this.payments.newReference('adj-'),
            kind: 'adjustment',
            actorId: admin.id,
          });
          const saved = await m.findOneOrFail(LedgerEntry, { where: { id: row.id } });
          return presentEntry(saved);
        },
        {
          before: (m) =>
            this.ledger.assertCovers(m, {
              userId,
              currency: dto.currency,
              direction: dto.direction,
              amountMinor: dto.amount,
            }),
        },
      );
      return result;
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw insufficientBalance();
      throw error;
    }
  }

  private async existingUser(userId: number): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError(MSG.users.notFound);
    return user;
  }
}
