import type { DataSource } from 'typeorm';
import { stringsIn } from './fuzz-openapi';

/** Sentinels sent as unknown fields on every write (mass assignment); no row may ever hold them. */
export const SENTINEL_NUMBER = 987654321;
export const SENTINEL_STATUS = 77;
export const SENTINEL_DATE = '1999-12-31T00:00:00.000Z';

/** Fields a client must never set through a body unless the operation's DTO declares them. */
export const MASS_ASSIGNMENT: Record<string, unknown> = {
  id: SENTINEL_NUMBER,
  user_id: SENTINEL_NUMBER,
  role: 'admin',
  status: SENTINEL_STATUS,
  balance: SENTINEL_NUMBER,
  balance_minor: SENTINEL_NUMBER,
  usd_balance: SENTINEL_NUMBER,
  ngn_balance: SENTINEL_NUMBER,
  price_kobo: SENTINEL_NUMBER,
  amount_minor: SENTINEL_NUMBER,
  total_minor: SENTINEL_NUMBER,
  is_verified: true,
  email_verified_at: SENTINEL_DATE,
  password_hash: 'mass-assigned-hash',
  created_at: SENTINEL_DATE,
  updated_at: SENTINEL_DATE,
  deleted_at: SENTINEL_DATE,
};

/** The unknown fields to add to a body whose DTO declares `declared`. */
export function extrasFor(declared: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(MASS_ASSIGNMENT).filter(([k]) => !declared.includes(k)));
}

/**
 * Things an answer must never show: stack frames, source or server paths, driver and SQL error text, class names of
 * internal errors. What the request itself sent is removed first (a product may be called "SELECT * FROM x").
 */
const LEAKS: Array<[string, RegExp]> = [
  ['stack frame', /\bat (?:[\w$.<>]+ )?\(?(?:\/|[A-Z]:\\|node:)[^)\s]*:\d+/],
  ['source path', /(?:\/work\/|\/home\/|\/usr\/|\/tmp\/jara|node_modules|apps\/api\/src|\.ts:\d+|\.js:\d+)/],
  ['driver error', /\b(?:SQLITE_[A-Z]+|ER_[A-Z_]{4,}|QueryFailedError|EntityNotFound|TypeORMError|ECONNREFUSED)\b/],
  [
    'SQL text',
    /\b(?:SELECT\s+[\w"`.*, ]+\s+FROM|INSERT\s+INTO|UPDATE\s+["`\w]+\s+SET|DELETE\s+FROM|syntax error|no such (?:table|column)|near "|SQL)\b/i,
  ],
  [
    'JS error',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert|is not a function|undefined is not|\[object Object\])/,
  ],
];

export function findLeak(body: unknown, sent: unknown): string | null {
  const sentStrings = stringsIn(sent)
    .filter((s) => s.length >= 3)
    .sort((a, b) => b.length - a.length);
  const texts = typeof body === 'string' ? [body] : stringsIn(body);
  for (let text of texts) {
    for (const s of sentStrings) if (text.includes(s)) text = text.split(s).join(' ');
    for (const [what, pattern] of LEAKS) {
      const match = pattern.exec(text);
      if (match) return `${what}: ${JSON.stringify(text.slice(Math.max(0, match.index - 40), match.index + 80))}`;
    }
  }
  return null;
}

/** The API's error shape: {message} (plus errors: {field: [messages]} on a 422). */
export function errorShapeProblem(status: number, body: unknown): string | null {
  if (!body || typeof body !== 'object') return 'not a JSON object';
  const record = body as Record<string, unknown>;
  if (typeof record.message !== 'string' || !record.message) return 'no message';
  // statusCode: the KYC file route answers its own 404 {statusCode, message}.
  if (!Object.keys(record).every((k) => k === 'message' || k === 'errors' || k === 'statusCode')) return 'extra keys';
  const errors = record.errors;
  if (errors === undefined) return status === 422 ? '422 without errors' : null;
  const ok =
    !!errors &&
    typeof errors === 'object' &&
    Object.keys(errors).length > 0 &&
    Object.values(errors).every(
      (list) => Array.isArray(list) && list.length > 0 && list.every((m) => typeof m === 'string' && m.length > 0),
    );
  return ok ? null : 'malformed errors';
}

/** A field of an answer's data that took a mass-assigned sentinel (the answer is what was stored). */
export function sentinelInAnswer(data: unknown, extras: Record<string, unknown>): string | null {
  if (!data || typeof data !== 'object') return null;
  const rows = Array.isArray(data) ? data : [data];
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    for (const [k, v] of Object.entries(extras)) {
      if (!(k in row)) continue;
      const got = (row as Record<string, unknown>)[k];
      if (k === 'role' || k === 'is_verified') continue; // legitimately 'admin'/true on some rows: checked in the database
      if (
        got === v ||
        (typeof got === 'string' && String(v) === got) ||
        (typeof got === 'string' && got.startsWith('1999-12-31'))
      )
        return `${k}=${JSON.stringify(got)}`;
    }
  }
  return null;
}

/**
 * Every table's rows that took a sentinel: an id, user_id, balance, price or amount of 987654321, a status of 77, a
 * created/updated/deleted/verified time in 1999, the mass-assigned password hash.
 */
export async function sentinelRows(db: DataSource): Promise<string[]> {
  const found: string[] = [];
  for (const meta of db.entityMetadatas) {
    const columns = meta.columns.map((c) => c.databaseName);
    const checks: Array<[string, string, unknown]> = [];
    for (const col of columns) {
      if (/^(id|user_id|balance|balance_minor|usd_balance|ngn_balance|price_kobo|amount_minor|total_minor)$/.test(col))
        checks.push([col, '=', SENTINEL_NUMBER]);
      if (col === 'status') checks.push([col, '=', SENTINEL_STATUS]);
      if (/^(created_at|updated_at|deleted_at|email_verified_at)$/.test(col)) checks.push([col, '<', '2000-01-01']);
      if (col === 'password_hash') checks.push([col, '=', 'mass-assigned-hash']);
    }
    for (const [col, op, value] of checks) {
      const qb = db
        .createQueryBuilder()
        .select('COUNT(*)', 'n')
        .from(meta.tableName, 't')
        .where(`t.${db.driver.escape(col)} ${op} :value`, { value });
      const n = Number((await qb.getRawOne<{ n: string | number }>())?.n ?? 0);
      if (n > 0) found.push(`${meta.tableName}.${col} ${op} ${String(value)}: ${n} row(s)`);
    }
  }
  return found;
}
