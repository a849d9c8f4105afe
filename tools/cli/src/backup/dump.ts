import type { DataSource, QueryRunner } from 'typeorm';

/**
 * The backup file: gzip'd JSON lines.
 *   line 1     the header: format, version, engine family, when, the migrations the schema was built by, and every
 *              table with its columns and row count (counted in the same snapshot as the rows);
 *   then       per table, {"table": name} and one JSON array of values per row, in the header's column order;
 *   last line  {"end": true, "rows": total}: a file without it was cut short.
 * Values are the database's own (numbers, strings; MySQL dates and decimals as strings, exactly as stored); binary
 * values are {"$b64": "..."}. Restoring is for the same engine family (SQLite to SQLite, MySQL/MariaDB to either).
 */
export const BACKUP_FORMAT = 'jara-backup';
export const BACKUP_VERSION = 1;

export type Family = 'sqlite' | 'mysql';

export interface TableInfo {
  name: string;
  columns: string[];
  /** Primary-key columns, in key order (empty: none). */
  key: string[];
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  engine: Family;
  created_at: string;
  migrations: string[];
  tables: Array<TableInfo & { rows: number }>;
}

/** Rows of the migrations table are not data: the header names the migrations instead. */
export const MIGRATIONS_TABLE = 'migrations';

/**
 * Tables the migrations fill themselves (reference rows a fresh database already has): they do not make a
 * database "non-empty" for restore; restore replaces their rows like any other table's.
 */
export const FILLED_BY_MIGRATIONS = new Set(['currencies', 'receipt_settings']);

export function familyOf(db: DataSource): Family {
  return db.options.type === 'better-sqlite3' || db.options.type === 'sqlite' ? 'sqlite' : 'mysql';
}

type Query = (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

export const queryOf =
  (runner: QueryRunner): Query =>
  (sql, params) =>
    runner.query(sql, params);

export function quoteName(family: Family, name: string): string {
  return family === 'sqlite' ? `"${name.replace(/"/g, '""')}"` : `\`${name.replace(/`/g, '``')}\``;
}

/**
 * The data tables with their columns and primary keys, by name: every base table except the migrations table,
 * SQLite's own tables, and full-text (virtual) tables with their shadow tables, whose content the products'
 * triggers rebuild as rows are restored.
 */
export async function listTables(family: Family, query: Query): Promise<TableInfo[]> {
  const tables: TableInfo[] = [];
  if (family === 'sqlite') {
    const all = (await query(
      `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`,
    )) as Array<{ name: string; sql: string | null }>;
    const virtual = all.filter((t) => /^CREATE\s+VIRTUAL\s+TABLE/i.test(t.sql ?? '')).map((t) => t.name);
    for (const { name } of all) {
      if (name === MIGRATIONS_TABLE || virtual.some((v) => name === v || name.startsWith(`${v}_`))) continue;
      const info = (await query(`PRAGMA table_info(${quoteName(family, name)})`)) as Array<{
        name: string;
        pk: number;
      }>;
      tables.push({
        name,
        columns: info.map((c) => c.name),
        key: info
          .filter((c) => Number(c.pk) > 0)
          .sort((a, b) => Number(a.pk) - Number(b.pk))
          .map((c) => c.name),
      });
    }
    return tables;
  }
  const names = (await query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as Array<{ name: string }>;
  for (const { name } of names) {
    if (name === MIGRATIONS_TABLE) continue;
    const columns = (await query(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position`,
      [name],
    )) as Array<{ name: string }>;
    const key = (await query(
      `SELECT column_name AS name FROM information_schema.key_column_usage
        WHERE table_schema = DATABASE() AND table_name = ? AND constraint_name = 'PRIMARY' ORDER BY ordinal_position`,
      [name],
    )) as Array<{ name: string }>;
    tables.push({ name, columns: columns.map((c) => c.name), key: key.map((c) => c.name) });
  }
  return tables;
}

/** The names of the migrations the database has run, in order. */
export async function executedMigrations(family: Family, query: Query): Promise<string[] | null> {
  const exists =
    family === 'sqlite'
      ? await query(`SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?`, [MIGRATIONS_TABLE])
      : await query(`SELECT 1 AS x FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?`, [
          MIGRATIONS_TABLE,
        ]);
  if (!exists.length) return null;
  const rows = (await query(
    `SELECT name FROM ${quoteName(family, MIGRATIONS_TABLE)} ORDER BY timestamp, id`,
  )) as Array<{ name: string }>;
  return rows.map((r) => r.name);
}

export async function countRows(family: Family, query: Query, table: string): Promise<number> {
  const [row] = await query(`SELECT COUNT(*) AS n FROM ${quoteName(family, table)}`);
  return Number(row.n);
}

/**
 * A table's rows in batches, in primary-key order (a key seek per batch, so each costs the same however deep into
 * the table it is); a table without a key is read in the order of all its columns.
 */
export async function* readTable(
  family: Family,
  query: Query,
  table: TableInfo,
  batchSize: number,
): AsyncGenerator<unknown[][]> {
  const q = (n: string) => quoteName(family, n);
  const select = `SELECT ${table.columns.map(q).join(', ')} FROM ${q(table.name)}`;
  const order = (table.key.length ? table.key : table.columns).map(q).join(', ');
  let last: unknown[] | null = null;
  let offset = 0;
  for (;;) {
    let sql: string;
    let params: unknown[] = [];
    if (!table.key.length) {
      sql = `${select} ORDER BY ${order} LIMIT ${batchSize} OFFSET ${offset}`;
    } else if (!last) {
      sql = `${select} ORDER BY ${order} LIMIT ${batchSize}`;
    } else if (table.key.length === 1) {
      sql = `${select} WHERE ${q(table.key[0])} > ? ORDER BY ${order} LIMIT ${batchSize}`;
      params = last;
    } else {
      sql = `${select} WHERE (${table.key.map(q).join(', ')}) > (${table.key.map(() => '?').join(', ')}) ORDER BY ${order} LIMIT ${batchSize}`;
      params = last;
    }
    const rows = await query(sql, params);
    if (!rows.length) return;
    yield rows.map((row) => table.columns.map((c) => encodeValue(row[c])));
    if (rows.length < batchSize) return;
    const end = rows[rows.length - 1];
    last = table.key.map((c) => end[c]);
    offset += rows.length;
  }
}

/** A value as the file holds it: JSON's own types; binary as {"$b64": ...}; a Date (should a driver make one) as text. */
export function encodeValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return { $b64: value.toString('base64') };
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

export function decodeValue(value: unknown): unknown {
  if (value && typeof value === 'object' && '$b64' in value)
    return Buffer.from(String((value as { $b64: string }).$b64), 'base64');
  return value;
}

/**
 * Foreign keys whose rows point at nothing, checked before a restore commits (MySQL/MariaDB; SQLite has
 * PRAGMA foreign_key_check). Answers one line per broken constraint.
 */
export async function brokenForeignKeys(family: Family, query: Query): Promise<string[]> {
  const q = (n: string) => quoteName(family, n);
  if (family === 'sqlite') {
    const rows = (await query('PRAGMA foreign_key_check')) as Array<{ table: string; parent: string }>;
    const byPair = new Map<string, number>();
    for (const r of rows) byPair.set(`${r.table} -> ${r.parent}`, (byPair.get(`${r.table} -> ${r.parent}`) ?? 0) + 1);
    return [...byPair].map(([pair, n]) => `${pair}: ${n} row(s)`);
  }
  const keys = (await query(
    `SELECT constraint_name AS c, table_name AS t, column_name AS col, referenced_table_name AS rt, referenced_column_name AS rc
       FROM information_schema.key_column_usage
      WHERE table_schema = DATABASE() AND referenced_table_name IS NOT NULL
      ORDER BY constraint_name, ordinal_position`,
  )) as Array<{ c: string; t: string; col: string; rt: string; rc: string }>;
  const constraints = new Map<string, typeof keys>();
  for (const k of keys) constraints.set(`${k.t}.${k.c}`, [...(constraints.get(`${k.t}.${k.c}`) ?? []), k]);
  const broken: string[] = [];
  for (const parts of constraints.values()) {
    const { t, rt } = parts[0];
    const present = parts.map((p) => `c.${q(p.col)} IS NOT NULL`).join(' AND ');
    const match = parts.map((p) => `p.${q(p.rc)} = c.${q(p.col)}`).join(' AND ');
    const [row] = await query(
      `SELECT COUNT(*) AS n FROM ${q(t)} c WHERE ${present} AND NOT EXISTS (SELECT 1 FROM ${q(rt)} p WHERE ${match})`,
    );
    if (Number(row.n) > 0) broken.push(`${t} -> ${rt}: ${Number(row.n)} row(s)`);
  }
  return broken;
}
