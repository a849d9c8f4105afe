import type { DataSource, EntitySubscriberInterface, EntityTarget, ObjectLiteral } from 'typeorm';
import { invalidateListCounts } from './list-query';

/**
 * Drops a list's cached totals (ListSpec.countCache, `tag`) on every write to `entity` through TypeORM (repository
 * saves, query-builder updates, deletes) on this data source, and on every instance when the totals are shared.
 * A module subclasses it for the table it owns, injecting the data source.
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

  afterInsert(event: { connection: DataSource }): void {
    invalidateListCounts(event.connection, this.tag);
  }

  afterUpdate(event: { connection: DataSource }): void {
    invalidateListCounts(event.connection, this.tag);
  }

  afterRemove(event: { connection: DataSource }): void {
    invalidateListCounts(event.connection, this.tag);
  }
}
