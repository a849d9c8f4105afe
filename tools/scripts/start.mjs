// npm start: builds everything, migrates and (on first run) seeds the embedded database, starts the
// API, storefront and back office from production builds, and prints their URLs and the demo accounts.
import { buildServer, loadDotEnv, ports, run, serverEntry, startService, waitFor } from './lib.mjs';
import { buildWebApps, presentWebApps } from './web-apps.mjs';

loadDotEnv();
const p = ports();
const apiUrl = `http://localhost:${p.api}/api/v1`;
process.env.API_PUBLIC_URL ||= `http://localhost:${p.api}`;
process.env.JARA_API_URL ||= apiUrl;
process.env.CORS_ORIGINS ||= `http://localhost:${p.storefront},http://localhost:${p.admin}`;
process.env.ADMIN_URL ||= `http://localhost:${p.admin}`;
process.env.STOREFRONT_URL ||= `http://localhost:${p.storefront}`;

console.log('Building Jara (first run takes a minute or two)...');
await buildServer();
await buildWebApps();

await run(process.execPath, [serverEntry('cli'), 'migrate']);
await run(process.execPath, [serverEntry('cli'), 'seed', '--if-empty']);

startService('api', process.execPath, [serverEntry('api')]);
const urls = [['API', apiUrl], ['API docs', `${apiUrl}/docs`]];
await waitFor(`${apiUrl}/health`);
for (const app of presentWebApps()) {
  const svc = app.serve(p);
  startService(app.name, svc.cmd, svc.args, svc.env);
  await waitFor(svc.url);
  urls.push([app.name === 'admin' ? 'Back office' : 'Storefront', svc.url]);
}

console.log(`
Jara is running.
${urls.map(([name, url]) => `  ${name.padEnd(12)} ${url}`).join('\n')}

Demo accounts:
  admin     admin@jara.local / Admin123!
  vendor    vendor@jara.local / Vendor123!
  customer  customer@jara.local / Customer123!

Sign-up codes are written to data/outbox/ (and printed above). Press Ctrl-C to stop.
`);
