import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntitySubscriberInterface, InsertEvent, RemoveEvent, UpdateEvent } from 'typeorm';
import { invalidateListCounts } from '../../common/list/list-query';
import { User } from './user.entity';

/** The tag of the cached user totals (the admin's users and wallets lists, their countCache). */
export const USER_COUNTS = 'users';

/**
 * Every write to users through TypeORM (sign-up, profile and role changes, deletion) drops the cached user totals of
 * this data source, so the admin's users and wallets lists count a new or deleted account at once on this instance
 * (and on every instance when the totals are shared through Redis).
 */
@Injectable()
export class UserCountsSubscriber implements EntitySubscriberInterface<User> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  listenTo() {
    return User;
  }

  afterInsert(event: InsertEvent<User>): void {
    invalidateListCounts(event.connection, USER_COUNTS);
  }

  afterUpdate(event: UpdateEvent<User>): void {
    invalidateListCounts(event.connection, USER_COUNTS);
  }

  afterRemove(event: RemoveEvent<User>): void {
    invalidateListCounts(event.connection, USER_COUNTS);
  }
}
