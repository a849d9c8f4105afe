import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  ORDER_STATUS,
  ORDER_STATUSES,
  type OrderStats,
  type OrderStatus,
  type VendorSalesFigure,
} from '@jara/contracts';
import { boundedInteger, singleValue, type ListQuery } from '../../common/list/list-query';

const DAY_MS = 86_400_000;
/** Lagos is UTC+1 all year: a Lagos day starts at 23:00 UTC the evening before. */
const LAGOS_OFFSET_MS = 3_600_000;
const STATS_TTL_MS = 60_000;
/** Paid and not returned: what counts as revenue. */
const PAID = '(1, 2, 3)';

function lagosDay(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The back office's order charts: aggregates over the window's range of idx_orders_created and
 * idx_order_items_created_product (GROUP BY in the database, a fixed number of statements, no per-row queries).
 */
@Injectable()
export class OrderStatsService {
  /** One computation per `days` at a time, kept STATS_TTL_MS: a dashboard full of admins costs one aggregate a minute. */
  private readonly cache = new Map<number, { at: number; value: Promise<OrderStats> }>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** GET /admin/order-stats: at most STATS_TTL_MS old (the charts are of whole days). */
  stats(query: ListQuery): Promise<OrderStats> {
    const days = boundedInteger('days', singleValue(query, 'days'), 1, 90) ?? 30;
    const hit = this.cache.get(days);
    if (hit && Date.now() - hit.at < STATS_TTL_MS) return hit.value;
    const value = this.compute(days);
    this.cache.set(days, { at: Date.now(), value });
    value.catch(() => this.cache.delete(days));
    return value;
  }

  /**
   * A vendor's dashboard figures: their paid lines today and this week (since Monday, Lagos), and their orders To Ship.
   * Read off order_vendors (idx_order_vendors_vendor_status_created: the vendor's paid orders since Monday) joined to
   * their lines (idx_order_items_vendor_order): bounded by one week of one vendor's orders.
   */
  async vendorFigures(
    vendorId: number,
    now = new Date(),
  ): Promise<{ today: VendorSalesFigure; week: VendorSalesFigure; toFulfil: number }> {
    const today = lagosDay(now);
    const dayStart = new Date(`${today}T00:00:00.000+01:00`);
    const sinceMonday = (new Date(`${today}T12:00:00.000Z`).getUTCDay() + 6) % 7;
    const weekStart = new Date(dayStart.getTime() - sinceMonday * DAY_MS);
    const text = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');
    const [sales]: {
      week_orders: string | number | null;
      week_amount: string | number | null;
      today_orders: string | number | null;
      today_amount: string | number | null;
    }[] = await this.db.query(
      `SELECT COUNT(DISTINCT ov.order_id) AS week_orders, SUM(i.line_total_minor) AS week_amount,
              COUNT(DISTINCT CASE WHEN ov.created_at >= ? THEN ov.order_id END) AS today_orders,
              SUM(CASE WHEN ov.created_at >= ? THEN i.line_total_minor ELSE 0 END) AS today_amount
         FROM order_vendors ov JOIN order_items i ON i.order_id = ov.order_id AND i.vendor_id = ov.vendor_id
        WHERE ov.vendor_id = ? AND ov.status IN ${PAID} AND ov.created_at >= ?`,
      [text(dayStart), text(dayStart), vendorId, text(weekStart)],
    );
    const [toShip]: { count: string | number }[] = await this.db.query(
      'SELECT COUNT(*) AS count FROM order_vendors ov WHERE ov.vendor_id = ? AND ov.status = ?',
      [vendorId, ORDER_STATUS.TO_SHIP],
    );
    return {
      today: { orders: Number(sales?.today_orders ?? 0), amount_minor: Number(sales?.today_amount ?? 0) },
      week: { orders: Number(sales?.week_orders ?? 0), amount_minor: Number(sales?.week_amount ?? 0) },
      toFulfil: Number(toShip?.count ?? 0),
    };
  }

  async compute(days: number, now = new Date()): Promise<OrderStats> {
    const today = lagosDay(now);
    const since = new Date(new Date(`${today}T00:00:00.000+01:00`).getTime() - (days - 1) * DAY_MS);
    // Raw statements bind text: the stored UTC form ('YYYY-MM-DD HH:MM:SS.mmm') compares the same on both engines.
    const sinceText = since.toISOString().replace('T', ' ').replace('Z', '');
    const mysql = this.db.options.type === 'mysql' || this.db.options.type === 'mariadb';
    const day = mysql
      ? "DATE_FORMAT(DATE_ADD(o.created_at, INTERVAL 1 HOUR), '%Y-%m-%d')"
      : "date(o.created_at, '+1 hour')";

    const perDay: { day: string; orders: string | number; revenue: string | number | null }[] = await this.db.query(
      `SELECT ${day} AS day, COUNT(*) AS orders, SUM(CASE WHEN o.status IN ${PAID} THEN o.total_minor ELSE 0 END) AS revenue
         FROM orders o WHERE o.created_at >= ? GROUP BY ${day}`,
      [sinceText],
    );
    const byStatus: { status: number | string; count: number | string }[] = await this.db.query(
      'SELECT o.status AS status, COUNT(*) AS count FROM orders o WHERE o.created_at >= ? GROUP BY o.status',
      [sinceText],
    );
    const topProducts: { product_id: number; name: string; quantity: string | number; revenue: string | number }[] =
      await this.db.query(
        `SELECT i.product_id AS product_id, MAX(i.product_name) AS name, SUM(i.quantity) AS quantity, SUM(i.line_total_minor) AS revenue
           FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE i.created_at >= ? AND o.status IN ${PAID}
          GROUP BY i.product_id ORDER BY revenue DESC, i.product_id ASC LIMIT 5`,
        [sinceText],
      );
    const topVendors: { vendor_id: number; name: string | null; orders: string | number; revenue: string | number }[] =
      await this.db.query(
        `SELECT t.vendor_id AS vendor_id, u.name AS name, t.orders AS orders, t.revenue AS revenue FROM (
           SELECT i.vendor_id AS vendor_id, COUNT(DISTINCT i.order_id) AS orders, SUM(i.line_total_minor) AS revenue
             FROM order_items i JOIN orders o ON o.id = i.order_id
            WHERE i.created_at >= ? AND i.vendor_id IS NOT NULL AND o.status IN ${PAID}
            GROUP BY i.vendor_id ORDER BY revenue DESC, i.vendor_id ASC LIMIT 5) t
         LEFT JOIN users u ON u.id = t.vendor_id ORDER BY t.revenue DESC, t.vendor_id ASC`,
        [sinceText],
      );
    const [commission]: { commission: string | number | null }[] = await this.db.query(
      `SELECT SUM(i.commission_minor) AS commission FROM order_items i
        WHERE i.created_at >= ? AND i.vendor_id IS NOT NULL AND i.settled_at IS NOT NULL AND i.reversed_at IS NULL`,
      [sinceText],
    );

    const counted = new Map(perDay.map((r) => [String(r.day).slice(0, 10), r]));
    const series = Array.from({ length: days }, (_, i) => {
      const key = lagosDay(new Date(since.getTime() + i * DAY_MS));
      const row = counted.get(key);
      return { day: key, orders: Number(row?.orders ?? 0), revenue_minor: Number(row?.revenue ?? 0) };
    });
    const statusCount = new Map(byStatus.map((r) => [Number(r.status), Number(r.count)]));
    return {
      days,
      per_day: series,
      by_status: ORDER_STATUSES.map((s) => ({
        status: s.code as OrderStatus,
        label: s.label,
        count: statusCount.get(Number(s.code)) ?? 0,
      })),
      top_products: topProducts.map((r) => ({
        product_id: Number(r.product_id),
        name: r.name,
        quantity: Number(r.quantity),
        revenue_minor: Number(r.revenue),
      })),
      top_vendors: topVendors.map((r) => ({
        vendor_id: Number(r.vendor_id),
        name: r.name,
        orders: Number(r.orders),
        revenue_minor: Number(r.revenue),
      })),
      commission_minor: Number(commission?.commission ?? 0),
      revenue_minor: series.reduce((sum, d) => sum + d.revenue_minor, 0),
      orders: series.reduce((sum, d) => sum + d.orders, 0),
    };
  }
}
