import { Brackets, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { LIST_DEFAULT_PER_PAGE, LIST_MAX_OFFSET, LIST_MAX_PER_PAGE, LIST_MAX_VALUE_LENGTH, LIST_MAX_VALUES } from '@jara/contracts';
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
  ) {}

  map<U>(fn: (item: T) => U): ListResult<U> {
    return new ListResult(this.data.map(fn), this.total, this.page, this.perPage, this.extraMeta);
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
}

export type ListQuery = Record<string, unknown>;

/** What a ListSpec.search answers for one text (see ProductSearchMatch). */
export interface ListSearchMatch {
  /** Restricts qb (main table under `alias`) to the matches; with rank, returns the relevance ORDER BY. */
  apply<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, options?: { rank?: boolean }): { expr: string; order: 'ASC' | 'DESC' } | undefined;
}

const OPERATORS: ReadonlyArray<readonly [suffix: string, op: FilterOp]> = [
  ['_like', 'like'],
  ['_gte', 'gte'],
  ['_lte', 'lte'],
  ['_ne', 'ne'],
];

/** Integer values for id-like filters (safe integers only, so no database sees 1e21). */
export function integerFilter(expr: string, extra: Omit<FilterDef, 'expr' | 'parse'> = {}): FilterDef {
  return { expr, ops: ['eq', 'ne', 'gte', 'lte'], message: '{field} must be a whole number.', ...extra, parse: parseWholeNumber };
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
    if (text.length > LIST_MAX_VALUE_LENGTH) throw fieldError(key, `${key} is too long (at most ${LIST_MAX_VALUE_LENGTH} characters).`);
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
export function parsePaging(query: ListQuery, defaultPerPage = LIST_DEFAULT_PER_PAGE, maxOffset = LIST_MAX_OFFSET): Paging {
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
}

function sortOf(def: SortDef): { expr: string; text: boolean } {
  return typeof def === 'string' ? { expr: def, text: false } : { expr: def.expr, text: true };
}

function readSort(query: ListQuery, spec: ListSpec): ParsedSort[] {
  const sortKey = query._sort !== undefined ? '_sort' : 'sort';
  const orderKey = query._order !== undefined ? '_order' : 'order';
  const fields = (singleValue(query, sortKey) ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  const orders = (singleValue(query, orderKey) ?? '').split(',').map((o) => o.trim().toUpperCase()).filter(Boolean);
  for (const order of orders) if (order !== 'ASC' && order !== 'DESC') throw fieldError('_order', '_order must be asc or desc.');
  if (orders.length > Math.max(fields.length, 1)) throw fieldError('_order', '_order has more entries than _sort.');
  if (!fields.length) {
    const def = spec.sortable[spec.defaultSort.field];
    return [{ ...(def ? sortOf(def) : { expr: spec.defaultSort.field, text: false }), order: spec.defaultSort.order, isDefault: true }];
  }
  return fields.map((field, i) => {
    const def = Object.prototype.hasOwnProperty.call(spec.sortable, field) ? spec.sortable[field] : undefined;
    if (!def) throw fieldError('_sort', `Sorting by ${field.slice(0, 40)} is not supported. Use one of: ${Object.keys(spec.sortable).join(', ')}.`);
    return { ...sortOf(def), order: (orders[i] ?? orders[0] ?? 'ASC') as 'ASC' | 'DESC' };
  });
}

function readFilters(query: ListQuery, spec: ListSpec): ParsedFilter[] {
  const filters: ParsedFilter[] = [];
  const filterable = spec.filterable ?? {};
  for (const key of Object.keys(query)) {
    const canonical = spec.aliases && Object.prototype.hasOwnProperty.call(spec.aliases, key) ? spec.aliases[key] : key;
    const [suffix, op] = OPERATORS.find(([s]) => canonical.endsWith(s)) ?? ['', 'eq' as FilterOp];
    const field = canonical.slice(0, canonical.length - suffix.length);
    if (!Object.prototype.hasOwnProperty.call(filterable, field)) continue; // clients send extra parameters
    const entry = filterable[field];
    const def: FilterDef = typeof entry === 'string' ? { expr: entry } : entry;
    if (def.ops && !def.ops.includes(op)) throw fieldError(key, `${key} is not a supported filter.`);
    const raw = op === 'eq' && def.multi ? multiValue(query, key) : [singleValue(query, key)].filter((v): v is string => v !== undefined);
    if (!raw.length) continue;
    const values = raw.map((value) => {
      if (op === 'like' || !def.parse) return value;
      const parsed = def.parse(value);
      if (parsed === undefined) throw fieldError(key, (def.message ?? '{field} has an invalid value.').replace('{field}', key));
      return parsed;
    });
    filters.push({ key, expr: def.expr, op, values });
  }
  return filters;
}

/**
 * Reads search, filters, sort and paging from the query string, strictly: a repeated single-value parameter,
 * an unknown sort field, a bad order or an out-of-range number is a 422 naming the parameter. Unknown filter
 * fields are ignored (the clients send extra parameters).
 */
export function parseListQuery(query: ListQuery, spec: ListSpec): ParsedList {
  const qKey = query.q !== undefined ? 'q' : 'search';
  return {
    q: singleValue(query, qKey)?.trim() || undefined,
    filters: readFilters(query, spec),
    sort: readSort(query, spec),
    tiebreaker: spec.tiebreaker,
    paging: parsePaging(query, spec.defaultPerPage),
  };
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
export function applyParsedList<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, parsed: ParsedList, spec: ListSpec, search?: ListSearchMatch): Paging {
  let n = 0;
  const param = () => `lq${n++}`;

  let rank: { expr: string; order: 'ASC' | 'DESC' } | undefined;
  if (parsed.q && search) {
    rank = search.apply(qb, qb.alias, { rank: parsed.sort.every((sort) => sort.isDefault) });
  } else if (parsed.q && spec.searchable?.length) {
    const p = param();
    qb.andWhere(
      new Brackets((w) => {
        for (const expr of spec.searchable ?? []) w.orWhere(`LOWER(${expr}) LIKE :${p} ${LIKE_ESCAPE}`, { [p]: likePattern(parsed.q as string) });
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

  const sorts: ParsedSort[] = rank ? [{ expr: rank.expr, order: rank.order, text: false }] : parsed.sort;
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
  if (parsed.tiebreaker) qb.addOrderBy(parsed.tiebreaker, rank ? 'DESC' : sorts[sorts.length - 1]?.order ?? 'DESC');

  const { skip, take } = parsed.paging;
  if (spec.limitOffset) qb.offset(skip).limit(take);
  else qb.skip(skip).take(take);
  return parsed.paging;
}

/** Applies search, filters, sort and paging from the query string to a query builder (see parseListQuery). */
export function applyListQuery<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, query: ListQuery, spec: ListSpec): Paging {
  return applyParsedList(qb, parseListQuery(query, spec), spec);
}

/** Runs the list query: one statement for the page and one for the count, whatever the page size. */
export async function paginate<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, query: ListQuery, spec: ListSpec): Promise<ListResult<T>> {
  const parsed = parseListQuery(query, spec);
  const search = parsed.q && spec.search ? await spec.search(parsed.q) : undefined;
  const paging = applyParsedList(qb, parsed, spec, search);
  const [rows, total] = await qb.getManyAndCount();
  return new ListResult(rows, total, paging.page, paging.perPage);
}
