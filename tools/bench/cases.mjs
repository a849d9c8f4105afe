// The benchmark's cases: one declarative entry per request. To add a case (e.g. a later issue's orders or
// ledger list), append an entry:
//
//   {
//     id: 'orders',                              // --cases picks by id or group
//     group: 'orders',
//     title: 'Orders list page 1 (customer)',    // {ctxKey} placeholders allowed
//     path: '/orders?_start=0&_end=10',          // under /api/v1; {ctxKey} placeholders allowed
//     auth: 'customer',                          // null, 'admin', 'vendor' or 'customer' (bench accounts)
//     targets: ['sql'],                          // see TARGETS in report.mjs: page1, floor, deep, fast, sql
//     indexes: ['orders(user_id, created_at, id)'], // what the baseline's query needs; created when missing
//     baseline: async (db, ctx, env) => async (req, auth) => ({ status: 200, body: {...}, headers: {} }),
//   },
//
// Optional: `page1: '<case id>'`, the page 1 a 'deep' case is compared with (default list-newest), and
// `follow: { list, perPage, row: '{ctxKey}', as }` for a keyset continuation: run.mjs follows the list's
// meta.next_cursor to that row and sets ctx[as + 'Path'|'Mode'|'Page'|'Note'] (see resolveFollow).
//
// `baseline` builds the bare node:http answer to the same request with the same JSON: usually a builder from
// baseline-kit.mjs (productList, productById, suggestions, userList, invoiceList, ledgerList, orderList, orderStats,
// deliveryList, kycList, supportList, auditList, payoutList, statementList), or a small function of your own with the
// same signature (db, ctx, env). The harness runs it twice: as "Base, same SQL" (env.floor false: Jara's statements,
// the count on every request) and as the floor (env.floor true: the total from a counter kept by the server, literal
// limits, prepared statements; issue 25). A builder of your own must honour env.floor too (runner and totals in
// baseline-kit.mjs). Values that depend on the generated data (an id, a category, a depth) come from the context
// built in run.mjs (buildContext).
import {
  auditList,
  DELIVERY_WAREHOUSE_JOIN,
  deliveryList,
  invoiceList,
  kycList,
  ledgerList,
  orderList,
  orderStats,
  payoutList,
  productById,
  productList,
  statementList,
  suggestions,
  supportList,
  runner,
  totals,
  userList,
} from './baseline-kit.mjs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../scripts/lib.mjs';

const require = createRequire(import.meta.url);
const contracts = () => require(join(ROOT, 'libs/contracts/dist/index.js'));

const NEWEST = 'p.created_at DESC, p.id DESC';
/** The index every "newest first" page of active products walks (default sort, deep pages, Load More). */
const NEWEST_INDEX = 'products(status, created_at, id)';
/** A user's ledger, newest first: page 1 and the cursor continuations (issue 9). */
const LEDGER_INDEX = 'wallet_ledger(user_id, created_at, id)';
/** Every order, newest first (the back office's default sort) and its cursor continuations (issue 10). */
const ORDERS_INDEX = 'orders(created_at, id)';
/** Every delivery, newest first: the tracking table's default sort (issue 11), and the walk of a search. */
const DELIVERIES_INDEX = 'deliveries(created_at, id)';
/** Every payout, newest first: the back office's default sort (issue 24). */
const PAYOUTS_INDEX = 'payouts(created_at, id)';
/** The whole audit log, newest first: the back office's default sort and its cursor continuations (issue 14). */
const AUDIT_INDEX = 'audit_logs(created_at, id)';
/** The deliveries search (deliveries.service.ts deliverySearch): contains, over five columns, the warehouse's too. */
const DELIVERY_SEARCH = ['d.name', 'd.phone', 'd.tracking_no', 'd.external_no', 'w.name']
  .map((expr) => `LOWER(${expr}) LIKE {deliverySearchLike} ESCAPE '!'`)
  .join(' OR ');

// ---- Issue 26 (helper H): the problem queue and the rider's list. Own small baselines: the same index ranges as
// ProblemsService / RiderService, a page and a count capped at 1001 rows (the API never counts a category in full).
const bjson = (body, headers = {}, status = 200) => ({ status, body, headers });
const HOUR_MS = 3_600_000;
/** The status_changed_at cutoff of a stalled status, as the API's default PROBLEM_STALLED_HOURS. */
const STALLED_HOURS = { 1: 336, 2: 168, 3: 120, 4: 168, 5: 1080, 6: 72 };
const sqlTime = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

function stalledPage({ status, limit }) {
  return async (db, ctx, env) => {
    const q = runner(db, env);
    const count = totals(db, env);
    return async () => {
      // The floor rounds the cutoff down to the minute so its kept count has a key to be found by (the bench's data
      // do not move within a minute: the same rows either way).
      const at = Date.now() - STALLED_HOURS[status] * HOUR_MS;
      const cutoff = sqlTime(env?.floor ? at - (at % 60_000) : at);
      const rows = await q.all(
        'SELECT d.id, d.tracking_no, d.status, d.name, d.status_changed_at, w.name AS w_name FROM deliveries d ' +
          'LEFT JOIN warehouses w ON w.id = d.warehouse_id WHERE d.status = ? AND d.status_changed_at < ? ' +
          `ORDER BY d.status_changed_at ASC, d.id ASC LIMIT ${Number(limit)}`,
        [status, cutoff],
      );
      const total = await count(
        'SELECT COUNT(*) AS n FROM (SELECT d.id FROM deliveries d WHERE d.status = ? AND d.status_changed_at < ? LIMIT 1001) c',
        [status, cutoff],
      );
      const data = rows.map((r) => ({
        category: `stalled_${status}`,
        delivery: { id: r.id, tracking_no: r.tracking_no, status: Number(r.status), name: r.name, warehouse: r.w_name },
        since: r.status_changed_at,
        last_action: null,
      }));
      return bjson(
        { data, meta: { total: Math.min(total, 1000), page: 1, per_page: limit } },
        { 'X-Total-Count': String(total) },
      );
    };
  };
}

/**
 * GET /rider/parcels as RiderService.list answers it: the rider's parcels out for delivery (idx_deliveries_rider_status)
 * with their warehouse and owner, the contents counted per parcel, and the attempts this rider recorded today
 * (idx_delivery_attempts_rider) with their parcels. The floor keeps the total (runner/totals of baseline-kit.mjs).
 */
function riderPage({ limit }) {
  return async (db, ctx, env) => {
    const { deliveryStatusDetailLabel, failureReasonLabel } = contracts();
    const q = runner(db, env);
    const count = totals(db, env);
    const columns =
      'd.id, d.tracking_no, d.status, d.last_mile, d.name, d.phone, w.name AS w_name, ' +
      'u.name AS u_name, u.phone AS u_phone, u.address, u.city, u.country';
    const joins = 'LEFT JOIN warehouses w ON w.id = d.warehouse_id LEFT JOIN users u ON u.id = d.user_id';
    return async (req, auth) => {
      const rider = Number(auth?.user?.id);
      const now = new Date();
      const today = sqlTime(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const [rows, total, done] = await Promise.all([
        q.all(
          `SELECT ${columns} FROM deliveries d ${joins} WHERE d.rider_id = ? AND d.status = 6 ORDER BY d.id ASC LIMIT ${Number(limit)}`,
          [rider],
        ),
        count('SELECT COUNT(*) AS n FROM deliveries d WHERE d.rider_id = ? AND d.status = 6', [rider]),
        q.all(
          `SELECT a.delivery_id, a.outcome, a.reason, a.created_at AS a_at, ${columns} FROM delivery_attempts a ` +
            `JOIN deliveries d ON d.id = a.delivery_id ${joins} WHERE a.rider_id = ? AND a.created_at >= ? ` +
            'ORDER BY a.created_at DESC, a.id DESC LIMIT 100',
          [rider, today],
        ),
      ]);
      const ids = [...rows.map((r) => r.id), ...done.map((a) => a.delivery_id)];
      const counts = new Map();
      if (ids.length)
        for (const r of await q.all(
          `SELECT delivery_id AS id, COUNT(*) AS n FROM delivery_contents WHERE delivery_id IN (${ids.map(() => '?').join(',')}) GROUP BY delivery_id`,
          ids,
        ))
          counts.set(Number(r.id), Number(r.n));
      const last = new Map();
      for (const a of done) if (!last.has(a.delivery_id)) last.set(a.delivery_id, a);
      const present = (r) => {
        const attempt = last.get(r.id);
        const address = [r.address, r.city, r.country].filter(Boolean).join(', ');
        return {
          id: r.id,
          tracking_no: r.tracking_no,
          status: Number(r.status),
          status_label: deliveryStatusDetailLabel(Number(r.status)),
          last_mile: r.last_mile,
          recipient: r.u_name ?? r.name,
          phone: r.u_phone ?? r.phone,
          destination: r.last_mile === 'pickup' ? (r.w_name ?? null) : address || null,
          contents_count: counts.get(r.id) ?? 0,
          attempt: attempt
            ? {
                outcome: attempt.outcome,
                reason_label: attempt.reason ? failureReasonLabel(attempt.reason) : null,
                at: new Date(attempt.a_at).toISOString(),
              }
            : null,
        };
      };
      const seen = new Set();
      return bjson({
        data: rows.map(present),
        meta: { total, page: 1, per_page: limit },
        today: done.filter((a) => !seen.has(a.delivery_id) && seen.add(a.delivery_id)).map(present),
      });
    };
  };
}

export const CASES = [
  {
    id: 'list-newest',
    group: 'list',
    title: 'Product list page 1, newest (default sort)',
    path: '/products/active?_start=0&_end=24',
    auth: null,
    targets: ['page1', 'floor', 'sql'],
    indexes: [NEWEST_INDEX],
    baseline: productList({ orderBy: NEWEST, limit: 24 }),
  },
  {
    id: 'list-price',
    group: 'list',
    title: 'Product list page 1, by price',
    path: '/products/active?_sort=price&_order=asc&_start=0&_end=24',
    auth: null,
    targets: ['page1', 'floor', 'sql'],
    indexes: ['products(status, price_kobo, id)'],
    // The tiebreaker (id) runs in the sort's direction (list-query.ts), so one index serves the page.
    baseline: productList({ orderBy: 'p.price_kobo ASC, p.id ASC', limit: 24 }),
  },
  {
    id: 'list-rating',
    group: 'list',
    title: 'Product list page 1, by rating',
    path: '/products/active?_sort=average_rating&_order=desc&_start=0&_end=24',
    auth: null,
    targets: ['page1', 'floor', 'sql'],
    indexes: ['products(status, average_rating, id)'],
    baseline: productList({ orderBy: 'p.average_rating DESC, p.id DESC', limit: 24 }),
  },
  {
    id: 'list-filtered',
    group: 'list',
    title: 'Product list page 1, category + price range',
    path: '/products/active?category_id={categoryId}&min_price={minPrice}&max_price={maxPrice}&_start=0&_end=24',
    auth: null,
    targets: ['page1', 'floor', 'sql'],
    indexes: ['products(status, category_id, created_at, id)'],
    baseline: productList({
      where:
        'p.status = 1 AND p.category_id = {categoryId} AND p.price_kobo >= {minKobo} AND p.price_kobo <= {maxKobo}',
      orderBy: NEWEST,
      limit: 24,
    }),
  },
  {
    id: 'list-deep',
    group: 'list',
    title: 'Product list, row {depth} (_start/_end)',
    path: '/products/active?_start={depth}&_end={depthEnd}',
    auth: null,
    targets: ['deep', 'sql'],
    indexes: [NEWEST_INDEX],
    baseline: productList({ orderBy: NEWEST, limit: 24, offset: '{depth}', deferredJoin: true }),
  },
  {
    // The storefront's Load More (resources.products.tsx): with a keyset cursor (meta.next_cursor) it asks
    // for the rows after the cursor; without one it asks for page=N&per_page=6. run.mjs finds out which.
    id: 'load-more',
    group: 'list',
    title: 'Storefront Load More at row {loadMoreRow} ({loadMoreMode})',
    path: '{loadMorePath}',
    auth: null,
    targets: ['deep', 'floor', 'sql'],
    indexes: [NEWEST_INDEX],
    baseline: productList({
      orderBy: NEWEST,
      limit: '{loadMorePerPage}',
      keysetAfterRow: '{loadMoreRow}',
      keysetIndex: NEWEST_INDEX,
      count: '{loadMoreWithTotal}',
    }),
  },
  {
    id: 'product',
    group: 'product',
    title: 'GET /products/{id}',
    path: '/products/{productId}',
    auth: null,
    targets: [],
    indexes: [],
    baseline: productById('{productId}'),
  },
  {
    id: 'search',
    group: 'search',
    title: 'Search ?q={searchTerm}, page 1',
    path: '/products/active?q={searchTerm}&_sort=created_at&_order=desc&_start=0&_end=24',
    auth: null,
    targets: ['fast', 'sql'],
    indexes: ['fulltext products(name)', NEWEST_INDEX],
    baseline: productList({
      where: {
        sqlite: 'p.status = 1 AND p.id IN (SELECT rowid FROM {{ftsTable}} WHERE {{ftsTable}} MATCH {searchFtsSqlite})',
        mysql: 'p.status = 1 AND MATCH(p.name) AGAINST ({searchFtsMysql} IN BOOLEAN MODE)',
      },
      orderBy: NEWEST,
      limit: 24,
    }),
  },
  {
    id: 'suggestions',
    group: 'search',
    title: 'GET /search/suggestions?q={suggestTerm}',
    path: '/search/suggestions?q={suggestTerm}',
    auth: null,
    targets: ['fast'],
    indexes: ['fulltext products(name)'],
    // Word-prefix matches on the full-text index, best match first, then the best rated (search.service.ts).
    baseline: suggestions({
      term: '{suggestTerm}',
      categories: 3,
      total: 7,
      from: {
        sqlite:
          '(SELECT rowid AS fts_id, rank AS fts_rank FROM {{ftsTable}} WHERE {{ftsTable}} MATCH {suggestFtsSqlite}) f JOIN products p ON p.id = f.fts_id',
        mysql: 'products p',
      },
      where: {
        sqlite: 'p.status = 1',
        mysql: 'p.status = 1 AND MATCH(p.name) AGAINST ({suggestFtsMysql} IN BOOLEAN MODE)',
      },
      orderBy: {
        sqlite: 'f.fts_rank ASC, p.average_rating DESC, p.id DESC',
        mysql: 'MATCH(p.name) AGAINST ({suggestFtsMysql} IN BOOLEAN MODE) DESC, p.average_rating DESC, p.id DESC',
      },
    }),
  },
  {
    id: 'users',
    group: 'users',
    title: 'Users list page 1 (admin)',
    path: '/users?_start=0&_end=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['users(deleted_at, created_at, id)'],
    baseline: userList({ where: 'u.deleted_at IS NULL', limit: 10 }),
  },
  // Money (issue 9): the back office's invoices and a customer's wallet ledger.
  {
    id: 'invoices',
    group: 'money',
    title: 'Invoices list page 1 (admin)',
    path: '/invoices?_start=0&_end=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['invoices(created_at, id)'],
    baseline: invoiceList({ limit: 10 }),
  },
  {
    id: 'invoices-pending',
    group: 'money',
    title: 'Invoices list page 1, pending (admin)',
    path: '/invoices?status=pending&_start=0&_end=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['invoices(status, created_at, id)'],
    baseline: invoiceList({ where: "i.status = 'pending'", limit: 10 }),
  },
  {
    id: 'wallet',
    group: 'money',
    title: 'Wallet histories page 1 (customer, {walletEntries} entries)',
    path: '/wallet/histories?per_page=20',
    auth: 'customer',
    targets: ['sql'],
    indexes: [LEDGER_INDEX],
    baseline: ledgerList({ limit: 20 }),
  },
  {
    // The customer paging on through the ledger: after=<cursor> at row walletDeepRow when the API answers
    // meta.next_cursor (run.mjs follows it there), page=N&per_page=20 otherwise.
    id: 'wallet-deep',
    group: 'money',
    title: 'Wallet histories at row {walletDeepRow} ({walletDeepMode})',
    path: '{walletDeepPath}',
    auth: 'customer',
    targets: ['deep', 'sql'],
    page1: 'wallet',
    follow: { list: '/wallet/histories', perPage: 20, row: '{walletDeepRow}', as: 'walletDeep' },
    indexes: [LEDGER_INDEX],
    baseline: ledgerList({
      limit: 20,
      afterRow: '{walletDeepRow}',
      page: '{walletDeepPage}',
      keysetIndex: LEDGER_INDEX,
    }),
  },
  // Orders (issue 10): the back office's list (default sort, a status, a continuation), a buyer's own orders, a
  // vendor's orders (through order_vendors) and the dashboard's aggregates. One order per product.
  {
    id: 'orders',
    group: 'orders',
    title: 'Orders list page 1 (admin, {orderCount} orders)',
    path: '/orders?_sort=created_at&_order=desc&_start=0&_end=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: [ORDERS_INDEX],
    baseline: orderList({ limit: 10 }),
  },
  {
    id: 'orders-status',
    group: 'orders',
    title: 'Orders list page 1, status=1 To Ship (admin)',
    path: '/orders?status=1&_sort=created_at&_order=desc&_start=0&_end=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['orders(status, created_at, id)'],
    baseline: orderList({ where: 'o.status = 1', limit: 10 }),
  },
  {
    // The admin paging on: after=<cursor> at row ordersDeepRow (run.mjs follows meta.next_cursor there).
    id: 'orders-deep',
    group: 'orders',
    title: 'Orders list at row {ordersDeepRow} ({ordersDeepMode}, admin)',
    path: '{ordersDeepPath}',
    auth: 'admin',
    targets: ['deep', 'sql'],
    page1: 'orders',
    follow: { list: '/orders', perPage: 10, row: '{ordersDeepRow}', as: 'ordersDeep' },
    indexes: [ORDERS_INDEX],
    baseline: orderList({
      limit: 10,
      afterRow: '{ordersDeepRow}',
      page: '{ordersDeepPage}',
      keysetIndex: ORDERS_INDEX,
    }),
  },
  {
    id: 'orders-buyer',
    group: 'orders',
    title: "Buyer's own orders page 1 (customer, {buyerOrders} orders)",
    path: '/orders/user/{buyerId}?per_page=10',
    auth: 'customer',
    targets: ['sql'],
    indexes: ['orders(user_id, created_at, id)'],
    baseline: orderList({ scope: 'buyer', limit: 10 }),
  },
  {
    id: 'orders-vendor',
    group: 'orders',
    title: "Vendor's orders page 1 (vendor, {vendorOrders} orders)",
    path: '/orders?per_page=10',
    auth: 'vendor',
    targets: ['sql'],
    indexes: ['order_vendors(vendor_id, created_at, order_id)'],
    baseline: orderList({ scope: 'vendor', limit: 10 }),
  },
  {
    id: 'order-stats',
    group: 'orders',
    title: 'GET /admin/order-stats?days=30 ({statsOrders} orders in the window)',
    path: '/admin/order-stats?days=30',
    auth: 'admin',
    targets: [],
    indexes: [ORDERS_INDEX, 'order_items(created_at, product_id)'],
    baseline: orderStats({ days: 30 }),
  },
  // Deliveries (issue 11): GET /trackings, the back office's tracking table (default sort, a type, a status, the
  // heaviest first), a customer's own deliveries and a search. One delivery per product, over the last 90 days.
  {
    id: 'deliveries',
    group: 'deliveries',
    title: 'Deliveries page 1 (admin, {deliveryCount} deliveries)',
    path: '/trackings?per_page=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: [DELIVERIES_INDEX],
    baseline: deliveryList({ limit: 10 }),
  },
  {
    id: 'deliveries-foreign',
    group: 'deliveries',
    title: 'Deliveries page 1, type=foreign (admin, {foreignDeliveries})',
    path: '/trackings?type=foreign&per_page=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['deliveries(type, created_at, id)'],
    baseline: deliveryList({ where: "d.type = 'foreign'", limit: 10 }),
  },
  {
    id: 'deliveries-status',
    group: 'deliveries',
    title: 'Deliveries page 1, status=2 Delivered to Warehouse (admin, {warehouseDeliveries})',
    path: '/trackings?status=2&per_page=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['deliveries(status, created_at, id)'],
    baseline: deliveryList({ where: 'd.status = 2', limit: 10 }),
  },
  {
    // The heaviest first: the id follows in the sort's direction (the API's tiebreaker), NULL weights last.
    id: 'deliveries-weight',
    group: 'deliveries',
    title: 'Tracking table by weight desc, per_page=5 (admin)',
    path: '/trackings?_sort=weight&_order=desc&per_page=5',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['deliveries(weight_hundredths, id)'],
    baseline: deliveryList({ sortColumn: 'weight_hundredths', sortOrder: 'DESC', limit: 5 }),
  },
  {
    id: 'deliveries-own',
    group: 'deliveries',
    title: "Customer's own deliveries page 1 (customer, {ownDeliveries})",
    path: '/trackings?per_page=10',
    auth: 'customer',
    targets: ['sql'],
    indexes: ['deliveries(user_id, created_at, id)'],
    baseline: deliveryList({ scope: 'own', limit: 10 }),
  },
  {
    // A contains-search: the newest-first walk stops at the 10th match; the count reads every delivery.
    id: 'deliveries-search',
    group: 'deliveries',
    title: 'Deliveries search ?q={deliverySearchTerm} (admin, {deliverySearchMatches} matches)',
    path: '/trackings?q={deliverySearchTerm}&per_page=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: [DELIVERIES_INDEX],
    baseline: deliveryList({ where: `(${DELIVERY_SEARCH})`, countJoins: DELIVERY_WAREHOUSE_JOIN, limit: 10 }),
  },
  // Trust and care (issue 12): the back office's KYC review queue (every submission, the pending ones) and its
  // support inbox (every request, the open ones), and a customer's own support requests. Newest first.
  {
    id: 'kyc',
    group: 'care',
    title: 'KYC submissions page 1 (admin, {kycCount} submissions)',
    path: '/kyc?_start=0&_end=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['kyc_submissions(created_at, id)'],
    baseline: kycList({ limit: 10 }),
  },
  {
    id: 'kyc-pending',
    group: 'care',
    title: 'KYC submissions page 1, status=0 Pending (admin, {kycPending})',
    path: '/kyc?status=0&_start=0&_end=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['kyc_submissions(status, created_at, id)'],
    baseline: kycList({ where: 'k.status = 0', limit: 10 }),
  },
  {
    id: 'supports',
    group: 'care',
    title: 'Support requests page 1 (admin, {supportCount} requests)',
    path: '/supports?_start=0&_end=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['supports(created_at, id)'],
    baseline: supportList({ limit: 10 }),
  },
  {
    id: 'supports-open',
    group: 'care',
    title: 'Support requests page 1, status=1 Open (admin, {supportOpen})',
    path: '/supports?status=1&_start=0&_end=10',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['supports(status, created_at, id)'],
    baseline: supportList({ where: 's.status = 1', limit: 10 }),
  },
  {
    id: 'supports-own',
    group: 'care',
    title: "Customer's own support requests page 1 (customer, {ownSupports})",
    path: '/supports?_start=0&_end=10',
    auth: 'customer',
    targets: ['sql'],
    indexes: ['supports(user_id, created_at, id)'],
    baseline: supportList({ scope: 'own', limit: 10 }),
  },
  // Audit log (issue 14): GET /audit-logs, the back office's read-only list of admin writes (default sort, a record
  // type, one admin, an action over a week, one record's history, a continuation). One entry per product, by five
  // admins over the last 180 days (generator v6).
  {
    id: 'audit',
    group: 'audit',
    title: 'Audit log page 1 (admin, {auditCount} entries)',
    path: '/audit-logs?per_page=20',
    auth: 'admin',
    targets: ['sql'],
    indexes: [AUDIT_INDEX],
    baseline: auditList({ limit: 20 }),
  },
  {
    id: 'audit-type',
    group: 'audit',
    title: 'Audit log page 1, entity_type={auditType} (admin, {auditTypeCount})',
    path: '/audit-logs?entity_type={auditType}&per_page=20',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['audit_logs(entity_type, created_at, id)'],
    baseline: auditList({ where: 'a.entity_type = {auditType}', limit: 20 }),
  },
  {
    id: 'audit-actor',
    group: 'audit',
    title: 'Audit log page 1, actor_id={auditActorId} (admin, {auditActorCount})',
    path: '/audit-logs?actor_id={auditActorId}&per_page=20',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['audit_logs(actor_id, created_at, id)'],
    baseline: auditList({ where: 'a.actor_id = {auditActorId}', limit: 20 }),
  },
  {
    // A Lagos week (created_at_lte runs to the end of its day): the API's bounds are >= and <, bound in UTC.
    id: 'audit-action-dates',
    group: 'audit',
    title: 'Audit log page 1, action={auditAction}, {auditFrom} to {auditTo} (admin, {auditActionCount})',
    path: '/audit-logs?action={auditAction}&created_at_gte={auditFrom}&created_at_lte={auditTo}&per_page=20',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['audit_logs(action, created_at, id)'],
    baseline: auditList({
      where: 'a.action = {auditAction} AND a.created_at >= {auditFromSql} AND a.created_at < {auditToSql}',
      limit: 20,
    }),
  },
  {
    id: 'audit-entity',
    group: 'audit',
    title: "One record's history: entity_type={auditEntityType}&entity_id={auditEntityId} (admin, {auditEntityCount})",
    path: '/audit-logs?entity_type={auditEntityType}&entity_id={auditEntityId}&per_page=20',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['audit_logs(entity_id, created_at, id)'],
    baseline: auditList({ where: 'a.entity_type = {auditEntityType} AND a.entity_id = {auditEntityId}', limit: 20 }),
  },
  {
    // The admin paging on: after=<cursor> at row auditDeepRow (run.mjs follows meta.next_cursor there).
    id: 'audit-deep',
    group: 'audit',
    title: 'Audit log at row {auditDeepRow} ({auditDeepMode}, admin)',
    path: '{auditDeepPath}',
    auth: 'admin',
    targets: ['deep', 'sql'],
    page1: 'audit',
    follow: { list: '/audit-logs', perPage: 20, row: '{auditDeepRow}', as: 'auditDeep' },
    indexes: [AUDIT_INDEX],
    baseline: auditList({ limit: 20, afterRow: '{auditDeepRow}', page: '{auditDeepPage}', keysetIndex: AUDIT_INDEX }),
  },
  // Payouts (issue 24, generator v8): the back office's GET /payouts (default sort, the approval queue, the largest
  // first) with each payout's vendor, and the bench vendor's statement (its NGN ledger of sales, reversals, payouts,
  // fees, returns and adjustments with each sale's gross and commission), page 1 and a cursor continuation.
  {
    id: 'payouts',
    group: 'payouts',
    title: 'Payouts page 1 (admin, {payoutCount} payouts)',
    path: '/payouts?per_page=20',
    auth: 'admin',
    targets: ['sql'],
    indexes: [PAYOUTS_INDEX],
    baseline: payoutList({ limit: 20 }),
  },
  {
    id: 'payouts-status',
    group: 'payouts',
    title: 'Payouts page 1, status=awaiting_approval (admin, {payoutsAwaiting})',
    path: '/payouts?status=awaiting_approval&per_page=20',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['payouts(status, created_at, id)'],
    baseline: payoutList({ where: "p.status = 'awaiting_approval'", limit: 20 }),
  },
  {
    id: 'payouts-amount',
    group: 'payouts',
    title: 'Payouts page 1 by amount desc (admin)',
    path: '/payouts?_sort=amount_minor&_order=desc&per_page=20',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['payouts(amount_minor, id)'],
    baseline: payoutList({ sortColumn: 'amount_minor', sortOrder: 'DESC', limit: 20 }),
  },
  {
    id: 'statement',
    group: 'payouts',
    title: "Vendor's statement page 1 (vendor, {statementEntries} entries)",
    path: '/vendor-payouts/statement?per_page=20',
    auth: 'vendor',
    targets: ['sql'],
    indexes: [LEDGER_INDEX],
    baseline: statementList({ limit: 20 }),
  },
  {
    // The vendor paging on: after=<cursor> at row statementDeepRow (run.mjs follows meta.next_cursor there).
    id: 'statement-deep',
    group: 'payouts',
    title: "Vendor's statement at row {statementDeepRow} ({statementDeepMode}, vendor)",
    path: '{statementDeepPath}',
    auth: 'vendor',
    targets: ['deep', 'sql'],
    page1: 'statement',
    follow: { list: '/vendor-payouts/statement', perPage: 20, row: '{statementDeepRow}', as: 'statementDeep' },
    indexes: [LEDGER_INDEX],
    baseline: statementList({
      limit: 20,
      afterRow: '{statementDeepRow}',
      page: '{statementDeepPage}',
      keysetIndex: LEDGER_INDEX,
    }),
  },
  // Issue 26: the problem queue (a stalled category on idx_deliveries_status_since, a count capped at 1001 rows) and
  // the rider's list of parcels (idx_deliveries_rider_status).
  {
    id: 'problems-stalled',
    group: 'problems',
    title: 'Problem queue: stalled in Shipped (In Transit), page 1 (admin, {deliveryCount} deliveries)',
    path: '/problems?category=stalled_5&per_page=20',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['deliveries(status, status_changed_at, id)'],
    baseline: stalledPage({ status: 5, limit: 20 }),
  },
  {
    id: 'problems-stalled-pending',
    group: 'problems',
    title: 'Problem queue: stalled in Pending Delivery, page 1 (admin)',
    path: '/problems?category=stalled_1&per_page=20',
    auth: 'admin',
    targets: ['sql'],
    indexes: ['deliveries(status, status_changed_at, id)'],
    baseline: stalledPage({ status: 1, limit: 20 }),
  },
  {
    id: 'rider-parcels',
    group: 'rider',
    title: "Rider's parcels to deliver, page 1 (rider, {deliveryCount} deliveries)",
    path: '/rider/parcels?per_page=20',
    auth: 'rider',
    targets: ['sql'],
    indexes: ['deliveries(rider_id, status, id)'],
    baseline: riderPage({ limit: 20 }),
  },
];

/** Fills {ctxKey} placeholders of a path or title. */
export function fill(template, ctx) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in ctx ? String(ctx[key]) : whole));
}

/** The cases picked by --cases (ids, groups or id prefixes, comma separated); all when empty. */
export function selectCases(filter) {
  if (!filter?.length) return CASES;
  const picked = CASES.filter((c) => filter.some((f) => c.id === f || c.group === f || c.id.startsWith(f)));
  if (!picked.length)
    throw new Error(`--cases ${filter.join(',')} matches no case. Cases: ${CASES.map((c) => c.id).join(', ')}`);
  return picked;
}
