// npm run e2e [-- <playwright args>]: builds the product, starts it on a fresh SQLite database with demo data,
// and runs the Playwright journeys in Debian's chromium, in two phases:
// 1. payments in test mode (no Paystack key): every journey except apps/e2e/tests/*.paystack.spec.ts;
// 2. (issue 24) the API restarted on a FRESH database against the fake Paystack (tools/scripts/fake-paystack.mjs on
//    port base+3), a one-day return window the journeys step over with the CLI's clock and a low auto-approval
//    limit for payouts: only the *.paystack.spec.ts journeys. The storefront and back office keep
//    running (they talk only to the API's URL). A failure in either phase fails the command.
// In both phases SMS and WhatsApp go to the fake providers (tools/scripts/fake-messaging.mjs on port base+4, started
// once before phase 1, shared by the shards), whose recorded messages the journeys read (GET /__fake/messages).
// Env: E2E_PORT_BASE (default 4300: API, +1 storefront, +2 back office, +3 fake Paystack, +4 fake SMS/WhatsApp), E2E_APPS (comma list of
// web apps to build and start; default all), E2E_SKIP_BUILD=1, E2E_PAYSTACK_PHASE (0: skip phase 2; only: phase 2
// alone), E2E_SHARDS (default 1; CI: 2): phase 1 runs that many stacks side by side, each an API on a database of its
// own with its own storefront and back office (ports base + 10 x shard), and Playwright's --shard=i/N on each, so
// the journeys of two shards share nothing but the machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { BIN, buildServer, ROOT, run, serverEntry, startService, stopAll, stopService, waitFor } from './lib.mjs';
import { bundleFakeMessaging } from './fake-messaging.mjs';
import { bundleFakePaystack, fakePaystackEnv } from './fake-paystack.mjs';
import { presentWebApps } from './web-apps.mjs';

const base = Number(process.env.E2E_PORT_BASE || 4300);
const stackPorts = (shard = 0) => {
  const b = base + 10 * shard;
  return { api: b, storefront: b + 1, admin: b + 2, paystack: b + 3, messaging: b + 4 };
};
const ports = stackPorts(0);
const shards = Math.min(Math.max(Math.trunc(Number(process.env.E2E_SHARDS || 1)) || 1, 1), 4);
const wanted = process.env.E2E_APPS ? process.env.E2E_APPS.split(',').map((s) => s.trim()) : null;
const apps = presentWebApps().filter((a) => !wanted || wanted.includes(a.name));
const phaseSetting = (process.env.E2E_PAYSTACK_PHASE ?? '1').trim().toLowerCase();
const phases = {
  main: phaseSetting !== 'only',
  paystack: !['0', 'false', 'off', 'no'].includes(phaseSetting),
};
const apiUrlOf = (p) => `http://localhost:${p.api}/api/v1`;
const apiUrl = apiUrlOf(ports);
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
/** What tells a stack's API and web apps where the others of the same stack are. */
const stackEnv = (p) => ({
  API_PORT: String(p.api),
  API_PUBLIC_URL: `http://localhost:${p.api}`,
  CORS_ORIGINS: `http://localhost:${p.storefront},http://localhost:${p.admin}`,
  JARA_API_URL: apiUrlOf(p),
  JARA_PUBLIC_API_URL: apiUrlOf(p),
  ADMIN_URL: `http://localhost:${p.admin}`,
  STOREFRONT_URL: `http://localhost:${p.storefront}`,
});
const env = {
  DATABASE_URL: '',
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
// The first stack's addresses stay in this process's environment: phase 2 and the CLI the journeys run read them.
Object.assign(process.env, stackEnv(ports), env);

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

const label = (name, shard) => (shards > 1 ? `${name}${shard + 1}` : name);

/** Seeds a fresh database in `dataDir` and starts the API of stack `shard` on it. */
async function startApi(dataDir, extra = {}, shard = 0) {
  const p = stackPorts(shard);
  await run(process.execPath, [serverEntry('cli'), 'seed'], { env: { DATA_DIR: dataDir, ...extra } });
  // The storefront's server forwards each shopper's address from this machine: the API trusts loopback only.
  const api = startService(label('api', shard), process.execPath, [serverEntry('api')], {
    ...stackEnv(p),
    DATA_DIR: dataDir,
    TRUST_PROXY: 'loopback',
    ...extra,
  });
  await waitFor(`${apiUrlOf(p)}/health`);
  return api;
}

const webAppsStarted = new Set();
async function startWebApps(shard = 0) {
  if (webAppsStarted.has(shard)) return;
  webAppsStarted.add(shard);
  const p = stackPorts(shard);
  for (const app of apps) {
    const svc = app.serve(p);
    // The fake's hosted checkout is where phase 2's card payments go (the storefront's CSP form-action allows it).
    startService(label(app.name, shard), svc.cmd, svc.args, {
      ...stackEnv(p),
      ...svc.env,
      PAYSTACK_CHECKOUT_URL: fakePaystackUrl,
    });
    await waitFor(svc.url);
  }
}

/** Runs a command to completion with each line of its output prefixed (two shards print side by side). */
function runPrefixed(prefix, cmd, args, options) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let buffer = '';
      stream.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop();
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => buffer && out.write(`${prefix}${buffer}\n`));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolvePromise()
        : reject(new Error(`${prefix}${cmd} ${args.join(' ')} exited with ${signal ?? code}`)),
    );
  });
}

const playwrightArgs = process.argv.slice(2);
function playwright(phase, dataDir, extra = {}, shard = 0, of = 1) {
  const p = stackPorts(shard);
  const args = ['test', '-c', 'apps/e2e/playwright.config.ts', ...playwrightArgs];
  // A file or name filter may match only one phase's journeys (or one shard's): the other then has none, fine.
  if ((playwrightArgs.length && phases.main && phases.paystack) || of > 1) args.push('--pass-with-no-tests');
  if (of > 1) args.push(`--shard=${shard + 1}/${of}`);
  const options = {
    env: {
      E2E_PHASE: phase,
      E2E_API_URL: apiUrlOf(p),
      E2E_STOREFRONT_URL: `http://localhost:${p.storefront}`,
      E2E_ADMIN_URL: `http://localhost:${p.admin}`,
      E2E_OUTBOX_DIR: join(dataDir, 'outbox'),
      // Playwright empties its output folder when it starts: one per shard.
      ...(shard > 0 ? { E2E_OUTPUT_DIR: `./test-results-${shard + 1}` } : {}),
      ...extra,
    },
  };
  return of > 1
    ? runPrefixed(`[shard ${shard + 1}/${of}] `, join(BIN, 'playwright'), args, options)
    : run(join(BIN, 'playwright'), args, options);
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
  let apis = [];
  await startFakeMessaging();
  if (phases.main) {
    const started = Date.now();
    const stacks = Array.from({ length: shards }, (_, shard) => ({ shard, dataDir: newDataDir() }));
    apis = await Promise.all(stacks.map(({ shard, dataDir }) => startApi(dataDir, messagingApiEnv, shard)));
    for (const { shard } of stacks) await startWebApps(shard);
    // Every shard runs to its end (a failure in one does not cut the other short); then any failure fails the phase.
    const outcomes = await Promise.allSettled(
      stacks.map(({ shard, dataDir }) =>
        playwright('main', dataDir, { E2E_FAKE_MESSAGING_URL: fakeMessagingUrl }, shard, shards),
      ),
    );
    const failed = outcomes.filter((o) => o.status === 'rejected');
    if (failed.length) throw new Error(failed.map((o) => o.reason.message).join('\n'));
    console.log(
      `e2e phase 1 (payments test mode${shards > 1 ? `, ${shards} shards` : ''}) passed in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }
  if (phases.paystack) {
    const started = Date.now();
    for (const api of apis) await stopService(api);
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
    await startApi(dataDir, { ...paystackApiEnv, ...messagingApiEnv });
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
