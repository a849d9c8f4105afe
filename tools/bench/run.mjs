// npm run bench -- [options]: the benchmark harness (issue 8). For each catalogue size it generates (or reuses)
// a bench database, starts the built API and the bare node:http baseline pinned to core 0, and measures every
// case with autocannon pinned to core 1; then writes the tables to docs/benchmarks.md. See --help.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildServer, ROOT, serverEntry } from '../scripts/lib.mjs';
import { val } from './baseline-kit.mjs';
import { CASES, fill, selectCases } from './cases.mjs';
import { BENCH_DIR, openDb } from './db.mjs';
import { apiEnv, BENCH_ACCOUNTS, BENCH_JWT_SECRET, BENCH_PASSWORD, ensureDatabase } from './generate.mjs';
import { ensureIndexes } from './indexes.mjs';
import { benchApiEntry, pinning, rssMb, runChild, startServer, waitUntilUp } from './proc.mjs';
import { machineFacts, writeReport } from './report.mjs';
import { benchOptions } from './options.mjs';

const require = createRequire(import.meta.url);

// The checkout and storefront benchmarks (issue 13) are scripts of their own: npm run bench -- --checkout [its
// options, see --checkout --help], npm run bench -- --storefront [its options, see --storefront --help].
for (const [flag, script] of [
  ['--checkout', 'checkout.mjs'],
  ['--storefront', 'storefront.mjs'],
  ['--admin', 'admin-cold-load.mjs'],
  ['--wallets', 'wallets-sort.mjs'],
  ['--search-mix', 'search-mix.mjs'],
  ['--sitting', 'sitting.mjs'],
]) {
  if (!process.argv.slice(2).includes(flag)) continue;
  const child = spawnSync(process.execPath, [join(ROOT, 'tools/bench', script), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(child.status ?? 1);
}

const HELP = `npm run bench -- [options]

  --sizes 1000,10000,100000   catalogue sizes (default: all three; --quick: 1000)
  --cases list,search         case ids, groups or id prefixes (default: all; see tools/bench/cases.mjs)
  --duration 10               measured seconds per case and server (--quick: 2)
  --warmup 3                  warm-up seconds before each measurement (--quick: 1)
  --connections 50            concurrent connections
  --quick                     smoke check: 1,000 products, short runs
  --regenerate                rebuild the bench databases even when present
  --no-build                  use the existing dist/ (built when missing)
  --no-write                  print the tables, leave docs/benchmarks.md alone
  --port 4710                 API port (the baseline uses the next one, the floor the one after)
  --checkout                  the checkout benchmark instead (tools/bench/checkout.mjs; --checkout --help)
  --storefront                the storefront benchmark instead: initial JS, server rendering, Lighthouse
                              (tools/bench/storefront.mjs; --storefront --help)
  --admin                     the back office cold load instead: entry JS, time until the deliveries list's rows
                              show (tools/bench/admin-cold-load.mjs; --admin --help)
  --wallets                   the admin's wallets list sorted by balance at 100,000 users
                              (tools/bench/wallets-sort.mjs; --wallets --help)
  --search-mix                search and suggestions with a Zipf mix of 1,000 terms
                              (tools/bench/search-mix.mjs; --search-mix --help)
  --sitting                   issue 25's sitting: every bench, before and after, SQLite then MariaDB
                              (tools/bench/sitting.mjs; --sitting --help). BENCH_API_ROOT=<checkout> measures
                              another checkout's built API with this harness.
  --cpu-prof DIR              a CPU profile of the API over each size's run into DIR (node --cpu-prof; read it
                              with node tools/bench/cpu-profile.mjs DIR/<file>.cpuprofile; profile with --no-write)
  --section orders            write the tables into their own block of docs/benchmarks.md
                              (bench:<engine>-<section>), leaving the full runs' tables alone

SQLite files under data/bench/ by default; with DATABASE_URL=mysql://... or mariadb://... the databases
jara_bench_<size> on that server (created by the harness).`;

const opt = benchOptions(HELP, {
  sizes: { type: 'string' },
  cases: { type: 'string' },
  duration: { type: 'string' },
  warmup: { type: 'string' },
  connections: { type: 'string', default: '50' },
  quick: { type: 'boolean', default: false },
  regenerate: { type: 'boolean', default: false },
  'no-build': { type: 'boolean', default: false },
  'no-write': { type: 'boolean', default: false },
  port: { type: 'string', default: '4710' },
  section: { type: 'string' },
  'cpu-prof': { type: 'string', default: '' },
});

/** Exits with a usage message (code 2). */
function usage(message) {
  console.error(`${message}\n\n${HELP}`);
  process.exit(2);
}

const positiveInts = (text, name) => {
  const list = text.split(',').map((s) => Number(s.trim().replace(/_/g, '')));
  if (!list.length || list.some((n) => !Number.isInteger(n) || n < 1))
    usage(`--${name} must be positive integers (got "${text}")`);
  return list;
};
const settings = {
  sizes: positiveInts(opt.sizes ?? (opt.quick ? '1000' : '1000,10000,100000'), 'sizes'),
  duration: positiveInts(opt.duration ?? (opt.quick ? '2' : '10'), 'duration')[0],
  warmup: Number(opt.warmup ?? (opt.quick ? '1' : '3')),
  connections: positiveInts(opt.connections, 'connections')[0],
  probes: opt.quick ? 2 : 5,
  quick: opt.quick,
  apiPort: positiveInts(opt.port, 'port')[0],
  argv: process.argv.slice(2).join(' '),
  section: opt.section?.trim() || null,
};
if (settings.section && !/^[a-z0-9-]{1,30}$/.test(settings.section))
  usage(`--section must be lower-case letters, digits and dashes (got "${opt.section}")`);
if (!Number.isFinite(settings.warmup) || settings.warmup < 0)
  usage(`--warmup must be 0 or more seconds (got "${opt.warmup}")`);
let cases;
try {
  cases = selectCases(
    opt.cases
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
} catch (error) {
  usage(error.message);
}

const LOAD = join(ROOT, 'tools/bench/load.mjs');
const COUNTER = join(ROOT, 'tools/bench/sql-counter.cjs');
const BASELINE = join(ROOT, 'tools/bench/baseline-server.mjs');

const getJson = async (url, headers = {}, timeoutMs = 120_000) => {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
};

/** Values the cases' paths and baseline queries use, read from the generated data. */
async function buildContext(db) {
  const { PAGE_SIZES } = require(join(ROOT, 'libs/contracts/dist/index.js'));
  const active = Number((await db.get('SELECT COUNT(*) AS n FROM products WHERE status = 1')).n);
  const depth = Math.min(9000, Math.floor((active * 0.9) / 24) * 24);
  const byCategory = await db.all(
    'SELECT category_id, COUNT(*) AS n FROM products WHERE status = 1 GROUP BY category_id ORDER BY n, category_id',
  );
  const median = byCategory[Math.floor(byCategory.length / 2)];
  const middle = await db.get('SELECT id FROM products WHERE status = 1 ORDER BY id LIMIT 1 OFFSET ?', [
    Math.floor(active / 2),
  ]);
  const perPage = PAGE_SIZES.catalogue;
  // The bench customer's ledger (about 2,000 entries): the cursor continuation is measured at row 1,000.
  const walletEntries = Number(
    (
      await db.get('SELECT COUNT(*) AS n FROM wallet_ledger l JOIN users u ON u.id = l.user_id WHERE u.email = ?', [
        BENCH_ACCOUNTS.customer,
      ])
    ).n,
  );
  // Orders (issue 10): the bench customer's and the bench vendor's, the continuation row, the dashboard's window.
  const one = async (sql, params = []) => Number((await db.get(sql, params)).n);
  const buyerId = await one('SELECT id AS n FROM users WHERE email = ?', [BENCH_ACCOUNTS.customer]);
  const orderCount = await one('SELECT COUNT(*) AS n FROM orders');
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString().replace('T', ' ').slice(0, 23);
  // Deliveries (issue 11): the search is an admin looking up a customer by surname (the bench customer's).
  const { DELIVERY_STATUSES } = require(join(ROOT, 'libs/contracts/dist/index.js'));
  const benchName = (await db.get('SELECT name FROM users WHERE id = ?', [buyerId])).name;
  const deliverySearchTerm = benchName.trim().split(/\s+/).pop().toLowerCase();
  if (DELIVERY_STATUSES.some((st) => st.label.toLowerCase().includes(deliverySearchTerm)))
    throw new Error(`the deliveries search term ${deliverySearchTerm} matches a status label`);
  const deliverySearchLike = `%${deliverySearchTerm.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  const deliveries = {
    deliveryCount: await one('SELECT COUNT(*) AS n FROM deliveries'),
    foreignDeliveries: await one("SELECT COUNT(*) AS n FROM deliveries WHERE type = 'foreign'"),
    warehouseDeliveries: await one('SELECT COUNT(*) AS n FROM deliveries WHERE status = 2'),
    ownDeliveries: await one('SELECT COUNT(*) AS n FROM deliveries WHERE user_id = ?', [buyerId]),
    deliverySearchTerm,
    deliverySearchLike,
    deliverySearchMatches: await one(
      `SELECT COUNT(*) AS n FROM deliveries d LEFT JOIN warehouses w ON w.id = d.warehouse_id WHERE ${[
        'd.name',
        'd.phone',
        'd.tracking_no',
        'd.external_no',
        'w.name',
      ]
        .map((expr) => `LOWER(${expr}) LIKE ? ESCAPE '!'`)
        .join(' OR ')}`,
      Array(5).fill(deliverySearchLike),
    ),
  };
  // Trust and care (issue 12): the KYC queue and the support inbox.
  const care = {
    kycCount: await one('SELECT COUNT(*) AS n FROM kyc_submissions'),
    kycPending: await one('SELECT COUNT(*) AS n FROM kyc_submissions WHERE status = 0'),
    supportCount: await one('SELECT COUNT(*) AS n FROM supports'),
    supportOpen: await one('SELECT COUNT(*) AS n FROM supports WHERE status = 1'),
    ownSupports: await one('SELECT COUNT(*) AS n FROM supports WHERE user_id = ?', [buyerId]),
  };
  // Audit log (issue 14): a record type, the admin with the fewest entries, an action over a Lagos week (30 to 24
  // days ago), the delivery with the longest history, the continuation at row 2,000.
  const auditCount = await one('SELECT COUNT(*) AS n FROM audit_logs');
  const quietest = await db.get(
    'SELECT actor_id, COUNT(*) AS n FROM audit_logs GROUP BY actor_id ORDER BY COUNT(*), actor_id LIMIT 1',
  );
  const busiest = await db.get(
    "SELECT entity_id, COUNT(*) AS n FROM audit_logs WHERE entity_type = 'delivery' GROUP BY entity_id " +
      'ORDER BY COUNT(*) DESC, entity_id LIMIT 1',
  );
  const lagosDay = (ms) => new Date(ms + 3_600_000).toISOString().slice(0, 10);
  const lagosMidnight = (day) => new Date(`${day}T00:00:00.000+01:00`).getTime();
  const sqlTime = (ms) => new Date(ms).toISOString().replace('T', ' ').slice(0, 23);
  const auditFrom = lagosDay(Date.now() - 30 * 86_400_000);
  const auditTo = lagosDay(Date.now() - 24 * 86_400_000);
  const audit = {
    auditCount,
    auditType: 'wallet',
    auditTypeCount: await one("SELECT COUNT(*) AS n FROM audit_logs WHERE entity_type = 'wallet'"),
    auditActorId: Number(quietest?.actor_id ?? 1),
    auditActorCount: Number(quietest?.n ?? 0),
    auditAction: 'order.status',
    auditFrom,
    auditTo,
    auditFromSql: sqlTime(lagosMidnight(auditFrom)),
    auditToSql: sqlTime(lagosMidnight(auditTo) + 86_400_000),
    auditEntityType: 'delivery',
    auditEntityId: Number(busiest?.entity_id ?? 1),
    auditEntityCount: Number(busiest?.n ?? 0),
    auditDeepRow: Math.max(20, Math.min(2000, Math.floor(auditCount / 2 / 20) * 20)),
  };
  audit.auditActionCount = await one(
    'SELECT COUNT(*) AS n FROM audit_logs WHERE action = ? AND created_at >= ? AND created_at < ?',
    [audit.auditAction, audit.auditFromSql, audit.auditToSql],
  );
  // Payouts (issue 24): the back office's list and the bench vendor's statement, continued at row 1,000.
  const vendorId = await one('SELECT id AS n FROM users WHERE email = ?', [BENCH_ACCOUNTS.vendor]);
  const statementEntries = await one(
    "SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ? AND currency = 'NGN' AND kind IN " +
      "('sale', 'sale_reversal', 'payout', 'payout_fee', 'payout_return', 'adjustment')",
    [vendorId],
  );
  const payouts = {
    payoutCount: await one('SELECT COUNT(*) AS n FROM payouts'),
    payoutsAwaiting: await one("SELECT COUNT(*) AS n FROM payouts WHERE status = 'awaiting_approval'"),
    statementEntries,
    statementDeepRow: Math.max(20, Math.min(1000, Math.floor(statementEntries / 2 / 20) * 20)),
  };
  return {
    ...deliveries,
    ...care,
    ...audit,
    ...payouts,
    buyerId,
    orderCount,
    buyerOrders: await one('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [buyerId]),
    vendorOrders: await one(
      'SELECT COUNT(*) AS n FROM order_vendors ov JOIN users u ON u.id = ov.vendor_id WHERE u.email = ?',
      [BENCH_ACCOUNTS.vendor],
    ),
    ordersDeepRow: Math.max(10, Math.min(2000, Math.floor(orderCount / 2 / 10) * 10)),
    statsOrders: await one('SELECT COUNT(*) AS n FROM orders WHERE created_at >= ?', [since]),
    active,
    depth,
    depthEnd: depth + 24,
    categoryId: median.category_id,
    minPrice: 5000,
    maxPrice: 200000,
    minKobo: 5000 * 100,
    maxKobo: 200000 * 100,
    productId: middle.id,
    // Full-text queries as the API's search index writes them (words quoted, the last one a prefix).
    searchTerm: 'tecno',
    searchFtsSqlite: '"tecno"*',
    searchFtsMysql: '+tecno*',
    suggestTerm: 'tec',
    suggestFtsSqlite: '"tec"*',
    suggestFtsMysql: '+tec*',
    loadMorePerPage: perPage,
    loadMoreRow: Math.floor(depth / perPage) * perPage,
    walletEntries,
    walletDeepRow: Math.max(20, Math.min(1000, Math.floor(walletEntries / 2 / 20) * 20)),
  };
}

/**
 * A case's keyset continuation (`follow: { list, perPage, row, as }` in cases.mjs): the list's rows after row
 * `row`, as a client paging on asks for them. When the list answers meta.next_cursor, the harness follows the
 * cursors perPage rows at a time and the case asks `list?per_page=N&after=<cursor>`; otherwise it asks
 * page=row/perPage+1. Sets ctx[as + 'Path'], ctx[as + 'Mode'] ('cursor' or 'page'), ctx[as + 'Page'] (the
 * meta.page answered) and ctx[as + 'Note'].
 */
async function resolveFollow(follow, ctx, api, headers) {
  const { list, perPage, as } = follow;
  const row = Number(val(follow.row, ctx));
  const sep = list.includes('?') ? '&' : '?';
  const pagePath = `${list}${sep}page=${row / perPage + 1}&per_page=${perPage}`;
  let out = {
    Mode: 'page',
    Path: pagePath,
    Page: row / perPage + 1,
    Note: 'the API returned no meta.next_cursor, so the continuation is page/per_page (OFFSET)',
  };
  let after = null;
  let seen = 0;
  try {
    while (seen < row) {
      const url = `${api}${list}${sep}per_page=${perPage}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const page = await getJson(url, headers);
      if (page.status !== 200 || !page.body?.data?.length) throw new Error(`${url} answered ${page.status}`);
      if (page.body.meta?.next_cursor === undefined) break;
      seen += page.body.data.length;
      after = page.body.meta.next_cursor;
      if (!after) throw new Error(`no next_cursor after ${seen} rows`);
    }
    if (seen >= row)
      out = {
        Mode: 'cursor',
        Path: `${list}${sep}per_page=${perPage}&after=${encodeURIComponent(after)}`,
        Page: 1,
        Note: `the API answered meta.next_cursor; followed ${seen / perPage} cursor(s) of ${perPage} rows to reach row ${row}`,
      };
  } catch (error) {
    out.Note = `the API answered meta.next_cursor but following it failed (${error.message}); fell back to page/per_page`;
  }
  for (const [k, v] of Object.entries(out)) ctx[`${as}${k}`] = v;
}

/**
 * How the storefront's Load More continues at row loadMoreRow. When the API's list answers a keyset cursor
 * (meta.next_cursor), the continuation is `after=<cursor>` (reached by following the cursors); otherwise it is
 * the page/per_page request the storefront sends today.
 */
async function resolveLoadMore(ctx, api) {
  const { LIST_MAX_PER_PAGE } = require(join(ROOT, 'libs/contracts/dist/index.js'));
  const sort = '_sort=created_at&_order=desc';
  const per = ctx.loadMorePerPage;
  const first = await getJson(`${api}/products/active?${sort}&page=1&per_page=${per}`);
  const cursor = first.body?.meta?.next_cursor;
  const pagePath = `/products/active?${sort}&page=${ctx.loadMoreRow / per + 1}&per_page=${per}`;
  let mode = 'page';
  let path = pagePath;
  let note = 'the API returned no meta.next_cursor, so the continuation is page/per_page (OFFSET)';
  if (cursor) {
    let step = Math.min(100, LIST_MAX_PER_PAGE);
    while (ctx.loadMoreRow % step) step--;
    let after = null;
    let seen = 0;
    try {
      while (seen < ctx.loadMoreRow) {
        const url = `${api}/products/active?${sort}&per_page=${step}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
        const page = await getJson(url);
        if (page.status !== 200 || !page.body?.data?.length) throw new Error(`${url} answered ${page.status}`);
        seen += page.body.data.length;
        after = page.body.meta?.next_cursor;
        if (!after) throw new Error(`no next_cursor after ${seen} rows`);
      }
      mode = 'cursor';
      path = `/products/active?${sort}&per_page=${per}&after=${encodeURIComponent(after)}`;
      note = `the API answered meta.next_cursor; followed ${seen / step} cursor(s) of ${step} rows to reach it`;
    } catch (error) {
      note = `the API answered meta.next_cursor but following it failed (${error.message}); fell back to page/per_page`;
    }
  }
  const probe = await getJson(api + path);
  Object.assign(ctx, {
    loadMoreMode: mode,
    loadMorePath: path,
    loadMoreWithTotal: probe.body?.meta?.total !== undefined,
    loadMoreNote: note,
  });
}

async function login(api, role) {
  const res = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ACCOUNTS[role], password: BENCH_PASSWORD }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || !body.token)
    throw new Error(`login as the bench ${role} failed: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body.token;
}

/** First difference between two JSON values, or null. */
function diff(a, b, path = '') {
  if (Object.is(a, b)) return null;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object')
    return `${path || '.'}: ${JSON.stringify(a)?.slice(0, 60)} vs ${JSON.stringify(b)?.slice(0, 60)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = diff(a[k], b[k], `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

/**
 * Do the API and the baseline answer the same? Compares status, data and meta.total, and meta.next_cursor when
 * the baseline answers one.
 */
async function compare(apiUrl, baseUrl, headers) {
  const [a, b] = await Promise.all([getJson(apiUrl, headers), getJson(baseUrl, headers)]);
  const out = { apiStatus: a.status, baseStatus: b.status, same: false, diff: null };
  if (a.status !== 200 || b.status !== 200) {
    out.diff = `status ${a.status} vs ${b.status}${a.status >= 400 ? `: ${JSON.stringify(a.body).slice(0, 160)}` : ''}`;
    return out;
  }
  out.diff =
    diff(a.body?.data, b.body?.data, 'data') ??
    (a.body?.meta?.total !== b.body?.meta?.total
      ? `meta.total ${a.body?.meta?.total} vs ${b.body?.meta?.total}`
      : null) ??
    (b.body?.meta && 'next_cursor' in b.body.meta && a.body?.meta?.next_cursor !== b.body.meta.next_cursor
      ? `meta.next_cursor ${a.body?.meta?.next_cursor} vs ${b.body.meta.next_cursor}`
      : null);
  out.same = !out.diff;
  out.rows = Array.isArray(a.body?.data) ? a.body.data.length : undefined;
  return out;
}

/** SQL statements per request: sequential requests on the idle API, read from X-Bench-Sql-Count. */
async function probeSql(url, headers, n) {
  const counts = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(url, {
      headers: { ...headers, 'x-bench-count-sql': '1' },
      signal: AbortSignal.timeout(120_000),
    });
    await res.arrayBuffer();
    const value = res.headers.get('x-bench-sql-count');
    if (value !== null) counts.push(Number(value));
  }
  return counts.length ? { max: Math.max(...counts), min: Math.min(...counts) } : null;
}

async function load(url, headers, plan) {
  const out = await runChild(
    process.execPath,
    [
      LOAD,
      JSON.stringify({
        url,
        headers,
        connections: settings.connections,
        duration: settings.duration,
        warmup: settings.warmup,
      }),
    ],
    { plan, core: 1, quiet: true },
  );
  return JSON.parse(out.trim().split('\n').pop());
}

const fmt = (n, d = 0) =>
  n === null || n === undefined || Number.isNaN(n)
    ? '-'
    : n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });

async function runSize(size, plan) {
  console.log(`\n== ${size.toLocaleString('en')} products`);
  const gen = await ensureDatabase(size, { regenerate: opt.regenerate });
  const db = await openDb(gen.target, { poolSize: 2 });
  let ctx;
  let indexes;
  let dbVersion;
  try {
    indexes = await ensureIndexes(db, cases, console.log, CASES);
    ctx = await buildContext(db);
    ctx.ftsTable = indexes.find((i) => i.fulltext)?.name ?? 'products_fts';
    ctx.indexNames = Object.fromEntries(indexes.map((i) => [i.spec, i.name]));
    dbVersion = await db.version();
  } finally {
    await db.close();
  }

  const apiPort = settings.apiPort;
  const basePort = apiPort + 1;
  const floorPort = apiPort + 2;
  const api = `http://127.0.0.1:${apiPort}/api/v1`;
  const apiServer = startServer(
    'api',
    process.execPath,
    [
      ...(opt['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${opt['cpu-prof']}`] : []),
      '--require',
      COUNTER,
      benchApiEntry(),
    ],
    {
      env: apiEnv(gen.target, {
        API_PORT: String(apiPort),
        API_HOST: '127.0.0.1',
        API_PUBLIC_URL: `http://localhost:${apiPort}`,
        BENCH_COUNT_SQL: '1',
      }),
      plan,
      core: 0,
    },
  );
  let baseServer;
  let floorServer;
  const rows = [];
  try {
    await waitUntilUp(`${api}/health`, apiServer);
    const tokens = {};
    for (const role of new Set(cases.map((c) => c.auth).filter(Boolean))) tokens[role] = await login(api, role);
    if (cases.some((c) => c.id === 'load-more')) await resolveLoadMore(ctx, api);
    for (const c of cases.filter((c) => c.follow))
      await resolveFollow(c.follow, ctx, api, c.auth ? { authorization: `Bearer ${tokens[c.auth]}` } : {});
    mkdirSync(BENCH_DIR, { recursive: true });
    const ctxFile = join(BENCH_DIR, `context-${gen.target.dialect}-${size}.json`);
    writeFileSync(ctxFile, JSON.stringify(ctx, null, 2));
    // The same server twice: "Base, same SQL" and the floor (issue 25: BENCH_MODE=floor, see baseline-kit.mjs).
    const bare = (mode, port) =>
      startServer(mode, process.execPath, [BASELINE], {
        env: {
          BENCH_TARGET: JSON.stringify(gen.target),
          BENCH_CTX_FILE: ctxFile,
          BENCH_PORT: String(port),
          BENCH_PUBLIC_URL: `http://localhost:${apiPort}`,
          BENCH_JWT_SECRET,
          BENCH_CASES: cases.map((c) => c.id).join(','),
          BENCH_MODE: mode,
        },
        plan,
        core: 0,
      });
    baseServer = bare('baseline', basePort);
    floorServer = bare('floor', floorPort);
    await waitUntilUp(`http://127.0.0.1:${basePort}/health`, baseServer);
    await waitUntilUp(`http://127.0.0.1:${floorPort}/health`, floorServer);

    for (const c of cases) {
      const path = fill(c.path, ctx);
      const title = fill(c.title, ctx);
      const apiUrl = api + path;
      const baseUrl = `http://127.0.0.1:${basePort}/case/${c.id}`;
      const floorUrl = `http://127.0.0.1:${floorPort}/case/${c.id}`;
      const headers = c.auth ? { authorization: `Bearer ${tokens[c.auth]}` } : {};
      process.stdout.write(`  ${c.id.padEnd(14)} `);
      const row = { id: c.id, title, path, targets: c.targets ?? [], indexes: c.indexes ?? [], page1: c.page1 };
      if (c.follow)
        row.note = `${title}: ${ctx[`${c.follow.as}Note`]}. Request: \`${path.replace(/after=[^&]+/, 'after=…')}\`.`;
      try {
        row.check = await compare(apiUrl, baseUrl, headers);
        row.floorCheck = await compare(apiUrl, floorUrl, headers);
      } catch (error) {
        // A request that did not answer in time (a loaded machine): the case is reported as skipped, the run goes on.
        row.error = `no answer to the JSON check (${error.message})`;
        console.log(`skipped: ${row.error}`);
        rows.push(row);
        continue;
      }
      if (row.check.apiStatus >= 400 || row.check.baseStatus >= 400 || row.floorCheck.baseStatus >= 400) {
        row.error =
          row.check.baseStatus >= 400 || row.check.apiStatus >= 400 ? row.check.diff : `floor: ${row.floorCheck.diff}`;
        console.log(`skipped: ${row.error}`);
        rows.push(row);
        continue;
      }
      row.sql = await probeSql(apiUrl, headers, settings.probes);
      row.api = await load(apiUrl, headers, plan);
      row.rss = { api: rssMb(apiServer.pid) };
      row.base = await load(baseUrl, headers, plan);
      row.rss.base = rssMb(baseServer.pid);
      row.floor = await load(floorUrl, headers, plan);
      console.log(
        `Jara ${fmt(row.api.okPerSecond)} req/s p50 ${fmt(row.api.p50)} p99 ${fmt(row.api.p99)} ms | ` +
          `base ${fmt(row.base.okPerSecond)} req/s p50 ${fmt(row.base.p50)} p99 ${fmt(row.base.p99)} ms | ` +
          `floor ${fmt(row.floor.okPerSecond)} req/s p50 ${fmt(row.floor.p50)} p99 ${fmt(row.floor.p99)} ms | ` +
          `SQL ${row.sql?.max ?? '?'} | RSS ${fmt(row.rss.api)} MB | ${row.check.same ? 'same JSON' : `JSON differs (${row.check.diff})`}` +
          `${row.floorCheck.same ? '' : ` | floor JSON differs (${row.floorCheck.diff})`}` +
          (row.api.non2xx || row.api.timeouts || row.api.errors
            ? ` | API non-2xx ${row.api.non2xx}, timeouts ${row.api.timeouts}, errors ${row.api.errors}`
            : ''),
      );
      rows.push(row);
      if (!apiServer.alive()) throw new Error(`the API died during ${c.id}\n${apiServer.output()}`);
    }
  } finally {
    await floorServer?.stop();
    await baseServer?.stop();
    await apiServer.stop();
  }
  return { size, target: gen.target, generated: gen, indexes, ctx, dbVersion, rows };
}

async function main() {
  const plan = pinning();
  if (!opt['no-build'] || !existsSync(serverEntry('api')) || !existsSync(join(ROOT, 'libs/contracts/dist/index.js'))) {
    console.log('Building the contracts and the API (incremental)...');
    await buildServer();
  }
  console.log(
    `Benchmark: ${cases.length} case(s), sizes ${settings.sizes.join(', ')}, ${settings.connections} connections, ` +
      `${settings.warmup} s warm-up + ${settings.duration} s per server and case; ${plan.note}.`,
  );
  const started = new Date();
  const results = [];
  for (const size of settings.sizes) results.push(await runSize(size, plan));
  const facts = await machineFacts({ plan, results, settings, started });
  const file = writeReport({ facts, results, settings, write: !opt['no-write'] });
  if (file) console.log(`\nWrote ${file}`);
}

main().catch((error) => {
  console.error(`\nbench failed: ${error.message}`);
  process.exit(1);
});
