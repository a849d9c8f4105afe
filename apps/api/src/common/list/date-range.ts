import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { fieldError } from '../http/validation';
import { singleValue, type ListQuery } from './list-query';

const DATE_MESSAGE = '{field} must be a date (YYYY-MM-DD) or a date-time.';

/**
 * created_at_gte / created_at_lte: a day (YYYY-MM-DD, a Lagos day, both ends inclusive: lte runs to the end of the
 * day) or an ISO date-time (without a zone: Lagos time). Anything else is a 422 naming the parameter.
 */
export function dateBound(
  key: string,
  raw: string | undefined,
  end: boolean,
): { op: '>=' | '<=' | '<'; at: Date } | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  let at: Date;
  if (day) {
    at = new Date(`${text}T00:00:00.000+01:00`);
    const roundTrip = new Date(at.getTime() + 3600_000).toISOString().slice(0, 10);
    if (Number.isNaN(at.getTime()) || roundTrip !== text) throw fieldError(key, DATE_MESSAGE.replace('{field}', key));
    if (end) return { op: '<', at: new Date(at.getTime() + 86_400_000) };
    return { op: '>=', at };
  }
  const match = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  at = new Date(match && !match[3] ? `${text.replace(' ', 'T')}+01:00` : text.replace(' ', 'T'));
  if (!match || Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1970 || at.getUTCFullYear() > 9999)
    throw fieldError(key, DATE_MESSAGE.replace('{field}', key));
  return { op: end ? '<=' : '>=', at };
}

/**
 * Applies created_at_gte / created_at_lte to `column` and answers the query without them (for the list helper).
 */
export function applyDateRange<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  query: ListQuery,
  column: string,
): ListQuery {
  const rest: ListQuery = { ...query };
  const from = dateBound('created_at_gte', singleValue(query, 'created_at_gte'), false);
  const to = dateBound('created_at_lte', singleValue(query, 'created_at_lte'), true);
  delete rest.created_at_gte;
  delete rest.created_at_lte;
  if (from) qb.andWhere(`${column} ${from.op} :createdFrom`, { createdFrom: from.at });
  if (to) qb.andWhere(`${column} ${to.op} :createdTo`, { createdTo: to.at });
  return rest;
}
