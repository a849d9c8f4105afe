// Building blocks of the bare baseline and of the floor: the same JSON as the API's presenters, from hand-written
// SQL. A case's `baseline` is a builder call from this file; the baseline server (baseline-server.mjs) calls
// `make(db, ctx, env)` once at start-up and then `handle(request)` for every request.
//
// Two modes of the same builders (issue 25), chosen by env.floor:
// - "Base, same SQL" (env.floor false): the statements Jara runs, the count on every request;
// - the floor (env.floor true): the fastest correct answer with the same JSON: the same page statement (index seek,
//   keyset or LIMIT), its total from a counter computed once per filter (and per user for own lists) and kept,
//   LIMIT/OFFSET written as literals, and on MySQL/MariaDB server-side prepared statements (mysql2 execute, cached per
//   connection) instead of text queries; better-sqlite3's statements are prepared once in both modes.
//
// SQL placeholders: {name} is bound from the run's context (ctx.name, see run.mjs buildContext) as a
// parameter, {{name}} is put in as an identifier; a fragment may be { sqlite, mysql } when the dialects need
// different SQL (full-text search).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../scripts/lib.mjs';

const require = createRequire(import.meta.url);
const contracts = () => require(join(ROOT, 'libs/contracts/dist/index.js'));

/** Value of a builder option: '{name}' reads ctx.name; anything else is itself. */
export function val(value, ctx) {
  if (typeof value === 'string' && /^\{\w+\}$/.test(value)) {
    const key = value.slice(1, -1);
    if (!(key in ctx)) throw new Error(`context has no ${key}`);
    return ctx[key];
  }
  return value;
}

/** The dialect's variant of a SQL fragment given as { sqlite, mysql }, or the fragment itself. */
export function pick(part, dialect) {
  const text = typeof part === 'object' && part !== null ? part[dialect] : part;
  if (typeof text !== 'string') throw new Error(`no SQL for ${dialect}`);
  return text;
}

/**
 * Binds a SQL text to the context: {{name}} is replaced by ctx.name as an identifier (a table name the run
 * found, e.g. the full-text table), {name} by ? with ctx.name as its parameter.
 */
export function bind(sql, ctx, dialect) {
  const params = [];
  const need = (key) => {
    if (!(key in ctx)) throw new Error(`context has no ${key}`);
    return ctx[key];
  };
  const out = pick(sql, dialect)
    .replace(/\{\{(\w+)\}\}/g, (_, key) => {
      const name = String(need(key));
      if (!/^\w+$/.test(name)) throw new Error(`${key} is not an identifier: ${name}`);
      return name;
    })
    .replace(/\{(\w+)\}/g, (_, key) => {
      params.push(need(key));
      return '?';
    });
  return { sql: out, params };
}

/** What TypeORM does to a datetime read from SQLite (a 'YYYY-MM-DD HH:MM:SS.mmm' UTC string), or a Date. */
function hydrateDate(value) {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  let s = String(value);
  if (/^\d\d\d\d-\d\d-\d\d \d\d:\d\d/.test(s)) s = s.replace(' ', 'T');
  if (/^\d\d\d\d-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d\d\d)?)?$/.test(s)) s += 'Z';
  return new Date(s);
}
const iso = (value) => (value === null || value === undefined ? null : hydrateDate(value).toISOString());

function mediaUrl(publicUrl, key) {
  if (!key) return null;
  if (/^https?:\/\//.test(key)) return key;
  return `${publicUrl}/api/v1/media/${key}`;
}
const cardKey = (key) => (!key ? null : /^https?:\/\//.test(key) ? key : key.replace(/\.webp$/, '-card.webp'));

/** Columns and joins of a product with its category and seller names (what ProductsService.baseQuery loads). */
export const PRODUCT_COLUMNS =
  'p.id, p.user_id, p.name, p.category_id, p.type, p.description, p.price_kobo, p.status, p.image, p.average_rating, ' +
  'p.review_count, p.stock_quantity, p.sku, p.weight, p.dimensions, p.discount, p.flash_start_at, p.flash_end_at, ' +
  'p.created_at, p.updated_at, c.id AS c_id, c.name AS c_name, o.id AS o_id, o.name AS o_name';
export const PRODUCT_JOINS = 'LEFT JOIN categories c ON c.id = p.category_id LEFT JOIN users o ON o.id = p.user_id';

/** The product presenter (apps/api/src/modules/products/product.presenter.ts), field for field. */
export function presentProduct(r, publicUrl) {
  const { productTypeLabel } = contracts();
  const naira = Number(r.price_kobo) / 100;
  const url = mediaUrl(publicUrl, r.image);
  return {
    id: r.id,
    user_id: r.user_id,
    seller: r.o_id === null || r.o_id === undefined ? null : { id: r.o_id, name: r.o_name },
    name: r.name,
    category_id: r.category_id,
    category: r.c_id === null || r.c_id === undefined ? null : { id: r.c_id, name: r.c_name },
    type: r.type,
    type_label: productTypeLabel(r.type),
    description: r.description,
    price: naira,
    price_ngn: naira,
    price_kobo: Number(r.price_kobo),
    status: Number(r.status) === 1 ? 1 : 0,
    image: url,
    image_url: url,
    image_card_url: mediaUrl(publicUrl, cardKey(r.image)),
    rating: Number(r.average_rating),
    average_rating: Number(r.average_rating),
    review_count: r.review_count,
    stock_quantity: r.stock_quantity,
    sku: r.sku,
    weight: r.weight,
    dimensions: r.dimensions,
    discount: r.discount,
    flash_start_at: iso(r.flash_start_at),
    flash_end_at: iso(r.flash_end_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** The user presenter (apps/api/src/modules/users/user.presenter.ts). */
export function presentUser(u, publicUrl) {
  const { normalizeRole } = contracts();
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    address: u.address,
    city: u.city,
    postal_code: u.postal_code,
    country: u.country,
    image: mediaUrl(publicUrl, u.image),
    role: normalizeRole(u.role),
    status: u.status === '1' ? '1' : '0',
    email_verified: !!u.email_verified_at,
    pending_email: u.pending_email ?? null,
    email_updates: absent(u.email_updates) || Number(u.email_updates) !== 0,
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
  };
}

const json = (body, headers = {}, status = 200) => ({ status, body, headers });

/** The floor's mode of a builder's env (see the top of this file). */
export const isFloor = (env) => !!env?.floor;

/**
 * How a builder runs its statements: the floor prepares them on MySQL/MariaDB (execute: parsed once per connection,
 * binary protocol); the base sends text queries as the API's driver does. better-sqlite3 prepares once either way.
 */
export function runner(db, env) {
  if (!isFloor(env) || db.dialect !== 'mysql') return db;
  return { dialect: db.dialect, all: db.allPrepared, get: db.getPrepared };
}

/** LIMIT/OFFSET: literals in the floor (no parameter to bind), placeholders in the base. */
function paging(env, take, skip, params) {
  if (!isFloor(env))
    return {
      sql: skip === undefined ? ' LIMIT ?' : ' LIMIT ? OFFSET ?',
      params: skip === undefined ? [...params, take] : [...params, take, skip],
    };
  const n = (v) => {
    if (!Number.isInteger(v) || v < 0) throw new Error(`bad limit/offset ${v}`);
    return v;
  };
  return { sql: skip === undefined ? ` LIMIT ${n(take)}` : ` LIMIT ${n(take)} OFFSET ${n(skip)}`, params };
}

/**
 * A list's total: counted on every request in the base; in the floor counted once per distinct parameters (the
 * filter's, the owner's) and then kept, as a counter maintained by the writes would answer it.
 */
export function totals(db, env) {
  const q = runner(db, env);
  if (!isFloor(env)) return async (sql, params) => Number((await q.get(sql, params)).n);
  const kept = new Map();
  return async (sql, params) => {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    if (!kept.has(key)) kept.set(key, Number((await q.get(sql, params)).n));
    return kept.get(key);
  };
}

/**
 * A page of products as the list endpoints answer it: {data, meta:{total, page, per_page}} + X-Total-Count.
 * - where / orderBy: SQL over alias p (orderBy must match the API's order, tiebreaker included);
 * - limit / offset: numbers or '{ctxKey}';
 * - count: also run COUNT(*) (default true; '{ctxKey}' allowed);
 * - deferredJoin: page the ids on the covering index first, then join (the best an OFFSET page can do);
 * - keysetAfterRow: start after the row at that position, by (created_at, id) DESC (a Load More continuation);
 * - keysetIndex: the index spec a continuation is forced onto on MySQL/MariaDB (see newestList).
 */
export function productList({
  where = 'p.status = 1',
  orderBy,
  limit,
  offset = 0,
  count = true,
  deferredJoin = false,
  keysetAfterRow,
  keysetIndex,
}) {
  return async (db, ctx, env) => {
    const { publicUrl } = env;
    const q = runner(db, env);
    const totalOf = totals(db, env);
    const take = Number(val(limit, ctx));
    let skip = Number(val(offset, ctx));
    const withCount = !!val(count, ctx);
    const base = bind(where, ctx, db.dialect);
    let pageWhere = base;
    if (keysetAfterRow !== undefined) {
      const position = Number(val(keysetAfterRow, ctx));
      const boundary = await db.get(
        `SELECT p.created_at, p.id FROM products p WHERE ${base.sql} ORDER BY ${orderBy} LIMIT 1 OFFSET ?`,
        [...base.params, position - 1],
      );
      if (!boundary) throw new Error(`no row at position ${position}`);
      pageWhere = {
        // The leading "<=" gives MySQL/MariaDB a range on (status, created_at, id) to seek; the OR alone makes it
        // walk the index from the top (as in newestList).
        sql: `${base.sql} AND p.created_at <= ? AND (p.created_at < ? OR (p.created_at = ? AND p.id < ?))`,
        params: [...base.params, boundary.created_at, boundary.created_at, boundary.created_at, boundary.id],
      };
      skip = position;
    }
    const limits = paging(env, take, keysetAfterRow !== undefined ? undefined : skip, pageWhere.params);
    const pageParams = limits.params;
    const indexName = keysetIndex && ctx.indexNames?.[keysetIndex];
    const hint =
      keysetAfterRow !== undefined && db.dialect === 'mysql' && /^\w+$/.test(indexName ?? '')
        ? ` FORCE INDEX (${indexName})`
        : '';
    const pageSql = deferredJoin
      ? `SELECT ${PRODUCT_COLUMNS} FROM (SELECT p.id FROM products p WHERE ${pageWhere.sql} ORDER BY ${orderBy}${limits.sql}) k ` +
        `JOIN products p ON p.id = k.id ${PRODUCT_JOINS} ORDER BY ${orderBy}`
      : `SELECT ${PRODUCT_COLUMNS} FROM products p${hint} ${PRODUCT_JOINS} WHERE ${pageWhere.sql} ORDER BY ${orderBy}${limits.sql}`;
    const countSql = `SELECT COUNT(*) AS n FROM products p WHERE ${base.sql}`;
    const meta = { page: Math.floor(skip / take) + 1, per_page: take };
    return async () => {
      const rows = await q.all(pageSql, pageParams);
      const data = rows.map((r) => presentProduct(r, publicUrl));
      if (!withCount) return json({ data, meta });
      const total = await totalOf(countSql, base.params);
      return json({ data, meta: { total, ...meta } }, { 'X-Total-Count': String(total) });
    };
  };
}

/** One product by id ({data}), 404 when missing or inactive, like GET /products/:id for a visitor. */
export function productById(id) {
  return async (db, ctx, env) => {
    const { publicUrl } = env;
    const q = runner(db, env);
    const sql = `SELECT ${PRODUCT_COLUMNS} FROM products p ${PRODUCT_JOINS} WHERE p.id = ?`;
    const productId = Number(val(id, ctx));
    return async () => {
      const row = await q.get(sql, [productId]);
      if (!row || Number(row.status) !== 1) return json({ message: 'Product not found.' }, {}, 404);
      return json({ data: presentProduct(row, publicUrl) });
    };
  };
}

const likePattern = (text) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * Search suggestions ({data:{categories, products}}): up to `categories` category names containing the term,
 * then products (from `from`, filtered by `where`, in `orderBy`) to fill `total`.
 */
export function suggestions({ term, categories = 3, total = 7, from = 'products p', where, orderBy }) {
  return async (db, ctx, env) => {
    const { publicUrl } = env;
    const q = runner(db, env);
    const pattern = likePattern(String(val(term, ctx)));
    const catSql = `SELECT id, name FROM categories WHERE status = 1 AND LOWER(name) LIKE ? ESCAPE '!' ORDER BY name ASC LIMIT ${Number(categories)}`;
    const product = bind(
      `SELECT ${PRODUCT_COLUMNS} FROM ${pick(from, db.dialect)} ${PRODUCT_JOINS} WHERE ${pick(where, db.dialect)} ORDER BY ${pick(orderBy, db.dialect)}`,
      ctx,
      db.dialect,
    );
    return async () => {
      const cats = (await q.all(catSql, [pattern])).map((c) => ({ id: c.id, name: c.name }));
      const rest = paging(env, total - cats.length, undefined, product.params);
      const rows = await q.all(`${product.sql}${rest.sql}`, rest.params);
      const products = rows.map((r) => {
        const p = presentProduct(r, publicUrl);
        return {
          id: p.id,
          name: p.name,
          price_ngn: p.price_ngn,
          average_rating: p.average_rating,
          image_card_url: p.image_card_url,
          category: p.category,
        };
      });
      return json({ data: { categories: cats, products } });
    };
  };
}

/** A page of users for admins, newest first, with the total (GET /users). */
export function userList({ where = '1 = 1', limit, offset = 0 }) {
  return async (db, ctx, env) => {
    const { publicUrl } = env;
    const q = runner(db, env);
    const count = totals(db, env);
    const take = Number(val(limit, ctx));
    const skip = Number(val(offset, ctx));
    const filter = bind(where, ctx, db.dialect);
    const limits = paging(env, take, skip, filter.params);
    const pageSql = `SELECT * FROM users u WHERE ${filter.sql} ORDER BY u.created_at DESC, u.id DESC${limits.sql}`;
    const countSql = `SELECT COUNT(*) AS n FROM users u WHERE ${filter.sql}`;
    return async () => {
      const rows = await q.all(pageSql, limits.params);
      const total = await count(countSql, filter.params);
      return json(
        {
          data: rows.map((u) => presentUser(u, publicUrl)),
          meta: { total, page: Math.floor(skip / take) + 1, per_page: take },
        },
        { 'X-Total-Count': String(total) },
      );
    };
  };
}

/** The invoice presenter (apps/api/src/modules/invoices/invoice.presenter.ts); the user's columns as u_*. */
export function presentInvoice(i) {
  const { fromMinorUnits, invoiceTypeLabel } = contracts();
  const subjectId = i.subject_id === null || i.subject_id === undefined ? null : Number(i.subject_id);
  return {
    id: i.id,
    reference: i.reference,
    type: i.type,
    description: i.description,
    amount: fromMinorUnits(Number(i.amount_minor)),
    amount_minor: Number(i.amount_minor),
    currency: i.currency,
    status: i.status,
    user:
      i.user_id === null || i.user_id === undefined
        ? null
        : { id: i.u_id ?? i.user_id, name: i.u_name ?? '', email: i.u_email ?? '' },
    subject:
      i.type === 'manual' || subjectId === null
        ? null
        : { type: i.type, id: subjectId, label: i.subject_label ?? `${invoiceTypeLabel(i.type)} #${subjectId}` },
    payment_method: i.payment_method,
    paid_at: iso(i.paid_at),
    refunded_at: iso(i.refunded_at),
    created_at: iso(i.created_at),
  };
}

/** The wallet ledger entry presenter (apps/api/src/modules/wallet/wallet.presenter.ts presentEntry). */
export function presentLedgerEntry(e) {
  const { fromMinorUnits } = contracts();
  return {
    id: e.id,
    description: e.description,
    reference: e.reference,
    amount: fromMinorUnits(Number(e.amount_minor)),
    amount_minor: Number(e.amount_minor),
    currency: e.currency,
    direction: e.direction,
    status: e.status,
    created_at: iso(e.created_at),
  };
}

/**
 * A newest-first page as the lists with keyset cursors answer it (list-query.ts paginate):
 * {data, meta:{total, page, per_page, next_cursor}} + X-Total-Count, ordered by created_at DESC, id DESC.
 * - table / alias / select / joins / where: the rows (where over the alias; {ctxKey} placeholders bound);
 * - countJoins: the joins the count needs (a where over a joined table); the count reads the main table only
 *   otherwise;
 * - sortColumn / sortOrder: another sort of the main table (e.g. weight_hundredths DESC), the id following in the
 *   same direction as the API's tiebreaker does; a row whose sort value is NULL ends the cursor (no next_cursor,
 *   as the API answers it);
 * - owner: a column restricted to the signed-in user's id (an own list: the id comes from the token);
 * - limit / offset: numbers or '{ctxKey}';
 * - afterRow: start after the row at that position (a cursor continuation, `after=`): the boundary row is looked
 *   up once per user (the cursor carries it), then the page is a keyset range seek;
 * - page: meta.page to answer (a cursor page is page 1 of its own, as the API answers it);
 * - keysetIndex: the index spec (as in the case's `indexes`) a continuation is forced onto on MySQL/MariaDB,
 *   whose optimizer otherwise walks the user's rows from the top ('ref' on user_id) instead of seeking to the
 *   boundary (a range on user_id, created_at, id): 1,000 index reads instead of 20 at row 1,000;
 * - present: the presenter of one row.
 * next_cursor is the API's: base64url of {s: the sort's signature, v: [created_at as stored], i: id}; MySQL's
 * created_at is read as text (DATE_FORMAT ... %f) like the API does, so the microseconds survive.
 */
export function newestList({
  table,
  alias,
  select = `${alias}.*`,
  joins = '',
  where = '1 = 1',
  owner,
  limit,
  offset = 0,
  afterRow,
  page,
  keysetIndex,
  present,
  idColumn = 'id',
  cursor = true,
  expand,
  countJoins = '',
  sortColumn = 'created_at',
  sortOrder = 'DESC',
}) {
  if (!/^\w+$/.test(sortColumn) || !['ASC', 'DESC'].includes(sortOrder)) throw new Error('bad sort');
  return async (db, ctx, env) => {
    const q = runner(db, env);
    const count = totals(db, env);
    const take = Number(val(limit, ctx));
    const skip = Number(val(offset, ctx));
    const position = afterRow === undefined ? undefined : Number(val(afterRow, ctx));
    const filter = bind(where, ctx, db.dialect);
    const idExpr = `${alias}.${idColumn}`;
    const sortExpr = `${alias}.${sortColumn}`;
    const order = `${sortExpr} ${sortOrder}, ${idExpr} ${sortOrder}`;
    const isDate = /_at$/.test(sortColumn);
    const key = db.dialect === 'mysql' && isDate ? `DATE_FORMAT(${sortExpr}, '%Y-%m-%d %H:%i:%s.%f')` : sortExpr;
    const cmp = sortOrder === 'DESC' ? '<' : '>';
    const ownerSql = owner ? ` AND ${alias}.${owner} = ?` : '';
    const base = `${filter.sql}${ownerSql}`;
    const keyset =
      position === undefined
        ? ''
        : ` AND ${sortExpr} ${cmp}= ? AND (${sortExpr} ${cmp} ? OR (${sortExpr} = ? AND ${idExpr} ${cmp} ?))`;
    const indexName = keysetIndex && ctx.indexNames?.[keysetIndex];
    if (keysetIndex && !indexName) throw new Error(`context has no index for ${keysetIndex}`);
    const hint =
      position !== undefined && db.dialect === 'mysql' && /^\w+$/.test(indexName) ? ` FORCE INDEX (${indexName})` : '';
    const pageSql =
      `SELECT ${select}, ${key} AS lq_key, ${idExpr} AS lq_id FROM ${table} ${alias}${hint} ${joins} WHERE ${base}${keyset} ` +
      `ORDER BY ${order}${paging(env, take, position === undefined ? skip : undefined, []).sql}`;
    const countSql = `SELECT COUNT(*) AS n FROM ${table} ${alias} ${countJoins} WHERE ${base}`;
    const boundarySql = `SELECT ${key} AS lq_key, ${idExpr} AS lq_id FROM ${table} ${alias} WHERE ${base} ORDER BY ${order} LIMIT 1 OFFSET ?`;
    const signature = `${sortExpr}:${sortOrder}|${idExpr}`;
    const meta = { page: page === undefined ? Math.floor(skip / take) + 1 : Number(val(page, ctx)), per_page: take };
    const boundaries = new Map();
    const boundaryOf = async (params, userKey) => {
      if (!boundaries.has(userKey)) {
        const row = await q.get(boundarySql, [...params, position - 1]);
        if (!row) throw new Error(`${table}: no row at position ${position}`);
        boundaries.set(userKey, [row.lq_key, row.lq_key, row.lq_key, row.lq_id]);
      }
      return boundaries.get(userKey);
    };
    return async (req, auth) => {
      const params = owner ? [...filter.params, Number(auth?.user?.id)] : filter.params;
      const after = position === undefined ? [] : await boundaryOf(params, params.at(-1));
      const limits = paging(env, take, position === undefined ? skip : undefined, [...params, ...after]);
      const rows = await q.all(pageSql, limits.params);
      const total = await count(countSql, params);
      const last = rows.at(-1);
      // undefined (no next_cursor at all) when the last row has no sort value: the API cannot continue it.
      const nextCursor =
        !last || rows.length < take
          ? null
          : last.lq_key === null || last.lq_key === undefined
            ? undefined
            : Buffer.from(JSON.stringify({ s: signature, v: [last.lq_key], i: last.lq_id })).toString('base64url');
      const extra = expand ? await expand(q, rows, auth) : undefined;
      return json(
        {
          data: rows.map((r) => present(r, extra)),
          meta: cursor ? { total, ...meta, next_cursor: nextCursor } : { total, ...meta },
        },
        { 'X-Total-Count': String(total) },
      );
    };
  };
}

/** A page of every invoice for admins (GET /invoices): the invoice with its user's id, name and e-mail. */
export function invoiceList({ where, limit, offset }) {
  return newestList({
    table: 'invoices',
    alias: 'i',
    select: 'i.*, u.id AS u_id, u.name AS u_name, u.email AS u_email',
    joins: 'LEFT JOIN users u ON u.id = i.user_id',
    where,
    limit,
    offset,
    present: presentInvoice,
  });
}

/** A page of the signed-in user's wallet ledger (GET /wallet/histories), or its continuation after a row. */
export function ledgerList({ where, limit, afterRow, page, keysetIndex }) {
  return newestList({
    table: 'wallet_ledger',
    alias: 'l',
    owner: 'user_id',
    where,
    limit,
    afterRow,
    page,
    keysetIndex,
    present: presentLedgerEntry,
  });
}

/** An order line (apps/api/src/modules/orders/order.presenter.ts presentLine); r_id: its review, if any. */
function presentOrderLine(i, publicUrl, audience) {
  const { lineFulfilmentLabel } = contracts();
  const line = {
    id: i.id,
    product_id: i.product_id,
    product_name: i.product_name,
    product_image: mediaUrl(publicUrl, cardKey(i.product_image)) ?? mediaUrl(publicUrl, i.product_image),
    vendor_id: i.vendor_id,
    unit_price_minor: Number(i.unit_price_minor),
    quantity: i.quantity,
    line_total_minor: Number(i.line_total_minor),
    commission_minor: Number(i.commission_minor),
    vendor_credit_minor: Number(i.vendor_credit_minor),
    settled_at: iso(i.settled_at),
    reviewed: i.r_id !== null && i.r_id !== undefined,
    fulfilment: i.fulfilment ?? 'pending',
    fulfilment_label: lineFulfilmentLabel(i.fulfilment),
    courier: i.courier ?? null,
    tracking_no: i.tracking_no ?? null,
    ready_at: iso(i.ready_at),
    shipped_at: iso(i.shipped_at),
  };
  if (audience !== 'buyer') return line;
  // The buyer's line has no commission or vendor share (issue 21).
  const { commission_minor: _commission, vendor_credit_minor: _credit, ...buyers } = line;
  return buyers;
}

/** ORDER_RETURN_WINDOW_DAYS's default (the bench API runs without it). */
const RETURN_WINDOW_DAYS = 7;

/**
 * The order presenter (presentOrder): the order with u_* (buyer), inv_* (invoice) and its visible lines, for an
 * audience ('buyer', 'vendor': its lines and totals, whether other sellers share the order; 'admin').
 */
export function presentOrder(o, items, publicUrl, audience, otherSellers = false) {
  const { orderStatusLabel } = contracts();
  const first = items[0];
  const mine = audience === 'vendor' ? items.reduce((sum, i) => sum + Number(i.line_total_minor), 0) : null;
  const dto = {
    id: o.id,
    order_no: o.order_no,
    user: { id: o.user_id, name: o.u_name ?? null, email: o.u_email ?? null },
    status: Number(o.status),
    status_label: orderStatusLabel(Number(o.status)),
    currency: 'NGN',
    subtotal_minor: mine ?? Number(o.subtotal_minor),
    shipping_minor: mine === null ? Number(o.shipping_minor) : 0,
    total_minor: mine ?? Number(o.total_minor),
    payment_method: o.payment_method,
    full_name: o.full_name,
    phone: o.phone ?? null,
    street_address: o.street_address,
    state: o.state ?? null,
    city: o.city,
    landmark: o.landmark ?? null,
    postal_code: o.postal_code ?? null,
    country: o.country,
    notes: o.notes,
    invoice:
      o.inv_id === null || o.inv_id === undefined
        ? null
        : { id: o.inv_id, reference: o.inv_reference, type: 'order', status: o.inv_status },
    expires_at: iso(o.expires_at),
    paid_at: iso(o.paid_at),
    shipped_at: iso(o.shipped_at),
    received_at: iso(o.received_at),
    return_requested_at: iso(o.return_requested_at),
    return_until: absent(o.received_at)
      ? null
      : new Date(hydrateDate(o.received_at).getTime() + RETURN_WINDOW_DAYS * 86_400_000).toISOString(),
    return_reason: o.return_reason,
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
    items: items.map((i) => presentOrderLine(i, publicUrl, audience)),
    item_count: items.reduce((sum, i) => sum + i.quantity, 0),
    product: first ? { id: first.product_id, name: first.product_name } : null,
    product_id: first?.product_id ?? null,
    price: first ? Number(first.unit_price_minor) / 100 : 0,
    quantity: first?.quantity ?? 0,
  };
  if (audience === 'vendor') {
    dto.vendor_earnings_minor = items.reduce((sum, i) => sum + Number(i.vendor_credit_minor), 0);
    dto.other_sellers = otherSellers;
  }
  return dto;
}

/**
 * A page of orders as GET /orders and GET /orders/user/{id} answer it, newest first, with the buyer, the invoice
 * (one statement) and the lines with their reviewed flag (a second one), plus the count:
 * - scope 'all' (an admin's GET /orders), 'buyer' (the signed-in buyer's own) or 'vendor' (a vendor's GET /orders:
 *   read through order_vendors by (vendor_id, created_at, order_id), only the vendor's lines, vendor_earnings_minor;
 *   that list has no keyset cursor in the API, so no next_cursor either);
 * - where / limit / afterRow / page / keysetIndex as in newestList.
 */
export function orderList({ scope = 'all', where, limit, afterRow, page, keysetIndex }) {
  const vendor = scope === 'vendor';
  const joins = 'LEFT JOIN users u ON u.id = o.user_id LEFT JOIN invoices inv ON inv.id = o.invoice_id';
  const select =
    'o.*, u.name AS u_name, u.email AS u_email, inv.id AS inv_id, inv.reference AS inv_reference, inv.status AS inv_status';
  return async (db, ctx, env) => {
    const { publicUrl } = env;
    const expand = async (q, rows, auth) => {
      if (!rows.length) return Object.assign(new Map(), { shared: new Set() });
      const ids = rows.map((r) => r.id);
      const vendorSql = vendor ? ' AND i.vendor_id = ?' : '';
      const items = await q.all(
        `SELECT i.*, r.id AS r_id FROM order_items i LEFT JOIN product_reviews r ON r.order_item_id = i.id ` +
          `WHERE i.order_id IN (${ids.map(() => '?').join(', ')})${vendorSql} ORDER BY i.id`,
        vendor ? [...ids, Number(auth?.user?.id)] : ids,
      );
      const byOrder = new Map(ids.map((id) => [id, []]));
      for (const item of items) byOrder.get(item.order_id)?.push(item);
      // A vendor's page: which of its orders also hold other sellers' lines (one statement, as the API).
      byOrder.shared = new Set();
      if (vendor) {
        const others = await q.all(
          `SELECT DISTINCT x.order_id AS order_id FROM order_items x WHERE x.order_id IN (${ids.map(() => '?').join(', ')}) ` +
            'AND (x.vendor_id IS NULL OR x.vendor_id <> ?)',
          [...ids, Number(auth?.user?.id)],
        );
        for (const row of others) byOrder.shared.add(Number(row.order_id));
      }
      return byOrder;
    };
    const make = newestList(
      vendor
        ? {
            table: 'order_vendors',
            alias: 'ov',
            select,
            joins: `JOIN orders o ON o.id = ov.order_id ${joins}`,
            owner: 'vendor_id',
            idColumn: 'order_id',
            cursor: false,
            where,
            limit,
            afterRow,
            page,
            keysetIndex,
            expand,
            present: (r, byOrder) =>
              presentOrder(r, byOrder.get(r.id) ?? [], publicUrl, 'vendor', byOrder.shared.has(Number(r.id))),
          }
        : {
            table: 'orders',
            alias: 'o',
            select,
            joins,
            owner: scope === 'buyer' ? 'user_id' : undefined,
            where,
            limit,
            afterRow,
            page,
            keysetIndex,
            expand,
            present: (r, byOrder) =>
              presentOrder(r, byOrder.get(r.id) ?? [], publicUrl, scope === 'buyer' ? 'buyer' : 'admin'),
          },
    );
    return make(db, ctx, env);
  };
}

/**
 * GET /admin/order-stats?days=N (OrderStatsService): the same five aggregates over the window's index ranges
 * (orders by day and by status, top products and vendors, commission), the window in Lagos days (UTC+1); the floor
 * keeps the answer 60 s as the API does.
 */
export function orderStats({ days }) {
  return async (db0, ctx, env) => {
    const db = runner(db0, env);
    const { ORDER_STATUSES } = contracts();
    const n = Number(val(days, ctx));
    const mysql = db.dialect === 'mysql';
    const DAY_MS = 86_400_000;
    const lagosDay = (at) => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);
    const day = mysql
      ? "DATE_FORMAT(DATE_ADD(o.created_at, INTERVAL 1 HOUR), '%Y-%m-%d')"
      : "date(o.created_at, '+1 hour')";
    const PAID = '(1, 2, 3)';
    const perDaySql = `SELECT ${day} AS day, COUNT(*) AS orders, SUM(CASE WHEN o.status IN ${PAID} THEN o.total_minor ELSE 0 END) AS revenue FROM orders o WHERE o.created_at >= ? GROUP BY ${day}`;
    const byStatusSql =
      'SELECT o.status AS status, COUNT(*) AS count FROM orders o WHERE o.created_at >= ? GROUP BY o.status';
    const topProductsSql = `SELECT i.product_id AS product_id, MAX(i.product_name) AS name, SUM(i.quantity) AS quantity, SUM(i.line_total_minor) AS revenue
      FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.created_at >= ? AND o.status IN ${PAID}
      GROUP BY i.product_id ORDER BY revenue DESC, i.product_id ASC LIMIT 5`;
    const topVendorsSql = `SELECT t.vendor_id AS vendor_id, u.name AS name, t.orders AS orders, t.revenue AS revenue FROM (
      SELECT i.vendor_id AS vendor_id, COUNT(DISTINCT i.order_id) AS orders, SUM(i.line_total_minor) AS revenue
        FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE i.created_at >= ? AND i.vendor_id IS NOT NULL AND o.status IN ${PAID}
       GROUP BY i.vendor_id ORDER BY revenue DESC, i.vendor_id ASC LIMIT 5) t
      LEFT JOIN users u ON u.id = t.vendor_id ORDER BY t.revenue DESC, t.vendor_id ASC`;
    const commissionSql = `SELECT SUM(i.commission_minor) AS commission FROM order_items i
      WHERE i.created_at >= ? AND i.vendor_id IS NOT NULL AND i.settled_at IS NOT NULL AND i.reversed_at IS NULL`;
    // The floor keeps the answer as long as the API does (OrderStatsService: 60 s, the charts are of whole days);
    // the base computes it on every request.
    const KEEP_MS = 60_000;
    let kept = null;
    const answer = async () => {
      const now = new Date();
      const today = lagosDay(now);
      const since = new Date(new Date(`${today}T00:00:00.000+01:00`).getTime() - (n - 1) * DAY_MS);
      const sinceText = since.toISOString().replace('T', ' ').replace('Z', '');
      const perDay = await db.all(perDaySql, [sinceText]);
      const byStatus = await db.all(byStatusSql, [sinceText]);
      const topProducts = await db.all(topProductsSql, [sinceText]);
      const topVendors = await db.all(topVendorsSql, [sinceText]);
      const commission = await db.get(commissionSql, [sinceText]);
      const counted = new Map(perDay.map((r) => [String(r.day).slice(0, 10), r]));
      const series = Array.from({ length: n }, (_, i) => {
        const key = lagosDay(new Date(since.getTime() + i * DAY_MS));
        const row = counted.get(key);
        return { day: key, orders: Number(row?.orders ?? 0), revenue_minor: Number(row?.revenue ?? 0) };
      });
      const statusCount = new Map(byStatus.map((r) => [Number(r.status), Number(r.count)]));
      return json({
        data: {
          days: n,
          per_day: series,
          by_status: ORDER_STATUSES.map((st) => ({
            status: st.code,
            label: st.label,
            count: statusCount.get(Number(st.code)) ?? 0,
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
        },
      });
    };
    if (!isFloor(env)) return answer;
    return () => {
      if (!kept || Date.now() - kept.at >= KEEP_MS) {
        kept = { at: Date.now(), value: answer() };
        kept.value.catch(() => (kept = null));
      }
      return kept.value;
    };
  };
}

/** The page of deliveries with its warehouse, title (each with its location), owner and fee invoice. */
const DELIVERY_SELECT =
  'd.*, w.id AS w_id, w.name AS w_name, w.type AS w_type, wl.id AS wl_id, wl.name AS wl_name, ' +
  's.id AS s_id, s.name AS s_name, s.status AS s_status, sl.id AS sl_id, sl.name AS sl_name, u.id AS u_id, ' +
  'u.name AS u_name, u.address AS u_address, u.city AS u_city, u.country AS u_country, inv.id AS inv_id, inv.reference AS inv_reference, inv.status AS inv_status, ' +
  'inv.amount_minor AS inv_amount_minor, inv.currency AS inv_currency';
const DELIVERY_JOINS =
  'LEFT JOIN warehouses w ON w.id = d.warehouse_id LEFT JOIN locations wl ON wl.id = w.location_id ' +
  'LEFT JOIN shipping_titles s ON s.id = d.shipping_id LEFT JOIN locations sl ON sl.id = s.location_id ' +
  'LEFT JOIN users u ON u.id = d.user_id LEFT JOIN invoices inv ON inv.id = d.invoice_id';
/** The join a search over the warehouse's name needs (for the count too). */
export const DELIVERY_WAREHOUSE_JOIN = 'LEFT JOIN warehouses w ON w.id = d.warehouse_id';

const absent = (v) => v === null || v === undefined;
const numberOrNull = (v) => (absent(v) ? null : Number(v));

/**
 * Where the parcel goes (delivery.presenter.ts destination): the owner's address (street, city, country), or the
 * pickup location: the shipping title's location, else the warehouse with its location.
 */
function deliveryDestination(d) {
  if (typeof d.u_address === 'string' && d.u_address.trim()) {
    const parts = [d.u_address, d.u_city, d.u_country].map((p) => (typeof p === 'string' ? p.trim() : ''));
    return { kind: 'address', text: parts.filter(Boolean).join(', ') };
  }
  if (!absent(d.s_id) && !absent(d.sl_id)) return { kind: 'pickup', text: d.sl_name };
  if (!absent(d.w_id))
    return { kind: 'pickup', text: [d.w_name, absent(d.wl_id) ? null : d.wl_name].filter(Boolean).join(', ') };
  return null;
}

/** The delivery presenter (apps/api/src/modules/logistics/delivery.presenter.ts presentDelivery), list form. */
export function presentDelivery(d, admin) {
  const { deliveryStatusDetailLabel, fromHundredths } = contracts();
  const amount = numberOrNull(d.amount_minor);
  const invoice = absent(d.inv_id)
    ? null
    : {
        id: d.inv_id,
        reference: d.inv_reference,
        status: d.inv_status,
        amount_minor: Number(d.inv_amount_minor),
        currency: d.inv_currency,
      };
  return {
    id: d.id,
    tracking_no: d.tracking_no,
    external_no: d.external_no,
    user_id: d.user_id,
    user: absent(d.u_id) ? null : { id: d.u_id, name: d.u_name },
    name: d.name,
    phone: d.phone,
    email: admin ? d.email : null,
    type: d.type,
    from_jara: Number(d.from_jara) === 1,
    warehouse_id: d.warehouse_id,
    warehouse: absent(d.w_id)
      ? null
      : {
          id: d.w_id,
          name: d.w_name,
          type: d.w_type,
          location: absent(d.wl_id) ? null : { id: d.wl_id, name: d.wl_name },
        },
    shipping_type: d.shipping_type,
    shipping_id: d.shipping_id,
    shipping: absent(d.s_id)
      ? null
      : {
          id: d.s_id,
          name: d.s_name,
          status: Number(d.s_status),
          location: absent(d.sl_id) ? null : { id: d.sl_id, name: d.sl_name },
        },
    destination: deliveryDestination(d),
    last_mile: d.last_mile ?? 'address',
    rider_id: numberOrNull(d.rider_id),
    status: Number(d.status),
    status_label: deliveryStatusDetailLabel(Number(d.status)),
    weight: fromHundredths(numberOrNull(d.weight_hundredths)),
    size: fromHundredths(numberOrNull(d.size_hundredths)),
    amount: amount === null ? null : (amount / 100).toFixed(2),
    amount_minor: amount,
    currency: 'USD',
    payment_status: invoice ? invoice.status : 'none',
    invoice,
    created_at: iso(d.created_at),
    updated_at: iso(d.updated_at),
  };
}

/**
 * A page of deliveries as GET /trackings answers it (DeliveriesService.list): an admin's (every delivery, with a
 * guest's e-mail) or, with scope 'own', the signed-in customer's. One statement joins the warehouse, the title, their
 * locations, the owner and the invoice (all to-one), plus the count; newest first unless sortColumn/sortOrder say
 * otherwise (see newestList).
 */
export function deliveryList({ scope = 'all', where, countJoins, sortColumn, sortOrder, limit }) {
  const own = scope === 'own';
  return newestList({
    table: 'deliveries',
    alias: 'd',
    select: DELIVERY_SELECT,
    joins: DELIVERY_JOINS,
    owner: own ? 'user_id' : undefined,
    where,
    countJoins,
    sortColumn,
    sortOrder,
    limit,
    present: (r) => presentDelivery(r, !own),
  });
}

// ------------------------------------------------------------------------------------------------ trust and care
const ownerOf = (r) =>
  r.u_id === null || r.u_id === undefined ? null : { id: r.u_id, name: r.u_name, email: r.u_email };
const OWNER_SELECT = 'u.id AS u_id, u.name AS u_name, u.email AS u_email';

/** The KYC presenter (apps/api/src/modules/kyc/kyc.service.ts present): document URLs through the API only. */
export function presentKyc(k) {
  return {
    id: k.id,
    user_id: k.user_id,
    user: ownerOf(k),
    name: k.name,
    dob: k.dob,
    gender: k.gender,
    address: k.address,
    id_type: k.id_type,
    id_number: k.id_number,
    id_image: `/api/v1/kyc/${k.id}/files/id_image`,
    user_image: k.user_image_key ? `/api/v1/kyc/${k.id}/files/user_image` : null,
    status: Number(k.status),
    reason: k.reason,
    reviewed_at: iso(k.reviewed_at),
    created_at: iso(k.created_at),
    updated_at: iso(k.updated_at),
  };
}

/** A page of KYC submissions for admins (GET /kyc): newest first, with the owner's id, name and e-mail. */
export function kycList({ where, limit }) {
  return newestList({
    table: 'kyc_submissions',
    alias: 'k',
    select: `k.*, ${OWNER_SELECT}`,
    joins: 'LEFT JOIN users u ON u.id = k.user_id',
    where,
    limit,
    present: presentKyc,
  });
}

/** The support request presenter (apps/api/src/modules/support/support.service.ts present). */
export function presentSupport(s) {
  return {
    id: s.id,
    user_id: s.user_id,
    user: ownerOf(s),
    name: s.name,
    email: s.email,
    subject: s.subject,
    message: s.message,
    status: Number(s.status),
    responses: Number(s.response_count),
    created_at: iso(s.created_at),
    updated_at: iso(s.updated_at),
  };
}

/** A page of support requests (GET /supports): every request for an admin, or with scope 'own' the caller's. */
export function supportList({ scope = 'all', where, limit }) {
  return newestList({
    table: 'supports',
    alias: 's',
    select: `s.*, ${OWNER_SELECT}`,
    joins: 'LEFT JOIN users u ON u.id = s.user_id',
    owner: scope === 'own' ? 'user_id' : undefined,
    where,
    limit,
    present: presentSupport,
  });
}

// ------------------------------------------------------------------------------------------------ audit log
const parseJson = (text) => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** The audit log entry presenter (apps/api/src/modules/audit/audit.service.ts presentAuditLog). */
export function presentAuditLog(a, entityRef = null) {
  return {
    id: a.id,
    created_at: iso(a.created_at),
    actor: { id: a.actor_id, email: a.actor_email, role: a.actor_role },
    actor_id: a.actor_id,
    action: a.action,
    entity_type: a.entity_type,
    entity_id: a.entity_id,
    entity_ref: entityRef,
    method: a.method,
    path: a.path,
    before: parseJson(a.before),
    after: parseJson(a.after),
    body: parseJson(a.body),
    request_id: a.request_id,
    ip: a.ip,
  };
}

/**
 * A page of the audit log for admins (GET /audit-logs): newest first, the filters as a where over `a`, or the
 * continuation after a row (afterRow / page / keysetIndex as in newestList). The count runs on every request (the
 * API keeps its totals 15 s per filter).
 */
/** The records' own numbers or names an entry shows (apps/api/src/modules/audit/audit-targets.ts AUDIT_REFS). */
const AUDIT_REFS = {
  order: ['orders', 'order_no'],
  delivery: ['deliveries', 'tracking_no'],
  invoice: ['invoices', 'reference'],
  user: ['users', 'email'],
  wallet: ['users', 'email'],
  product: ['products', 'name'],
  category: ['categories', 'name'],
  currency: ['currencies', 'code'],
  location: ['locations', 'name'],
  warehouse: ['warehouses', 'name'],
  shipping: ['shipping_titles', 'name'],
  support: ['supports', 'subject'],
};

/** entity_ref of a page's entries: one statement per record type on the page (AuditService.refs). */
async function auditRefs(q, rows) {
  const ids = new Map();
  for (const r of rows) {
    if (absent(r.entity_id) || !AUDIT_REFS[r.entity_type]) continue;
    if (!ids.has(r.entity_type)) ids.set(r.entity_type, new Set());
    ids.get(r.entity_type).add(Number(r.entity_id));
  }
  const out = new Map();
  for (const [type, set] of ids) {
    const [table, column] = AUDIT_REFS[type];
    const found = await q.all(
      `SELECT t.id AS id, t.${column} AS ref FROM ${table} t WHERE t.id IN (${[...set].map(() => '?').join(', ')})`,
      [...set],
    );
    for (const { id, ref } of found)
      if (ref !== null && ref !== undefined && ref !== '') out.set(`${type}:${Number(id)}`, String(ref));
  }
  return out;
}

export function auditList({ where, limit, afterRow, page, keysetIndex }) {
  return newestList({
    table: 'audit_logs',
    alias: 'a',
    where,
    limit,
    afterRow,
    page,
    keysetIndex,
    expand: auditRefs,
    present: (a, refs) => presentAuditLog(a, refs.get(`${a.entity_type}:${a.entity_id}`) ?? null),
  });
}

// ------------------------------------------------------------------------------------------------ payouts (issue 24)
/** The payout presenter (apps/api/src/modules/payouts/payouts.presenter.ts presentPayout), with its vendor (v_*). */
export function presentPayout(p) {
  const { fromMinorUnits, payoutStatusLabel } = contracts();
  return {
    id: p.id,
    vendor_id: p.vendor_id,
    vendor: absent(p.v_id) ? null : { id: p.v_id, name: p.v_name, email: p.v_email },
    amount_minor: Number(p.amount_minor),
    amount: fromMinorUnits(Number(p.amount_minor)),
    fee_minor: Number(p.fee_minor),
    fee: fromMinorUnits(Number(p.fee_minor)),
    status: p.status,
    status_label: payoutStatusLabel(p.status),
    reference: p.reference,
    bank_name: p.bank_name,
    account_number: p.account_number,
    account_name: p.account_name,
    reason: p.reason,
    approved_by: p.approved_by,
    requested_at: iso(p.created_at),
    approved_at: iso(p.approved_at),
    completed_at: iso(p.completed_at),
    updated_at: iso(p.updated_at),
  };
}

/**
 * A page of the back office's payouts (GET /payouts, PayoutsService.list): every payout with its vendor's id, name
 * and e-mail, newest first or by another sort (sortColumn / sortOrder, the id following), a filter as a where over p.
 */
export function payoutList({ where, sortColumn, sortOrder, limit }) {
  return newestList({
    table: 'payouts',
    alias: 'p',
    select: 'p.*, v.id AS v_id, v.name AS v_name, v.email AS v_email',
    joins: 'LEFT JOIN users v ON v.id = p.vendor_id',
    where,
    sortColumn,
    sortOrder,
    limit,
    present: presentPayout,
  });
}

/** The kinds of a vendor's statement (apps/api/src/modules/wallet/wallet.service.ts STATEMENT_KINDS). */
export const STATEMENT_KINDS = ['sale', 'sale_reversal', 'payout', 'payout_fee', 'payout_return', 'adjustment'];

/** A statement entry (payouts.presenter.ts presentStatementEntry); a sale's gross and commission from its line. */
export function presentStatementEntry(e, sale) {
  const { fromMinorUnits } = contracts();
  return {
    id: e.id,
    kind: e.kind,
    description: e.description,
    reference: e.reference,
    direction: e.direction,
    amount_minor: Number(e.amount_minor),
    amount: fromMinorUnits(Number(e.amount_minor)),
    status: e.status,
    gross_minor: sale?.gross_minor ?? null,
    commission_minor: sale?.commission_minor ?? null,
    created_at: iso(e.created_at),
  };
}

/**
 * The signed-in vendor's statement (GET /vendor-payouts/statement, PayoutsService.statement): the NGN ledger entries of
 * the statement's kinds, newest first, then one read of the page's sales (order_items by id: sale-<id>, reverse-<id>).
 * afterRow / page / keysetIndex: a cursor continuation, as in newestList.
 */
export function statementList({ limit, afterRow, page, keysetIndex }) {
  const expand = async (q, rows) => {
    const ids = new Map();
    for (const r of rows) {
      const match = /^(?:sale|reverse)-(\d+)$/.exec(r.reference ?? '');
      if (match) ids.set(Number(match[1]), [...(ids.get(Number(match[1])) ?? []), r.reference]);
    }
    const out = new Map();
    if (!ids.size) return out;
    const lines = await q.all(
      `SELECT id, line_total_minor, commission_minor FROM order_items WHERE id IN (${[...ids.keys()].map(() => '?').join(', ')})`,
      [...ids.keys()],
    );
    for (const l of lines)
      for (const ref of ids.get(Number(l.id)) ?? [])
        out.set(ref, { gross_minor: Number(l.line_total_minor), commission_minor: Number(l.commission_minor) });
    return out;
  };
  return newestList({
    table: 'wallet_ledger',
    alias: 'l',
    owner: 'user_id',
    where: `l.currency = 'NGN' AND l.kind IN (${STATEMENT_KINDS.map((k) => `'${k}'`).join(', ')})`,
    limit,
    afterRow,
    page,
    keysetIndex,
    expand,
    present: (e, sales) => presentStatementEntry(e, sales.get(e.reference)),
  });
}
