// The fake SMS and WhatsApp providers (apps/api/test/support/fake-messaging.ts, the one the API's jest suites use) as a
// process of its own, to try the live mode of SMS and WhatsApp by hand: bundled with esbuild and run with node.
//   node tools/scripts/fake-messaging.mjs --port 4510
// It prints the API settings that reach it (SMS_BASE_URL, SMS_API_KEY, WHATSAPP_*). GET /__fake/messages lists what
// was sent; POST /__fake/mode {"sms": "down"} makes a channel fail (ok, down, refuse, hang).
import { pathToFileURL } from 'node:url';
import { bundleFake } from './bundle-fake.mjs';

const ENTRY = 'apps/api/test/support/fake-messaging.ts';

/** Bundles the fake into a temporary directory and answers the path of a runnable .mjs. */
export async function bundleFakeMessaging() {
  return bundleFake({
    name: 'fake-messaging',
    main: `import { startFakeMessaging } from './${ENTRY}';
const env = process.env;
const fake = await startFakeMessaging({
  port: Number(env.FAKE_MESSAGING_PORT || 0),
  smsKey: env.FAKE_MESSAGING_SMS_KEY || undefined,
  waToken: env.FAKE_MESSAGING_WA_TOKEN || undefined,
});
console.log('Fake SMS and WhatsApp providers listening on ' + fake.url + '; API settings:');
for (const [name, value] of Object.entries(fake.env)) console.log(name + '=' + value);
const stop = () => fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);`,
  });
}

// Run directly: bundle, then run the fake in this process until Ctrl-C.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flag = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  process.env.FAKE_MESSAGING_PORT = flag('port') ?? process.env.FAKE_MESSAGING_PORT ?? '4510';
  const { file, cleanup } = await bundleFakeMessaging();
  process.on('exit', cleanup);
  await import(pathToFileURL(file).href);
}
