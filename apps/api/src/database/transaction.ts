import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';

const sqliteQueues = new WeakMap<DataSource, Promise<void>>();

function isSqlite(db: DataSource): boolean {
  return db.options.type === 'better-sqlite3' || db.options.type === 'sqlite';
}

function driverCode(error: unknown): string | undefined {
  const e = error as { code?: string; driverError?: { code?: string } } | null;
  return e?.driverError?.code ?? e?.code;
}

/** A duplicate key (a unique index refused the row): MySQL/MariaDB ER_DUP_ENTRY, SQLite SQLITE_CONSTRAINT_UNIQUE. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = driverCode(error);
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A transaction the database gave up on and that may simply run again: a deadlock or a lock-wait timeout. */
function isRetryable(error: unknown): boolean {
  const code = driverCode(error);
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY';
}

/**
 * Work that joins every inTransaction: `beforeCommit` runs inside the transaction after its work (the audit log
 * writes its entry there, so a rolled-back change leaves none); then `afterCommit`, or `afterRollback` when the
 * transaction failed.
 */
export interface TransactionHook {
  beforeCommit(manager: EntityManager): Promise<void>;
  afterCommit(): void;
  afterRollback(): void;
}

const hooks = new Set<TransactionHook>();

/** Registers a hook once (the same object twice is one hook). */
export function addTransactionHook(hook: TransactionHook): void {
  hooks.add(hook);
}

/** db.transaction with the hooks: beforeCommit after the work, inside; then afterCommit or afterRollback. */
async function runTransaction<T>(db: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (!hooks.size) return db.transaction(work);
  let result: T;
  try {
    result = await db.transaction(async (manager) => {
      const done = await work(manager);
      for (const hook of hooks) await hook.beforeCommit(manager);
      return done;
    });
  } catch (error) {
    for (const hook of hooks) hook.afterRollback();
    throw error;
  }
  for (const hook of hooks) hook.afterCommit();
  return result;
}

export interface TransactionOptions {
  /**
   * SQLite only: checks that run in the transaction's turn, just before BEGIN, and may refuse (throw) without a
   * transaction ever being opened. On SQLite every query shares one connection, so a rollback would also undo any
   * other request's write that ran while the transaction was open; refusing before BEGIN keeps ordinary refusals
   * (a short balance, an invoice already paid) from rolling anything back. MySQL/MariaDB skip it: the conditional
   * statements inside `work` decide there.
   */
  before?: (manager: EntityManager) => Promise<void>;
  /**
   * MySQL/MariaDB: how many times in all a deadlock victim runs (3 unless said). Requests that queue on one unique
   * key (an Idempotency-Key replayed while its first request is running) deadlock in waves when that first request
   * rolls back: each wave lets one through, so they need as many turns as there are requests waiting.
   */
  attempts?: number;
}

/**
 * Runs `work` in one database transaction; every balance change goes through here.
 *
 * SQLite (better-sqlite3): TypeORM shares one connection between all query runners, so two transactions started
 * at once would nest (the second would become a savepoint of the first and commit or roll back with it). They are
 * queued here, one at a time per data source; SQLite allows one writer at a time anyway. Inside its turn a
 * transaction sees exactly the committed state, so `before` can check it and refuse without opening one.
 *
 * MySQL/MariaDB: transactions run side by side (conditional UPDATEs take the row locks); one the server rolled
 * back as a deadlock victim, or after a lock-wait timeout, runs again, at most 3 times in all.
 */
export async function inTransaction<T>(
  db: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (isSqlite(db)) {
    const previous = sqliteQueues.get(db) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    sqliteQueues.set(
      db,
      previous.then(() => mine),
    );
    await previous;
    try {
      if (options.before) await options.before(db.manager);
      return await runTransaction(db, work);
    } finally {
      release();
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await runTransaction(db, work);
    } catch (error) {
      if (attempt >= (options.attempts ?? 3) || !isRetryable(error)) throw error;
      await sleep(5 + Math.floor(Math.random() * 20 * attempt));
    }
  }
}
