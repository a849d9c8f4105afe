import type {
  DataSource,
  EntitySubscriberInterface,
  EntityTarget,
  ObjectLiteral,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { invalidateListCounts } from './list-query';

/** Tags written inside a transaction that has not committed yet, per query runner (dropped again at commit). */
const pending = new WeakMap<QueryRunner, Set<string>>();

/**
 * Drops a list's cached totals (ListSpec.countCache, `tag`) on every write to `entity` through TypeORM (repository
 * saves, query-builder inserts, updates and deletes) on this data source, and on every instance when the totals are
 * shared. A module subclasses it for the table it owns, injecting the data source.
 *
 * A write outside a transaction (autocommit) drops them at once. A write inside a transaction drops them when the
 * outermost transaction ends: a list counted between the write and the commit (by another connection, which still
 * sees the old rows) would otherwise keep the old total for the whole ttl. A rollback drops them too (on SQLite every
 * request shares the connection, so a list may have counted the rows that were rolled back).
 */
export abstract class ListCountsSubscriber<T extends ObjectLiteral> implements EntitySubscriberInterface<T> {
  protected constructor(
    dataSource: DataSource,
    private readonly entity: EntityTarget<T>,
    private readonly tag: string,
  ) {
    dataSource.subscribers.push(this);
  }

  listenTo() {
    return this.entity as unknown as ReturnType<NonNullable<EntitySubscriberInterface<T>['listenTo']>>;
  }

  afterInsert(event: { connection: DataSource; queryRunner?: QueryRunner }): void {
    this.written(event);
  }

  afterUpdate(event: { connection: DataSource; queryRunner?: QueryRunner }): void {
    this.written(event);
  }

  afterRemove(event: { connection: DataSource; queryRunner?: QueryRunner }): void {
    this.written(event);
  }

  /** Every subscriber hears every commit: the first one to hear it drops the tags its transaction wrote. */
  afterTransactionCommit(event: TransactionCommitEvent): void {
    this.ended(event);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.ended(event);
  }

  private ended(event: TransactionCommitEvent | TransactionRollbackEvent): void {
    const runner = event.queryRunner;
    if (runner.isTransactionActive) return; // a savepoint ended: the outer transaction is still open
    const tags = pending.get(runner);
    if (!tags) return;
    pending.delete(runner);
    for (const tag of tags) invalidateListCounts(event.connection, tag);
  }

  private written(event: { connection: DataSource; queryRunner?: QueryRunner }): void {
    const runner = event.queryRunner;
    if (!runner?.isTransactionActive) {
      invalidateListCounts(event.connection, this.tag);
      return;
    }
    let tags = pending.get(runner);
    if (!tags) pending.set(runner, (tags = new Set()));
    tags.add(this.tag);
  }
}
