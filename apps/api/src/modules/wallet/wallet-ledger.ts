import type { DataSource, EntityManager } from 'typeorm';
import type { LedgerDirection, LedgerStatus, WalletCurrency } from '@jara/contracts';
import { insertRows } from '../../database/inserted-ids';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import { LedgerEntry, type LedgerKind } from './ledger-entry.entity';
import { Wallet } from './wallet.entity';

import { InsufficientBalanceError } from '../../common/errors';

/** A debit larger than the balance: nothing changed (the conditional UPDATE matched no row). A domain error (422). */
export { InsufficientBalanceError };

export interface NewLedgerEntry {
  userId: number;
  amountMinor: number;
  currency: WalletCurrency;
  direction: LedgerDirection;
  description: string;
  /** Unique: a second movement with the same reference is refused by the index (and rolls its transaction back). */
  reference: string;
  kind: LedgerKind;
  gateway?: string | null;
  invoiceId?: number | null;
  actorId?: number | null;
}

const COLUMN: Record<WalletCurrency, 'ngn_minor' | 'usd_minor'> = { NGN: 'ngn_minor', USD: 'usd_minor' };

export interface Balances {
  usd_minor: number;
  ngn_minor: number;
  updated_at: Date | null;
}

/**
 * The one place balances change. Every movement is a conditional UPDATE of the wallet row
 * (`SET ngn_minor = ngn_minor - :x WHERE user_id = :u AND ngn_minor >= :x`, affected rows checked) plus the
 * ledger entry, in one transaction, so a balance always equals the sum of its completed entries and never goes
 * below zero. A plain class over the data source, so the CLI's seed uses the same code as the API.
 */
export class WalletLedger {
  constructor(private readonly db: DataSource) {}

  /** Inside the caller's transaction: moves the money and appends the completed entry. */
  async post(m: EntityManager, entry: NewLedgerEntry): Promise<LedgerEntry> {
    assertAmount(entry.amountMinor);
    await this.move(m, entry.userId, entry.currency, entry.direction, entry.amountMinor);
    const row = m.create(LedgerEntry, { ...this.row(entry), status: 'completed', settled_at: new Date() });
    await m.insert(LedgerEntry, row);
    return row;
  }

  /**
   * As `post`, without reading the entry back (no statement beyond the wallet's conditional UPDATE and the entry's
   * INSERT): answers the entry's id. For hot paths that need nothing else of the row (checkout).
   */
  async postIn(m: EntityManager, entry: NewLedgerEntry): Promise<number> {
    assertAmount(entry.amountMinor);
    await this.move(m, entry.userId, entry.currency, entry.direction, entry.amountMinor);
    const [id] = await insertRows(m, LedgerEntry, [
      { ...this.row(entry), status: 'completed', settled_at: new Date() },
    ]);
    return id;
  }

  /** One movement in its own transaction (on SQLite a short debit is refused before the transaction opens). */
  postAlone(entry: NewLedgerEntry): Promise<LedgerEntry> {
    return inTransaction(this.db, (m) => this.post(m, entry), { before: (m) => this.assertCovers(m, entry) });
  }

  /** Throws InsufficientBalanceError when `entry` is a debit the balance does not cover (credits always pass). */
  async assertCovers(
    m: EntityManager,
    entry: Pick<NewLedgerEntry, 'userId' | 'currency' | 'direction' | 'amountMinor'>,
  ): Promise<void> {
    if (entry.direction !== 'debit') return;
    if ((await this.available(m, entry.userId, entry.currency)) < entry.amountMinor)
      throw new InsufficientBalanceError();
  }

  /** A pending entry (a funding waiting for the gateway): no money moves until completePending. */
  async addPending(entry: NewLedgerEntry): Promise<LedgerEntry> {
    assertAmount(entry.amountMinor);
    return inTransaction(this.db, async (m) => {
      const row = m.create(LedgerEntry, { ...this.row(entry), status: 'pending', settled_at: null });
      await m.insert(LedgerEntry, row);
      return row;
    });
  }

  /** A pending entry inside the caller's transaction (a sale credit held until the return window passed). */
  async addPendingIn(m: EntityManager, entry: NewLedgerEntry): Promise<LedgerEntry> {
    assertAmount(entry.amountMinor);
    const row = m.create(LedgerEntry, { ...this.row(entry), status: 'pending', settled_at: null });
    await m.insert(LedgerEntry, row);
    return row;
  }

  /**
   * Inside the caller's transaction: pending -> completed and the balance moved, by a conditional UPDATE (exactly
   * once). Answers whether this call completed it (false: not pending, or unknown).
   */
  async completePendingIn(m: EntityManager, reference: string): Promise<boolean> {
    const entry = await m.findOne(LedgerEntry, { where: { reference } });
    if (!entry || entry.status !== 'pending') return false;
    const done = await m
      .createQueryBuilder()
      .update(LedgerEntry)
      .set({ status: 'completed', settled_at: new Date() })
      .where('reference = :reference AND status = :pending', { reference, pending: 'pending' })
      .execute();
    if (done.affected !== 1) return false;
    await this.move(m, entry.user_id, entry.currency, entry.direction, entry.amount_minor);
    return true;
  }

  /** Inside the caller's transaction: pending -> failed (nothing moves); false when it was not pending. */
  async failPendingIn(m: EntityManager, reference: string): Promise<boolean> {
    const done = await m
      .createQueryBuilder()
      .update(LedgerEntry)
      .set({ status: 'failed', settled_at: new Date() })
      .where('reference = :reference AND status = :pending', { reference, pending: 'pending' })
      .execute();
    return done.affected === 1;
  }

  /** The status of the entry with this reference (null: none), read inside the caller's transaction. */
  async statusIn(m: EntityManager, reference: string): Promise<LedgerStatus | null> {
    const entry = await m.findOne(LedgerEntry, { where: { reference }, select: ['id', 'status'] });
    return entry?.status ?? null;
  }

  /**
   * pending -> completed and the balance moved, in one transaction, exactly once: the status UPDATE is conditional
   * (WHERE status = 'pending'), so a replayed verify or a webhook racing it changes nothing. Answers the entry
   * when this call completed it, null when it was already settled (or unknown).
   */
  completePending(
    reference: string,
    from: readonly LedgerStatus[] = ['pending'],
    /** Runs in the same transaction once the entry completed (the caller writes its event to the outbox there). */
    then?: (m: EntityManager, entry: LedgerEntry) => Promise<void>,
  ): Promise<LedgerEntry | null> {
    return inTransaction(this.db, async (m) => {
      const entry = await m.findOne(LedgerEntry, { where: { reference } });
      if (!entry || !from.includes(entry.status)) return null;
      const settledAt = new Date();
      // Conditional on the status read: a replayed verify or a webhook racing it changes nothing.
      const done = await m
        .createQueryBuilder()
        .update(LedgerEntry)
        .set({ status: 'completed', settled_at: settledAt })
        .where('reference = :reference AND status = :seen', { reference, seen: entry.status })
        .execute();
      if (done.affected !== 1) return null;
      await this.move(m, entry.user_id, entry.currency, entry.direction, entry.amount_minor);
      const completed = Object.assign(entry, { status: 'completed' as const, settled_at: settledAt });
      await then?.(m, completed);
      return completed;
    });
  }

  /** pending -> failed (nothing moves); false when it was not pending. */
  failPending(reference: string): Promise<boolean> {
    return inTransaction(this.db, async (m) => {
      const done = await m
        .createQueryBuilder()
        .update(LedgerEntry)
        .set({ status: 'failed', settled_at: new Date() })
        .where('reference = :reference AND status = :pending', { reference, pending: 'pending' })
        .execute();
      return done.affected === 1;
    });
  }

  async balances(userId: number, m: EntityManager = this.db.manager): Promise<Balances> {
    const wallet = await m.findOne(Wallet, { where: { user_id: userId } });
    return {
      usd_minor: wallet?.usd_minor ?? 0,
      ngn_minor: wallet?.ngn_minor ?? 0,
      updated_at: wallet?.updated_at ?? null,
    };
  }

  /** The balance available for a debit, read inside the caller's transaction. */
  async available(m: EntityManager, userId: number, currency: WalletCurrency): Promise<number> {
    const wallet = await m.findOne(Wallet, { where: { user_id: userId } });
    return wallet ? wallet[COLUMN[currency]] : 0;
  }

  private async move(
    m: EntityManager,
    userId: number,
    currency: WalletCurrency,
    direction: LedgerDirection,
    amount: number,
  ): Promise<void> {
    const column = COLUMN[currency];
    if (direction === 'debit') {
      const result = await m
        .createQueryBuilder()
        .update(Wallet)
        .set({ [column]: () => `${column} - :amount` })
        .where(`user_id = :userId AND ${column} >= :amount`, { userId, amount })
        .execute();
      if (result.affected !== 1) throw new InsufficientBalanceError();
      return;
    }
    // An UPDATE of a wallet row that does not exist yet would take a gap lock on MySQL/MariaDB, and two first credits
    // (of different users) each holding one while inserting deadlock; so a missing wallet (plain read, no lock) is
    // inserted straight away.
    if ((await m.exists(Wallet, { where: { user_id: userId } })) && (await this.credit(m, userId, column, amount)))
      return;
    // The user's first credit creates the wallet; two first credits at once: one inserts, the other updates.
    try {
      await m.insert(Wallet, {
        user_id: userId,
        usd_minor: column === 'usd_minor' ? amount : 0,
        ngn_minor: column === 'ngn_minor' ? amount : 0,
      });
    } catch (error) {
      if (!isUniqueViolation(error) || !(await this.credit(m, userId, column, amount))) throw error;
    }
  }

  private async credit(
    m: EntityManager,
    userId: number,
    column: 'ngn_minor' | 'usd_minor',
    amount: number,
  ): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(Wallet)
      .set({ [column]: () => `${column} + :amount` })
      .where('user_id = :userId', { userId, amount })
      .execute();
    return result.affected === 1;
  }

  private row(entry: NewLedgerEntry): Partial<LedgerEntry> {
    return {
      user_id: entry.userId,
      amount_minor: entry.amountMinor,
      currency: entry.currency,
      direction: entry.direction,
      description: entry.description.slice(0, 255),
      reference: entry.reference,
      kind: entry.kind,
      gateway: entry.gateway ?? null,
      invoice_id: entry.invoiceId ?? null,
      actor_id: entry.actorId ?? null,
    };
  }
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`A ledger amount must be a positive integer of minor units (got ${amount})`);
}
