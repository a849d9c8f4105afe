// The storefront (Remix) and back office (Refine) builds and servers, used by build, start and e2e.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, run } from './lib.mjs';

export const WEB_APPS = [
  {
    name: 'storefront',
    dir: 'apps/storefront',
    build: () => run(join(BIN, 'remix'), ['vite:build'], { cwd: join(ROOT, 'apps/storefront') }),
    serve: (ports) => ({
      cmd: process.execPath,
      args: [join(ROOT, 'apps/storefront/server.mjs')],
      env: { PORT: String(ports.storefront), NODE_ENV: 'production' },
      url: `http://localhost:${ports.storefront}`,
    }),
  },
  {
    name: 'admin',
    dir: 'apps/admin',
    build: () => run(join(BIN, 'vite'), ['build'], { cwd: join(ROOT, 'apps/admin') }),
    serve: (ports) => ({
      cmd: process.execPath,
      args: [join(ROOT, 'apps/admin/server.mjs')],
      env: { PORT: String(ports.admin), NODE_ENV: 'production' },
      url: `http://localhost:${ports.admin}`,
    }),
  },
];

export const presentWebApps = () =>
  WEB_APPS.filter(
    (app) => existsSync(join(ROOT, app.dir, 'package.json')) || existsSync(join(ROOT, app.dir, 'vite.config.ts')),
  );

export async function buildWebApps({ only = [] } = {}) {
  for (const app of presentWebApps()) {
    if (only.length && !only.includes(app.name)) continue;
    console.log(`Building ${app.name}...`);
    await app.build();
  }
}
