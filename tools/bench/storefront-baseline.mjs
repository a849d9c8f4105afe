// The bare server-rendering baseline of the storefront benchmark (issue 13 item 6), started by storefront.mjs with
// the storefront's own environment (JARA_API_URL, SESSION_SECRET, NODE_ENV=production):
//   node tools/bench/storefront-baseline.mjs   (BENCH_SF_PORT, BENCH_SF_PATHS='["/","/all_products",...]')
//
// At start-up it loads the storefront's production server build (apps/storefront/build/server/index.js) and sends
// one real request per path through Remix's own request handler (with a CSP nonce in the load context, as server.mjs
// gives it), keeping the React element the storefront's entry.server hands to react-dom/server's
// renderToPipeableStream or renderToString (caught by wrapping those exports before the build is imported): its own providers around
// <RemixServer> with the EntryContext Remix built (manifest, route modules, the matched routes' loader data, the
// serialized hand-off for hydration). Those loaders are the only data fetching, once, before the measurement.
// Then a bare node:http server answers each path with react-dom/server renderToString(kept element): the same
// component tree (root Layout and App, the _public layout, the route) with the same data. No Express, no Remix
// request handler, no loaders, no session, no API call, no streaming. GET /health answers 200.
// The same memoised route matching as the storefront's server.mjs (decision 042), loaded before Remix: the render
// below matches routes too (its static router and <Scripts>), and must cost what it costs in the storefront.
import '../../apps/storefront/app/lib/route-match-cache.js';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, installGlobals } from '@remix-run/node';
import { ROOT } from '../scripts/lib.mjs';

const require = createRequire(import.meta.url);
const port = Number(process.env.BENCH_SF_PORT);
const paths = JSON.parse(process.env.BENCH_SF_PATHS ?? '[]');

// The same react-dom/server module instance the build imports (node's CJS cache): wrap its streaming render so the
// element the storefront's entry.server renders can be kept, before the build binds the export.
const server = require('react-dom/server');
const { renderToString } = server;
const streamingRender = server.renderToPipeableStream;
let lastElement = null;
server.renderToPipeableStream = (element, options) => {
  lastElement = element;
  return streamingRender(element, options);
};
// A page with nothing deferred is rendered in one piece by the same entry.server (renderToString).
server.renderToString = (element, options) => {
  lastElement = element;
  return renderToString(element, options);
};
const build = await import(pathToFileURL(join(ROOT, 'apps/storefront/build/server/index.js')).href);
installGlobals({ nativeFetch: Boolean(build.future?.v3_singleFetch) });
const handler = createRequestHandler(build, 'production');

/** One real request through Remix (loaders, API calls), keeping the element the storefront rendered for it. */
async function capture(path) {
  lastElement = null;
  const request = new Request(`http://127.0.0.1:${port}${path}`, { headers: { accept: 'text/html' } });
  const res = await handler(request, { cspNonce: randomBytes(16).toString('base64') });
  await res.text();
  if (res.status !== 200) throw new Error(`${path}: the storefront's handler answered ${res.status}`);
  if (!lastElement)
    throw new Error(`${path}: the storefront's entry.server did not call renderToPipeableStream or renderToString`);
  return lastElement;
}

const pages = new Map();
for (const path of paths) pages.set(path, await capture(path));

const render = (path) => `<!DOCTYPE html>${renderToString(pages.get(path))}`;
// Fails here, not under load, if the kept context cannot be rendered again.
for (const path of paths) render(path);

const httpServer = createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (!pages.has(req.url)) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not a benchmarked path');
    return;
  }
  const html = render(req.url);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  res.end(html);
});
httpServer.listen(port, '127.0.0.1', () =>
  console.log(`[storefront-baseline] http://127.0.0.1:${port} ${paths.join(' ')}`),
);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => httpServer.close(() => process.exit(0)));
