// The storefront benchmark (issue 13 item 6), partial: npm run bench -- --storefront [--no-write].
// Measures the initial JavaScript of the storefront's public routes from the production build
// (apps/storefront/build/client, built by npm run build): per route, every module the Remix manifest tells the
// browser to load on a first visit (the client entry and its imports, the root route, the _public layout and the
// route itself, with their imports, each file once), gzipped one file at a time (level 9) as the server's compression
// sends them; against react + react-dom (react-dom/client) bundled alone by the same Vite and minifier, gzipped the
// same way. Target: at most 2x. Writes the block bench:storefront-js of docs/benchmarks.md.
// Not measured yet (see docs/benchmarks.md): server-rendered req/s and p99 against a bare renderToString, and
// Lighthouse LCP/CLS/TBT.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../scripts/lib.mjs';
import { BENCH_DIR } from './db.mjs';
import { REPORT_FILE, replaceBlock } from './report.mjs';

const CLIENT = join(ROOT, 'apps/storefront/build/client');
const ROUTES = [
  ['/', 'routes/_public._index'],
  ['/all_products', 'routes/_public.all_products'],
  ['/product/{id}', 'routes/_public.product.$id'],
];
const TARGET_RATIO = 2;

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

function manifest() {
  const assets = join(CLIENT, 'assets');
  const file = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no Remix manifest in ${assets}: build the storefront first (npm run build)`);
  const text = readFileSync(join(assets, file), 'utf8');
  return { file: `/assets/${file}`, data: JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) };
}

/** The modules a first visit of the route loads: entry, then each route from the root down, with their imports. */
function initialModules(m, routeId) {
  const chain = [];
  for (let id = routeId; id; id = m.routes[id]?.parentId) {
    if (!m.routes[id]) throw new Error(`route ${id} is not in the manifest`);
    chain.unshift(m.routes[id]);
  }
  const files = new Set([m.entry.module, ...m.entry.imports]);
  for (const r of chain) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
  return [...files];
}

/** react + react-dom/client bundled alone by the storefront's Vite (production, minified), gzipped per file. */
async function reactAlone() {
  const dir = join(BENCH_DIR, 'react-alone');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'entry.js'),
    "import * as React from 'react';\nimport * as ReactDOM from 'react-dom/client';\nwindow.__r = [React, ReactDOM];\n",
  );
  writeFileSync(join(dir, 'index.html'), '<script type="module" src="./entry.js"></script>\n');
  const { build } = await import('vite');
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    build: { outDir: join(dir, 'out'), emptyOutDir: true, minify: true },
  });
  const out = join(dir, 'out', 'assets');
  const files = readdirSync(out).filter((f) => f.endsWith('.js'));
  const sizes = files.map((f) => readFileSync(join(out, f)));
  return { raw: sizes.reduce((s, b) => s + b.length, 0), gzip: sizes.reduce((s, b) => s + gz(b), 0) };
}

const m = manifest();
const react = await reactAlone();
const rows = ROUTES.map(([path, id]) => {
  const files = initialModules(m.data, id);
  const bufs = files.map((f) => readFileSync(join(CLIENT, f)));
  const gzip = bufs.reduce((s, b) => s + gz(b), 0);
  return { path, id, files: files.length, raw: bufs.reduce((s, b) => s + b.length, 0), gzip, ratio: gzip / react.gzip };
});
const manifestGzip = gz(readFileSync(join(CLIENT, m.file)));
const lines = [
  '### Storefront, initial JavaScript',
  '',
  `Measured ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC from \`apps/storefront/build/client\` ` +
    `(manifest ${m.data.version}), \`npm run bench -- --storefront\`. Per route: the modules the Remix manifest loads on a ` +
    'first visit (client entry, root, `_public` layout, the route, and their imports; each once), each gzipped (level 9). ' +
    `Reference: react 18 + react-dom/client bundled alone by the same Vite, ${kb(react.raw)} KB minified, **${kb(react.gzip)} KB gzipped**. ` +
    `Not counted: the manifest itself (${kb(manifestGzip)} KB gzipped), CSS, images.`,
  '',
  '| Route | Modules | Minified KB | Gzipped KB | vs react + react-dom | Target ≤ 2× |',
  '|---|--:|--:|--:|--:|---|',
  ...rows.map(
    (r) =>
      `| \`${r.path}\` | ${r.files} | ${kb(r.raw)} | ${kb(r.gzip)} | ${r.ratio.toFixed(2)}× | ${r.ratio <= TARGET_RATIO ? 'met' : '**missed**'} |`,
  ),
];
const markdown = lines.join('\n');
console.log(markdown);
if (!process.argv.includes('--no-write')) {
  writeFileSync(REPORT_FILE, replaceBlock(readFileSync(REPORT_FILE, 'utf8'), 'storefront-js', markdown));
  console.log(`\nWrote ${relative(ROOT, REPORT_FILE)}`);
}
