import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ListCountsSubscriber } from '../../common/list/list-counts.subscriber';
import { User } from './user.entity';

/** The tag of the cached user totals (the admin's users and wallets lists, their countCache). */
export const USER_COUNTS = 'users';

/** Sign-up, profile and role changes and deletion drop the cached user totals: a new account counts at once. */
@Injectable()
export class UserCountsSubscriber extends ListCountsSubscriber<User> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, User, USER_COUNTS);
  }
}
