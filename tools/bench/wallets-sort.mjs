// The admin's wallets list sorted by balance at 100,000 users (issue 22): npm run bench -- --wallets [options] (or
// node tools/bench/wallets-sort.mjs). Needs the built API and CLI (npm run build: dist/server).
//
// A database of its own (jara-<users>-wallets: the API's migrations through the built CLI, then <users> users, the
// bench admin first, and a wallet for 60% of them with naira balances spread over 0-5,000,000 kobo, ties included,
// bulk-inserted). Then:
// 1. the SQL: the statement the list ran before (every user joined to their wallet and sorted:
//    users LEFT JOIN wallets ORDER BY w.ngn_minor DESC, u.id DESC LIMIT 10) against the statements it runs now
//    (WalletService.accounts: the page read from wallets in idx_wallets_ngn_user order, and the users' count), each
//    run N times in a row, median and plan (EXPLAIN QUERY PLAN / EXPLAIN);
// 2. HTTP: the built API on that database, GET /api/v1/wallets?_start=0&_end=10 (the back office's default request)
//    as the bench admin under autocannon (50 connections, 3 s warm-up, 10 s).
// Writes the block bench:<sqlite|mysql>-wallets of docs/benchmarks.md unless --no-write.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT, serverEntry } from '../scripts/lib.mjs';
import { benchTarget, BENCH_DIR, openDb } from './db.mjs';
import { API_DATA_DIR, apiEnv, BENCH_ACCOUNTS, BENCH_PASSWORD } from './generate.mjs';
import { runChild, startServer, waitUntilUp } from './proc.mjs';
import { REPORT_FILE, replaceBlock } from './report.mjs';
import { benchOptions } from './options.mjs';

const require = createRequire(import.meta.url);

const HELP = `npm run bench -- --wallets [options]

  --users 100000     users in the database (60% with a wallet)
  --runs 20          runs of each statement (median)
  --duration 10      measured seconds of the HTTP run (0: skip it)
  --port 5960        API port
  --regenerate       rebuild the database even when present
  --no-write         print the table, leave docs/benchmarks.md alone

SQLite (data/bench/jara-<users>-wallets.sqlite) by default; DATABASE_URL=mariadb://... for MariaDB/MySQL.`;

const opt = benchOptions(
  HELP,
  {
    users: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '5960' },
    regenerate: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
  process.argv.slice(2).filter((a) => a !== '--wallets'),
);
const USERS = Number(opt.users);
const RUNS = Number(opt.runs);
const target = benchTarget(USERS, process.env, 'wallets');
const q = (name) => (target.dialect === 'sqlite' ? `"${name}"` : `\`${name}\``);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function userCount(db) {
  try {
    return Number((await db.get('SELECT COUNT(*) AS n FROM users')).n);
  } catch {
    return 0;
  }
}

/** The database: migrations, then users and wallets in bulk (kept and reused unless --regenerate). */
async function prepare() {
  mkdirSync(API_DATA_DIR, { recursive: true });
  if (target.dialect === 'sqlite') mkdirSync(BENCH_DIR, { recursive: true });
  let db = await openDb(target, { poolSize: 1 }).catch(() => null);
  if (db && !opt.regenerate && (await userCount(db)) === USERS) return db;
  await db?.close();
  if (target.dialect === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) rmSync(target.path + suffix, { force: true });
  } else {
    const server = await openDb(target, { serverOnly: true, poolSize: 1 });
    await server.exec(`DROP DATABASE IF EXISTS \`${target.database}\``);
    await server.exec(`CREATE DATABASE \`${target.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await server.close();
  }
  console.log(`  migrating ${target.label}...`);
  await runChild(process.execPath, [serverEntry('cli'), 'migrate'], { env: apiEnv(target) });
  db = await openDb(target, { poolSize: 1 });
  const { hashPassword } = require(join(ROOT, 'dist/server/apps/api/src/common/security/password.js'));
  const adminHash = await hashPassword(BENCH_PASSWORD);
  const start = Date.parse('2025-11-01T00:00:00Z');
  const when = (i) => new Date(start + i * 60_000).toISOString().slice(0, 23).replace('T', ' ');
  const users = [];
  const wallets = [];
  for (let i = 1; i <= USERS; i++) {
    users.push([
      i,
      i === 1 ? 'Bench Admin' : `Customer ${i}`,
      i === 1 ? BENCH_ACCOUNTS.admin : `customer${i}@wallets.bench.jara.local`,
      i === 1 ? adminHash : null,
      i === 1 ? 'admin' : 'customer',
      '1',
      when(i),
      when(i),
      i === 1 ? when(i) : null,
    ]);
    // 60% hold a wallet; balances in whole naira over 0-50,000, so many ties.
    if (i % 5 < 3) wallets.push([i, ((i * 7919) % 50_001) * 100, ((i * 31) % 1_000) * 100, when(i), when(i)]);
  }
  const userCols = [
    'id',
    'name',
    'email',
    'password_hash',
    'role',
    'status',
    'created_at',
    'updated_at',
    'email_verified_at',
  ];
  const walletCols = ['user_id', 'ngn_minor', 'usd_minor', 'created_at', 'updated_at'];
  console.log(`  inserting ${USERS.toLocaleString('en')} users and ${wallets.length.toLocaleString('en')} wallets...`);
  if (target.dialect === 'sqlite') {
    const raw = db.raw;
    raw.transaction(() => {
      for (const [table, cols, rows] of [
        ['users', userCols, users],
        ['wallets', walletCols, wallets],
      ]) {
        const insert = raw.prepare(
          `INSERT INTO ${table} (${cols.map(q).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
        );
        for (const row of rows) insert.run(row);
      }
    })();
    raw.exec('ANALYZE');
  } else {
    for (const [table, cols, rows] of [
      ['users', userCols, users],
      ['wallets', walletCols, wallets],
    ]) {
      for (let i = 0; i < rows.length; i += 2000)
        await db.run(`INSERT INTO ${table} (${cols.map(q).join(', ')}) VALUES ?`, [rows.slice(i, i + 2000)]);
      await db.exec(`ANALYZE TABLE ${table}`);
    }
  }
  return db;
}

const BEFORE = [
  'SELECT u.id, u.name, u.email, u.role, w.ngn_minor, w.usd_minor, w.updated_at FROM users u',
  'LEFT JOIN wallets w ON w.user_id = u.id WHERE u.deleted_at IS NULL',
  'ORDER BY w.ngn_minor DESC, u.id DESC LIMIT 10 OFFSET 0',
].join(' ');
const AFTER_PAGE = [
  'SELECT w.user_id, w.ngn_minor, w.usd_minor, w.updated_at, u.name, u.email, u.role FROM wallets w',
  'INNER JOIN users u ON u.id = w.user_id WHERE u.deleted_at IS NULL',
  'ORDER BY w.ngn_minor DESC, w.user_id DESC LIMIT 10 OFFSET 0',
].join(' ');
const AFTER_COUNT = 'SELECT COUNT(1) AS cnt FROM users u WHERE u.deleted_at IS NULL';

async function plan(db, sql) {
  if (target.dialect === 'sqlite') return (await db.all(`EXPLAIN QUERY PLAN ${sql}`)).map((r) => r.detail).join('; ');
  return (await db.all(`EXPLAIN ${sql}`))
    .map((r) => `${r.table}: ${r.type}${r.key ? ` ${r.key}` : ''}${r.Extra ? ` (${r.Extra})` : ''}`)
    .join('; ');
}

async function timed(db, sql) {
  const times = [];
  await db.all(sql); // warm
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await db.all(sql);
    times.push(performance.now() - t0);
  }
  return median(times);
}

async function http() {
  const seconds = Number(opt.duration);
  if (!seconds) return null;
  const port = Number(opt.port);
  const api = startServer('api', process.execPath, [serverEntry('api')], {
    env: apiEnv(target, { API_PORT: String(port), API_HOST: '127.0.0.1', API_PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  try {
    const base = `http://127.0.0.1:${port}/api/v1`;
    await waitUntilUp(`${base}/health`, api);
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_ACCOUNTS.admin, password: BENCH_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`bench admin login failed with ${login.status}`);
    const { token } = await login.json();
    const url = `${base}/wallets?_start=0&_end=10`;
    const first = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json();
    const autocannon = require('autocannon');
    const options = { url, connections: 50, headers: { authorization: `Bearer ${token}` } };
    await autocannon({ ...options, duration: 3 });
    const result = await autocannon({ ...options, duration: seconds });
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      firstBalance: first.data?.[0]?.ngn_minor,
      total: first.meta?.total,
    };
  } finally {
    await api.stop();
  }
}

async function main() {
  if (!existsSync(serverEntry('api'))) throw new Error('dist/server is missing: run npm run build first');
  const started = new Date();
  const db = await prepare();
  let rows;
  try {
    const walletsCount = Number((await db.get('SELECT COUNT(*) AS n FROM wallets')).n);
    rows = {
      walletsCount,
      before: { ms: await timed(db, BEFORE), plan: await plan(db, BEFORE) },
      page: { ms: await timed(db, AFTER_PAGE), plan: await plan(db, AFTER_PAGE) },
      count: { ms: await timed(db, AFTER_COUNT), plan: await plan(db, AFTER_COUNT) },
      version: await db.version(),
    };
  } finally {
    await db.close();
  }
  const h = await http();
  const f = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
  const lines = [
    `${target.flavour}, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, ${rows.version}: ` +
      `\`node tools/bench/wallets-sort.mjs --users ${USERS} --runs ${RUNS}\`. ${USERS.toLocaleString('en')} users, ` +
      `${rows.walletsCount.toLocaleString('en')} wallets; statements run one after another, median of ${RUNS}.`,
    '',
    '| Statement | Median ms | Plan |',
    '| --------- | --------: | ---- |',
    `| Before: every user joined to their wallet, sorted (page 1) | ${f(rows.before.ms)} | ${rows.before.plan} |`,
    `| Now: the page, from wallets in balance order | ${f(rows.page.ms)} | ${rows.page.plan} |`,
    `| Now: the total (users not deleted) | ${f(rows.count.ms)} | ${rows.count.plan} |`,
  ];
  if (h)
    lines.push(
      '',
      `HTTP, the built API on this database: \`GET /api/v1/wallets?_start=0&_end=10\` as the bench admin, autocannon 50 ` +
        `connections, 3 s warm-up then ${opt.duration} s, unpinned: **${Math.round(h.rps)} req/s, p50 ${h.p50} ms, p99 ` +
        `${h.p99} ms**, ${h.non2xx} non-2xx; first row's balance ${h.firstBalance} kobo, total ${h.total}.`,
    );
  const text = lines.join('\n');
  console.log(`\n${text}`);
  if (!opt['no-write']) {
    const doc = readFileSync(REPORT_FILE, 'utf8');
    writeFileSync(REPORT_FILE, replaceBlock(doc, `${target.dialect}-wallets`, text));
    console.log(`\nWrote ${relative(ROOT, REPORT_FILE)}`);
  }
}

main().catch((error) => {
  console.error(`\nwallets bench failed: ${error.message}`);
  process.exit(1);
});
