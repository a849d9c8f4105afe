// npm run dev: the API with TypeScript in watch mode (restarts on change), plus the web apps' dev servers.
import { join } from 'node:path';
import { BIN, buildServer, loadDotEnv, ports, ROOT, run, serverEntry, startService } from './lib.mjs';
import { presentWebApps } from './web-apps.mjs';

loadDotEnv();
const p = ports();
process.env.JARA_API_URL ||= `http://localhost:${p.api}/api/v1`;
process.env.CORS_ORIGINS ||= `http://localhost:${p.storefront},http://localhost:${p.admin}`;
process.env.ADMIN_URL ||= `http://localhost:${p.admin}`;
process.env.STOREFRONT_URL ||= `http://localhost:${p.storefront}`;
await buildServer();
await run(process.execPath, [serverEntry('cli'), 'migrate']);
await run(process.execPath, [serverEntry('cli'), 'seed', '--if-empty']);
startService('tsc', join(BIN, 'tsc'), ['-p', 'tsconfig.server.json', '--watch', '--preserveWatchOutput']);
startService('api', process.execPath, ['--watch-path', join(ROOT, 'dist/server'), serverEntry('api')]);
for (const app of presentWebApps()) {
  const port = app.name === 'admin' ? p.admin : p.storefront;
  const args = app.name === 'admin' ? ['--port', String(port)] : ['vite:dev', '--port', String(port)];
  startService(
    app.name,
    join(BIN, app.name === 'admin' ? 'vite' : 'remix'),
    args,
    { PORT: String(port) },
    join(ROOT, app.dir),
  );
}
console.log(
  `Dev servers starting: API http://localhost:${p.api}/api/v1, storefront http://localhost:${p.storefront}, back office http://localhost:${p.admin}`,
);
