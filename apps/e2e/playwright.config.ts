import { defineConfig } from '@playwright/test';
import { execSync } from 'node:child_process';

/** Debian's chromium (Playwright's own browsers cannot be downloaded here). */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execSync(`command -v ${name}`, { encoding: 'utf8' }).trim();
    } catch {
      // try the next name
    }
  }
  throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH).');
}

/**
 * tools/scripts/e2e.mjs runs two phases: the journeys in payments test mode, then (E2E_PHASE=paystack) only the
 * *.paystack.spec.ts journeys against the fake Paystack on a fresh database.
 */
const PAYSTACK_SPECS = '**/*.paystack.spec.ts';
const paystackPhase = process.env.E2E_PHASE === 'paystack';

export default defineConfig({
  testDir: './tests',
  ...(paystackPhase ? { testMatch: PAYSTACK_SPECS } : { testIgnore: PAYSTACK_SPECS }),
  // tools/scripts/e2e.mjs gives each shard of its own (E2E_SHARDS) a folder: Playwright empties it on start.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // The journeys are long (sign in, several screens, axe-core at two widths) and run on 2 shared cores.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_STOREFRONT_URL,
    viewport: { width: 1280, height: 800 },
    // Recording a trace for every test costs CPU on every step; CI records one on the retry of a failed test.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
