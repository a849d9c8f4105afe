// Child processes of the benchmark: CPU pinning with taskset, servers started and always stopped, RSS.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, serverEntry } from '../scripts/lib.mjs';

/** Pinning plan: the servers on core 0, the load generator on core 1, when taskset exists and there are 2+ cores. */
export function pinning() {
  const hasTaskset = spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;
  const cores = cpus().length;
  if (!hasTaskset) return { enabled: false, note: 'not pinned: taskset is not installed (util-linux)' };
  if (cores < 2) return { enabled: false, note: `not pinned: only ${cores} core` };
  return { enabled: true, note: 'API and baseline pinned to core 0, autocannon to core 1 (taskset)' };
}

const pinned = (plan, core, cmd, args) =>
  plan.enabled ? ['taskset', ['-c', String(core), cmd, ...args]] : [cmd, args];

const children = new Set();
const stopChildren = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('exit', stopChildren);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopChildren();
    process.exit(130);
  });
}

/** Runs a command to completion; resolves with its stdout (stderr is passed through); rejects on failure. */
export function runChild(cmd, args, { env = {}, plan, core, quiet = false } = {}) {
  const [c, a] = plan ? pinned(plan, core, cmd, args) : [cmd, args];
  return new Promise((resolve, reject) => {
    const child = spawn(c, a, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'],
    });
    children.add(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve(out);
      else
        reject(
          new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}${err ? `\n${err.slice(-2000)}` : ''}`),
        );
    });
  });
}

/**
 * Starts a long-running server (pinned when planned). Its output is kept (last 200 lines) and printed if it
 * dies early. Returns { pid, stop(), alive(), output() }.
 */
export function startServer(name, cmd, args, { env = {}, plan, core = 0 } = {}) {
  const [c, a] = plan ? pinned(plan, core, cmd, args) : [cmd, args];
  const child = spawn(c, a, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const lines = [];
  const keep = (d) => {
    for (const line of String(d).split('\n')) if (line.trim()) lines.push(`[${name}] ${line}`);
    while (lines.length > 200) lines.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const done = new Promise((resolve) => child.on('exit', (code, signal) => resolve((exited = signal ?? code))));
  done.then(() => children.delete(child));
  return {
    pid: child.pid,
    alive: () => exited === null,
    output: () => lines.join('\n'),
    stop: async () => {
      if (exited !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(timer);
    },
  };
}

/** Resident memory of a process in MB (Linux /proc), or null. */
export function rssMb(pid) {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return null;
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(file, 'utf8'));
  return match ? Number(match[1]) / 1024 : null;
}

/** Waits until a URL answers 2xx-4xx, or the server dies, or the time runs out. */
export async function waitUntilUp(url, server, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && !server.alive()) throw new Error(`server exited before answering ${url}\n${server.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${server ? `\n${server.output()}` : ''}`);
}

/**
 * The API build a bench starts: this checkout's (dist/server), or with BENCH_API_ROOT=<another checkout> that one's
 * (issue 25: "before" measured by today's harness, floor and data; the CLI, the migrations and the generator stay this
 * checkout's). The other checkout is built there first (tools/bench/sitting.mjs does it).
 */
export function benchApiEntry() {
  const other = process.env.BENCH_API_ROOT;
  if (!other) return serverEntry('api');
  const entry = join(resolve(other), 'dist', 'server', 'apps/api/src/main.js');
  if (!existsSync(entry)) throw new Error(`BENCH_API_ROOT=${other}: no API build at ${entry}`);
  return entry;
}

/** "commit abc1234" of the API under test, for the report (BENCH_API_ROOT's when set). */
export function benchApiLabel() {
  const other = process.env.BENCH_API_ROOT;
  if (!other) return null;
  const head = spawnSync('git', ['-C', resolve(other), 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  return `API of ${head.stdout.trim() || other} (BENCH_API_ROOT)`;
}
