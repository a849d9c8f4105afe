// Production server for the built storefront (npm start, npm run e2e): Express with compression, the files of
// build/client (fingerprinted /assets cached for a year as immutable, the rest for an hour) and Remix's
// request handler for build/server/index.js. PORT (default 3000) and HOST as with remix-serve.
//
// Each request runs inside an AsyncLocalStorage that holds the browser's address and the request's id;
// app/lib/api.server.ts sends them to the API on every call: the address as X-Forwarded-For, which the API
// believes only from the proxies in its TRUST_PROXY, and the id as X-Request-Id. When the storefront itself sits
// behind a reverse proxy, list that proxy in TRUST_PROXY here too, so req.ip is the browser's address rather than
// the proxy's.
//
// Request ids (app/lib/request-id.js): an X-Request-Id from a proxy is kept when it looks like one, otherwise a new
// UUID is made; the storefront answers it in its own X-Request-Id header and writes it in its request log line.
// First: loads @remix-run/router with its route matching memoised before Remix requires it (decision 042).
import './app/lib/route-match-cache.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import { installGlobals } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { configuredSiteOrigins, CROSS_SITE_MESSAGE, originVerdict } from './app/lib/origin-rule.js';
import { pageCache, pageCacheSeconds } from './app/lib/page-cache.js';
import { requestIdFrom } from './app/lib/request-id.js';
import { SESSION_COOKIE } from './app/lib/session-cookie.js';
import { contentSecurityPolicyFor, newNonce, securityHeaders } from './app/lib/security-headers.js';

process.env.NODE_ENV ||= 'production';
const here = dirname(fileURLToPath(import.meta.url));
const buildPath = join(here, 'build', 'server', 'index.js');
const clientDir = join(here, 'build', 'client');
if (!existsSync(buildPath)) {
  console.error(`[storefront] ${buildPath} is missing: run "npx remix vite:build" in apps/storefront first.`);
  process.exit(1);
}

const build = await import(pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: Boolean(build.future?.v3_singleFetch) });

/** Read by app/lib/request-context.server.ts under the same Symbol.for key. */
const requestContext = new AsyncLocalStorage();
globalThis[Symbol.for('jara.storefront.requestContext')] = requestContext;

const app = express();
app.disable('x-powered-by');
const trustProxy = (process.env.TRUST_PROXY ?? '').trim();
try {
  app.set('trust proxy', /^(|0|false|no|off|none)$/i.test(trustProxy) ? false : trustProxy);
} catch (error) {
  console.error(
    `[storefront] TRUST_PROXY must list IP addresses, CIDR ranges or loopback (got "${trustProxy}"): ${error.message}`,
  );
  process.exit(1);
}

// First of all, so every answer (files, refusals, pages) carries its id, its security headers and a
// Content-Security-Policy with a fresh nonce that Remix puts on the inline scripts it renders (getLoadContext below
// -> app/entry.server.tsx and root.tsx), and everything after runs in the request's context. The policy text and the
// default headers depend only on the environment (and https), so they are built once, not per request.
const production = process.env.NODE_ENV === 'production';
const policyWithNonce = contentSecurityPolicyFor(process.env);
const defaultHeaders = [false, true].map((https) => {
  const headers = Object.entries(securityHeaders({ production, https }));
  return { headers, names: new Set(headers.map(([name]) => name.toLowerCase())) };
});
app.use((req, res, next) => {
  const requestId = requestIdFrom(req.get('x-request-id'));
  res.locals.requestId = requestId;
  res.setHeader('X-Request-Id', requestId);
  const nonce = newNonce();
  res.locals.cspNonce = nonce;
  const defaults = defaultHeaders[req.secure ? 1 : 0];
  for (const [name, value] of defaults.headers) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', policyWithNonce(nonce));
  // Remix writes a response's headers with res.append: a route that sets one of these itself (a KYC document's
  // nosniff) replaces the default instead of doubling it ("nosniff, nosniff").
  const append = res.append;
  res.append = (field, value) =>
    defaults.names.has(String(field).toLowerCase()) ? res.set(field, value) : append.call(res, field, value);
  requestContext.run({ clientAddress: req.ip, requestId }, next);
});
app.use(compression());
app.use('/assets', express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
// The other files of build/client (favicon, stock pictures) are fixed at start-up: only paths naming one of them
// (or an encoded path, which express.static decodes itself) go to express.static, so a page request does not cost a
// file-system miss first.
const clientPaths = listClientPaths(clientDir);
const clientFiles = express.static(clientDir, { maxAge: '1h' });
app.use((req, res, next) =>
  clientPaths.has(req.path) || req.path.includes('%') ? clientFiles(req, res, next) : next(),
);
if (!/^(0|false|no|off)$/i.test(process.env.REQUEST_LOG ?? '')) {
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // A guest's link token in the path is never logged (decision 032).
      const path = req.originalUrl.replace(/\/guest\/(confirm|pay)\/[^/?#]+/g, '/guest/$1/:token');
      console.log(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)} ms req_id=${res.locals.requestId}`);
    });
    next();
  });
}
// Cross-site writes are refused here, before Remix (whose own check answers a bare 500) and before any action
// (each of which also checks: same rule, app/lib/origin-rule.js).
const siteOrigins = configuredSiteOrigins(process.env);
app.use((req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const verdict = originVerdict({
    method: req.method,
    origin: req.get('origin') ?? null,
    referer: req.get('referer') ?? null,
    siteOrigins: [`${req.protocol}://${req.get('host')}`, ...siteOrigins],
  });
  if (verdict === 'refuse') {
    res.status(403).type('text/plain').send(CROSS_SITE_MESSAGE);
    return;
  }
  next();
});
// Anonymous visitors' pages, kept PAGE_CACHE_SECONDS (default 5; 0: not mounted) with a fresh nonce per answer
// (app/lib/page-cache.js).
const pageCacheFor = pageCacheSeconds(process.env);
if (pageCacheFor > 0) app.use(pageCache({ seconds: pageCacheFor, sessionCookie: SESSION_COOKIE }));
app.all(
  '*',
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
  }),
);

const port = Number(process.env.PORT || 3000);
const onListen = () => console.log(`[storefront] http://localhost:${port}`);
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);

/**
 * The URL paths express.static answers under `dir` (other than /assets, mounted on its own): every file, and every
 * directory with and without its trailing slash (express.static redirects or looks for an index there).
 */
function listClientPaths(dir) {
  const paths = new Set();
  const walk = (base, prefix) => {
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      const path = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        paths.add(path).add(`${path}/`);
        walk(join(base, entry.name), path);
      } else paths.add(path);
    }
  };
  walk(dir, '');
  if (paths.has('/index.html')) paths.add('/');
  return paths;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
