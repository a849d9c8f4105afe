import { createHash, randomUUID } from 'node:crypto';
import { Brackets, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import {
  LIST_DEFAULT_PER_PAGE,
  LIST_MAX_OFFSET,
  LIST_MAX_PER_PAGE,
  LIST_MAX_VALUE_LENGTH,
  LIST_MAX_VALUES,
} from '@jara/contracts';
import { fieldError } from '../http/validation';

/** The caps of the list grammar (defined once in libs/contracts; a cursor or index change reads them here). */
export const LIST_LIMITS = {
  maxPerPage: LIST_MAX_PER_PAGE,
  maxOffset: LIST_MAX_OFFSET,
  maxValueLength: LIST_MAX_VALUE_LENGTH,
  maxValues: LIST_MAX_VALUES,
} as const;

/** A page of records with its total; the ListInterceptor turns it into {data, meta} and X-Total-Count. */
export class ListResult<T> {
  constructor(
    public readonly data: T[],
    public readonly total: number,
    public readonly page: number,
    public readonly perPage: number,
    public readonly extraMeta: Record<string, number> = {},
    /** The keyset cursor of the next page (`after=`), null at the end; undefined where the list has no cursor. */
    public readonly nextCursor?: string | null,
  ) {}

  map<U>(fn: (item: T) => U): ListResult<U> {
    return new ListResult(this.data.map(fn), this.total, this.page, this.perPage, this.extraMeta, this.nextCursor);
  }
}

export type FilterOp = 'eq' | 'ne' | 'like' | 'gte' | 'lte';

/** A filterable column: its SQL expression and how a value on the wire becomes the value compared in SQL. */
export interface FilterDef {
  /** SQL expression, e.g. 'p.price_kobo'. */
  expr: string;
  /** eq takes several values (?id=1&id=2 becomes IN (...)), as Refine's getMany sends. Otherwise one value. */
  multi?: boolean;
  /** Operators allowed; all of them by default. Another operator on this field is a 422. */
  ops?: readonly FilterOp[];
  /** Wire value to SQL value (e.g. naira to kobo); undefined means invalid (a 422 with `message`). Not used for _like. */
  parse?: (raw: string) => unknown;
  /** The 422 message when parse refuses a value; `{field}` is replaced by the parameter's name. */
  message?: string;
}

/** A sortable column: an expression, or text sorted case-insensitively on every database. */
export type SortDef = string | { expr: string; text: true };

export interface ListSpec {
  /** Query field name -> SQL expression (alias.column). Only these may be sorted on. */
  sortable: Record<string, SortDef>;
  /** Query field name -> SQL expression or FilterDef. Only these may be filtered on (eq, _like, _gte, _lte, _ne). */
  filterable?: Record<string, string | FilterDef>;
  /** Other names of a parameter, e.g. { min_price: 'price_ngn_gte' }; errors name the parameter as sent. */
  aliases?: Record<string, string>;
  /** SQL expressions searched (case-insensitive, contains) by q. */
  searchable?: string[];
  /**
   * A full-text search for q instead of the contains-search over `searchable` (the products' FTS/FULLTEXT index).
   * Asked once per request (an external engine may answer asynchronously); the match adds its condition to the
   * same statement and, when no _sort is given, orders the page by relevance. Only `paginate` uses it.
   */
  search?: (text: string) => Promise<ListSearchMatch>;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** A tiebreaker so pages are stable, e.g. 'u.id'. */
  tiebreaker?: string;
  defaultPerPage?: number;
  /**
   * Page with LIMIT/OFFSET instead of TypeORM's skip/take. Use it when the query joins only to-one relations
   * (no row multiplication): the page is then one statement, plus one for the count.
   */
  limitOffset?: boolean;
  /**
   * Keep the total of each distinct filter (and owner) for at most ttlMs instead of counting on every request (the
   * catalogue, orders, users, deliveries, audit, payouts, ledger and invoices lists). meta.total and X-Total-Count
   * stay the number of rows the filter matches: every write to the table drops the tag's totals (the owning module's
   * ListCountsSubscriber, after the commit, or invalidateListCounts), on every instance at once with a shared store
   * (REDIS_URL), otherwise other instances within ttlMs (decisions 010 and 049). Without it: an exact count per request.
   */
  countCache?: { tag: string; ttlMs?: number };
  /**
   * MySQL/MariaDB only: the index that serves a keyset continuation (`after=`) of this parsed query, if the
   * caller knows one. Their optimizer often walks the equality prefix of the index from the top instead of
   * seeking to the cursor (a cost estimate that ignores ORDER BY ... LIMIT), which makes row 9,000 cost 9,000
   * index reads; forcing the index turns it into a range seek. Return undefined when unsure: a wrong forced
   * index is worse than none.
   */
  keysetIndex?: (parsed: ParsedList) => string | undefined;
  /**
   * Reads the page's rows (default: TypeORM's getRawAndEntities). readFlatRows (flat-rows.ts) reads a main table
   * with many-to-one joins without TypeORM's entity transformation: the hot public lists use it.
   */
  readRows?: <T extends ObjectLiteral>(qb: SelectQueryBuilder<T>) => Promise<{ entities: T[]; raw: ObjectLiteral[] }>;
}

export type ListQuery = Record<string, unknown>;

/** What a ListSpec.search answers for one text (see ProductSearchMatch). */
export interface ListSearchMatch {
  /** Restricts qb (main table under `alias`) to the matches; with rank, returns the relevance ORDER BY. */
  apply<T extends ObjectLiteral>(
    qb: SelectQueryBuilder<T>,
    alias: string,
    options?: { rank?: boolean },
  ): { expr: string; order: 'ASC' | 'DESC' } | undefined;
}

const OPERATORS: ReadonlyArray<readonly [suffix: string, op: FilterOp]> = [
  ['_like', 'like'],
  ['_gte', 'gte'],
  ['_lte', 'lte'],
  ['_ne', 'ne'],
];

/** Integer values for id-like filters (safe integers only, so no database sees 1e21). */
export function integerFilter(expr: string, extra: Omit<FilterDef, 'expr' | 'parse'> = {}): FilterDef {
  return {
    expr,
    ops: ['eq', 'ne', 'gte', 'lte'],
    message: '{field} must be a whole number.',
    ...extra,
    parse: parseWholeNumber,
  };
}

export function parseWholeNumber(raw: string): number | undefined {
  if (!/^-?\d{1,16}$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : undefined;
}

function valueList(key: string, raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  return list.map((value) => {
    if (value !== null && typeof value === 'object') throw fieldError(key, `${key} must be a plain value.`);
    const text = String(value);
    if (text.length > LIST_MAX_VALUE_LENGTH)
      throw fieldError(key, `${key} is too long (at most ${LIST_MAX_VALUE_LENGTH} characters).`);
    return text;
  });
}

/**
 * The one value of a parameter that selects one thing; a repeated parameter is a 422 naming it
 * (never "the first one wins", which let a second value slip past a check made on the first).
 * An empty value counts as not given.
 */
export function singleValue(query: ListQuery, key: string): string | undefined {
  const values = valueList(key, query[key]);
  if (values.length > 1) throw fieldError(key, `${key} may be given only once.`);
  return values[0] === '' ? undefined : values[0];
}

/** Every non-empty value of a multi-value parameter (at most LIST_MAX_VALUES). */
export function multiValue(query: ListQuery, key: string): string[] {
  const values = valueList(key, query[key]).filter((v) => v !== '');
  if (values.length > LIST_MAX_VALUES) throw fieldError(key, `${key} may be given at most ${LIST_MAX_VALUES} times.`);
  return values;
}

/** A whole number parameter within [min, max]; anything else (1e21, -1, NaN, 1.5) is a 422 naming it. */
export function boundedInteger(key: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^\d{1,16}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw fieldError(key, `${key} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

/** Escape character for LIKE; not a backslash, which MySQL string literals treat specially. */
export const LIKE_ESCAPE = `ESCAPE '!'`;

/** Escapes LIKE wildcards in user input; used with LIKE_ESCAPE. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

export interface Paging {
  skip: number;
  take: number;
  page: number;
  perPage: number;
}

/**
 * Pagination from Refine simple-rest (_start/_end) or page/per_page (alias limit). Offsets are bounded by
 * LIST_MAX_OFFSET and per_page by LIST_MAX_PER_PAGE (a larger per_page is served as the cap).
 */
export function parsePaging(
  query: ListQuery,
  defaultPerPage = LIST_DEFAULT_PER_PAGE,
  maxOffset = LIST_MAX_OFFSET,
): Paging {
  const start = boundedInteger('_start', singleValue(query, '_start'), 0, maxOffset);
  const end = boundedInteger('_end', singleValue(query, '_end'), 0, maxOffset + LIST_MAX_PER_PAGE);
  if (start !== undefined || end !== undefined) {
    const skip = start ?? 0;
    const take = Math.min(Math.max((end ?? skip + defaultPerPage) - skip, 1), LIST_MAX_PER_PAGE);
    return { skip, take, page: Math.floor(skip / take) + 1, perPage: take };
  }
  const perPageKey = query.per_page !== undefined ? 'per_page' : 'limit';
  const perPageRaw = boundedInteger(perPageKey, singleValue(query, perPageKey), 1, Number.MAX_SAFE_INTEGER);
  const perPage = Math.min(perPageRaw ?? defaultPerPage, LIST_MAX_PER_PAGE);
  const maxPage = Math.floor(maxOffset / perPage) + 1;
  const page = boundedInteger('page', singleValue(query, 'page'), 1, maxPage) ?? 1;
  return { skip: (page - 1) * perPage, take: perPage, page, perPage };
}

export interface ParsedSort {
  expr: string;
  order: 'ASC' | 'DESC';
  /** Compare text case-insensitively, so SQLite (binary) and MySQL (case-insensitive collations) agree. */
  text: boolean;
  /** No _sort was given: this is the spec's default (a search may rank by relevance instead). */
  isDefault?: boolean;
}

export interface ParsedFilter {
  key: string;
  expr: string;
  op: FilterOp;
  values: unknown[];
}

/** The list query read and checked against the spec, before any SQL is built (a cursor can extend this). */
export interface ParsedList {
  q?: string;
  filters: ParsedFilter[];
  sort: ParsedSort[];
  tiebreaker?: string;
  paging: Paging;
  /** The decoded `after` cursor: continue after this row of the same sort. */
  after?: ListCursor;
}

function sortOf(def: SortDef): { expr: string; text: boolean } {
  return typeof def === 'string' ? { expr: def, text: false } : { expr: def.expr, text: true };
}

function readSort(query: ListQuery, spec: ListSpec): ParsedSort[] {
  const sortKey = query._sort !== undefined ? '_sort' : 'sort';
  const orderKey = query._order !== undefined ? '_order' : 'order';
  const fields = (singleValue(query, sortKey) ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const orders = (singleValue(query, orderKey) ?? '')
    .split(',')
    .map((o) => o.trim().toUpperCase())
    .filter(Boolean);
  for (const order of orders)
    if (order !== 'ASC' && order !== 'DESC') throw fieldError('_order', '_order must be asc or desc.');
  if (orders.length > Math.max(fields.length, 1)) throw fieldError('_order', '_order has more entries than _sort.');
  if (!fields.length) {
    const def = spec.sortable[spec.defaultSort.field];
    return [
      {
        ...(def ? sortOf(def) : { expr: spec.defaultSort.field, text: false }),
        order: spec.defaultSort.order,
        isDefault: true,
      },
    ];
  }
  return fields.map((field, i) => {
    const def = Object.prototype.hasOwnProperty.call(spec.sortable, field) ? spec.sortable[field] : undefined;
    if (!def)
      throw fieldError(
        '_sort',
        `Sorting by ${field.slice(0, 40)} is not supported. Use one of: ${Object.keys(spec.sortable).join(', ')}.`,
      );
    return { ...sortOf(def), order: (orders[i] ?? orders[0] ?? 'ASC') as 'ASC' | 'DESC' };
  });
}

/**
 * The `id` filter of a list, Refine's getMany (`?id=1&id=2`): the spec's own, or else the list's tiebreaker (each
 * list's unique row id), so every list answers getMany. Whole numbers only, at most LIST_MAX_VALUES of them.
 */
function idFilter(spec: ListSpec): Record<string, string | FilterDef> {
  if (spec.filterable && Object.prototype.hasOwnProperty.call(spec.filterable, 'id')) return {};
  return spec.tiebreaker ? { id: integerFilter(spec.tiebreaker, { multi: true, ops: ['eq'] }) } : {};
}

function readFilters(query: ListQuery, spec: ListSpec): ParsedFilter[] {
  const filters: ParsedFilter[] = [];
  const filterable = { ...spec.filterable, ...idFilter(spec) };
  for (const key of Object.keys(query)) {
    const canonical = spec.aliases && Object.prototype.hasOwnProperty.call(spec.aliases, key) ? spec.aliases[key] : key;
    const [suffix, op] = OPERATORS.find(([s]) => canonical.endsWith(s)) ?? ['', 'eq' as FilterOp];
    const field = canonical.slice(0, canonical.length - suffix.length);
    if (!Object.prototype.hasOwnProperty.call(filterable, field)) continue; // clients send extra parameters
    const entry = filterable[field];
    const def: FilterDef = typeof entry === 'string' ? { expr: entry } : entry;
    if (def.ops && !def.ops.includes(op)) throw fieldError(key, `${key} is not a supported filter.`);
    const raw =
      op === 'eq' && def.multi
        ? multiValue(query, key)
        : [singleValue(query, key)].filter((v): v is string => v !== undefined);
    if (!raw.length) continue;
    const values = raw.map((value) => {
      if (op === 'like' || !def.parse) return value;
      const parsed = def.parse(value);
      if (parsed === undefined)
        throw fieldError(key, (def.message ?? '{field} has an invalid value.').replace('{field}', key));
      return parsed;
    });
    // getMany asks for each record once: a repeated id is a mistake the client should hear about.
    if (field === 'id' && op === 'eq' && new Set(values).size !== values.length)
      throw fieldError(key, `${key} lists the same id twice.`);
    filters.push({ key, expr: def.expr, op, values });
  }
  return filters;
}

const PAGING_KEYS = ['_start', '_end', 'page', 'per_page', 'limit'] as const;

/**
 * Reads search, filters, sort and paging from the query string, strictly: a repeated single-value parameter,
 * an unknown sort field, a bad order or an out-of-range number is a 422 naming the parameter. Unknown filter
 * fields are ignored (the clients send extra parameters).
 */
export function parseListQuery(query: ListQuery, spec: ListSpec): ParsedList {
  const qKey = query.q !== undefined ? 'q' : 'search';
  const sort = readSort(query, spec);
  const filters = readFilters(query, spec);
  // getMany (`?id=1&id=2...`, no paging): one page holds every asked id (at most LIST_MAX_VALUES = LIST_MAX_PER_PAGE).
  const byIds =
    filters.some((f) => f.key === 'id' && f.op === 'eq') && PAGING_KEYS.every((key) => query[key] === undefined);
  const paging = parsePaging(query, byIds ? LIST_MAX_PER_PAGE : spec.defaultPerPage);
  const afterRaw = singleValue(query, 'after');
  let after: ListCursor | undefined;
  if (afterRaw !== undefined) {
    if (paging.skip > 0) throw fieldError('after', 'after cannot be combined with _start or page.');
    after = decodeCursor(afterRaw, sortSignature(sort, spec.tiebreaker));
  }
  return {
    q: singleValue(query, qKey)?.trim() || undefined,
    filters,
    sort,
    tiebreaker: spec.tiebreaker,
    paging,
    after,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Keyset cursors: `after=<cursor>` continues a list right after the last row of the previous page, so page
// 400 costs what page 1 costs (an index seek, no skipped rows). The cursor is opaque to clients: base64url of
// the sort it was made for, the last row's sort values as the database stores them, and its id.
// ---------------------------------------------------------------------------------------------------------

export interface ListCursor {
  values: Array<string | number>;
  id: number | string;
}

function sortSignature(sort: ParsedSort[], tiebreaker?: string): string {
  return [...sort.map((s) => `${s.expr}:${s.order}`), tiebreaker ?? ''].join('|');
}

const CURSOR_INVALID = 'This list cursor is not valid for this list and sort; start again from the first page.';

function decodeCursor(raw: string, signature: string): ListCursor {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,600}$/.test(raw)) throw new Error('shape');
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw fieldError('after', CURSOR_INVALID);
  }
  const c = parsed as { s?: unknown; v?: unknown; i?: unknown };
  const scalar = (v: unknown): v is string | number =>
    (typeof v === 'string' && v.length <= 200) || (typeof v === 'number' && Number.isFinite(v));
  if (!c || c.s !== signature || !Array.isArray(c.v) || !c.v.every(scalar) || !scalar(c.i))
    throw fieldError('after', CURSOR_INVALID);
  return { values: c.v, id: c.i };
}

function encodeCursor(signature: string, cursor: ListCursor): string {
  return Buffer.from(JSON.stringify({ s: signature, v: cursor.values, i: cursor.id })).toString('base64url');
}

/** The entity column behind `alias.property`, when the expression is a plain column of the main table. */
function mainColumn<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, expr: string) {
  const [alias, property, ...rest] = expr.split('.');
  if (rest.length || alias !== qb.alias || !property) return undefined;
  return qb.expressionMap.mainAlias?.metadata.findColumnWithPropertyPath(property);
}

/**
 * The keyset columns of a page (its sorts and the tiebreaker) when a cursor can continue it: every sort is a
 * plain column of the main table and the list pages with LIMIT/OFFSET (raw rows line up with entities).
 */
function keysetColumns<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  sorts: ParsedSort[],
  parsed: ParsedList,
  spec: ListSpec,
) {
  if (!spec.limitOffset || !parsed.tiebreaker || !mainColumn(qb, parsed.tiebreaker)) return undefined;
  if (!sorts.every((sort) => mainColumn(qb, sort.expr))) return undefined;
  const tieOrder = sorts[sorts.length - 1]?.order ?? 'DESC';
  return [
    ...sorts.map((s) => ({ expr: s.expr, order: s.order, text: s.text })),
    { expr: parsed.tiebreaker, order: tieOrder, text: false },
  ];
}

/**
 * Where each keyset column's value is found in the raw rows, as the database stores it: the column TypeORM
 * already selects (`p_price_kobo`), or, for datetimes on MySQL (which the driver turns into Dates, losing the
 * microseconds), the column formatted as text under lq_key_<n>. (A bare column is never re-selected under an
 * alias: that would rename the entity's own column.)
 */
function selectKeys<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, columns: Array<{ expr: string }>): string[] {
  const mysql = qb.connection.options.type === 'mysql' || qb.connection.options.type === 'mariadb';
  return columns.map((column, i) => {
    const meta = mainColumn(qb, column.expr);
    const isDate = meta && (meta.type === 'datetime' || meta.type === Date || meta.type === 'timestamp');
    if (mysql && isDate) {
      qb.addSelect(`DATE_FORMAT(${column.expr}, '%Y-%m-%d %H:%i:%s.%f')`, `lq_key_${i}`);
      return `lq_key_${i}`;
    }
    return `${qb.alias}_${meta?.databaseName}`;
  });
}

/**
 * Rows strictly after the cursor in the page's order: (a, b, id) after (va, vb, vid) is
 * a ≷ va OR (a = va AND (b ≷ vb OR (b = vb AND id ≷ vid))), plus a leading `a ≷= va` that lets the index seek.
 */
function applyKeyset<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  columns: Array<{ expr: string; order: 'ASC' | 'DESC'; text: boolean }>,
  cursor: ListCursor,
) {
  const values = [...cursor.values, cursor.id];
  if (values.length !== columns.length) throw fieldError('after', CURSOR_INVALID);
  const exprs = columns.map((c) => (c.text ? caseInsensitive(qb, c.expr) : c.expr));
  const params: Record<string, unknown> = {};
  values.forEach((v, i) => (params[`lq_after_${i}`] = v));
  const cmp = (i: number) => (columns[i].order === 'DESC' ? '<' : '>');
  const branches = columns.map((_, i) => {
    const equal = exprs.slice(0, i).map((e, j) => `${e} = :lq_after_${j}`);
    return `(${[...equal, `${exprs[i]} ${cmp(i)} :lq_after_${i}`].join(' AND ')})`;
  });
  qb.andWhere(`${exprs[0]} ${cmp(0)}= :lq_after_0`, params);
  qb.andWhere(`(${branches.join(' OR ')})`, params);
}

/**
 * FORCE INDEX on MySQL/MariaDB (no-op elsewhere). TypeORM only emits `USE INDEX (name)`, which still lets the
 * optimizer pick the slow 'ref' walk on the same index, so the generated statement's hint is made a FORCE.
 */
export function forceIndex<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, index: string): void {
  const type = qb.connection.options.type;
  if (type !== 'mysql' && type !== 'mariadb') return;
  if (!/^[A-Za-z0-9_]+$/.test(index)) throw new Error(`Not an index name: ${index}`);
  qb.useIndex(index);
  const getQuery = qb.getQuery.bind(qb);
  qb.getQuery = () => getQuery().replace(` USE INDEX (${index})`, ` FORCE INDEX (${index})`);
}

// Cached totals (spec.countCache), per data source so two databases never share a count.
interface CountEntry {
  total: number;
  at: number;
  generation: number;
}
const COUNT_CACHE_MAX = 500;
const countCaches = new WeakMap<
  object,
  { entries: Map<string, CountEntry>; generations: Map<string, number>; inflight: Map<string, Promise<number>> }
>();

function countCacheOf(dataSource: object) {
  let cache = countCaches.get(dataSource);
  if (!cache)
    countCaches.set(dataSource, (cache = { entries: new Map(), generations: new Map(), inflight: new Map() }));
  return cache;
}

/** A store shared by every API instance (Redis), as far as the list totals need one. */
export interface SharedCountStore {
  getValue(key: string): Promise<string | null>;
  setValue(key: string, value: string, ttlMs: number): Promise<void>;
}
const sharedCounts = new WeakMap<object, SharedCountStore>();

/**
 * Keeps the cached list totals of a data source in a shared store (REDIS_URL): a write on one instance starts them
 * again on every instance at once (a new generation per tag), instead of within ttlMs.
 */
export function shareListCounts(dataSource: object, store: SharedCountStore): void {
  sharedCounts.set(dataSource, store);
}

/** Drops the cached totals of one tag (call after writes to the table, e.g. 'products'). */
export function invalidateListCounts(dataSource: object, tag: string): void {
  const cache = countCacheOf(dataSource);
  cache.generations.set(tag, (cache.generations.get(tag) ?? 0) + 1);
  const shared = sharedCounts.get(dataSource);
  // Fire and forget: a failed write only leaves the totals cached until their ttl.
  if (shared) void shared.setValue(`lc-gen:${tag}`, randomUUID(), 7 * 86_400_000).catch(() => undefined);
}

async function sharedCount<T extends ObjectLiteral>(
  shared: SharedCountStore,
  qb: SelectQueryBuilder<T>,
  key: string,
  tag: string,
  ttlMs: number,
): Promise<number> {
  try {
    const generation = (await shared.getValue(`lc-gen:${tag}`)) ?? '0';
    const name = `lc:${tag}:${generation}:${createHash('sha1').update(key).digest('hex')}`;
    const hit = await shared.getValue(name);
    if (hit !== null && /^\d+$/.test(hit)) return Number(hit);
    const total = await qb.getCount();
    await shared.setValue(name, String(total), ttlMs);
    return total;
  } catch {
    return qb.getCount(); // the store is down: count as if nothing were cached
  }
}

/**
 * The total of a list query built outside paginate() (filters applied, no order or paging), cached as
 * spec.countCache says, as paginate() counts.
 */
export function countList<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, spec: ListSpec): Promise<number> {
  const [sql, params] = qb.getQueryAndParameters();
  return cachedCount(qb, sql + JSON.stringify(params), spec);
}

async function cachedCount<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  key: string,
  spec: ListSpec,
): Promise<number> {
  if (!spec.countCache) return qb.getCount();
  const shared = sharedCounts.get(qb.connection);
  if (shared) return sharedCount(shared, qb, key, spec.countCache.tag, spec.countCache.ttlMs ?? 15_000);
  const cache = countCacheOf(qb.connection);
  const { tag, ttlMs = 15_000 } = spec.countCache;
  const generation = cache.generations.get(tag) ?? 0;
  const hit = cache.entries.get(key);
  if (hit && hit.generation === generation && Date.now() - hit.at < ttlMs) return hit.total;
  // One count at a time per key and generation: requests arriving while it runs wait for it instead of counting too.
  const flightKey = `${generation}\u0000${key}`;
  let pending = cache.inflight.get(flightKey);
  if (!pending) {
    pending = qb.getCount().finally(() => cache.inflight.delete(flightKey));
    cache.inflight.set(flightKey, pending);
  }
  const total = await pending;
  cache.entries.delete(key);
  cache.entries.set(key, { total, at: Date.now(), generation });
  while (cache.entries.size > COUNT_CACHE_MAX) {
    const oldest = cache.entries.keys().next().value;
    if (oldest === undefined) break;
    cache.entries.delete(oldest);
  }
  return total;
}

/**
 * Text sorted case-insensitively in a way an index can serve: MySQL/MariaDB collations (utf8mb4_unicode_ci)
 * already ignore case, so the column itself; SQLite compares with NOCASE (the same as LOWER() for ASCII), and
 * the indexes for text sorts declare that column COLLATE NOCASE (see the CatalogueSpeed migration).
 */
function caseInsensitive<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, expr: string): string {
  const type = qb.connection.options.type;
  return type === 'mysql' || type === 'mariadb' ? expr : `${expr} COLLATE NOCASE`;
}

/** Applies a parsed list query to a query builder; `search` is the answer of spec.search for parsed.q, if any. */
export function applyParsedList<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  parsed: ParsedList,
  spec: ListSpec,
  search?: ListSearchMatch,
): Paging {
  const rank = applyParsedFilters(qb, parsed, spec, search);
  return applyParsedOrder(qb, parsed, spec, rank).paging;
}

/** Search and filters (the WHERE); returns the relevance order when a search ranks the page. */
function applyParsedFilters<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  parsed: ParsedList,
  spec: ListSpec,
  search?: ListSearchMatch,
) {
  let n = 0;
  const param = () => `lq${n++}`;

  let rank: { expr: string; order: 'ASC' | 'DESC' } | undefined;
  if (parsed.q && search) {
    rank = search.apply(qb, qb.alias, { rank: parsed.sort.every((sort) => sort.isDefault) });
  } else if (parsed.q && spec.searchable?.length) {
    const p = param();
    qb.andWhere(
      new Brackets((w) => {
        for (const expr of spec.searchable ?? [])
          w.orWhere(`LOWER(${expr}) LIKE :${p} ${LIKE_ESCAPE}`, { [p]: likePattern(parsed.q as string) });
      }),
    );
  }

  for (const { expr, op, values } of parsed.filters) {
    const p = param();
    switch (op) {
      case 'like':
        qb.andWhere(`LOWER(${expr}) LIKE :${p} ${LIKE_ESCAPE}`, { [p]: likePattern(String(values[0])) });
        break;
      case 'gte':
        qb.andWhere(`${expr} >= :${p}`, { [p]: values[0] });
        break;
      case 'lte':
        qb.andWhere(`${expr} <= :${p}`, { [p]: values[0] });
        break;
      case 'ne':
        qb.andWhere(`${expr} <> :${p}`, { [p]: values[0] });
        break;
      default:
        if (values.length === 1) qb.andWhere(`${expr} = :${p}`, { [p]: values[0] });
        else qb.andWhere(`${expr} IN (:...${p})`, { [p]: values });
    }
  }
  return rank;
}

/** The cursor condition, ORDER BY and paging; returns the keyset aliases selected for the next cursor. */
function applyParsedOrder<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  parsed: ParsedList,
  spec: ListSpec,
  rank?: { expr: string; order: 'ASC' | 'DESC' },
) {
  const sorts: ParsedSort[] = rank ? [{ expr: rank.expr, order: rank.order, text: false }] : parsed.sort;
  const keyset = rank ? undefined : keysetColumns(qb, sorts, parsed, spec);
  if (parsed.after) {
    if (!keyset)
      throw fieldError(
        'after',
        rank
          ? 'after cannot be used with a ranked search; pass _sort.'
          : 'This list does not page with a cursor; use _start or page.',
      );
    applyKeyset(qb, keyset, parsed.after);
    const index = spec.keysetIndex?.(parsed);
    if (index) forceIndex(qb, index);
  }
  sorts.forEach((sort, i) => {
    let by = sort.expr;
    const ordered = sort.text ? caseInsensitive(qb, sort.expr) : sort.expr;
    if (ordered !== sort.expr) {
      // Selected under an alias so TypeORM's paging (and MySQL's ONLY_FULL_GROUP_BY) accept the expression.
      // Never for a bare column: addSelect('c.name', alias) would rename the entity's own column, which then
      // comes back undefined.
      by = `lq_sort_${i}`;
      qb.addSelect(ordered, by);
    }
    if (i === 0) qb.orderBy(by, sort.order);
    else qb.addOrderBy(by, sort.order);
  });
  // The tiebreaker runs in the sort's direction, so one index (sort column, id) reads the page in order
  // (a mixed ASC/DESC order would need a sort). Relevance ties go newest first.
  if (parsed.tiebreaker) qb.addOrderBy(parsed.tiebreaker, rank ? 'DESC' : (sorts[sorts.length - 1]?.order ?? 'DESC'));

  const { skip, take } = parsed.paging;
  if (spec.limitOffset) qb.offset(skip).limit(take);
  else qb.skip(skip).take(take);
  return { paging: parsed.paging, keyAliases: keyset ? selectKeys(qb, keyset) : undefined };
}

/** Applies search, filters, sort and paging from the query string to a query builder (see parseListQuery). */
export function applyListQuery<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  query: ListQuery,
  spec: ListSpec,
): Paging {
  return applyParsedList(qb, parseListQuery(query, spec), spec);
}

/**
 * Runs the list query: one statement for the page and one for the count (cached with spec.countCache), whatever
 * the page size. Lists that can continue with a keyset cursor answer meta.next_cursor (null on the last page).
 */
export async function paginate<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  query: ListQuery,
  spec: ListSpec,
): Promise<ListResult<T>> {
  const parsed = parseListQuery(query, spec);
  const search = parsed.q && spec.search ? await spec.search(parsed.q) : undefined;
  const rank = applyParsedFilters(qb, parsed, spec, search);
  const countQb = qb.clone();
  const [countSql, countParams] = countQb.getQueryAndParameters();
  const { paging, keyAliases } = applyParsedOrder(qb, parsed, spec, rank);
  if (!keyAliases) {
    const [rows, total] = spec.countCache
      ? [
          spec.readRows ? (await spec.readRows(qb)).entities : await qb.getMany(),
          await cachedCount(countQb, countSql + JSON.stringify(countParams), spec),
        ]
      : await qb.getManyAndCount();
    return new ListResult(rows, total, paging.page, paging.perPage);
  }
  const { entities, raw } = spec.readRows ? await spec.readRows(qb) : await qb.getRawAndEntities();
  const total = await cachedCount(countQb, countSql + JSON.stringify(countParams), spec);
  const last = raw[raw.length - 1] as Record<string, unknown> | undefined;
  // null: the last page. A row whose sort value is empty (NULL) cannot be a cursor: then no next_cursor at all,
  // and the client continues with _start/page.
  let nextCursor: string | null | undefined = null;
  if (last && entities.length === paging.take) {
    const values = keyAliases.map((alias) => last[alias]);
    if (values.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) {
      const keys = values as Array<string | number>;
      nextCursor = encodeCursor(sortSignature(parsed.sort, parsed.tiebreaker), {
        values: keys.slice(0, -1),
        id: keys[keys.length - 1],
      });
    } else nextCursor = undefined;
  }
  return new ListResult(entities, total, paging.page, paging.perPage, {}, nextCursor);
}

/**
 * Addressable pages of fixed id ranges, for lists whose page number is part of a public URL (product sitemaps):
 * page n holds the matching rows with ids in ((n-1) x size, n x size], read by a primary-key range seek, never
 * an offset, so page 200 costs what page 1 costs and a deleted row never shifts the others to another page.
 * The page count comes from the highest id (pages may hold fewer rows than `size`).
 */
export async function idRangePage<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  idExpr: string,
  query: ListQuery,
  size: number,
  maxPages: number,
): Promise<{ rows: T[]; page: number; pages: number }> {
  const page = boundedInteger('page', singleValue(query, 'page'), 1, maxPages) ?? 1;
  const maxId = await qb.clone().select(`MAX(${idExpr})`, 'max_id').getRawOne<{ max_id: number | string | null }>();
  const pages = Math.min(maxPages, Math.max(1, Math.ceil(Number(maxId?.max_id ?? 0) / size)));
  const rows = await qb
    .andWhere(`${idExpr} > :idRangeLow AND ${idExpr} <= :idRangeHigh`, {
      idRangeLow: (page - 1) * size,
      idRangeHigh: page * size,
    })
    .orderBy(idExpr, 'ASC')
    .getMany();
  return { rows, page, pages };
}
