// npm run e2e [-- <playwright args>]: builds the product, starts it on a fresh SQLite database with demo data,
// and runs the Playwright journeys in Debian's chromium. Env: E2E_PORT_BASE (default 4300: API, +1 storefront,
// +2 back office), E2E_APPS (comma list of web apps to build and start; default all), E2E_SKIP_BUILD=1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, buildServer, run, serverEntry, startService, stopAll, waitFor } from './lib.mjs';
import { presentWebApps } from './web-apps.mjs';

const base = Number(process.env.E2E_PORT_BASE || 4300);
const ports = { api: base, storefront: base + 1, admin: base + 2 };
const wanted = process.env.E2E_APPS ? process.env.E2E_APPS.split(',').map((s) => s.trim()) : null;
const apps = presentWebApps().filter((a) => !wanted || wanted.includes(a.name));
const dataDir = mkdtempSync(join(tmpdir(), 'jara-e2e-'));
const apiUrl = `http://localhost:${ports.api}/api/v1`;
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  API_PORT: String(ports.api),
  API_PUBLIC_URL: `http://localhost:${ports.api}`,
  CORS_ORIGINS: `http://localhost:${ports.storefront},http://localhost:${ports.admin}`,
  JARA_API_URL: apiUrl,
  JARA_PUBLIC_API_URL: apiUrl,
  ADMIN_URL: `http://localhost:${ports.admin}`,
  STOREFRONT_URL: `http://localhost:${ports.storefront}`,
  AUTH_RATE_LIMIT: '100000',
  // Every journey comes from one address and reuses the demo accounts; the abuse limits have their own API suite
  // (apps/api/test/security/abuse-limits.e2e-spec.ts), so here they are out of reach.
  ...Object.fromEntries(
    [
      'OTP_RESEND_RATE',
      'SUPPORT_RATE',
      'SUPPORT_MESSAGE_RATE',
      'CONTACT_RATE',
      'NEWSLETTER_RATE',
      'REVIEW_RATE',
      'UPLOAD_RATE',
      'GUEST_DELIVERY',
      'TRACKING_LOOKUP_RATE',
      'GUEST_LINK_RATE',
    ].flatMap((prefix) => [
      [`${prefix}_LIMIT`, '100000'],
      [`${prefix}_ADDRESS_LIMIT`, '100000'],
    ]),
  ),
  // The journeys check that a write shows on the next page view; the short public caches (API Cache-Control,
  // the storefront's stale-while-revalidate reads and its anonymous page cache) have their own tests, so they are
  // off here.
  PUBLIC_CACHE_SECONDS: '0',
  PAGE_CACHE_SECONDS: '0',
  MAIL_LOG_CODES: 'false',
  REQUEST_LOG: 'false',
  LOG_LEVEL: 'warn',
  SESSION_SECRET: 'e2e-session-secret-not-for-production-0123456789',
};
Object.assign(process.env, env);

let code = 1;
try {
  if (!process.env.E2E_SKIP_BUILD) {
    await buildServer();
    for (const app of apps) {
      console.log(`Building ${app.name}...`);
      await app.build();
    }
  }
  await run(process.execPath, [serverEntry('cli'), 'seed']);
  // The storefront's server forwards each shopper's address from this machine: the API trusts loopback only.
  startService('api', process.execPath, [serverEntry('api')], { TRUST_PROXY: 'loopback' });
  await waitFor(`${apiUrl}/health`);
  for (const app of apps) {
    const svc = app.serve(ports);
    startService(app.name, svc.cmd, svc.args, svc.env);
    await waitFor(svc.url);
  }
  await run(join(BIN, 'playwright'), ['test', '-c', 'apps/e2e/playwright.config.ts', ...process.argv.slice(2)], {
    env: {
      E2E_API_URL: apiUrl,
      E2E_STOREFRONT_URL: `http://localhost:${ports.storefront}`,
      E2E_ADMIN_URL: `http://localhost:${ports.admin}`,
      E2E_OUTBOX_DIR: join(dataDir, 'outbox'),
    },
  });
  code = 0;
} catch (error) {
  console.error(error.message);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  stopAll(code);
}
