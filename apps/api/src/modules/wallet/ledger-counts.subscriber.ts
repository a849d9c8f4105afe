import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ListCountsSubscriber } from '../../common/list/list-counts.subscriber';
import { LedgerEntry } from './ledger-entry.entity';

/** The tag of the cached ledger totals (a vendor's statement and a user's wallet history, their countCache). */
export const LEDGER_COUNTS = 'ledger';

/** Every ledger entry written or settled (a sale, a payout, a funding) drops the cached ledger totals. */
@Injectable()
export class LedgerCountsSubscriber extends ListCountsSubscriber<LedgerEntry> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, LedgerEntry, LEDGER_COUNTS);
  }
}
