import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  FULFILMENT_MSG,
  LINE_FULFILMENT,
  MSG,
  ORDER_STATUS,
  type LineFulfilment,
  type Order as OrderDto,
} from '@jara/contracts';
import { EVENTS, type OrderLinesChangedEvent } from '../../common/events';
import { ConflictError, ForbiddenError, NotFoundError } from '../../common/errors';
import { OutboxService } from '../../common/outbox/outbox.service';
import { inTransaction } from '../../database/transaction';
import type { User } from '../users/user.entity';
import type { LinesReadyDto, LinesShipDto } from '@jara/dto';
import { Order, OrderItem } from './order.entity';
import { enqueueOrderEvent } from './order-events';
import { recordOrderChange, type Move } from './order-history';
import { OrderLifecycleService } from './order-lifecycle.service';
import { OrderQueriesService } from './order-queries.service';

type LineAction = 'ready' | 'ship';

/** The states a line may leave for each action. */
const FROM: Record<LineAction, LineFulfilment[]> = {
  ready: [LINE_FULFILMENT.PENDING],
  ship: [LINE_FULFILMENT.PENDING, LINE_FULFILMENT.READY_FOR_PICKUP],
};
const DONE: LineFulfilment[] = [LINE_FULFILMENT.SHIPPED, LINE_FULFILMENT.DELIVERED];

/**
 * Line-level fulfilment (issue 22, docs/decisions/031-line-fulfilment.md): a vendor acts on their own lines of an order
 * at To Ship (an admin on any line): "Ready for pickup" (Jara collects them) or shipped with a courier and a tracking
 * number. Each change is one conditional UPDATE per line, one history entry and one outbox event in one transaction;
 * a replay changes nothing and answers the order as it is. When every line has shipped, the order moves to To Receive
 * through the lifecycle's ORDER_TRANSITIONS handler in the same transaction.
 */
@Injectable()
export class OrderLinesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly lifecycle: OrderLifecycleService,
    private readonly queries: OrderQueriesService,
    private readonly outbox: OutboxService,
  ) {}

  /** POST /orders/{id}/lines/ready */
  ready(viewer: User, id: number, dto: LinesReadyDto): Promise<OrderDto> {
    return this.act(viewer, id, 'ready', dto.line_ids, null);
  }

  /** POST /orders/{id}/lines/ship */
  ship(viewer: User, id: number, dto: LinesShipDto): Promise<OrderDto> {
    return this.act(viewer, id, 'ship', dto.line_ids, { courier: dto.courier, trackingNo: dto.tracking_no });
  }

  private async act(
    viewer: User,
    id: number,
    action: LineAction,
    lineIds: number[] | undefined,
    carrier: { courier: string; trackingNo: string } | null,
  ): Promise<OrderDto> {
    const order = await this.db.getRepository(Order).findOne({ where: { id } });
    if (!order) throw new NotFoundError(MSG.orders.notFound);
    const actor = await this.queries.roleOf(viewer, order);
    if (!actor) throw new NotFoundError(MSG.orders.notFound);
    // The buyer (and a vendor who bought it without a line of theirs in it) does not fulfil the order.
    if (actor === 'buyer') throw new ForbiddenError(MSG.orders.notYourMove);
    const mine = (lines: OrderItem[]) =>
      actor === 'vendor' ? lines.filter((line) => line.vendor_id === viewer.id) : lines;

    /** The lines this request acts on, read in `m`; refusals are domain errors (checked before anything changes). */
    const targets = async (m: EntityManager): Promise<{ todo: OrderItem[]; now: Order }> => {
      const now = await m.getRepository(Order).findOneOrFail({ where: { id } });
      const lines = mine(await m.getRepository(OrderItem).find({ where: { order_id: id }, order: { id: 'ASC' } }));
      let chosen = lines;
      if (lineIds) {
        chosen = lineIds.map((lineId) => {
          const line = lines.find((l) => l.id === lineId);
          // Another seller's line, or a line of another order: not the caller's to see.
          if (!line) throw new NotFoundError(MSG.orders.notFound);
          return line;
        });
      }
      if (action === 'ready') {
        // A line that has shipped cannot be made ready again (named, or the caller has nothing else left).
        if (
          chosen.some((line) => DONE.includes(line.fulfilment)) &&
          (lineIds || chosen.every((l) => DONE.includes(l.fulfilment)))
        )
          throw new ConflictError(FULFILMENT_MSG.alreadyShipped);
        chosen = chosen.filter((line) => !DONE.includes(line.fulfilment));
      }
      const todo = chosen.filter((line) => FROM[action].includes(line.fulfilment));
      if (todo.length) {
        if (now.status !== ORDER_STATUS.TO_SHIP) throw new ConflictError(FULFILMENT_MSG.notToShip);
      } else if (
        action === 'ship' &&
        chosen.some((line) => line.courier !== carrier?.courier || line.tracking_no !== carrier?.trackingNo)
      ) {
        // Shipped already, but not by this request's courier: not a replay.
        throw new ConflictError(FULFILMENT_MSG.alreadyShipped);
      }
      return { todo, now };
    };

    const move: Move = { actor, user: viewer, note: null };
    const ids = await inTransaction(
      this.db,
      async (m) => {
        // The order's row first: it is still at To Ship, and it is locked (MariaDB) until this change commits, so two
        // sellers shipping their last lines at once are one after the other and the second sees every line shipped.
        const held = await m
          .createQueryBuilder()
          .update(Order)
          .set({ updated_at: new Date() })
          .where('id = :id AND status = :status', { id, status: ORDER_STATUS.TO_SHIP })
          .execute();
        const { todo, now } = await targets(m);
        if (!todo.length || held.affected !== 1) return [];
        const at = new Date();
        const changed: OrderItem[] = [];
        for (const line of todo) {
          const done = await m
            .createQueryBuilder()
            .update(OrderItem)
            .set(
              action === 'ready'
                ? { fulfilment: LINE_FULFILMENT.READY_FOR_PICKUP, ready_at: at }
                : {
                    fulfilment: LINE_FULFILMENT.SHIPPED,
                    shipped_at: at,
                    courier: carrier?.courier ?? null,
                    tracking_no: carrier?.trackingNo ?? null,
                  },
            )
            .where('id = :line AND order_id = :id AND fulfilment IN (:...from)', {
              line: line.id,
              id,
              from: FROM[action],
            })
            .execute();
          if (done.affected === 1) changed.push(line);
        }
        if (!changed.length) return [];
        const items = changed.map((line) => `${line.quantity} x ${line.product_name}`).join(', ');
        await recordOrderChange(m, id, now.status, now.status, {
          ...move,
          note:
            action === 'ready'
              ? FULFILMENT_MSG.readyNote(items)
              : FULFILMENT_MSG.shippedNote(items, carrier?.courier ?? '', carrier?.trackingNo ?? ''),
        });
        const event: OrderLinesChangedEvent = {
          orderId: id,
          orderNo: now.order_no,
          userId: now.user_id,
          actorId: viewer.id,
          fulfilment: action === 'ready' ? 'ready_for_pickup' : 'shipped',
          courier: carrier?.courier ?? null,
          trackingNo: carrier?.trackingNo ?? null,
          lines: changed.map((line) => ({ id: line.id, productName: line.product_name, quantity: line.quantity })),
        };
        const written = [await enqueueOrderEvent(this.outbox, m, EVENTS.orderLinesChanged, event)];
        if (action === 'ship')
          written.push(...(await this.lifecycle.shipWhenAllLinesShippedIn(m, now, { ...move, note: null })));
        return written;
      },
      // SQLite: the refusals run in the transaction's turn before BEGIN, so a refusal rolls nothing back.
      { before: async (m) => void (await targets(m)) },
    );
    await this.lifecycle.deliver(ids);
    return this.queries.get(viewer, id);
  }
}
