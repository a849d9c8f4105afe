// Adds the platform-specific optional packages (rollup, resolver bindings, ...) that `npm install` leaves out of
// package-lock.json when the registry it reads has no such build (seen here: the registry mirror lacks some
// non-Linux builds), but that `npm ci` (npm 11) insists on finding. Each entry carries the os/cpu/libc of its
// platform, so npm skips it on other platforms without downloading. Run after changing dependencies:
//   node tools/scripts/lock-optional-deps.mjs && npm ci --dry-run
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const file = join(ROOT, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

/** Where npm would resolve `name` from the package at `parentPath`. */
function resolveFrom(parentPath, name) {
  let dir = parentPath;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const idx = dir.lastIndexOf('/node_modules/');
    dir = idx === -1 ? '' : dir.slice(0, idx);
  }
}

const OSES = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'netbsd', 'sunos', 'aix'];
const CPUS = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

/** Registry metadata when the registry has the build; otherwise the platform read from the package name. */
function lookup(name, version) {
  try {
    const out = execFileSync(
      'npm',
      ['view', `${name}@${version}`, '--json', 'version', 'dist.integrity', 'os', 'cpu', 'libc', 'license'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const view = JSON.parse(out);
    if (view && (Array.isArray(view) ? view.length : true)) return Array.isArray(view) ? view[view.length - 1] : view;
  } catch {
    // not in this registry
  }
  const parts = name.split('/').pop().split('-');
  const os = OSES.find((o) => parts.includes(o));
  const cpu = CPUS.find((c) => parts.includes(c));
  const libc = parts.some((p) => p.startsWith('musl'))
    ? 'musl'
    : os === 'linux' && parts.some((p) => p.startsWith('gnu'))
      ? 'glibc'
      : undefined;
  if (!os || !cpu)
    throw new Error(`${name}@${version} is not in the registry and its platform cannot be read from its name`);
  return { version, os, cpu, libc };
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolveFrom(path, name)) continue;
    const version = range.replace(/^[\^~=]/, '');
    const info = lookup(name, version);
    const target = packages[`node_modules/${name}`] ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    packages[target] = {
      version: info.version,
      ...(info['dist.integrity'] ? { integrity: info['dist.integrity'] } : {}),
      ...(info.cpu ? { cpu: [].concat(info.cpu) } : {}),
      ...(meta.dev ? { dev: true } : {}),
      ...(info.libc ? { libc: [].concat(info.libc) } : {}),
      ...(info.license ? { license: info.license } : {}),
      optional: true,
      ...(info.os ? { os: [].concat(info.os) } : {}),
    };
    added++;
    console.log(`added ${target}@${info.version}`);
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} optional package(s) added to package-lock.json`);
