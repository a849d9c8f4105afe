import { once } from 'node:events';
import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createGzip } from 'node:zlib';
import type { DataSource, QueryRunner } from 'typeorm';
import { createDataSource } from '#api-maintenance';
import { intOption, parseOptions, UsageError, type CliContext } from '../context';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  countRows,
  executedMigrations,
  familyOf,
  listTables,
  queryOf,
  readTable,
  type BackupHeader,
} from '../backup/dump';
import { Progress } from '../progress';

export const backupHelp = `Usage: npm run cli -- backup --out <file> [--batch-size <n>]

Writes a consistent copy of the whole database to one file (gzip'd JSON lines, e.g. jara-2026-11-22.jsonl.gz),
safe to run while the API runs:
  SQLite         the database is first copied with VACUUM INTO (one read transaction: a snapshot even while the
                 API writes), then the copy is read table by table;
  MySQL/MariaDB  every table is read in batches inside ONE transaction WITH CONSISTENT SNAPSHOT (REPEATABLE READ,
                 READ ONLY), so all tables show the same moment without locking the API out.
The header names the migrations the schema was built by; restore refuses a file from another migration set.
Uploaded files (UPLOAD_DIR, PRIVATE_UPLOAD_DIR or the S3 bucket) are not in it: back them up separately.
  --out          the file to write (written beside it first, then renamed: never half a backup under this name)
  --batch-size   rows per read (default 2000)`;

export async function backup(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { out: 'string', 'batch-size': 'string' });
  if (!options.out) throw new UsageError('--out <file> is required.');
  const out = resolve(String(options.out));
  if (!existsSync(dirname(out)) || !statSync(dirname(out)).isDirectory())
    throw new UsageError(`--out: the folder ${dirname(out)} does not exist.`);
  if (existsSync(out) && statSync(out).isDirectory()) throw new UsageError(`--out: ${out} is a folder.`);
  const batchSize = intOption(options['batch-size'], 'batch-size', 2000, 100_000);

  const live = await ctx.open();
  let snapshot: DataSource | null = null;
  let runner: QueryRunner | null = null;
  let scratch: string | null = null;
  const partial = `${out}.partial-${process.pid}`;
  try {
    const engine = familyOf(live);
    if (engine === 'sqlite') {
      if (ctx.config.database.type !== 'sqlite' || ctx.config.database.path === ':memory:')
        throw new UsageError(
          'backup needs a database file or server (an in-memory SQLite database has nothing to keep).',
        );
      // VACUUM INTO writes a consistent copy (one read transaction); it is read from there at leisure.
      scratch = await mkdtemp(join(tmpdir(), 'jara-backup-'));
      const copy = join(scratch, 'snapshot.sqlite');
      await live.query('VACUUM INTO ?', [copy]);
      snapshot = createDataSource({ ...ctx.config, database: { type: 'sqlite', path: copy } });
      await snapshot.initialize();
      runner = snapshot.createQueryRunner();
    } else {
      snapshot = createDataSource(ctx.config, { dateStrings: true } as never);
      await snapshot.initialize();
      runner = snapshot.createQueryRunner();
      await runner.connect();
      await runner.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      await runner.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
    }
    const query = queryOf(runner);

    const migrations = await executedMigrations(engine, query);
    if (!migrations?.length) {
      ctx.io.err('The database has no migrations yet (run "npm run cli -- migrate"): nothing to back up.');
      return 1;
    }
    const tables = await listTables(engine, query);
    const counted = [];
    for (const table of tables) counted.push({ ...table, rows: await countRows(engine, query, table.name) });
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      engine,
      created_at: new Date().toISOString(),
      migrations,
      tables: counted,
    };
    const total = counted.reduce((sum, t) => sum + t.rows, 0);
    const progress = new Progress(ctx.io, 'Backing up', total);

    const gzip = createGzip({ level: 6 });
    const file = createWriteStream(partial);
    const finished = new Promise<void>((resolveDone, reject) => {
      file.on('finish', resolveDone);
      file.on('error', reject);
      gzip.on('error', reject);
    });
    // Errors of the streams surface through `finished`; a write waits when the gzip buffer is full.
    finished.catch(() => undefined);
    gzip.pipe(file);
    const write = async (text: string) => {
      if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), finished]);
    };
    await write(`${JSON.stringify(header)}\n`);
    let done = 0;
    for (const table of counted) {
      await write(`${JSON.stringify({ table: table.name })}\n`);
      for await (const rows of readTable(engine, query, table, batchSize)) {
        await write(rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
        done += rows.length;
        progress.update(done, Math.max(total, done));
      }
    }
    await write(`${JSON.stringify({ end: true, rows: done })}\n`);
    gzip.end();
    await finished;
    progress.finish();
    if (done !== total) throw new Error(`read ${done} rows where the snapshot counted ${total}.`);
    renameSync(partial, out);
    ctx.io.out(
      `Backed up ${done} row(s) of ${counted.length} table(s) (${engine}, ${migrations.length} migrations) to ${out} (${statSync(out).size} bytes).`,
    );
    return 0;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    if (runner) {
      if (familyOf(live) === 'mysql') await runner.query('COMMIT').catch(() => undefined);
      await runner.release().catch(() => undefined);
    }
    if (snapshot?.isInitialized) await snapshot.destroy();
    await live.destroy();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}
