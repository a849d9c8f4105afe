import type { EntityManager } from 'typeorm';
import { insertRows } from '../../database/inserted-ids';
import type { OrderActor, OrderStatus } from '@jara/contracts';
import type { User } from '../users/user.entity';
import { OrderStatusChange } from './order.entity';

/** Who makes a move, and their note for the history. */
export interface Move {
  actor: OrderActor;
  user: User | null;
  note: string | null;
  /** Accepting a return: put the units back in stock. */
  restock?: boolean;
  /** Asking a return: where its refund goes (issue 24); null or absent: the wallet. */
  refundTo?: 'wallet' | 'card' | null;
}

/** Appends a history entry (from null: placed); a move without a user is the system's. */
export async function recordOrderChange(
  m: EntityManager,
  orderId: number,
  from: OrderStatus | null,
  to: OrderStatus,
  move: Move,
): Promise<void> {
  await m.insert(OrderStatusChange, {
    order_id: orderId,
    from_status: from,
    to_status: to,
    actor_id: move.user?.id ?? null,
    actor_role: move.user ? move.actor : 'system',
    note: move.note?.slice(0, 500) ?? null,
  });
}

/** Several history entries of one order in one INSERT (placement: placed, then paid from the wallet), in this order. */
export async function recordOrderChanges(
  m: EntityManager,
  orderId: number,
  changes: ReadonlyArray<{ from: OrderStatus | null; to: OrderStatus; move: Move }>,
): Promise<void> {
  await insertRows(
    m,
    OrderStatusChange,
    changes.map(({ from, to, move }) => ({
      order_id: orderId,
      from_status: from,
      to_status: to,
      actor_id: move.user?.id ?? null,
      actor_role: move.user ? move.actor : 'system',
      note: move.note?.slice(0, 500) ?? null,
    })),
  );
}
