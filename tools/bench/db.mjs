// Database access for the benchmark: where each size's bench database lives, and one small adapter over
// better-sqlite3 and mysql2 (the API's own drivers) used by the generator, the index set-up and the baseline.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { ROOT } from '../scripts/lib.mjs';

const require = createRequire(import.meta.url);

export const BENCH_DIR = join(ROOT, 'data', 'bench');

/**
 * The bench database of one catalogue size. SQLite by default (data/bench/jara-<size>.sqlite); with
 * DATABASE_URL=mysql://... or mariadb://... (BENCH_DATABASE_URL wins) a database jara_bench_<size> on that server.
 * A tag (e.g. 'checkout') names a database of its own (jara-<size>-<tag>.sqlite, jara_bench_<size>_<tag>), for runs
 * that write (the checkout benchmark) and must leave the list cases' data alone. BENCH_DATABASE_SUFFIX (letters and
 * digits) is appended to the MySQL database's name, so two checkouts of the repository can bench on one server.
 */
export function benchTarget(size, env = process.env, tag = '') {
  if (tag && !/^[a-z0-9]+$/.test(tag)) throw new Error(`bad database tag ${tag}`);
  const url = (env.BENCH_DATABASE_URL || env.DATABASE_URL || '').trim();
  if (/^(mysql|mariadb):\/\//i.test(url)) {
    const suffix = (env.BENCH_DATABASE_SUFFIX || '').trim();
    if (suffix && !/^[a-z0-9]+$/.test(suffix)) throw new Error(`bad BENCH_DATABASE_SUFFIX ${suffix}`);
    const database = `jara_bench_${size}${tag ? `_${tag}` : ''}${suffix ? `_${suffix}` : ''}`;
    const server = new URL(url.replace(/^mariadb:/i, 'mysql:'));
    server.pathname = '/';
    const forApi = new URL(url);
    forApi.pathname = `/${database}`;
    const withDb = new URL(server);
    withDb.pathname = `/${database}`;
    return {
      dialect: 'mysql',
      flavour: /^mariadb:/i.test(url) ? 'MariaDB' : 'MySQL',
      database,
      serverUri: server.toString(),
      uri: withDb.toString(),
      apiDatabaseUrl: forApi.toString(),
      label: `${/^mariadb:/i.test(url) ? 'MariaDB' : 'MySQL'} database ${database} on ${server.host}`,
      ignoredUrl: null,
    };
  }
  mkdirSync(BENCH_DIR, { recursive: true });
  const path = join(BENCH_DIR, `jara-${size}${tag ? `-${tag}` : ''}.sqlite`);
  return {
    dialect: 'sqlite',
    flavour: 'SQLite',
    path,
    apiDatabaseUrl: `sqlite:${path}`,
    label: `SQLite file ${relative(ROOT, path)}`,
    ignoredUrl: url && !/^(mysql|mariadb):/i.test(url) ? url : null,
  };
}

/** Opens a target (or, with serverOnly, the MySQL server without a database). */
export async function openDb(target, { serverOnly = false, poolSize = 10 } = {}) {
  return target.dialect === 'sqlite'
    ? openSqlite(target.path)
    : openMysql(serverOnly ? target.serverUri : target.uri, poolSize);
}

function openSqlite(path) {
  const Database = require('better-sqlite3');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  const cache = new Map();
  const prepare = (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  return {
    dialect: 'sqlite',
    raw: db,
    prepare,
    /** Synchronous helpers for the baseline's hot path (better-sqlite3 is synchronous). */
    allSync: (sql, params = []) => prepare(sql).all(...params),
    getSync: (sql, params = []) => prepare(sql).get(...params),
    all: async (sql, params = []) => prepare(sql).all(...params),
    get: async (sql, params = []) => prepare(sql).get(...params),
    allPrepared: async (sql, params = []) => prepare(sql).all(...params),
    getPrepared: async (sql, params = []) => prepare(sql).get(...params),
    run: async (sql, params = []) => prepare(sql).run(...params),
    exec: async (sql) => db.exec(sql),
    version: async () => `SQLite ${db.prepare('SELECT sqlite_version() AS v').get().v} (better-sqlite3)`,
    close: async () => db.close(),
  };
}

async function openMysql(uri, poolSize) {
  const mysql = require('mysql2/promise');
  const pool = mysql.createPool({
    uri,
    connectionLimit: poolSize,
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
    supportBigNumbers: true,
    bigNumberStrings: false,
    dateStrings: false,
  });
  return {
    dialect: 'mysql',
    raw: pool,
    all: async (sql, params = []) => (await pool.query(sql, params))[0],
    get: async (sql, params = []) => (await pool.query(sql, params))[0][0],
    /** Server-side prepared statements (the floor, issue 25): parsed once per pooled connection, then executed. */
    allPrepared: async (sql, params = []) => (await pool.execute(sql, params))[0],
    getPrepared: async (sql, params = []) => (await pool.execute(sql, params))[0][0],
    run: async (sql, params = []) => (await pool.query(sql, params))[0],
    exec: async (sql) => (await pool.query(sql))[0],
    version: async () => `${(await pool.query('SELECT VERSION() AS v'))[0][0].v} (mysql2)`,
    close: async () => pool.end(),
  };
}

/** True when the table exists. */
export async function tableExists(db, name) {
  if (db.dialect === 'sqlite') return !!(await db.get(`SELECT 1 AS x FROM sqlite_master WHERE name = ?`, [name]));
  return !!(await db.get(
    `SELECT 1 AS x FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?`,
    [name],
  ));
}

/** Index name -> ordered column names, for one table. */
export async function indexColumns(db, table) {
  const out = new Map();
  if (db.dialect === 'sqlite') {
    for (const index of await db.all(`SELECT name FROM pragma_index_list(?)`, [table])) {
      const cols = await db.all(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`, [index.name]);
      out.set(index.name, { columns: cols.map((c) => c.name), fulltext: false });
    }
    return out;
  }
  const rows = await db.all(
    `SELECT INDEX_NAME AS name, COLUMN_NAME AS col, INDEX_TYPE AS type FROM information_schema.STATISTICS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [table],
  );
  for (const row of rows) {
    if (!out.has(row.name)) out.set(row.name, { columns: [], fulltext: row.type === 'FULLTEXT' });
    out.get(row.name).columns.push(row.col);
  }
  return out;
}
