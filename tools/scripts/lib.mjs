// Small helpers shared by the npm scripts (build, start, dev, cli, e2e). Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'node_modules', '.bin');

/** Loads .env from the project root when there is one (settings already in the environment win). */
export function loadDotEnv() {
  const file = join(ROOT, '.env');
  if (existsSync(file) && typeof process.loadEnvFile === 'function') process.loadEnvFile(file);
}

export const ports = () => ({
  api: Number(process.env.API_PORT || 3333),
  storefront: Number(process.env.STOREFRONT_PORT || 3000),
  admin: Number(process.env.ADMIN_PORT || 4200),
});

/** Runs a command to completion, streaming its output; rejects on a non-zero exit. */
export function run(cmd, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    // options first: its env must not replace the merged one (the children need PATH, CI, CHROMIUM_PATH...).
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}`));
    });
  });
}

export const tsc = (project) => run(join(BIN, 'tsc'), ['-p', project]);

/** Builds the shared contracts and DTOs and the API + CLI (incremental, a few seconds when nothing changed). */
export async function buildServer() {
  await tsc('libs/contracts/tsconfig.build.json');
  await tsc('libs/dto/tsconfig.build.json');
  await tsc('tsconfig.server.json');
}

export const serverEntry = (name) =>
  join(ROOT, 'dist', 'server', name === 'api' ? 'apps/api/src/main.js' : 'tools/cli/src/main.js');

/** Starts a long-running child; all children are stopped together on exit or Ctrl-C. */
const children = new Set();
export function startService(name, cmd, args, env = {}, cwd = ROOT) {
  const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.add(child);
  const prefix = `[${name}] `;
  const pipe = (stream, out) => {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop();
      for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${prefix}exited with ${signal ?? code}; stopping everything.`);
      stopAll(1);
    }
  });
  return child;
}

/** Stops one child started by startService (the others keep running) and waits until it has exited. */
export function stopService(child) {
  if (!children.delete(child)) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.removeAllListeners('exit');
    if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
    child.once('exit', () => resolvePromise());
    child.kill('SIGTERM');
  });
}

let stopping = false;
export function stopAll(code = 0) {
  stopping = true;
  // The exit code must not depend on the timer below: once the children are gone the event loop may empty
  // first, and node would then exit with 0 whatever happened.
  process.exitCode = code;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 300).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

/** Waits until a URL answers with a status below 500. */
export async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
