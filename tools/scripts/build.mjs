// npm run build: production builds of the contracts, API + CLI, and the web apps that exist.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, loadDotEnv, ROOT } from './lib.mjs';
import { buildWebApps } from './web-apps.mjs';

loadDotEnv();
await buildServer();
await buildWebApps({ only: process.argv.slice(2) });
if (!existsSync(join(ROOT, 'dist', 'server'))) process.exit(1);
