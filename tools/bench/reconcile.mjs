// The reconciliation benchmark (issue 21, decision 026): npm run bench:reconcile -- [options] (or node
// tools/bench/reconcile.mjs). On the list benchmark's generated database of --size (generate.mjs: that many orders
// with their lines, invoices, ledger, wallets and deliveries; reused when it exists), it runs the built CLI's
// `reconcile --json` --runs times and reports the wall time, the peak memory of the CLI process (/usr/bin/time)
// and the rows each check read. The reconciliation reads in keyset batches (1,000 rows a query), so its memory
// must not grow with the data; the generated data is not a reconciled world (it is written row by row, not through
// the services), so the findings are counted, not required to be zero.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { buildServer, ROOT, serverEntry } from '../scripts/lib.mjs';
import { apiEnv, ensureDatabase } from './generate.mjs';
import { REPORT_FILE, replaceBlock } from './report.mjs';
import { benchOptions } from './options.mjs';

const HELP = `npm run bench:reconcile -- [options]

  --size 100000   orders (and products) in the bench database (generate.mjs; reused when generated)
  --runs 3        reconciliation runs (the median is reported)
  --no-build      use the existing dist/
  --no-write      print the table, leave docs/benchmarks.md alone

Writes the block bench:<engine>-reconcile of docs/benchmarks.md. SQLite by default; DATABASE_URL=mariadb://... for MariaDB.`;

const opt = benchOptions(
  HELP,
  {
    size: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
  process.argv.slice(2),
);
const size = Number(opt.size);
const runs = Number(opt.runs);

/** One `reconcile --json` run of the built CLI: wall time, peak RSS (KiB from /usr/bin/time -f %M), its report. */
function runOnce(env) {
  const timed = existsSync('/usr/bin/time');
  const cmd = timed ? '/usr/bin/time' : process.execPath;
  const argv = [...(timed ? ['-f', 'maxrss_kib=%M', process.execPath] : []), serverEntry('cli'), 'reconcile', '--json'];
  const started = performance.now();
  const child = spawnSync(cmd, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const seconds = (performance.now() - started) / 1000;
  if (child.status !== 0 && child.status !== 1)
    throw new Error(`reconcile exited ${child.status}: ${child.stderr.slice(-2000)}`);
  const rss = Number(/maxrss_kib=(\d+)/.exec(child.stderr)?.[1] ?? NaN) / 1024;
  return { seconds, rssMb: rss, exit: child.status, report: JSON.parse(child.stdout) };
}

async function main() {
  if (!opt['no-build'] || !existsSync(serverEntry('cli'))) {
    console.log('Building the contracts and the API (incremental)...');
    await buildServer();
  }
  const { target, meta } = await ensureDatabase(size);
  const env = apiEnv(target);
  const results = [];
  for (let i = 0; i < runs; i++) {
    const r = runOnce(env);
    console.log(
      `  run ${i + 1}: ${r.seconds.toFixed(2)} s, ${r.rssMb.toFixed(0)} MB, ${r.report.findings.length} finding(s)`,
    );
    results.push(r);
  }
  const sorted = [...results].sort((a, b) => a.seconds - b.seconds);
  const median = sorted[Math.floor(sorted.length / 2)];
  const checked = median.report.checked;
  const byCode = {};
  for (const f of median.report.findings) byCode[f.code] = (byCode[f.code] ?? 0) + 1;
  const engine = target.dialect === 'mysql' ? 'mysql' : 'sqlite';
  const { cpus } = await import('node:os');
  const markdown = [
    `Reconciliation, ${engine === 'mysql' ? 'MariaDB' : 'SQLite'}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `${cpus().length} × ${cpus()[0]?.model?.trim() ?? 'unknown CPU'}, Node ${process.version}: ` +
      `\`npm run bench:reconcile -- ${process.argv.slice(2).join(' ')}\`.`.replace(' -- `', '`'),
    '',
    '| Data | Runs | Median wall time | Fastest / slowest | Peak RSS (CLI) | Rows read | Findings |',
    '| ---- | ---: | ---------------: | ----------------: | -------------: | --------- | -------- |',
    `| ${meta?.counts?.split(', ').slice(0, 1)[0] ?? `${size} products`}, ${checked.orders.toLocaleString('en')} orders | ${runs} | ` +
      `${median.seconds.toFixed(2)} s | ${sorted[0].seconds.toFixed(2)} / ${sorted.at(-1).seconds.toFixed(2)} s | ` +
      `${median.rssMb.toFixed(0)} MB | ${Object.entries(checked)
        .map(([k, n]) => `${k.replace(/_/g, ' ')} ${n.toLocaleString('en')}`)
        .join(', ')} | ${
        Object.entries(byCode)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') || 'none'
      } |`,
  ].join('\n');
  console.log(`\n${markdown}`);
  if (opt['no-write']) return;
  writeFileSync(REPORT_FILE, replaceBlock(readFileSync(REPORT_FILE, 'utf8'), `${engine}-reconcile`, markdown));
  console.log(`\nWrote ${relative(ROOT, REPORT_FILE)}`);
}

main().catch((error) => {
  console.error(`\nreconcile bench failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
