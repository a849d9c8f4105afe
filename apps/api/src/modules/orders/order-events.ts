import { Logger } from '@nestjs/common';
import type { EventEmitter2 } from '@nestjs/event-emitter';
import type { DataSource } from 'typeorm';
import { emitSafely } from '../../common/events';
import { invalidateListCounts } from '../../common/list/list-query';

/** The orders lists' cached totals (list-query's countCache tag). */
export const ORDER_COUNTS = 'orders';

const logger = new Logger('Orders');

/** Every order event follows a write that changes the lists: their cached totals start again, then the event. */
export async function emitOrderEvent(
  db: DataSource,
  events: EventEmitter2,
  event: string,
  payload: object,
): Promise<void> {
  invalidateListCounts(db, ORDER_COUNTS);
  await emitSafely(events, logger, event, payload);
}
