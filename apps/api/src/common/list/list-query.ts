import { Brackets, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { LIST_DEFAULT_PER_PAGE, LIST_MAX_PER_PAGE } from '@jara/contracts';
import { fieldError } from '../http/validation';

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

export interface ListSpec {
  /** Query field name -> SQL expression (alias.column). Only these may be sorted on. */
  sortable: Record<string, string>;
  /** Query field name -> SQL expression. Only these may be filtered on (eq, _like, _gte, _lte, _ne). */
  filterable?: Record<string, string>;
  /** SQL expressions searched (case-insensitive, contains) by q. */
  searchable?: string[];
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

const OPERATORS = ['_like', '_gte', '_lte', '_ne'] as const;

function one(value: unknown): string | undefined {
  if (Array.isArray(value)) return one(value[0]);
  if (value === undefined || value === null) return undefined;
  return String(value);
}

function many(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value === undefined || value === null || value === '') return [];
  return [String(value)];
}

function nonNegativeInt(field: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw fieldError(field, `${field} must be a non-negative integer.`);
  return value;
}

/** Escape character for LIKE; not a backslash, which MySQL string literals treat specially. */
export const LIKE_ESCAPE = `ESCAPE '!'`;

/** Escapes LIKE wildcards in user input; used with LIKE_ESCAPE. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Pagination from Refine simple-rest (_start/_end) or page/per_page. */
export function parsePaging(query: ListQuery, defaultPerPage = LIST_DEFAULT_PER_PAGE) {
  const start = nonNegativeInt('_start', one(query._start));
  const end = nonNegativeInt('_end', one(query._end));
  if (start !== undefined || end !== undefined) {
    const skip = start ?? 0;
    const take = Math.min(Math.max((end ?? skip + defaultPerPage) - skip, 1), LIST_MAX_PER_PAGE);
    return { skip, take, page: Math.floor(skip / take) + 1, perPage: take };
  }
  const page = Math.max(nonNegativeInt('page', one(query.page)) ?? 1, 1);
  const perPageRaw = nonNegativeInt('per_page', one(query.per_page) ?? one(query.limit));
  const perPage = Math.min(Math.max(perPageRaw ?? defaultPerPage, 1), LIST_MAX_PER_PAGE);
  return { skip: (page - 1) * perPage, take: perPage, page, perPage };
}

/**
 * Applies search, filters, sort and paging from the query string to a query builder.
 * Unknown sort fields are a 422; unknown filter fields are ignored (the clients send extra parameters).
 */
export function applyListQuery<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, query: ListQuery, spec: ListSpec) {
  let n = 0;
  const param = () => `lq${n++}`;

  const q = one(query.q)?.trim();
  if (q && spec.searchable?.length) {
    const p = param();
    qb.andWhere(
      new Brackets((w) => {
        for (const expr of spec.searchable ?? []) w.orWhere(`LOWER(${expr}) LIKE :${p} ${LIKE_ESCAPE}`, { [p]: likePattern(q) });
      }),
    );
  }

  for (const [key, rawValue] of Object.entries(query)) {
    const operator = OPERATORS.find((op) => key.endsWith(op));
    const field = operator ? key.slice(0, -operator.length) : key;
    const expr = spec.filterable?.[field];
    if (!expr) continue;
    const values = many(rawValue);
    if (values.length === 0) continue;
    const p = param();
    switch (operator) {
      case '_like':
        qb.andWhere(`LOWER(${expr}) LIKE :${p} ${LIKE_ESCAPE}`, { [p]: likePattern(values[0]) });
        break;
      case '_gte':
        qb.andWhere(`${expr} >= :${p}`, { [p]: values[0] });
        break;
      case '_lte':
        qb.andWhere(`${expr} <= :${p}`, { [p]: values[0] });
        break;
      case '_ne':
        qb.andWhere(`${expr} <> :${p}`, { [p]: values[0] });
        break;
      default:
        if (values.length === 1) qb.andWhere(`${expr} = :${p}`, { [p]: values[0] });
        else qb.andWhere(`${expr} IN (:...${p})`, { [p]: values });
    }
  }

  const sortField = one(query._sort) ?? one(query.sort);
  const orderRaw = (one(query._order) ?? one(query.order) ?? '').toUpperCase();
  if (orderRaw && orderRaw !== 'ASC' && orderRaw !== 'DESC') throw fieldError('_order', '_order must be asc or desc.');
  if (sortField) {
    const expr = spec.sortable[sortField];
    if (!expr) throw fieldError('_sort', `Sorting by ${sortField} is not supported. Use one of: ${Object.keys(spec.sortable).join(', ')}.`);
    qb.orderBy(expr, (orderRaw || 'ASC') as 'ASC' | 'DESC');
  } else {
    qb.orderBy(spec.sortable[spec.defaultSort.field] ?? spec.defaultSort.field, spec.defaultSort.order);
  }
  if (spec.tiebreaker) qb.addOrderBy(spec.tiebreaker, 'DESC');

  const paging = parsePaging(query, spec.defaultPerPage);
  if (spec.limitOffset) qb.offset(paging.skip).limit(paging.take);
  else qb.skip(paging.skip).take(paging.take);
  return paging;
}

/** Runs the list query: one statement for the page and one for the count, whatever the page size. */
export async function paginate<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, query: ListQuery, spec: ListSpec): Promise<ListResult<T>> {
  const paging = applyListQuery(qb, query, spec);
  const [rows, total] = await qb.getManyAndCount();
  return new ListResult(rows, total, paging.page, paging.perPage);
}
