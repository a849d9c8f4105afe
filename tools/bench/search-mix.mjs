// The search and suggestions benchmark with a realistic mix (issue 25): npm run bench -- --search-mix [options] (or
// npm run bench:search, or node tools/bench/search-mix.mjs). On the list cases' bench database of --size products
// (tools/bench/generate.mjs; reused when present), with the built API started as run.mjs starts it (core 0), this
// driver (core 1) sends, over --connections keep-alive connections, a mix of the storefront's two search requests:
//   - the catalogue search, GET /products/active?q=<term>&page=1&per_page=6 (_public.all_products.tsx: a search has
//     no _sort, so the page is ranked by relevance);
//   - the search box's suggestions, GET /search/suggestions?q=<prefix> (2 to 5 letters of the term's first word).
// The terms: --terms distinct ones (default 1,000) made from the catalogue's own words (single words, then pairs of
// neighbouring words of a name) and ~3% words found in no name; their popularity is Zipf-like (s = --zipf, default
// 1) over a seeded shuffle, so popularity does not follow how many products a term matches. The figures are split
// into "popular" (the --popular most asked terms, default 10) and "rare" (the tail), per kind of request.
// Writes the block bench:<engine>-search-mix of docs/benchmarks.md (--label names the run, e.g. before/after).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus } from 'node:os';
import { join, relative } from 'node:path';
import { buildServer, ROOT, serverEntry } from '../scripts/lib.mjs';
import { openDb } from './db.mjs';
import { apiEnv, ensureDatabase } from './generate.mjs';
import { benchApiEntry, pinning, rssMb, startServer, waitUntilUp } from './proc.mjs';
import { REPORT_FILE, replaceBlock } from './report.mjs';
import { benchOptions } from './options.mjs';

const HELP = `npm run bench -- --search-mix [options]   (or npm run bench:search -- [options])

  --size 100000         products in the bench database (the list cases' database; generated when missing)
  --terms 1000          distinct search terms
  --zipf 1              Zipf exponent s of the terms' popularity (rank r is asked in proportion to 1/r^s)
  --popular 10          the most asked terms reported as "popular"; the rest is "rare"
  --suggest-share 0.5   share of the requests that are suggestions (the rest are catalogue searches)
  --connections 50      concurrent keep-alive connections
  --duration 20         measured seconds
  --warmup 5            warm-up seconds (same mix) before measuring
  --timeout 10          seconds after which a request counts as timed out
  --seed 25             seed of the terms, their ranks and the request sequence
  --label after         the run's name in the report (e.g. before, after, no-cache)
  --env KEY=VALUE,...   extra API environment (e.g. PUBLIC_CACHE_SECONDS=0 turns the short search cache off)
  --cpu-prof DIR        start the API with --cpu-prof, the profile written into DIR when it stops
  --port 6300           API port
  --no-build            use the existing dist/
  --costs 300           instead of the load: the API's CPU per request, one request at a time (N requests per kind
                        and bucket), then the throughput one free core would reach with the 5 s cache (a model; for
                        a machine shared with other work, where req/s and latency measure the neighbours)
  --no-write            print the tables, leave docs/benchmarks.md alone

Target (issue 25): p99 < 150 ms and no timeouts, popular and rare terms alike. SQLite by default;
DATABASE_URL=mariadb://... for MariaDB/MySQL (BENCH_DATABASE_SUFFIX names a database of this checkout's own).`;

const TARGET_P99_MS = 150;
const args = process.argv.slice(2).filter((a) => a !== '--search-mix');
const opt = benchOptions(
  HELP,
  {
    size: { type: 'string', default: '100000' },
    terms: { type: 'string', default: '1000' },
    zipf: { type: 'string', default: '1' },
    popular: { type: 'string', default: '10' },
    'suggest-share': { type: 'string', default: '0.5' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    timeout: { type: 'string', default: '10' },
    seed: { type: 'string', default: '25' },
    label: { type: 'string', default: 'after' },
    env: { type: 'string', default: '' },
    'cpu-prof': { type: 'string' },
    port: { type: 'string', default: '6300' },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    costs: { type: 'string' },
  },
  args,
);
const fail = (message) => {
  console.error(`${message}\n\n${HELP}`);
  process.exit(2);
};
const number = (name, { min = 0, max = Infinity, integer = true } = {}) => {
  const n = Number(opt[name]);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n)))
    fail(`--${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max} (got "${opt[name]}")`);
  return n;
};
const settings = {
  size: number('size', { min: 1 }),
  terms: number('terms', { min: 20, max: 100_000 }),
  zipf: number('zipf', { min: 0, max: 5, integer: false }),
  popular: number('popular', { min: 1 }),
  suggestShare: number('suggest-share', { min: 0, max: 1, integer: false }),
  connections: number('connections', { min: 1, max: 1000 }),
  duration: number('duration', { min: 1 }),
  warmup: number('warmup', { min: 0 }),
  timeoutMs: number('timeout', { min: 1 }) * 1000,
  seed: number('seed', { min: 0 }),
  port: number('port', { min: 1, max: 65535 }),
  label: opt.label.trim(),
};
if (!/^[A-Za-z0-9 _.-]{1,40}$/.test(settings.label)) fail(`--label must be 1-40 letters, digits, spaces, . _ -`);
if (settings.popular >= settings.terms) fail('--popular must be smaller than --terms');
const extraEnv = Object.fromEntries(
  opt.env
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((pair) => {
      const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(pair);
      if (!m) fail(`--env takes KEY=VALUE pairs separated by commas (got "${pair}")`);
      return [m[1], m[2]];
    }),
);

/** mulberry32: a small seeded generator, so every run asks the same terms in the same order. */
function random(seed) {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The API's own word split (search/product-search-index.ts searchTerms): lower-cased runs of letters and digits. */
const words = (text) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];

/**
 * The distinct terms: every catalogue word of 3+ characters (single words first), then neighbouring word pairs of
 * the names, then longer runs, until `count`; about 3% are words no name holds. Each with how many active products
 * hold it (a word-prefix match on the last word, as the API searches), counted here from the names.
 */
function buildTerms(names, count, rnd) {
  const nameWords = names.map((n) => words(n));
  const singles = new Map();
  const pairs = new Map();
  for (const list of nameWords) {
    for (const w of new Set(list)) if (w.length >= 3 && !/^\d+$/.test(w)) singles.set(w, (singles.get(w) ?? 0) + 1);
    for (let i = 0; i + 1 < list.length; i++) {
      const pair = `${list[i]} ${list[i + 1]}`;
      if (list[i + 1].length >= 2) pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
    }
  }
  const misses = Math.max(1, Math.round(count * 0.03));
  const sortByName = (map) => [...map.keys()].sort();
  const found = [...sortByName(singles), ...shuffle(sortByName(pairs), rnd)].slice(0, count - misses);
  const letters = 'bcdfghjklmnpqrstvwxz';
  const missing = [];
  while (missing.length < misses) {
    let w = '';
    for (let i = 0; i < 6; i++) w += letters[Math.floor(rnd() * letters.length)];
    if (!singles.has(w)) missing.push(`${w}q`);
  }
  const all = [...found, ...missing];
  // Matches of each term as the API counts them: every word in the name, the last one as a word prefix.
  const holders = new Map(); // word -> indexes of the names holding it
  nameWords.forEach((list, i) => {
    for (const w of new Set(list)) {
      if (!holders.has(w)) holders.set(w, []);
      holders.get(w).push(i);
    }
  });
  const vocabulary = [...holders.keys()];
  const matchesOf = (term) => {
    const tw = words(term);
    const last = tw.pop();
    const withPrefix = new Set(vocabulary.filter((w) => w.startsWith(last)).flatMap((w) => holders.get(w)));
    return [...withPrefix].filter((i) => tw.every((w) => nameWords[i].includes(w))).length;
  };
  return all.map((term) => ({ term, matches: matchesOf(term) }));
}

function shuffle(list, rnd) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A sampler of ranks 0..n-1 with P(r) proportional to 1 / (r + 1)^s (inverse CDF, binary search). */
function zipfSampler(n, s, rnd) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) cdf[r] = sum += 1 / (r + 1) ** s;
  return {
    share: (r) => (cdf[r] - (r ? cdf[r - 1] : 0)) / sum,
    next() {
      const x = rnd() * sum;
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cdf[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
  };
}

/** The request for one draw: a catalogue search of the term, or the suggestions of a 2-5 letter prefix of it. */
function requestFor(term, rank, rnd) {
  if (rnd() < settings.suggestShare) {
    // The first word of 2 or more characters (a term may start with "4" or "a"); typing stops after 2-5 of them.
    const first = words(term).find((w) => w.length >= 2) ?? term;
    const length = Math.min(first.length, 2 + Math.floor(rnd() * 4));
    return {
      kind: 'suggest',
      rank,
      path: `/api/v1/search/suggestions?q=${encodeURIComponent(first.slice(0, length))}`,
    };
  }
  return { kind: 'search', rank, path: `/api/v1/products/active?q=${encodeURIComponent(term)}&page=1&per_page=6` };
}

/** CPU seconds (user + system) a process has used so far (Linux /proc), or null. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop().split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
const fmt = (n, d = 0) =>
  n === null || n === undefined || Number.isNaN(n)
    ? '-'
    : n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });

/**
 * The load: `connections` workers, each on its own keep-alive socket, sending the next request of the seeded
 * sequence as soon as its previous answer is read. Returns every answer's { kind, rank, status, ms }.
 */
async function drive({ host, port, sequence, connections, seconds, timeoutMs }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const results = [];
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = (req) =>
    new Promise((resolve) => {
      const started = performance.now();
      const r = http.get({ host, port, path: req.path, agent, headers: { accept: 'application/json' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, bytes }));
        res.on('error', () => resolve({ status: 'error', ms: performance.now() - started }));
      });
      r.setTimeout(timeoutMs, () => {
        r.destroy();
        resolve({ status: 'timeout', ms: performance.now() - started });
      });
      r.on('error', () => resolve({ status: 'error', ms: performance.now() - started }));
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const req = sequence[next++ % sequence.length];
        const at = performance.now();
        const answer = await one(req);
        results.push({ kind: req.kind, rank: req.rank, path: req.path, at, ...answer });
      }
    }),
  );
  agent.destroy();
  return { results, wallSeconds: (performance.now() - started) / 1000 };
}

function summarise(results, wallSeconds) {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const ok = results.filter((r) => r.status === 200).length;
  return {
    requests: results.length,
    ok,
    perSecond: ok / wallSeconds,
    p50: pct(ms, 50),
    p95: pct(ms, 95),
    p99: pct(ms, 99),
    max: ms.at(-1) ?? null,
    timeouts: results.filter((r) => r.status === 'timeout').length,
    errors: results.filter((r) => r.status !== 200 && r.status !== 'timeout').length,
    statuses: [...new Set(results.map((r) => r.status))].filter((s) => s !== 200).join(', '),
  };
}

async function main() {
  const plan = pinning();
  if (plan.enabled) spawnSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
  if (!opt['no-build'] || !existsSync(serverEntry('api'))) {
    console.log('Building the contracts and the API (incremental)...');
    await buildServer();
  }
  const startedAt = new Date();
  const generated = await ensureDatabase(settings.size);
  const db = await openDb(generated.target, { poolSize: 1 });
  let names;
  let dbVersion;
  try {
    names = (await db.all('SELECT name FROM products WHERE status = 1')).map((r) => String(r.name));
    dbVersion = await db.version();
  } finally {
    await db.close();
  }
  const rnd = random(settings.seed);
  const terms = shuffle(buildTerms(names, settings.terms, rnd), rnd); // the shuffle is the popularity order
  const zipf = zipfSampler(terms.length, settings.zipf, rnd);
  const popularShare = Array.from({ length: settings.popular }, (_, r) => zipf.share(r)).reduce((a, b) => a + b, 0);
  const sequence = Array.from({ length: 200_000 }, () => {
    const rank = zipf.next();
    return requestFor(terms[rank].term, rank, rnd);
  });
  const asked = new Set(sequence.map((r) => r.rank)).size;
  console.log(
    `${terms.length} terms (${terms.filter((t) => !t.matches).length} with no match); the top ${settings.popular} get ` +
      `${fmt(popularShare * 100, 1)}% of the requests: ${terms
        .slice(0, settings.popular)
        .map((t) => `${t.term} (${t.matches})`)
        .join(', ')}`,
  );

  const profileDir = opt['cpu-prof'] ? join(ROOT, opt['cpu-prof']) : null;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const startApi = (env = {}) =>
    startServer(
      'api',
      process.execPath,
      [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), benchApiEntry()],
      {
        env: apiEnv(generated.target, {
          API_PORT: String(settings.port),
          API_HOST: '127.0.0.1',
          API_PUBLIC_URL: `http://localhost:${settings.port}`,
          ...extraEnv,
          ...env,
        }),
        plan,
        core: 0,
      },
    );
  if (opt.costs) {
    const markdown = await measureCosts(startApi, sequence, Number(opt.costs), generated.target, dbVersion, plan);
    console.log(`\n${markdown}`);
    if (!opt['no-write']) {
      const engine = generated.target.dialect === 'mysql' ? 'mysql' : 'sqlite';
      const key = `${engine}-search-mix-costs-${settings.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
      writeFileSync(REPORT_FILE, replaceBlock(readFileSync(REPORT_FILE, 'utf8'), key, markdown));
      console.log(`\nWrote ${relative(ROOT, REPORT_FILE)} (block bench:${key})`);
    }
    return;
  }
  const server = startApi();
  let run;
  let rss;
  try {
    await waitUntilUp(`http://127.0.0.1:${settings.port}/api/v1/health`, server);
    const load = { host: '127.0.0.1', port: settings.port, connections: settings.connections };
    if (settings.warmup) {
      console.log(`warm-up ${settings.warmup} s...`);
      // The warm-up walks the sequence from its far end, so the measured part does not start with primed answers.
      await drive({
        ...load,
        sequence: sequence.slice(100_000),
        seconds: settings.warmup,
        timeoutMs: settings.timeoutMs,
      });
    }
    console.log(`measuring ${settings.duration} s with ${settings.connections} connections...`);
    const cpuBefore = cpuSeconds(server.pid);
    run = await drive({ ...load, sequence, seconds: settings.duration, timeoutMs: settings.timeoutMs });
    const cpuAfter = cpuSeconds(server.pid);
    run.apiCpuSeconds = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    rss = rssMb(server.pid);
    if (!server.alive()) throw new Error(`the API died\n${server.output()}`);
  } finally {
    await server.stop();
  }
  const popular = (r) => r.rank < settings.popular;
  const rows = [];
  for (const kind of ['search', 'suggest', 'all']) {
    const ofKind = run.results.filter((r) => kind === 'all' || r.kind === kind);
    for (const bucket of ['popular', 'rare', 'all']) {
      const part = ofKind.filter((r) => bucket === 'all' || (bucket === 'popular') === popular(r));
      rows.push({ kind, bucket, ...summarise(part, run.wallSeconds) });
    }
  }
  const distinctMeasured = new Set(run.results.map((r) => r.rank)).size;
  // What a cache of TTL seconds can serve: requests sent within the TTL of the same request's last load.
  const cacheable = (ttlMs) => {
    const loaded = new Map();
    const shares = { popular: [0, 0], rare: [0, 0] };
    for (const r of [...run.results].sort((a, b) => a.at - b.at)) {
      const bucket = shares[popular(r) ? 'popular' : 'rare'];
      bucket[1]++;
      const last = loaded.get(r.path);
      if (last !== undefined && r.at - last < ttlMs) bucket[0]++;
      else loaded.set(r.path, r.at);
    }
    return { popular: shares.popular[0] / shares.popular[1], rare: shares.rare[0] / shares.rare[1] };
  };
  const answered = run.results.filter((r) => r.status === 200).length;
  const result = {
    cacheable: cacheable(5000),
    cpuMsPerRequest: run.apiCpuSeconds === null || !answered ? null : (run.apiCpuSeconds * 1000) / answered,
    apiCpuSeconds: run.apiCpuSeconds,
    wallSeconds: run.wallSeconds,
    rows,
    rss,
    dbVersion,
    target: generated.target,
    popularShare,
    distinctMeasured,
    asked,
    terms,
    env: extraEnv,
  };
  const markdown = render(result, startedAt, plan);
  console.log(`\n${markdown}`);
  if (profileDir) console.log(`\nCPU profile in ${relative(ROOT, profileDir)}`);
  if (opt['no-write']) return;
  const engine = generated.target.dialect === 'mysql' ? 'mysql' : 'sqlite';
  const key = `${engine}-search-mix-${settings.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const text = readFileSync(REPORT_FILE, 'utf8');
  writeFileSync(REPORT_FILE, replaceBlock(text, key, markdown));
  console.log(`\nWrote ${relative(ROOT, REPORT_FILE)} (block bench:${key})`);
}

/**
 * The API's CPU per request, one request at a time, by kind and bucket: N requests of the measured sequence (its
 * repeats included) and, for the cache's hits, the bucket's first request asked N times in a row. Then a model of one
 * free core: at X req/s the sequence's requests fall X a second; a request is a hit when the same request was loaded
 * within the last 5 s (when the API keeps answers), else it costs its bucket's load cost; X is where cost x rate = 1 s.
 */
async function measureCosts(startApi, sequence, n, target, dbVersion, plan) {
  const base = `http://127.0.0.1:${settings.port}`;
  const get = async (path) => {
    const res = await fetch(base + path);
    await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  };
  const cpuMs = async (server, paths) => {
    const before = cpuSeconds(server.pid);
    for (const path of paths) await get(path);
    return ((cpuSeconds(server.pid) - before) * 1000) / paths.length;
  };
  const isPopular = (r) => r.rank < settings.popular;
  const groups = [];
  for (const kind of ['search', 'suggest'])
    for (const bucket of ['popular', 'rare'])
      groups.push({
        key: `${kind}-${bucket}`,
        reqs: sequence.filter((r) => r.kind === kind && isPopular(r) === (bucket === 'popular')).slice(0, n),
      });
  /** Runs `measure` on a fresh API (env added), after 300 warm-up requests from the far end of the sequence. */
  const withApi = async (env, measure) => {
    const server = startApi(env);
    try {
      await waitUntilUp(`${base}/api/v1/health`, server);
      for (const req of sequence.slice(150_000, 150_300)) await get(req.path);
      return await measure(server);
    } finally {
      await server.stop();
    }
  };
  const costs = {};
  console.log('loads, every answer read from the database (PUBLIC_CACHE_SECONDS=0)...');
  await withApi({ PUBLIC_CACHE_SECONDS: '0' }, async (server) => {
    for (const g of groups)
      costs[g.key] = {
        load: await cpuMs(
          server,
          g.reqs.map((r) => r.path),
        ),
        distinct: new Set(g.reqs.map((r) => r.path)).size,
      };
  });
  console.log('repeats of one request (the API as configured)...');
  await withApi({}, async (server) => {
    for (const g of groups) costs[g.key].hit = await cpuMs(server, Array(n).fill(g.reqs[0].path));
  });
  const hitCost = Math.min(...Object.values(costs).map((c) => c.hit));
  // Kept answers exist when a repeat costs well under half of the cheapest load (the code before the cache has none).
  const cached = hitCost < 0.5 * Math.min(...Object.values(costs).map((c) => c.load));
  const model = (rate) => {
    const loaded = new Map();
    let total = 0;
    let hits = 0;
    const count = Math.min(sequence.length, Math.round(rate * 60)); // one minute of traffic
    for (let i = 0; i < count; i++) {
      const r = sequence[i];
      const at = i / rate;
      const c = costs[`${r.kind}-${isPopular(r) ? 'popular' : 'rare'}`];
      const last = loaded.get(r.path);
      if (cached && last !== undefined && at - last < 5) {
        hits++;
        total += hitCost;
      } else {
        loaded.set(r.path, at);
        total += c.load;
      }
    }
    return { msPerRequest: total / count, hitShare: hits / count };
  };
  let rate = 100;
  for (let i = 0; i < 30; i++) rate = (rate + 1000 / model(rate).msPerRequest) / 2;
  const at = model(rate);
  const lines = [
    `#### ${target.flavour}, ${settings.label}: API CPU per request`,
    '',
    `Run ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC, ${dbVersion}; ${plan.enabled ? 'API pinned to core 0' : plan.note}. ` +
      `\`npm run bench -- --search-mix ${args.join(' ')}\`. One request at a time; CPU of the API process from /proc ` +
      `(10 ms ticks, summed over ${n} requests per row). "Load": the bucket's first ${n} requests of the measured sequence on ` +
      `an API with PUBLIC_CACHE_SECONDS=0 (every answer read from the database); "repeat": its first request asked ${n} ` +
      `times in a row on the API as configured (${cached ? 'a kept answer' : 'no cache: read again each time'}).`,
    '',
    '| Requests | Terms | Distinct | Load: CPU ms/request | Repeat: CPU ms/request |',
    '|---|---|--:|--:|--:|',
    ...Object.entries(costs).map(([key, c]) => {
      const [kind, bucket] = key.split('-');
      return `| ${kind === 'search' ? 'Catalogue search' : 'Suggestions'} | ${bucket} | ${c.distinct} | ${fmt(c.load, 2)} | ${fmt(c.hit, 2)} |`;
    }),
    '',
    `Model of one free core${cached ? ' with the 5 s cache' : ''}: **${fmt(rate)} req/s** (${fmt(at.msPerRequest, 2)} ms of CPU per ` +
      `request, ${fmt(at.hitShare * 100)}% of the requests kept answers). At 50 connections that is ` +
      `${fmt((50 / rate) * 1000)} ms per request on average, all waiting included.`,
  ];
  return lines.join('\n');
}

function render(r, startedAt, plan) {
  const engine = r.target.flavour;
  const envNote = Object.keys(r.env).length
    ? ` API environment: ${Object.entries(r.env)
        .map(([k, v]) => `\`${k}=${v}\``)
        .join(', ')}.`
    : '';
  const top = r.terms
    .slice(0, settings.popular)
    .map((t) => `${t.term} (${fmt(t.matches)})`)
    .join(', ');
  const matchCounts = r.terms.map((t) => t.matches).sort((a, b) => a - b);
  const lines = [
    `#### ${engine}, ${settings.label}`,
    '',
    `Run ${startedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC on ${cpus().length} × ${cpus()[0]?.model?.trim() ?? 'CPU'}, ` +
      `Node ${process.version}, ${r.dbVersion}; ${plan.enabled ? 'API pinned to core 0, this driver to core 1 (taskset), the database unpinned' : plan.note}. ` +
      `\`npm run bench -- --search-mix ${args.join(' ')}\`.${envNote} ${fmt(settings.size)} products (the list cases' database). ` +
      'The machine was shared with other helpers while measured: the figures are noisy.',
    '',
    `${fmt(settings.terms)} distinct terms (${r.terms.filter((t) => !t.matches).length} found in no name; matches per term: ` +
      `median ${fmt(pct(matchCounts, 50))}, p90 ${fmt(pct(matchCounts, 90))}, max ${fmt(matchCounts.at(-1))}), Zipf s = ${settings.zipf} ` +
      `over a seeded shuffle; ${fmt(r.distinctMeasured)} distinct terms asked while measured. Popular: the top ${settings.popular} ` +
      `(${fmt(r.popularShare * 100, 1)}% of requests): ${top}. ${fmt((1 - settings.suggestShare) * 100)}% catalogue searches ` +
      "`/products/active?q=<term>&page=1&per_page=6` (the storefront's search page), " +
      `${fmt(settings.suggestShare * 100)}% \`/search/suggestions?q=<2-5 letters of the term>\`; ${settings.connections} keep-alive ` +
      `connections, ${settings.duration} s after ${settings.warmup} s of warm-up; a request over ${settings.timeoutMs / 1000} s is a timeout.`,
    '',
    `| Requests | Terms | 200s | 200/s | p50 ms | p95 ms | p99 ms | max ms | Timeouts | Errors | p99 < ${TARGET_P99_MS} ms, no timeouts |`,
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|',
  ];
  const kindName = { search: 'Catalogue search', suggest: 'Suggestions', all: 'All' };
  for (const row of r.rows) {
    const met =
      row.requests === 0
        ? '-'
        : row.p99 < TARGET_P99_MS && !row.timeouts && !row.errors
          ? `met (${fmt(row.p99)} ms)`
          : `**missed** (${fmt(row.p99)} ms${row.timeouts ? `, ${row.timeouts} timeouts` : ''}${row.errors ? `, ${row.errors} errors: ${row.statuses}` : ''})`;
    lines.push(
      `| ${kindName[row.kind]} | ${row.bucket} | ${fmt(row.ok)} | ${fmt(row.perSecond)} | ${fmt(row.p50, 1)} | ${fmt(row.p95, 1)} | ` +
        `${fmt(row.p99, 1)} | ${fmt(row.max)} | ${row.timeouts} | ${row.errors} | ${met} |`,
    );
  }
  lines.push(
    '',
    `API process CPU while measured: ${fmt(r.apiCpuSeconds, 1)} s of ${fmt(r.wallSeconds, 1)} s, ` +
      `**${fmt(r.cpuMsPerRequest, 2)} ms per answered request** (` +
      (r.target.dialect === 'sqlite'
        ? 'all of the work: SQLite runs inside the API'
        : "without the database server's own work") +
      `). At that cost one free core answers about ` +
      `${fmt(r.cpuMsPerRequest ? 1000 / r.cpuMsPerRequest : null)} req/s: the figure to compare between runs on a shared machine. ` +
      `API RSS at the end: ${fmt(r.rss)} MB. Requests sent within 5 s of the last load of the same request (what the ` +
      `API's 5 s search cache can answer, writes aside): popular ${fmt(r.cacheable.popular * 100)}%, rare ` +
      `${fmt(r.cacheable.rare * 100)}%.`,
  );
  return lines.join('\n');
}

main().catch((error) => {
  console.error(`\nsearch-mix bench failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
