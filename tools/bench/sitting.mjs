// npm run bench -- --sitting [--before 8bb38d5] [--duration 10] [--engines sqlite,mariadb] [--skip lists,search,checkout,storefront,before]
//
// Issue 25's "one sitting": every benchmark, before and after, on the same machine one after the other, so the
// ratios compare. Run it on a quiet machine (nothing else building or testing: the bench prints the load average).
// 1. The "before" commit is checked out in a worktree outside this one (<tmpdir>/jara-bench-before-<commit>, its node_modules
//    a hard-linked copy of this checkout's) and its API built there.
// 2. For each engine (SQLite, then MariaDB at DATABASE_URL or mariadb://root@127.0.0.1:3306/test):
//    - every list case at 100,000 with this checkout's API (section "sitting");
//    - the cases issue 25 is about with the "before" API started by today's harness, data and floor
//      (BENCH_API_ROOT, section "sitting-before"), so both tables carry the floor column;
//    - the search mix, after then before (--label after / before);
//    - the checkout, after with this harness; before with the before commit's own harness (--no-write, in the log).
// 3. The storefront's server rendering and Lighthouse, after then before (the before commit's own harness, in the log).
// Every command's output goes to data/bench/sitting-<date>.log as well as the terminal; the tables of this checkout's
// runs are written into docs/benchmarks.md by the benches themselves.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../scripts/lib.mjs';

const { values: opt } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--sitting'),
  options: {
    before: { type: 'string', default: '8bb38d5' },
    duration: { type: 'string', default: '10' },
    engines: { type: 'string', default: 'sqlite,mariadb' },
    skip: { type: 'string', default: '' },
    help: { type: 'boolean', default: false },
    'prepare-only': { type: 'boolean', default: false },
  },
});
if (opt.help) {
  console.log(
    'npm run bench -- --sitting [--before <commit>] [--duration 10] [--engines sqlite,mariadb] [--skip lists,search,checkout,storefront,before] [--prepare-only]',
  );
  process.exit(0);
}

/** The cases issue 25 changed or added, measured before as well (the rest only after). */
const BEFORE_CASES = 'list,load-more,product,search,suggestions,invoices,payouts,statement,problems,rider';
const skip = new Set(opt.skip.split(',').filter(Boolean));
const engines = opt.engines.split(',').filter(Boolean);
const mariadbUrl = process.env.DATABASE_URL || 'mariadb://root@127.0.0.1:3306/test';
const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
mkdirSync(join(ROOT, 'data', 'bench'), { recursive: true });
const logFile = join(ROOT, 'data', 'bench', `sitting-${stamp}.log`);
const log = createWriteStream(logFile, { flags: 'a' });
const say = (line) => {
  console.log(line);
  log.write(`${line}\n`);
};

function sh(label, cmd, args, { cwd = ROOT, env = {} } = {}) {
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  say(`\n=== ${label} (${new Date().toISOString().slice(11, 19)} UTC, load ${load})\n$ ${[cmd, ...args].join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk) => {
        process.stdout.write(chunk);
        log.write(chunk);
      });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${label}: ${cmd} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** The before commit, checked out and built beside this checkout (reused when present). */
async function prepareBefore() {
  // Outside this checkout: a second copy of the workspace under it would give jest two @jara/contracts packages.
  const dir = join(tmpdir(), `jara-bench-before-${opt.before}`);
  if (!existsSync(join(dir, '.git'))) {
    const added = spawnSync('git', ['worktree', 'add', '--detach', dir, opt.before], { cwd: ROOT, encoding: 'utf8' });
    if (added.status !== 0) throw new Error(`git worktree add ${dir} ${opt.before}: ${added.stderr}`);
  }
  // A hard-linked copy, not a link: node_modules/@jara/* are relative links that must reach the before commit's libs.
  if (!existsSync(join(dir, 'node_modules'))) await sh('node_modules', 'cp', ['-al', join(ROOT, 'node_modules'), dir]);
  if (!existsSync(join(dir, 'dist', 'server', 'apps/api/src/main.js')))
    await sh(
      `build ${opt.before}`,
      process.execPath,
      ['-e', "import('./tools/scripts/lib.mjs').then((m) => m.buildServer())"],
      {
        cwd: dir,
      },
    );
  return dir;
}

const bench = (args, env = {}, cwd = ROOT) =>
  sh(`bench ${args.join(' ')}`, process.execPath, [join(cwd, 'tools/bench/run.mjs'), ...args], { cwd, env });

say(`Sitting ${stamp}: before ${opt.before}, engines ${engines.join(', ')}, ${opt.duration} s per case and server.`);
say(`Log: ${logFile}`);
await sh('build this checkout', process.execPath, [
  '-e',
  "import('./tools/scripts/lib.mjs').then((m) => m.buildServer())",
]);
const before = skip.has('before') ? null : await prepareBefore();
if (opt['prepare-only']) {
  say(`Prepared: ${before ?? 'no before'}`);
  process.exit(0);
}
const runs = ['--sizes', '100000', '--duration', opt.duration, '--no-build'];
for (const engine of engines) {
  const env = engine === 'sqlite' ? { DATABASE_URL: '' } : { DATABASE_URL: mariadbUrl };
  if (!skip.has('lists')) {
    await bench([...runs, '--section', 'sitting'], env);
    if (before)
      await bench([...runs, '--cases', BEFORE_CASES, '--section', 'sitting-before'], {
        ...env,
        BENCH_API_ROOT: before,
      });
  }
  if (!skip.has('search')) {
    await bench(['--search-mix', '--no-build', '--label', 'after'], env);
    if (before) await bench(['--search-mix', '--no-build', '--label', 'before'], { ...env, BENCH_API_ROOT: before });
  }
  if (!skip.has('checkout')) {
    await bench(['--checkout', '--no-build'], env);
    if (before) await bench(['--checkout', '--no-write'], env, before);
  }
}
if (!skip.has('storefront')) {
  // The storefront's bench measures its production build, which a fresh clone does not have.
  const buildStorefront = (cwd) =>
    sh(`build the storefront in ${cwd}`, process.execPath, [join(cwd, 'tools/scripts/build.mjs'), 'storefront'], {
      cwd,
    });
  await buildStorefront(ROOT);
  await bench(['--storefront']);
  if (before) {
    await buildStorefront(before);
    await bench(['--storefront', '--no-write'], {}, before);
  }
}
say(`\nSitting done. Log: ${logFile}`);
log.end();
