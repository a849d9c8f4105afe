import { Injectable } from '@nestjs/common';
import type { LateTransferOutcome, Order as OrderDto, StatementLine } from '@jara/contracts';
import type { ListQuery, ListResult } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import type { CreateOrderDto, LateTransferDto, OrderStatusDto } from '@jara/dto';
import { OrderJobsService } from './order-jobs.service';
import { OrderLifecycleService } from './order-lifecycle.service';
import { OrderPlacementService } from './order-placement.service';
import { OrderQueriesService } from './order-queries.service';
import { OrderStatsService } from './order-stats.service';

export { orderNumbers } from './order-placement.service';

/**
 * Orders, as the controller, the listener and the CLI see them: a facade over placement (checkout), the lifecycle
 * (moves of ORDER_TRANSITIONS and the system's moves), the queries and the jobs. See docs/decisions/011-orders.md.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly placement: OrderPlacementService,
    private readonly lifecycle: OrderLifecycleService,
    private readonly queries: OrderQueriesService,
    private readonly jobs: OrderJobsService,
    private readonly stats: OrderStatsService,
  ) {}

  /** The vendor dashboard's order figures: sales today and this week, orders To Ship. */
  vendorFigures(vendorId: number, now?: Date) {
    return this.stats.vendorFigures(vendorId, now);
  }

  /** POST /orders. With an Idempotency-Key a retry (even a concurrent one) answers the same order. */
  create(user: User, dto: CreateOrderDto, key?: string): Promise<OrderDto> {
    return this.placement.create(user, dto, key);
  }

  /** GET /orders: an admin sees every order; a vendor the orders with a line of theirs. */
  list(viewer: User, query: ListQuery): Promise<ListResult<OrderDto>> {
    return this.queries.list(viewer, query);
  }

  /** GET /orders/statement: the vendor's lines with their commission and credit. */
  statement(vendor: User, query: ListQuery): Promise<ListResult<StatementLine>> {
    return this.queries.statement(vendor, query);
  }

  /** GET /orders/user/{userId}: the buyer's own orders (an admin may read anyone's). */
  listOfBuyer(viewer: User, userId: number, query: ListQuery): Promise<ListResult<OrderDto>> {
    return this.queries.listOfBuyer(viewer, userId, query);
  }

  /** GET /orders/{id}: the buyer, a vendor with a line in it (their lines only), or an admin; anyone else 404. */
  get(viewer: User, id: number): Promise<OrderDto> {
    return this.queries.get(viewer, id);
  }

  /** PATCH /orders/{id}/status: the row of ORDER_TRANSITIONS for this move and actor runs its handler. */
  changeStatus(viewer: User, id: number, dto: OrderStatusDto): Promise<OrderDto> {
    return this.lifecycle.changeStatus(viewer, id, dto);
  }

  /** POST /orders/{id}/late-transfer (admin; decision 022). */
  lateTransfer(
    admin: User,
    id: number,
    dto: LateTransferDto,
  ): Promise<{ outcome: LateTransferOutcome; order: OrderDto }> {
    return this.lifecycle.lateTransfer(admin, id, dto);
  }

  /** invoice.paid for an order: To Pay -> To Ship, once, only if its invoice is paid. */
  markPaid(orderId: number, method: string): Promise<void> {
    return this.lifecycle.markPaid(orderId, method);
  }

  /** Releases unpaid orders past their payment window (the job and the CLI's release-unpaid-orders). */
  releaseExpired(now = new Date(), limit = 200): Promise<number> {
    return this.jobs.releaseExpired(now, limit);
  }

  /** How many unpaid orders are past their payment window at `now`. */
  countExpired(now = new Date()): Promise<number> {
    return this.jobs.countExpired(now);
  }

  /** Releases vendors' pending sale credits past the return window (the job and the CLI's release-sale-credits). */
  releaseSaleCredits(now = new Date(), limit = 200): Promise<number> {
    return this.jobs.releaseSaleCredits(now, limit);
  }

  /** How many sale credits are due for release at `now`. */
  countDueSaleCredits(now = new Date()): Promise<number> {
    return this.jobs.countDueSaleCredits(now);
  }
}
