// The back office cold load (issue 22): npm run bench -- --admin [options] (or node tools/bench/admin-cold-load.mjs).
// Needs the built API (npm run build, or at least dist/server) and one or more builds of the back office (vite build
// in apps/admin: apps/admin/dist).
//
// For each build: the JavaScript the entry asks for before any route (the script and modulepreloads of index.html),
// raw and gzipped as apps/admin/server.mjs sends it (zlib's default level); then N cold loads of the deliveries list
// in Debian's chromium (CHROME_PATH, default `command -v chromium`), headless, each in a fresh browser context (signed
// in through local storage as the bench admin, empty HTTP cache): the time from navigation start until the first
// table row is in the page (performance.now() when it appears), and the JavaScript bytes the browser received
// (encoded, i.e. gzipped). Two network profiles: none, and a throttled one (Chrome DevTools: 150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower: Lighthouse's "slow 4G" mobile profile, a fair picture of an agent on
// a Nigerian mobile network). Builds are measured in turn (A, B, A, B...) so a busy machine slows them alike.
//
// Each build is served by a copy of apps/admin/server.mjs (gzip, cache headers and CSP as deployed) on its own port;
// the built API answers on a database of its own with the demo data (the built CLI's migrate and seed, as the
// Playwright journeys have it; data/bench/jara-demo-admin.sqlite, rebuilt each run). Writes the block
// bench:admin-cold-load of docs/benchmarks.md unless --no-write.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, serverEntry } from '../scripts/lib.mjs';
import { BENCH_DIR, benchTarget } from './db.mjs';
import { API_DATA_DIR, apiEnv } from './generate.mjs';
import { runChild, startServer, waitUntilUp } from './proc.mjs';
import { REPORT_FILE, replaceBlock } from './report.mjs';
import { benchOptions } from './options.mjs';

const HELP = `npm run bench -- --admin [options]

  --builds current=apps/admin/dist    label=dir of each back office build to measure, comma-separated
                                      (e.g. before=tmp/admin-before/dist,after=apps/admin/dist)
  --runs 5                            cold loads per build and network profile (median reported)
  --path /deliveries                  the list page loaded cold
  --port 5950                         API port (the builds' servers use the next ones)
  --no-write                          print the table, leave docs/benchmarks.md alone

Needs dist/server (npm run build) and each build's index.html. Chromium from CHROME_PATH or \`command -v chromium\`.`;

const opt = benchOptions(
  HELP,
  {
    builds: { type: 'string', default: 'current=apps/admin/dist' },
    runs: { type: 'string', default: '5' },
    path: { type: 'string', default: '/deliveries' },
    port: { type: 'string', default: '5950' },
    'no-write': { type: 'boolean', default: false },
  },
  process.argv.slice(2).filter((a) => a !== '--admin'),
);

const runs = Number(opt.runs);
const apiPort = Number(opt.port);
const apiUrl = `http://127.0.0.1:${apiPort}/api/v1`;
const builds = opt.builds.split(',').map((entry, i) => {
  const [label, dir] = entry.includes('=') ? entry.split('=') : [`build${i + 1}`, entry];
  const dist = isAbsolute(dir) ? dir : resolve(ROOT, dir);
  if (!existsSync(join(dist, 'index.html')))
    throw new Error(`${dir}/index.html is missing: build the back office first`);
  return { label, dist, port: apiPort + 1 + i, url: `http://127.0.0.1:${apiPort + 1 + i}` };
});

const PROFILES = [
  { name: 'none', network: null, cpu: 1 },
  {
    name: 'slow 4G, CPU 4×',
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
    cpu: 4,
  },
];

const chromePath = () =>
  process.env.CHROME_PATH ||
  spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).stdout.trim();

const kb = (bytes) => (bytes / 1024).toLocaleString('en', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The entry's JavaScript: index.html's module script and modulepreloads, raw and gzipped one file at a time. */
function entryJs(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  const largest = [];
  for (const file of files) {
    const body = readFileSync(join(dist, file));
    raw += body.length;
    gzip += gzipSync(body).length;
    largest.push([file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, ''), body.length]);
  }
  largest.sort((a, b) => b[1] - a[1]);
  return { files: files.length, raw, gzip, largest };
}

/** A copy of apps/admin/server.mjs beside a link to the build, so each build is served as deployed. */
function serveBuild(build) {
  const dir = join(BENCH_DIR, `admin-${build.label}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(ROOT, 'apps/admin/server.mjs'), join(dir, 'server.mjs'));
  symlinkSync(build.dist, join(dir, 'dist'));
  return startServer(`admin ${build.label}`, process.execPath, [join(dir, 'server.mjs')], {
    env: { PORT: String(build.port), HOST: '127.0.0.1', NODE_ENV: 'production', JARA_PUBLIC_API_URL: apiUrl },
  });
}

/** The demo admin the CLI's seed creates (apps/e2e/support/env.ts DEMO.admin). */
const DEMO_ADMIN = { email: 'admin@jara.local', password: 'Admin123!' };

/** A SQLite database of its own with the demo data: the built CLI's migrations and seed. */
async function demoDatabase() {
  const target = benchTarget('demo', { ...process.env, DATABASE_URL: '', BENCH_DATABASE_URL: '' }, 'admin');
  for (const suffix of ['', '-wal', '-shm']) rmSync(target.path + suffix, { force: true });
  mkdirSync(API_DATA_DIR, { recursive: true });
  await runChild(process.execPath, [serverEntry('cli'), 'migrate'], { env: apiEnv(target) });
  await runChild(process.execPath, [serverEntry('cli'), 'seed', '--force-demo'], { env: apiEnv(target) });
  return target;
}

async function signIn() {
  const res = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (res.status !== 200) throw new Error(`bench admin login failed with ${res.status}: ${await res.text()}`);
  return res.json();
}

/** One cold load: a fresh context (local storage only), time until the first row, JS bytes received. */
async function coldLoad(browser, build, login, profile) {
  const origin = build.url;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: {
      cookies: [],
      origins: [
        {
          origin,
          localStorage: [
            ['access_token', login.token],
            ['expires_in', String(login.expires_in)],
            ['role', String(login.user.role)],
            ['user', JSON.stringify(login.user)],
            ['user_id', String(login.user.id)],
            ['authenticated', 'true'],
          ].map(([name, value]) => ({ name, value })),
        },
      ],
    },
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    const urls = new Map();
    let jsBytes = 0;
    let jsFiles = 0;
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.loadingFinished', (e) => {
      const url = urls.get(e.requestId) ?? '';
      if (!/\.m?js(\?|$)/.test(url)) return;
      jsFiles++;
      jsBytes += e.encodedDataLength;
    });
    await page.goto(`${origin}${opt.path}`, { waitUntil: 'commit', timeout: 120_000 });
    const handle = await page.waitForFunction(
      () => (document.querySelector('tr.ant-table-row') ? performance.now() : null),
      null,
      { polling: 'raf', timeout: 120_000 },
    );
    const ms = await handle.jsonValue();
    return { ms, jsBytes, jsFiles };
  } finally {
    await context.close();
  }
}

function markdown({ results, started, target, chrome }) {
  const lines = [
    `- Run: ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, \`node tools/bench/admin-cold-load.mjs --builds ${opt.builds} --runs ${runs}\`; ` +
      `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ${chrome} headless. ` +
      `Load average (1 min) at the end: ${loadavg()[0].toFixed(1)}.`,
    `- Data: ${target.label}, the demo data (\`jara seed\`); the page: \`${opt.path}\` (until its first row shows), ` +
      `signed in as the demo admin through local storage.`,
    `- Entry JS: the module script and modulepreloads of index.html, raw and gzipped (what the server sends). ` +
      `Time to rows: navigation start to the first table row in the page, median of ${runs} cold loads (fresh ` +
      `context, HTTP cache off), the runs of each build alternating. JS received: the browser's encoded bytes of ` +
      `every script the load fetched (gzipped), median.`,
    '',
    '| Build | Entry files | Entry JS raw | Entry JS gzip | Network | Time to rows, median | Runs (ms) | JS received, median | Scripts |',
    '| ----- | ----------: | -----------: | ------------: | ------- | -------------------: | --------- | ------------------: | ------: |',
  ];
  for (const r of results)
    for (const p of r.profiles)
      lines.push(
        `| ${r.label} | ${r.entry.files} | ${kb(r.entry.raw)} kB | ${kb(r.entry.gzip)} kB | ${p.name} | ` +
          `${(median(p.loads.map((l) => l.ms)) / 1000).toFixed(2)} s | ${p.loads.map((l) => Math.round(l.ms)).join(' · ')} | ` +
          `${kb(median(p.loads.map((l) => l.jsBytes)))} kB | ${median(p.loads.map((l) => l.jsFiles))} |`,
      );
  lines.push('');
  for (const r of results)
    lines.push(
      `- ${r.label}: entry chunks by size (raw kB): ${r.entry.largest.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}.`,
    );
  return lines.join('\n');
}

async function main() {
  const started = new Date();
  if (!existsSync(serverEntry('api'))) throw new Error('dist/server is missing: run npm run build first');
  const chrome = chromePath();
  if (!chrome) throw new Error('no chromium: set CHROME_PATH or install Debian chromium');
  const { chromium } = await import('@playwright/test');
  const target = await demoDatabase();
  const api = startServer('api', process.execPath, [serverEntry('api')], {
    env: apiEnv(target, {
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
      API_PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
      CORS_ORIGINS: builds.map((b) => b.url).join(','),
    }),
  });
  const servers = [];
  let browser;
  const results = builds.map((b) => ({
    label: b.label,
    entry: entryJs(b.dist),
    profiles: PROFILES.map((p) => ({ ...p, loads: [] })),
  }));
  try {
    await waitUntilUp(`${apiUrl}/health`, api);
    for (const build of builds) {
      const server = serveBuild(build);
      servers.push(server);
      await waitUntilUp(`${build.url}/`, server);
    }
    const login = await signIn();
    browser = await chromium.launch({ executablePath: chrome, headless: true, args: ['--no-sandbox'] });
    // One warm-up load per build (the API's first requests, the OS file cache), not counted.
    for (const build of builds) await coldLoad(browser, build, login, PROFILES[0]);
    for (const [pi, profile] of PROFILES.entries())
      for (let i = 0; i < runs; i++)
        for (const [bi, build] of builds.entries()) {
          const load = await coldLoad(browser, build, login, profile);
          results[bi].profiles[pi].loads.push(load);
          console.log(
            `  ${build.label}, ${profile.name}, run ${i + 1}: rows after ${Math.round(load.ms)} ms, ` +
              `${kb(load.jsBytes)} kB JS in ${load.jsFiles} files`,
          );
        }
  } finally {
    await browser?.close();
    for (const server of servers) await server.stop();
    await api.stop();
  }
  const chromeVersion = spawnSync(chrome, ['--version'], { encoding: 'utf8' }).stdout.trim() || 'chromium';
  const text = markdown({ results, started, target, chrome: chromeVersion });
  console.log(`\n${text}`);
  if (!opt['no-write']) {
    // Read just before writing: other work may have edited the file during the run.
    const doc = readFileSync(REPORT_FILE, 'utf8');
    writeFileSync(REPORT_FILE, replaceBlock(doc, 'admin-cold-load', text));
    console.log(`\nWrote ${relative(ROOT, REPORT_FILE)}`);
  }
}

main().catch((error) => {
  console.error(`\nadmin cold-load bench failed: ${error.message}`);
  process.exit(1);
});
