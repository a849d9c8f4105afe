// npm start: builds everything, migrates and (on first run) seeds the embedded database, starts the
// API, storefront and back office from production builds, and prints their URLs and the demo accounts.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildServer, loadDotEnv, ports, ROOT, run, serverEntry, startService, waitFor } from './lib.mjs';
import { buildWebApps, presentWebApps } from './web-apps.mjs';

loadDotEnv();
const p = ports();
const apiUrl = `http://localhost:${p.api}/api/v1`;
process.env.API_PUBLIC_URL ||= `http://localhost:${p.api}`;
process.env.JARA_API_URL ||= apiUrl;
process.env.CORS_ORIGINS ||= `http://localhost:${p.storefront},http://localhost:${p.admin}`;
process.env.ADMIN_URL ||= `http://localhost:${p.admin}`;
process.env.STOREFRONT_URL ||= `http://localhost:${p.storefront}`;
const production = process.env.NODE_ENV === 'production';
// `npm start -- --force-demo` seeds the demo accounts even in production (a throwaway demo server).
const demo = !production || process.argv.includes('--force-demo');

// The storefront runs its production build, which refuses to start without SESSION_SECRET. On a laptop
// (NODE_ENV unset or development) it gets a random secret kept under DATA_DIR, so sessions survive restarts;
// with NODE_ENV=production SESSION_SECRET must be set like the API's JWT_SECRET.
if (!production && !process.env.SESSION_SECRET?.trim()) {
  const dir = resolve(ROOT, process.env.DATA_DIR || 'data');
  const file = join(dir, '.storefront-session-secret');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  process.env.SESSION_SECRET = readFileSync(file, 'utf8').trim();
}

console.log('Building Jara (first run takes a minute or two)...');
await buildServer();
await buildWebApps();

await run(process.execPath, [serverEntry('cli'), 'migrate']);
// Demo accounts have published passwords: not seeded in production (create-admin makes the first admin).
if (demo)
  await run(process.execPath, [serverEntry('cli'), 'seed', '--if-empty', ...(production ? ['--force-demo'] : [])]);
else
  console.log(
    'NODE_ENV=production: demo data not seeded. Create an admin with: npm run cli -- create-admin --email <email> --password <password>',
  );

// The storefront's server calls the API from this machine and forwards each shopper's address: trust it.
startService('api', process.execPath, [serverEntry('api')], { TRUST_PROXY: process.env.TRUST_PROXY || 'loopback' });
const urls = [
  ['API', apiUrl],
  ['API docs', `${apiUrl}/docs`],
];
await waitFor(`${apiUrl}/health`);
for (const app of presentWebApps()) {
  const svc = app.serve(p);
  startService(app.name, svc.cmd, svc.args, svc.env);
  await waitFor(svc.url);
  urls.push([app.name === 'admin' ? 'Back office' : 'Storefront', svc.url]);
}

const accounts = !demo
  ? 'Sign in with the admin made by create-admin.'
  : `Demo accounts:
  admin     admin@jara.local / Admin123!
  vendor    vendor@jara.local / Vendor123!
  customer  customer@jara.local / Customer123!`;
console.log(`
Jara is running.
${urls.map(([name, url]) => `  ${name.padEnd(12)} ${url}`).join('\n')}

${accounts}

Sign-up codes are written to data/outbox/ (and printed above). Press Ctrl-C to stop.
`);
