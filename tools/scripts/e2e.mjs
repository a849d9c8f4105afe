// npm run e2e [-- <playwright args>]: builds the product, starts it on a fresh SQLite database with demo data,
// and runs the Playwright journeys in Debian's chromium, in two phases:
// 1. payments in test mode (no Paystack key): every journey except apps/e2e/tests/*.paystack.spec.ts;
// 2. (issue 24) the API restarted on a FRESH database against the fake Paystack (tools/scripts/fake-paystack.mjs on
//    port base+3), a one-day return window the journeys step over with the CLI's clock and a low auto-approval
//    limit for payouts: only the *.paystack.spec.ts journeys. The storefront and back office keep
//    running (they talk only to the API's URL). A failure in either phase fails the command.
// In both phases SMS and WhatsApp go to the fake providers (tools/scripts/fake-messaging.mjs on port base+4, started
// once before phase 1), whose recorded messages the journeys read (GET /__fake/messages).
// Env: E2E_PORT_BASE (default 4300: API, +1 storefront, +2 back office, +3 fake Paystack, +4 fake SMS/WhatsApp), E2E_APPS (comma list of
// web apps to build and start; default all), E2E_SKIP_BUILD=1, E2E_PAYSTACK_PHASE (0: skip phase 2; only: phase 2
// alone).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, buildServer, run, serverEntry, startService, stopAll, stopService, waitFor } from './lib.mjs';
import { bundleFakeMessaging } from './fake-messaging.mjs';
import { bundleFakePaystack, fakePaystackEnv } from './fake-paystack.mjs';
import { presentWebApps } from './web-apps.mjs';

const base = Number(process.env.E2E_PORT_BASE || 4300);
const ports = { api: base, storefront: base + 1, admin: base + 2, paystack: base + 3, messaging: base + 4 };
const wanted = process.env.E2E_APPS ? process.env.E2E_APPS.split(',').map((s) => s.trim()) : null;
const apps = presentWebApps().filter((a) => !wanted || wanted.includes(a.name));
const phaseSetting = (process.env.E2E_PAYSTACK_PHASE ?? '1').trim().toLowerCase();
const phases = {
  main: phaseSetting !== 'only',
  paystack: !['0', 'false', 'off', 'no'].includes(phaseSetting),
};
const apiUrl = `http://localhost:${ports.api}/api/v1`;
const fakePaystackUrl = `http://127.0.0.1:${ports.paystack}`;
const fakePaystackSecret = 'sk_test_e2e_fake_paystack_0123456789';
const fakeMessagingUrl = `http://127.0.0.1:${ports.messaging}`;
/** The API's settings for the fake SMS (Termii-style) and WhatsApp (Cloud API) providers, in both phases. */
const messagingApiEnv = {
  SMS_BASE_URL: fakeMessagingUrl,
  SMS_API_KEY: 'TLe2efakesmskey0123456789',
  SMS_SENDER_ID: 'Jara',
  WHATSAPP_BASE_URL: fakeMessagingUrl,
  WHATSAPP_TOKEN: 'EAAGe2efakewhatsapptoken0123456789',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_API_VERSION: 'v21.0',
};
const dataDirs = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'jara-e2e-'));
  dataDirs.push(dir);
  return dir;
};
const env = {
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

/** The API of phase 2: Paystack is the local fake; the clock of the sale-credit hold and the payout policy are short. */
const paystackApiEnv = {
  PAYSTACK_SECRET_KEY: fakePaystackSecret,
  PAYSTACK_BASE_URL: fakePaystackUrl,
  PAYMENTS_TEST_MODE: '',
  // A one-day return window: a buyer can still ask a return (the card-refund journey), and the journeys end a sale's
  // hold with the configurable clock of the release job, `release-sale-credits --at <a day later>` (the CLI, run by
  // the journeys with this environment). A window of 0 would close returns the moment an order is received.
  ORDER_RETURN_WINDOW_DAYS: '1',
  // Withdrawals above ₦2,000 wait for an admin in the back office's Payouts queue.
  PAYOUT_MIN_NAIRA: '1000',
  PAYOUT_FEE_NAIRA: '50',
  PAYOUT_AUTO_APPROVE_MAX_NAIRA: '2000',
  PAYOUT_ACCOUNT_CHANGE_HOLD_HOURS: '24',
};

/** Seeds a fresh database in `dataDir` and starts the API on it. */
async function startApi(dataDir, extra = {}) {
  await run(process.execPath, [serverEntry('cli'), 'seed'], { env: { DATA_DIR: dataDir, ...extra } });
  // The storefront's server forwards each shopper's address from this machine: the API trusts loopback only.
  const api = startService('api', process.execPath, [serverEntry('api')], {
    DATA_DIR: dataDir,
    TRUST_PROXY: 'loopback',
    ...extra,
  });
  await waitFor(`${apiUrl}/health`);
  return api;
}

let webAppsStarted = false;
async function startWebApps() {
  if (webAppsStarted) return;
  webAppsStarted = true;
  for (const app of apps) {
    const svc = app.serve(ports);
    // The fake's hosted checkout is where phase 2's card payments go (the storefront's CSP form-action allows it).
    startService(app.name, svc.cmd, svc.args, { ...svc.env, PAYSTACK_CHECKOUT_URL: fakePaystackUrl });
    await waitFor(svc.url);
  }
}

const playwrightArgs = process.argv.slice(2);
function playwright(phase, dataDir, extra = {}) {
  const args = ['test', '-c', 'apps/e2e/playwright.config.ts', ...playwrightArgs];
  // A file or name filter may match only one phase's journeys: the other then has none, which is fine.
  if (playwrightArgs.length && phases.main && phases.paystack) args.push('--pass-with-no-tests');
  return run(join(BIN, 'playwright'), args, {
    env: {
      E2E_PHASE: phase,
      E2E_API_URL: apiUrl,
      E2E_STOREFRONT_URL: `http://localhost:${ports.storefront}`,
      E2E_ADMIN_URL: `http://localhost:${ports.admin}`,
      E2E_OUTBOX_DIR: join(dataDir, 'outbox'),
      ...extra,
    },
  });
}

let code = 1;
let fakeBundle = null;
let fakeMessagingBundle = null;

/** The fake SMS and WhatsApp providers, once for both phases (the journeys read what they recorded). */
async function startFakeMessaging() {
  fakeMessagingBundle = await bundleFakeMessaging();
  startService('messaging', process.execPath, [fakeMessagingBundle.file], {
    FAKE_MESSAGING_PORT: String(ports.messaging),
    FAKE_MESSAGING_SMS_KEY: messagingApiEnv.SMS_API_KEY,
    FAKE_MESSAGING_WA_TOKEN: messagingApiEnv.WHATSAPP_TOKEN,
  });
  await waitFor(`${fakeMessagingUrl}/__fake/messages`);
}
try {
  if (!process.env.E2E_SKIP_BUILD) {
    await buildServer();
    for (const app of apps) {
      console.log(`Building ${app.name}...`);
      await app.build();
    }
  }
  let api = null;
  await startFakeMessaging();
  if (phases.main) {
    const started = Date.now();
    const dataDir = newDataDir();
    api = await startApi(dataDir, messagingApiEnv);
    await startWebApps();
    await playwright('main', dataDir, { E2E_FAKE_MESSAGING_URL: fakeMessagingUrl });
    console.log(`e2e phase 1 (payments test mode) passed in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  if (phases.paystack) {
    const started = Date.now();
    if (api) await stopService(api);
    fakeBundle = await bundleFakePaystack();
    startService(
      'paystack',
      process.execPath,
      [fakeBundle.file],
      fakePaystackEnv({
        port: ports.paystack,
        secret: fakePaystackSecret,
        webhookUrl: `${apiUrl}/webhooks/paystack`,
        transferMode: 'pending',
      }),
    );
    await waitFor(`${fakePaystackUrl}/__fake/transfers`);
    const dataDir = newDataDir();
    api = await startApi(dataDir, { ...paystackApiEnv, ...messagingApiEnv });
    await startWebApps();
    // The journeys run the CLI (release-sale-credits) on this database with the API's settings.
    await playwright('paystack', dataDir, {
      E2E_FAKE_PAYSTACK_URL: fakePaystackUrl,
      E2E_FAKE_MESSAGING_URL: fakeMessagingUrl,
      E2E_CLI_ENTRY: serverEntry('cli'),
      DATA_DIR: dataDir,
      ...paystackApiEnv,
      ...messagingApiEnv,
    });
    console.log(`e2e phase 2 (fake Paystack) passed in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  code = 0;
} catch (error) {
  console.error(error.message);
} finally {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  fakeBundle?.cleanup();
  fakeMessagingBundle?.cleanup();
  stopAll(code);
}
