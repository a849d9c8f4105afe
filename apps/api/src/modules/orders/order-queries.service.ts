import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import {
  MSG,
  ORDER_PAYMENT_METHOD_VALUES,
  ORDER_STATUS,
  STATEMENT_CREDIT_LABELS,
  type Order as OrderDto,
  type OrderActor,
  type StatementCreditStatus,
  type StatementLine,
} from '@jara/contracts';
import { NotFoundError } from '../../common/errors';
import { applyDateRange } from '../../common/list/date-range';
import { integerFilter, paginate, type ListQuery, type ListResult, type ListSpec } from '../../common/list/list-query';
import { StorageService } from '../../common/storage/storage.service';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { Invoice } from '../invoices/invoice.entity';
import { RefundsService } from '../invoices/refunds.service';
import { ProductReview } from '../products/product-review.entity';
import { User } from '../users/user.entity';
import { oneOf } from '../wallet/wallet.service';
import { Order, OrderItem, OrderStatusChange, OrderVendor } from './order.entity';
import { presentOrder, type OrderView } from './order.presenter';
import { ORDER_COUNTS } from './order-events';

const ORDER_SPEC: ListSpec = {
  sortable: { created_at: 'o.created_at', id: 'o.id', total: 'o.total_minor', total_minor: 'o.total_minor' },
  filterable: {
    status: integerFilter('o.status', { multi: true, ops: ['eq'] }),
    user_id: integerFilter('o.user_id', { ops: ['eq'] }),
    id: integerFilter('o.id', { multi: true, ops: ['eq'] }),
    order_no: { expr: 'o.order_no', ops: ['eq', 'like'] },
    payment_method: oneOf('o.payment_method', ORDER_PAYMENT_METHOD_VALUES, 'payment_method'),
    email: { expr: 'u.email', ops: ['like'] },
  },
  // The back office filters by the customer's e-mail and the order number with plain parameters: contains-matches.
  aliases: { email: 'email_like' },
  searchable: ['o.order_no', 'o.full_name'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 'o.id',
  defaultPerPage: 10,
  limitOffset: true,
  // Totals are kept a few seconds per filter (every order event starts them again), not counted on each page.
  countCache: { tag: ORDER_COUNTS, ttlMs: 15_000 },
};

/**
 * A vendor's orders are read off order_vendors (ov, the main table): sorts, the cursor and the status filter on its
 * columns, so the page comes off idx_order_vendors_vendor_[status_]created without sorting all of the vendor's orders.
 */
const VENDOR_ORDER_SPEC: ListSpec = {
  ...ORDER_SPEC,
  sortable: { ...ORDER_SPEC.sortable, created_at: 'ov.created_at', id: 'ov.order_id' },
  filterable: { ...ORDER_SPEC.filterable, status: integerFilter('ov.status', { multi: true, ops: ['eq'] }) },
  tiebreaker: 'ov.order_id',
};

/**
 * A vendor's statement: their lines, read off idx_order_items_vendor_order (vendor_id, order_id; the primary key
 * breaks ties), newest order first, paged with LIMIT/OFFSET; only paid orders (To Ship to Returned).
 */
const STATEMENT_SPEC: ListSpec = {
  sortable: { order_id: 'i.order_id' },
  defaultSort: { field: 'order_id', order: 'DESC' },
  tiebreaker: 'i.id',
  defaultPerPage: 20,
  limitOffset: true,
};
const STATEMENT_STATUSES = [
  ORDER_STATUS.TO_SHIP,
  ORDER_STATUS.TO_RECEIVE,
  ORDER_STATUS.TO_REVIEW,
  ORDER_STATUS.RETURNED,
];

/** Reading orders: the lists (admin, vendor, buyer) and one order with its lines, invoice and history. */
@Injectable()
export class OrderQueriesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly refunds: RefundsService,
  ) {}

  async list(viewer: User, query: ListQuery): Promise<ListResult<OrderDto>> {
    if (viewer.role === 'admin') return this.page(this.base(), query, null, 'admin');
    // A vendor: the page is read off order_vendors (its main table, so keyset cursors work), orders joined to it.
    const qb = this.db
      .getRepository(OrderVendor)
      .createQueryBuilder('ov')
      .innerJoinAndSelect('ov.order', 'o')
      .leftJoin('o.user', 'u')
      .addSelect(['u.id', 'u.name', 'u.email'])
      .leftJoinAndMapOne('o.invoiceRef', Invoice, 'inv', 'inv.id = o.invoice_id')
      .where('ov.vendor_id = :vendorId', { vendorId: viewer.id });
    const rows = await paginate(qb, applyDateRange(qb, query, 'ov.created_at'), VENDOR_ORDER_SPEC);
    const views = new Map(
      (
        await this.views(
          rows.data.map((row) => row.order as Order),
          viewer.id,
          'vendor',
        )
      ).map((v) => [v.order.id, v]),
    );
    return rows.map((row) =>
      presentOrder(views.get(row.order_id) as OrderView, this.storage, this.config.orders.returnWindowDays),
    );
  }

  /** GET /orders/statement: the signed-in vendor's sales, commission and credits, line by line. */
  async statement(vendor: User, query: ListQuery): Promise<ListResult<StatementLine>> {
    const qb = this.db
      .getRepository(OrderItem)
      .createQueryBuilder('i')
      .innerJoin('i.order', 'o')
      .addSelect(['o.id', 'o.order_no', 'o.status', 'o.received_at'])
      .where('i.vendor_id = :vendorId', { vendorId: vendor.id })
      .andWhere('o.status IN (:...paid)', { paid: STATEMENT_STATUSES });
    const windowMs = this.config.orders.returnWindowDays * 86_400_000;
    return (await paginate(qb, query, STATEMENT_SPEC)).map((item) => {
      const order = item.order as Order;
      const status: StatementCreditStatus = item.reversed_at
        ? 'reversed'
        : item.credit_released_at
          ? 'available'
          : item.settled_at
            ? 'pending'
            : 'awaiting';
      return {
        id: item.id,
        order_id: item.order_id,
        order_no: order.order_no,
        order_status: order.status,
        product_name: item.product_name,
        quantity: item.quantity,
        gross_minor: item.line_total_minor,
        commission_minor: item.commission_minor,
        credit_minor: item.vendor_credit_minor,
        credit_status: status,
        credit_status_label: STATEMENT_CREDIT_LABELS[status],
        available_from:
          status === 'pending' && order.received_at
            ? new Date(new Date(order.received_at).getTime() + windowMs).toISOString()
            : null,
        created_at: new Date(item.created_at).toISOString(),
      };
    });
  }

  /** GET /orders/user/{userId}: the buyer's own orders (an admin may read anyone's). */
  async listOfBuyer(viewer: User, userId: number, query: ListQuery): Promise<ListResult<OrderDto>> {
    if (viewer.role !== 'admin' && viewer.id !== userId) throw new NotFoundError(MSG.orders.notFound);
    const qb = this.base().andWhere('o.user_id = :buyerId', { buyerId: userId });
    const rest = { ...query };
    delete rest.user_id;
    return this.page(qb, rest, null, viewer.role === 'admin' ? 'admin' : 'buyer');
  }

  /** GET /orders/{id}: the buyer, a vendor with a line in it (their lines only), or an admin; anyone else 404. */
  async get(viewer: User, id: number): Promise<OrderDto> {
    return this.getFor(viewer, id, true);
  }

  async getFor(viewer: User, id: number, withHistory: boolean): Promise<OrderDto> {
    const order = await this.base().where('o.id = :id', { id }).getOne();
    if (!order) throw new NotFoundError(MSG.orders.notFound);
    const role = await this.roleOf(viewer, order);
    if (!role) throw new NotFoundError(MSG.orders.notFound);
    const [view] = await this.views([order], role === 'vendor' ? viewer.id : null, role);
    if (withHistory) {
      view.history = await this.db
        .getRepository(OrderStatusChange)
        .createQueryBuilder('h')
        .leftJoin('h.actor', 'a')
        .addSelect(['a.id', 'a.name'])
        .where('h.order_id = :id', { id })
        .orderBy('h.id', 'ASC')
        .getMany();
      if (role !== 'vendor') view.refunds = await this.refunds.ofOrder(id);
    }
    return presentOrder(view, this.storage, this.config.orders.returnWindowDays);
  }

  private async page(
    qb: SelectQueryBuilder<Order>,
    query: ListQuery,
    vendorId: number | null,
    audience: OrderActor,
  ): Promise<ListResult<OrderDto>> {
    const rest = applyDateRange(qb, query, 'o.created_at');
    const result = await paginate(qb, rest, ORDER_SPEC);
    const views = await this.views(result.data, vendorId, audience);
    const byId = new Map(views.map((v) => [v.order.id, v]));
    return result.map((order) =>
      presentOrder(byId.get(order.id) as OrderView, this.storage, this.config.orders.returnWindowDays),
    );
  }

  /** Lines, invoices and reviewed lines of a page of orders: three statements, whatever the page size. */
  /**
   * The lines of a page of orders with whether each was reviewed: one statement (the invoice came with the page).
   * A vendor gets only their lines.
   */
  private async views(orders: Order[], vendorId: number | null, audience: OrderActor): Promise<OrderView[]> {
    if (!orders.length) return [];
    const qb = this.db
      .getRepository(OrderItem)
      .createQueryBuilder('i')
      .leftJoin(ProductReview, 'r', 'r.order_item_id = i.id')
      .addSelect('r.id', 'review_id')
      .where('i.order_id IN (:...ids)', { ids: orders.map((o) => o.id) })
      .orderBy('i.id', 'ASC');
    if (vendorId !== null) qb.andWhere('i.vendor_id = :vendorId', { vendorId });
    const { entities: items, raw } = await qb.getRawAndEntities<{ i_id: number; review_id: number | null }>();
    const reviewedIds = new Set(raw.filter((r) => r.review_id !== null).map((r) => Number(r.i_id)));
    // A vendor's page: which of its orders also hold other sellers' lines (one statement, on the order_id index).
    const shared = new Set<number>();
    if (vendorId !== null) {
      const rows = await this.db
        .getRepository(OrderItem)
        .createQueryBuilder('x')
        .select('DISTINCT x.order_id', 'order_id')
        .where('x.order_id IN (:...ids)', { ids: orders.map((o) => o.id) })
        .andWhere('(x.vendor_id IS NULL OR x.vendor_id <> :vendorId)', { vendorId })
        .getRawMany<{ order_id: number }>();
      for (const row of rows) shared.add(Number(row.order_id));
    }
    return orders.map((order) => ({
      order,
      items: items.filter((i) => i.order_id === order.id),
      invoice: order.invoiceRef ?? null,
      reviewedItemIds: reviewedIds,
      vendorView: vendorId !== null,
      audience,
      otherSellers: shared.has(order.id),
    }));
  }

  private base(m: EntityManager = this.db.manager): SelectQueryBuilder<Order> {
    return m
      .getRepository(Order)
      .createQueryBuilder('o')
      .leftJoin('o.user', 'u')
      .addSelect(['u.id', 'u.name', 'u.email'])
      .leftJoinAndMapOne('o.invoiceRef', Invoice, 'inv', 'inv.id = o.invoice_id');
  }

  /** How `viewer` relates to `order`: admin, buyer, vendor (a line of theirs) or null (a stranger). */
  async roleOf(
    viewer: User,
    order: Pick<Order, 'id' | 'user_id'>,
    m: EntityManager = this.db.manager,
  ): Promise<OrderActor | null> {
    if (viewer.role === 'admin') return 'admin';
    if (viewer.id === order.user_id) return 'buyer';
    if (
      viewer.role === 'vendor' &&
      (await m.exists(OrderItem, { where: { order_id: order.id, vendor_id: viewer.id } }))
    )
      return 'vendor';
    return null;
  }
}
