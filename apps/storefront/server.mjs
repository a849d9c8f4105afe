// Production server for the built storefront: runs remix-serve on build/server/index.js.
// PORT (default 3000) is read by remix-serve itself; static assets come from build/client.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const build = join(here, 'build', 'server', 'index.js');
if (!existsSync(build)) {
  console.error(`[storefront] ${build} is missing: run "npx remix vite:build" in apps/storefront first.`);
  process.exit(1);
}

const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@remix-run/serve/package.json')), 'dist', 'cli.js');

const child = spawn(process.execPath, [cli, build], {
  cwd: here,
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.PORT || '3000', NODE_ENV: process.env.NODE_ENV || 'production' },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
