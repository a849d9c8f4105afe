// Production server for the built storefront (npm start, npm run e2e): Express with compression, the files of
// build/client (fingerprinted /assets cached for a year as immutable, the rest for an hour) and Remix's
// request handler for build/server/index.js. PORT (default 3000) and HOST as with remix-serve.
//
// Each request runs inside an AsyncLocalStorage that holds the browser's address; app/lib/api.server.ts sends
// it to the API as X-Forwarded-For, which the API believes only from the proxies in its TRUST_PROXY. When the
// storefront itself sits behind a reverse proxy, list that proxy in TRUST_PROXY here too, so req.ip is the
// browser's address rather than the proxy's.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import { installGlobals } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { configuredSiteOrigins, CROSS_SITE_MESSAGE, originVerdict } from './app/lib/origin-rule.js';

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

app.use(compression());
app.use('/assets', express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
app.use(express.static(clientDir, { maxAge: '1h' }));
if (!/^(0|false|no|off)$/i.test(process.env.REQUEST_LOG ?? '')) {
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)} ms`);
    });
    next();
  });
}
// Cross-site writes are refused here, before Remix (whose own check answers a bare 500) and before any action
// (each of which also checks: same rule, app/lib/origin-rule.js).
const siteOrigins = configuredSiteOrigins(process.env);
app.use((req, res, next) => {
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
app.use((req, _res, next) => requestContext.run({ clientAddress: req.ip }, next));
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }));

const port = Number(process.env.PORT || 3000);
const onListen = () => console.log(`[storefront] http://localhost:${port}`);
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
