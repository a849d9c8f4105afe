// The checkout benchmark (issue 13 items 5 and 7): npm run bench -- --checkout [options] (or node
// tools/bench/checkout.mjs). On a database of its own (jara-<size>-checkout, regenerated on every run so runs start
// alike and the list cases' data is never touched), with the built API started as run.mjs starts it (servers on core
// 0, this driver on core 1):
//   (a) distinct: B buyers (default 50) each place N orders (default 20) back to back, every order one unit of a
//       product no other order asks for, paid from the wallet (funded first through the admin adjustment API);
//   (b) race: R buyers (default 100) order one unit of the same product, stock S (default 10), all at once.
// It reports p50/p95/p99 latency and throughput, then checks stock (never below 0; each (a) product exactly one
// lower; in (b) exactly S sold, stock 0) and the ledger (every wallet equals its completed ledger entries, as
// apps/api/test/support/money.ts ledgerDrift asserts). With --instances 1,2 it measures each configuration: two API
// processes on the same database and Redis (REDIS_URL, same JWT_SECRET), the buyers alternating between them, plus the
// product list (/products/active?_start=0&_end=24) under autocannon spread over the instances. Tokens are HS256 JWTs
// signed with the bench secret for generated customers (the API's own claims: sub, role, ver).
import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildServer, ROOT, serverEntry } from '../scripts/lib.mjs';
import { openDb } from './db.mjs';
import { apiEnv, BENCH_ACCOUNTS, BENCH_JWT_SECRET, BENCH_PASSWORD, ensureDatabase } from './generate.mjs';
import { pinning, rssMb, runChild, startServer, waitUntilUp } from './proc.mjs';
import { REPORT_FILE, replaceBlock } from './report.mjs';
import { benchOptions } from './options.mjs';

const HELP = `npm run bench -- --checkout [options]

  --size 10000          products in the checkout database (regenerated every run)
  --buyers 50           (a) concurrent buyers, each ordering distinct products
  --orders 20           (a) orders per buyer (measured; one warm-up order each before)
  --race 100            (b) buyers racing for one product
  --stock 10            (b) that product's stock
  --instances 1         API instances: 1, 2 or 1,2 (both, compared; with REDIS_URL, default redis://127.0.0.1:6379)
  --list-duration 10    seconds of autocannon on the product list per configuration (with --instances; 0: skip)
  --port 5750           first API port (the second instance the next one)
  --no-build            use the existing dist/
  --no-write            print the tables, leave docs/benchmarks.md alone
  --cpu-prof DIR        write a CPU profile of each API instance into DIR (node --cpu-prof; read it with
                        node tools/bench/cpu-profile.mjs DIR/<file>.cpuprofile)

Writes the block bench:<engine>-checkout (and bench:<engine>-instances with --instances 1,2) of docs/benchmarks.md.
SQLite by default; DATABASE_URL=mariadb://... for MariaDB/MySQL.`;

const TARGET_P95_MS = 250;
const LIST_PATH = '/products/active?_start=0&_end=24';

const args = process.argv.slice(2).filter((a) => a !== '--checkout');
const opt = benchOptions(
  HELP,
  {
    size: { type: 'string', default: '10000' },
    buyers: { type: 'string', default: '50' },
    orders: { type: 'string', default: '20' },
    race: { type: 'string', default: '100' },
    stock: { type: 'string', default: '10' },
    instances: { type: 'string', default: '1' },
    'list-duration': { type: 'string', default: '10' },
    port: { type: 'string', default: '5750' },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string', default: '' },
  },
  args,
);
const int = (name, min = 1) => {
  const n = Number(opt[name]);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number >= ${min} (got "${opt[name]}")\n\n${HELP}`);
    process.exit(2);
  }
  return n;
};
const settings = {
  size: int('size'),
  buyers: int('buyers'),
  orders: int('orders'),
  race: int('race'),
  stock: int('stock'),
  listDuration: int('list-duration', 0),
  port: int('port'),
  instances: opt.instances.split(',').map((s) => Number(s.trim())),
};
if (!settings.instances.length || settings.instances.some((n) => n !== 1 && n !== 2)) {
  console.error(`--instances must be 1, 2 or 1,2 (got "${opt.instances}")\n\n${HELP}`);
  process.exit(2);
}
if (settings.race <= settings.stock) {
  console.error('--race must be larger than --stock (a race needs more buyers than units)');
  process.exit(2);
}

const COUNTER = join(ROOT, 'tools/bench/sql-counter.cjs');
const LOAD = join(ROOT, 'tools/bench/load.mjs');
const ADDRESS = {
  full_name: 'Chioma Adeyemi',
  phone: '08031234567',
  street_address: '12 Allen Avenue',
  state: 'Lagos',
  city: 'Ikeja',
  postal_code: '100271',
  country: 'Nigeria',
};

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
/**
 * An HS256 token with the API's claims (auth.service.ts and jwt.strategy.ts: sub, role, ver, the issuer and
 * audience, and pwd, the stamp of the password hash, for an account that has one), valid for an hour.
 */
function token(user) {
  const now = Math.floor(Date.now() / 1000);
  const pwd = user.password_hash
    ? createHmac('sha256', BENCH_JWT_SECRET).update(`pwd:${user.password_hash}`).digest('base64url').slice(0, 22)
    : undefined;
  const claims = {
    sub: user.id,
    role: user.role,
    ver: Number(user.token_version ?? 0),
    pwd,
    iat: now,
    exp: now + 3600,
  };
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, iss: 'jara-api', aud: 'jara' })}`;
  return `${head}.${createHmac('sha256', BENCH_JWT_SECRET).update(head).digest('base64url')}`;
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
const fmt = (n, d = 0) =>
  n === null || n === undefined || Number.isNaN(n)
    ? '-'
    : n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (null where there is none). Measured around (a)
 * for the API and, on MySQL/MariaDB, the database server when it runs on this machine: CPU per order does not depend
 * on what else the shared machine runs, where latency and orders/s do.
 */
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
function cpuMs(pid) {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return null;
  }
}
/** The local MariaDB/MySQL server's pid (for its CPU time), if one runs here. */
function databasePid() {
  const out = spawnSync('pidof', ['mariadbd', 'mysqld'], { encoding: 'utf8' }).stdout?.trim();
  return out ? Number(out.split(/\s+/)[0]) : null;
}

async function post(url, bearer, body, key, extra = {}) {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${bearer}`,
      ...(key ? { 'idempotency-key': key } : {}),
      ...extra,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  const sql = res.headers.get('x-bench-sql-count');
  return { status: res.status, ms: performance.now() - started, text, sql: sql === null ? null : Number(sql) };
}

const order = (api, buyer, productId, countSql = false) =>
  post(
    `${api}/orders`,
    buyer.token,
    { items: [{ product_id: productId, quantity: 1 }], ...ADDRESS, payment_method: 'wallet', notes: null },
    randomUUID(),
    countSql ? { 'x-bench-count-sql': '1' } : {},
  );

/** Latency and throughput of a list of { status, ms } over a wall time. */
function summarise(results, wallMs, okStatus = 201) {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const ok = results.filter((r) => r.status === okStatus).length;
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return {
    requests: results.length,
    ok,
    statuses,
    p50: pct(ms, 50),
    p95: pct(ms, 95),
    p99: pct(ms, 99),
    max: ms.at(-1) ?? null,
    wallSeconds: wallMs / 1000,
    perSecond: results.length / (wallMs / 1000),
    okPerSecond: ok / (wallMs / 1000),
  };
}

/** The ledger check of apps/api/test/support/money.ts (ledgerDrift): rows that disagree; empty when all is well. */
async function ledgerDrift(db) {
  const signed = (currency) =>
    `(SELECT COALESCE(SUM(CASE WHEN l.direction = 'credit' THEN l.amount_minor ELSE -l.amount_minor END), 0)
      FROM wallet_ledger l WHERE l.user_id = w.user_id AND l.currency = '${currency}' AND l.status = 'completed')`;
  const drift = await db.all(
    `SELECT w.user_id AS user_id, w.ngn_minor AS ngn, ${signed('NGN')} AS ngn_ledger, w.usd_minor AS usd, ${signed('USD')} AS usd_ledger
       FROM wallets w
      WHERE w.ngn_minor <> ${signed('NGN')} OR w.usd_minor <> ${signed('USD')} OR w.ngn_minor < 0 OR w.usd_minor < 0`,
  );
  const orphans = await db.all(
    `SELECT l.user_id AS user_id, COUNT(*) AS entries FROM wallet_ledger l
      WHERE l.status = 'completed' AND NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = l.user_id)
      GROUP BY l.user_id`,
  );
  return [...drift, ...orphans];
}

const stockOf = async (db, ids) => {
  const out = new Map();
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const rows = await db.all(
      `SELECT id, stock_quantity FROM products WHERE id IN (${part.map(() => '?').join(',')})`,
      part,
    );
    for (const r of rows) out.set(Number(r.id), Number(r.stock_quantity));
  }
  return out;
};

/** Runs (a) and (b), and with two instances the product list too, on `count` API instances. */
async function runConfiguration(count, { plan, redis, listDuration }) {
  const label = count === 1 ? '1 instance' : `${count} instances`;
  console.log(`\n== checkout, ${label}${redis ? ` (REDIS_URL=${redis})` : ''}`);
  // Fresh data for every configuration: the orders of the previous one would change stock and wallets.
  const fresh = await ensureDatabase(settings.size, { regenerate: true, tag: 'checkout' });
  const db = await openDb(fresh.target, { poolSize: 2 });
  const servers = [];
  try {
    const need = settings.buyers * (settings.orders + 1);
    const products = (
      await db.all(
        'SELECT id, price_kobo, stock_quantity FROM products WHERE status = 1 AND stock_quantity >= 1 AND price_kobo <= 5000000 ORDER BY id LIMIT ?',
        [need + 1],
      )
    ).map((p) => ({ id: Number(p.id), price: Number(p.price_kobo), stock: Number(p.stock_quantity) }));
    if (products.length < need + 1) throw new Error(`only ${products.length} products fit; need ${need + 1}`);
    const raceProduct = products.pop();
    await db.run('UPDATE products SET stock_quantity = ? WHERE id = ?', [settings.stock, raceProduct.id]);
    const customers = await db.all(
      "SELECT * FROM users WHERE role = 'customer' AND status = '1' AND email <> ? ORDER BY id LIMIT ?",
      [BENCH_ACCOUNTS.customer, Math.max(settings.buyers, settings.race)],
    );
    if (customers.length < Math.max(settings.buyers, settings.race))
      throw new Error(`only ${customers.length} customers; need ${Math.max(settings.buyers, settings.race)}`);
    const buyers = customers.map((u, i) => ({ id: Number(u.id), token: token(u), index: i, products: [] }));
    products.forEach((p, i) => buyers[i % settings.buyers].products.push(p));
    const ordersBefore = Number((await db.get('SELECT COUNT(*) AS n FROM orders')).n);

    for (let i = 0; i < count; i++) {
      const port = settings.port + i;
      const profile = opt['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${opt['cpu-prof']}`] : [];
      const server = startServer(
        `api${i + 1}`,
        process.execPath,
        [...profile, '--require', COUNTER, serverEntry('api')],
        {
          env: apiEnv(fresh.target, {
            API_PORT: String(port),
            API_HOST: '127.0.0.1',
            API_PUBLIC_URL: `http://localhost:${port}`,
            BENCH_COUNT_SQL: '1',
            ...(redis ? { REDIS_URL: redis } : {}),
          }),
          plan,
          core: 0,
        },
      );
      servers.push({ server, api: `http://127.0.0.1:${port}/api/v1` });
      // One at a time: the migrations lock is the API's, but a clean start is easier to read.
      await waitUntilUp(`${servers[i].api}/health`, server);
    }
    const apiFor = (buyer) => servers[buyer.index % servers.length].api;

    // Fund every buyer (a: its products; b: the race product) through the admin adjustment API.
    const login = await fetch(`${servers[0].api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_ACCOUNTS.admin, password: BENCH_PASSWORD }),
    }).then((r) => r.json());
    if (!login.token) throw new Error(`admin login failed: ${JSON.stringify(login).slice(0, 200)}`);
    for (const buyer of buyers) {
      const kobo = buyer.products.reduce((s, p) => s + p.price, 0) + raceProduct.price;
      const res = await post(
        `${servers[0].api}/wallets/${buyer.id}/adjustments`,
        login.token,
        { amount: (kobo / 100).toFixed(2), currency: 'NGN', direction: 'credit', reason: 'Checkout benchmark top-up' },
        randomUUID(),
      );
      if (res.status !== 201) throw new Error(`funding buyer ${buyer.id}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    const distinctBuyers = buyers.slice(0, settings.buyers);
    const allIds = products.map((p) => p.id);
    const stockBefore = await stockOf(db, allIds);

    // (a) warm-up: one order per buyer (its first product); the first five one at a time on the idle API, asking
    // for the SQL statement count (sql-counter.cjs), then the rest at once; then the measured orders back to back.
    const idle = [];
    for (const b of distinctBuyers.slice(0, 5)) idle.push(await order(apiFor(b), b, b.products[0].id, true));
    await Promise.all(distinctBuyers.slice(5).map((b) => order(apiFor(b), b, b.products[0].id)));
    const idleMs = idle.map((r) => r.ms).sort((x, y) => x - y);
    const results = [];
    const dbPid = fresh.target.dialect === 'mysql' ? databasePid() : null;
    const cpuBefore = { api: servers.map(({ server }) => cpuMs(server.pid)), db: cpuMs(dbPid) };
    const startedA = performance.now();
    await Promise.all(
      distinctBuyers.map(async (b) => {
        for (const p of b.products.slice(1)) results.push(await order(apiFor(b), b, p.id));
      }),
    );
    const distinct = summarise(results, performance.now() - startedA);
    const apiCpu = servers.map(({ server }, i) => cpuMs(server.pid) - cpuBefore.api[i]).reduce((a, b) => a + b, 0);
    const dbCpu = cpuBefore.db === null ? null : cpuMs(dbPid) - cpuBefore.db;
    distinct.cpuPerOrder = {
      api: Number.isFinite(apiCpu) ? apiCpu / results.length : null,
      db: dbCpu === null || !Number.isFinite(dbCpu) ? null : dbCpu / results.length,
    };
    distinct.idle = {
      p50: pct(idleMs, 50),
      sql: Math.max(...idle.map((r) => r.sql ?? NaN)),
    };
    const failures = results.filter((r) => r.status !== 201).slice(0, 3);
    distinct.failureSample = failures.map((r) => `${r.status} ${r.text.slice(0, 120)}`);
    const stockAfter = await stockOf(db, allIds);
    const soldWrong = allIds.filter((id) => stockBefore.get(id) - stockAfter.get(id) !== 1).length;
    const negative = Number((await db.get('SELECT COUNT(*) AS n FROM products WHERE stock_quantity < 0')).n);
    const ordersAfterA = Number((await db.get('SELECT COUNT(*) AS n FROM orders')).n);
    const driftA = await ledgerDrift(db);
    distinct.checks = {
      negativeStock: negative,
      productsNotExactlyOneLower: soldWrong,
      newOrders: ordersAfterA - ordersBefore,
      expectedOrders: settings.buyers * (settings.orders + 1),
      ledgerDrift: driftA.length,
    };
    distinct.ok_checks =
      negative === 0 &&
      soldWrong === 0 &&
      distinct.checks.newOrders === distinct.checks.expectedOrders &&
      !driftA.length;
    console.log(
      `  (a) ${distinct.requests} orders by ${settings.buyers} buyers: ${fmt(distinct.okPerSecond, 1)} orders/s, ` +
        `p50 ${fmt(distinct.p50)} p95 ${fmt(distinct.p95)} p99 ${fmt(distinct.p99)} ms, statuses ${JSON.stringify(distinct.statuses)}; ` +
        `one order alone ${fmt(distinct.idle.p50, 1)} ms, ${distinct.idle.sql} SQL; ` +
        `CPU per order: API ${fmt(distinct.cpuPerOrder.api, 1)} ms, database ${fmt(distinct.cpuPerOrder.db, 1)} ms; ` +
        `checks ${distinct.ok_checks ? 'pass' : `FAIL ${JSON.stringify(distinct.checks)}`}`,
    );

    // (b) the race: every racer's request sent at once.
    const raceSoldBefore = Number(
      (await db.get('SELECT COALESCE(SUM(quantity), 0) AS n FROM order_items WHERE product_id = ?', [raceProduct.id]))
        .n,
    );
    const racers = buyers.slice(0, settings.race);
    const startedB = performance.now();
    const raceResults = await Promise.all(racers.map((b) => order(apiFor(b), b, raceProduct.id)));
    const race = summarise(raceResults, performance.now() - startedB);
    const raceStock = Number(
      (await db.get('SELECT stock_quantity AS n FROM products WHERE id = ?', [raceProduct.id])).n,
    );
    const raceSold =
      Number(
        (await db.get('SELECT COALESCE(SUM(quantity), 0) AS n FROM order_items WHERE product_id = ?', [raceProduct.id]))
          .n,
      ) - raceSoldBefore;
    const driftB = await ledgerDrift(db);
    race.checks = {
      stockAfter: raceStock,
      sold: raceSold,
      created: race.ok,
      refused: race.requests - race.ok,
      ledgerDrift: driftB.length,
    };
    race.ok_checks = raceStock === 0 && raceSold === settings.stock && race.ok === settings.stock && !driftB.length;
    console.log(
      `  (b) ${settings.race} buyers for ${settings.stock} units: ${race.ok} created, statuses ${JSON.stringify(race.statuses)}, ` +
        `p50 ${fmt(race.p50)} p95 ${fmt(race.p95)} max ${fmt(race.max)} ms, ${fmt(race.perSecond, 1)} req/s; ` +
        `checks ${race.ok_checks ? 'pass' : `FAIL ${JSON.stringify(race.checks)}`}`,
    );

    // The product list over the instances (autocannon, 50 connections split between them).
    let list = null;
    if (listDuration > 0) {
      const per = Math.floor(50 / servers.length);
      const runs = await Promise.all(
        servers.map(({ api }) =>
          runChild(
            process.execPath,
            [LOAD, JSON.stringify({ url: api + LIST_PATH, connections: per, duration: listDuration, warmup: 3 })],
            { plan, core: 1, quiet: true },
          ).then((out) => JSON.parse(out.trim().split('\n').pop())),
        ),
      );
      list = {
        okPerSecond: runs.reduce((s, r) => s + r.okPerSecond, 0),
        p50: Math.max(...runs.map((r) => r.p50)),
        p99: Math.max(...runs.map((r) => r.p99)),
        non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
        errors: runs.reduce((s, r) => s + r.errors + r.timeouts, 0),
      };
      console.log(
        `  list ${fmt(list.okPerSecond)} req/s, p50 ${fmt(list.p50)} p99 ${fmt(list.p99)} ms (worst instance)` +
          (list.non2xx || list.errors ? `, non-2xx ${list.non2xx}, errors ${list.errors}` : ''),
      );
    }
    const rss = servers.map(({ server }) => rssMb(server.pid));
    for (const { server } of servers) if (!server.alive()) throw new Error(`an API instance died\n${server.output()}`);
    return { count, label, redis, distinct, race, list, rss, dbVersion: await db.version(), target: fresh.target };
  } finally {
    await db.close();
    for (const { server } of servers) await server.stop();
  }
}

function render(results, facts) {
  const engine = results[0].target.flavour;
  const lines = [
    results.length > 1 || results[0].count > 1
      ? `### ${engine}, one and two API instances (product list and checkout)`
      : `### ${engine}, checkout`,
    '',
    `Run ${facts.date} on ${facts.cpu}, ${facts.node}, ${results[0].dbVersion}; ${facts.pinning}. ` +
      `\`${facts.command}\`. A database of ${fmt(settings.size)} products of its own, regenerated before each configuration. ` +
      'The machine was shared with other test runs while measured: the figures are noisy.' +
      (results.some((r) => r.count > 1)
        ? " Every API instance runs on core 0 (2 cores: the other is the load generator's), so a second instance adds " +
          'processes, not CPU: this measures what spreading costs, not what it gains on more cores.'
        : ''),
    '',
    `(a) ${settings.buyers} concurrent buyers, ${settings.orders} measured orders each (after one warm-up order each), every ` +
      `order one unit of a product no other order asks for, paid from the wallet. (b) ${settings.race} buyers sending ` +
      `one order each at once for the same product, stock ${settings.stock}. Latency from the driver (fetch, keep-alive).`,
    '',
    '| Configuration | Scenario | Requests | 201 | Other answers | 201/s | p50 ms | p95 ms | p99 ms | Target p95 ≤ 250 ms | Stock | Ledger |',
    '|---|---|--:|--:|---|--:|--:|--:|--:|---|---|---|',
  ];
  for (const r of results) {
    const other = (s) =>
      Object.entries(s.statuses)
        .filter(([k]) => k !== '201')
        .map(([k, v]) => `${v}× ${k}`)
        .join(', ') || '-';
    const a = r.distinct;
    // Only a run where every order went through can meet the target (refusals are fast).
    const met =
      a.ok !== a.requests
        ? `**not measured**: ${a.requests - a.ok} of ${a.requests} orders refused`
        : r.target.dialect === 'mysql'
          ? a.p95 <= TARGET_P95_MS
            ? `met (${fmt(a.p95)} ms)`
            : `**missed** (${fmt(a.p95)} ms)`
          : `n/a on SQLite (${fmt(a.p95)} ms)`;
    lines.push(
      `| ${r.label} | (a) distinct products | ${a.requests} | ${a.ok} | ${other(a)} | ${fmt(a.okPerSecond, 1)} | ${fmt(a.p50)} | ${fmt(a.p95)} | ${fmt(a.p99)} | ${met} | ` +
        `${a.checks.negativeStock === 0 && a.checks.productsNotExactlyOneLower === 0 ? 'ok: none below 0, each ordered product 1 lower' : `**wrong**: ${a.checks.negativeStock} below 0, ${a.checks.productsNotExactlyOneLower} not 1 lower`} | ` +
        `${a.checks.ledgerDrift === 0 ? 'ok: no drift' : `**${a.checks.ledgerDrift} wallets drift**`} |`,
    );
    const b = r.race;
    lines.push(
      `| ${r.label} | (b) ${settings.race} buyers, stock ${settings.stock} | ${b.requests} | ${b.ok} | ${other(b)} | ${fmt(b.okPerSecond, 1)} | ${fmt(b.p50)} | ${fmt(b.p95)} | ${fmt(b.p99)} | - | ` +
        `${b.ok_checks || (b.checks.stockAfter === 0 && b.checks.sold === settings.stock) ? `ok: ${b.checks.sold} sold, stock ${b.checks.stockAfter}` : `**wrong**: ${b.checks.sold} sold, stock ${b.checks.stockAfter}`} | ` +
        `${b.checks.ledgerDrift === 0 ? 'ok: no drift' : `**${b.checks.ledgerDrift} wallets drift**`} |`,
    );
  }
  lines.push(
    '',
    `One order alone on the idle API (median of 5 sequential warm-up orders): ${results
      .map((r) => `${r.label} ${fmt(r.distinct.idle.p50, 1)} ms, ${r.distinct.idle.sql} SQL statements`)
      .join('; ')}.`,
    '',
    `CPU time per (a) order (user + system, from /proc, over the whole of (a); it does not depend on what else the machine runs, where latency and orders/s do): ${results
      .map(
        (r) =>
          `${r.label}: API ${fmt(r.distinct.cpuPerOrder.api, 1)} ms` +
          (r.distinct.cpuPerOrder.db === null ? '' : `, database server ${fmt(r.distinct.cpuPerOrder.db, 1)} ms`),
      )
      .join('; ')}.`,
  );
  const withList = results.filter((r) => r.list);
  if (withList.length) {
    lines.push(
      '',
      `Product list \`${LIST_PATH}\` under autocannon (50 connections split evenly over the instances, ${settings.listDuration} s after 3 s warm-up; p50/p99 of the worse instance):`,
      '',
      '| Configuration | List req/s | p50 ms | p99 ms | Checkout (a) orders/s | (a) p95 ms | API RSS MB |',
      '|---|--:|--:|--:|--:|--:|--:|',
    );
    for (const r of withList)
      lines.push(
        `| ${r.label}${r.redis ? ' + Redis' : ''} | ${fmt(r.list.okPerSecond)} | ${fmt(r.list.p50)} | ${fmt(r.list.p99)} | ${fmt(r.distinct.okPerSecond, 1)} | ${fmt(r.distinct.p95)} | ${r.rss.map((m) => fmt(m)).join(' + ')} |`,
      );
  }
  const failures = results.flatMap((r) => r.distinct.failureSample.map((f) => `${r.label}: ${f}`));
  if (failures.length) lines.push('', `Refused (a) orders, first few: ${failures.join('; ')}.`);
  return lines.join('\n');
}

async function main() {
  const plan = pinning();
  // This driver is the load generator: on core 1, the API instances on core 0.
  if (plan.enabled) spawnSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
  if (!opt['no-build'] || !existsSync(serverEntry('api'))) {
    console.log('Building the contracts and the API (incremental)...');
    await buildServer();
  }
  const started = new Date();
  const redisUrl = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
  const comparing = settings.instances.length > 1 || settings.instances[0] === 2;
  const results = [];
  for (const count of settings.instances)
    results.push(
      await runConfiguration(count, {
        plan,
        redis: comparing ? redisUrl : null,
        listDuration: comparing ? settings.listDuration : 0,
      }),
    );
  const { cpus } = await import('node:os');
  const facts = {
    date: started.toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    cpu: `${cpus().length} × ${cpus()[0]?.model?.trim() ?? 'unknown CPU'}`,
    node: `Node ${process.version}`,
    pinning: plan.enabled
      ? 'API instances pinned to core 0, the checkout driver and autocannon to core 1 (taskset), the database unpinned'
      : plan.note,
    command: `npm run bench -- --checkout ${args.join(' ')}`.trim(),
  };
  const markdown = render(results, facts);
  console.log(`\n${markdown}`);
  // A run whose checks failed (refused orders, wrong stock, ledger drift) measured something else: never recorded.
  const failed = results.filter((r) => !r.distinct.ok_checks || !r.race.ok_checks);
  if (failed.length) {
    console.error(
      `\ncheckout bench: the checks failed for ${failed.map((r) => r.label).join(', ')}; docs/benchmarks.md left alone`,
    );
    process.exitCode = 1;
    return;
  }
  if (opt['no-write']) return;
  const engine = results[0].target.dialect === 'mysql' ? 'mysql' : 'sqlite';
  const text = readFileSync(REPORT_FILE, 'utf8');
  writeFileSync(REPORT_FILE, replaceBlock(text, `${engine}-${comparing ? 'instances' : 'checkout'}`, markdown));
  console.log(`\nWrote ${relative(ROOT, REPORT_FILE)}`);
}

main().catch((error) => {
  console.error(`\ncheckout bench failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
