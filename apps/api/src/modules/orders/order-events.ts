import type { DataSource, EntityManager } from 'typeorm';
import type { EventMap } from '../../common/events';
import { invalidateListCounts } from '../../common/list/list-query';
import type { OutboxService } from '../../common/outbox/outbox.service';

/** The orders lists' cached totals (list-query's countCache tag). */
export const ORDER_COUNTS = 'orders';

type OrderEventName = 'order.placed' | 'order.status_changed' | 'order.lines_changed';

/**
 * Writes an order event to the outbox inside the transaction of the change it reports (decision 028): it exists
 * exactly when the change committed. Answers its id; deliver it with `deliverOrderEvents` after the commit.
 */
export function enqueueOrderEvent<K extends OrderEventName>(
  outbox: OutboxService,
  m: EntityManager,
  event: K,
  payload: EventMap[K],
): Promise<number> {
  return outbox.enqueue(m, event, payload);
}

/**
 * After the commit: the lists' cached totals start again (every order event follows a write that changes them), then
 * the events are delivered now (a failure or a crash leaves them to the outbox's worker).
 */
export async function deliverOrderEvents(db: DataSource, outbox: OutboxService, ids: number[]): Promise<void> {
  invalidateListCounts(db, ORDER_COUNTS);
  await outbox.deliver(ids);
}
