import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ListCountsSubscriber } from '../../common/list/list-counts.subscriber';
import { Payout } from './payout.entity';

/** The tag of the cached payout totals (the back office's payouts list and a vendor's withdrawals, their countCache). */
export const PAYOUT_COUNTS = 'payouts';

/** A withdrawal, an approval, a rejection or a settlement drops the cached payout totals: the next page counts again. */
@Injectable()
export class PayoutCountsSubscriber extends ListCountsSubscriber<Payout> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, Payout, PAYOUT_COUNTS);
  }
}
