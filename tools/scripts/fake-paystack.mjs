// The fake Paystack (apps/api/test/support/fake-paystack.ts, the one the API's jest suites use) as a process of its
// own, for the browser journeys: bundled with esbuild into a temporary .mjs and run with node.
//   node tools/scripts/fake-paystack.mjs --port 4503 --secret sk_test_x --webhook-url http://localhost:4500/api/v1/webhooks/paystack
// Env instead of flags: FAKE_PAYSTACK_PORT, FAKE_PAYSTACK_SECRET, FAKE_PAYSTACK_WEBHOOK_URL, FAKE_PAYSTACK_TRANSFER_MODE.
// Its hosted checkout page and control surface (/__fake/...) are described in apps/api/test/support/fake-paystack-server.ts.
import { pathToFileURL } from 'node:url';
import { bundleFake } from './bundle-fake.mjs';

const ENTRY = 'apps/api/test/support/fake-paystack-server.ts';

/** Bundles the fake into a temporary directory and answers the path of a runnable .mjs (node modules only). */
export async function bundleFakePaystack() {
  return bundleFake({
    name: 'fake-paystack',
    main: `import { startFakePaystackServer } from './${ENTRY}';
const env = process.env;
const fake = await startFakePaystackServer({
  port: Number(env.FAKE_PAYSTACK_PORT),
  secretKey: env.FAKE_PAYSTACK_SECRET,
  webhookUrl: env.FAKE_PAYSTACK_WEBHOOK_URL,
  transferMode: env.FAKE_PAYSTACK_TRANSFER_MODE || undefined,
});
console.log('Fake Paystack listening on ' + fake.url);
const stop = () => fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);`,
  });
}

/** The environment the bundled fake reads. */
export function fakePaystackEnv({ port, secret, webhookUrl, transferMode }) {
  return {
    FAKE_PAYSTACK_PORT: String(port),
    FAKE_PAYSTACK_SECRET: secret,
    FAKE_PAYSTACK_WEBHOOK_URL: webhookUrl,
    ...(transferMode ? { FAKE_PAYSTACK_TRANSFER_MODE: transferMode } : {}),
  };
}

// Run directly: bundle, then run the fake in this process until Ctrl-C.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flag = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const env = fakePaystackEnv({
    port: flag('port') ?? process.env.FAKE_PAYSTACK_PORT ?? 4503,
    secret: flag('secret') ?? process.env.FAKE_PAYSTACK_SECRET ?? 'sk_test_fake_paystack_local',
    webhookUrl:
      flag('webhook-url') ??
      process.env.FAKE_PAYSTACK_WEBHOOK_URL ??
      `http://localhost:${process.env.API_PORT || 3333}/api/v1/webhooks/paystack`,
    transferMode: flag('transfer-mode') ?? process.env.FAKE_PAYSTACK_TRANSFER_MODE,
  });
  Object.assign(process.env, env);
  const { file, cleanup } = await bundleFakePaystack();
  process.on('exit', cleanup);
  await import(pathToFileURL(file).href);
}
