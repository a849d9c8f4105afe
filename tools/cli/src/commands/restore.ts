import { createReadStream, existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { DataSource, QueryRunner } from 'typeorm';
import { createDataSource, MIGRATIONS } from '#api-maintenance';
import { parseOptions, UsageError, type CliContext } from '../context';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  brokenForeignKeys,
  countRows,
  decodeValue,
  executedMigrations,
  familyOf,
  FILLED_BY_MIGRATIONS,
  listTables,
  queryOf,
  quoteName,
  type BackupHeader,
  type Family,
  type TableInfo,
} from '../backup/dump';
import { Progress } from '../progress';

export const restoreHelp = `Usage: npm run cli -- restore --in <file> [--force] [--dry-run]

Loads a file written by backup into this database (same engine family: SQLite from SQLite, MySQL/MariaDB from
MySQL/MariaDB), all or nothing:
  - the file must come from the same migration set as this version of Jara (its header names them); a file from
    another set is refused (restore it with the version that wrote it, then upgrade);
  - the database is migrated first if it is new, and must then have exactly the file's tables and columns;
  - a database that already holds data is refused unless --force: with --force its rows are REPLACED;
  - everything happens in ONE transaction with foreign-key checks off while rows go in (SQLite: foreign_keys off,
    MySQL/MariaDB: FOREIGN_KEY_CHECKS=0), then every foreign key is checked before the commit: a broken
    reference, a row count that differs from the header or a file cut short rolls everything back.
Stop the API while restoring (it would see the tables empty for a moment, and SQLite would make it wait).
  --in        the backup file
  --force     replace the data of a database that is not empty
  --dry-run   read and check the whole file against this database; change nothing`;

/** Rows per INSERT, within both engines' limits on parameters (SQLite 32766) and on statement size. */
const MAX_PARAMS = 30_000;
const MAX_ROWS = 500;
const MAX_BYTES = 2 * 1024 * 1024;

class RestoreRefused extends Error {}

export async function restore(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { in: 'string', force: 'boolean', 'dry-run': 'boolean' });
  if (!options.in) throw new UsageError('--in <file> is required.');
  const file = resolve(String(options.in));
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`--in: no file at ${file}.`);
  const dryRun = options['dry-run'] === true;

  let db: DataSource | null = null;
  let runner: QueryRunner | null = null;
  try {
    const lines = readLines(file);
    const header = parseHeader(await lines.next());
    const code = MIGRATIONS.map((m) => m.name);
    if (!sameList(header.migrations, code))
      throw new RestoreRefused(
        `The file was written by a database at another migration set: it has ${describe(header.migrations, code)}. ` +
          'Restore it with the version of Jara that wrote it, then upgrade.',
      );

    db = createDataSource(ctx.config, (ctx.config.database.type === 'sqlite' ? {} : { dateStrings: true }) as never);
    await db.initialize();
    const family = familyOf(db);
    if (family !== header.engine)
      throw new RestoreRefused(
        `The file is a ${header.engine} backup and this database is ${family}: restore a backup into the same engine family.`,
      );
    runner = db.createQueryRunner();
    await runner.connect();
    const query = queryOf(runner);

    const executed = await executedMigrations(family, query);
    const pending = code.length - (executed?.length ?? 0);
    if (executed?.length && !sameList(executed, code.slice(0, executed.length)))
      throw new RestoreRefused(`This database was built by other migrations (${executed.join(', ')}).`);
    if (pending > 0) {
      if (dryRun) {
        ctx.io.out(`Dry run: the database would be migrated first (${pending} pending migration(s)).`);
      } else {
        await db.runMigrations({ transaction: 'each' });
      }
    }

    // The schema, as this database has it (after migrating), must be the file's.
    const tables = pending > 0 && dryRun ? null : await listTables(family, query);
    if (tables) {
      const problems = compareSchemas(header.tables, tables);
      if (problems.length)
        throw new RestoreRefused(`The database's tables differ from the file's: ${problems.join('; ')}.`);
      const filled: string[] = [];
      for (const t of tables) {
        if (FILLED_BY_MIGRATIONS.has(t.name)) continue;
        const n = await countRows(family, query, t.name);
        if (n > 0) filled.push(`${t.name} (${n})`);
      }
      if (filled.length && !options.force)
        throw new RestoreRefused(
          `The database is not empty (${filled.slice(0, 6).join(', ')}${filled.length > 6 ? ', ...' : ''}): ` +
            'restore into an empty database, or add --force to replace its data.',
        );
      if (filled.length && dryRun) ctx.io.out(`Dry run: --force would replace the rows of ${filled.length} table(s).`);
    }

    const total = header.tables.reduce((sum, t) => sum + t.rows, 0);
    const progress = new Progress(ctx.io, dryRun ? 'Checking backup' : 'Restoring', total);
    const byName = new Map(header.tables.map((t) => [t.name, t]));

    if (dryRun) {
      const read = await readRows(
        lines,
        byName,
        async () => undefined,
        () => progress.tick(),
      );
      progress.finish();
      ctx.io.out(
        `Dry run: ${file} is a complete ${header.engine} backup of ${read} row(s) in ${header.tables.length} table(s) from ${header.created_at}; nothing changed.`,
      );
      return 0;
    }

    const restoreRunner = runner;
    if (family === 'sqlite') await restoreRunner.query('PRAGMA foreign_keys = OFF');
    else await restoreRunner.query('SET FOREIGN_KEY_CHECKS = 0');
    await restoreRunner.startTransaction();
    try {
      for (const t of header.tables) await restoreRunner.query(`DELETE FROM ${quoteName(family, t.name)}`);
      const batch = new Batcher(family, restoreRunner);
      const read = await readRows(
        lines,
        byName,
        (table, row) => batch.add(table, row),
        () => progress.tick(),
      );
      await batch.flush();
      for (const t of header.tables) {
        const n = await countRows(family, query, t.name);
        if (n !== t.rows) throw new Error(`table ${t.name} holds ${n} rows after the restore, the file ${t.rows}.`);
      }
      const broken = await brokenForeignKeys(family, query);
      if (broken.length) throw new Error(`references to missing rows: ${broken.join('; ')}.`);
      if (family === 'sqlite') await rebuildFullText(query);
      await restoreRunner.commitTransaction();
      progress.finish();
      ctx.io.out(
        `Restored ${read} row(s) of ${header.tables.length} table(s) from ${file} (backup of ${header.created_at}).`,
      );
      return 0;
    } catch (error) {
      progress.finish();
      if (restoreRunner.isTransactionActive) await restoreRunner.rollbackTransaction();
      throw new Error(`${(error as Error).message} Nothing was restored (rolled back).`);
    } finally {
      if (family === 'sqlite') await restoreRunner.query('PRAGMA foreign_keys = ON');
      else await restoreRunner.query('SET FOREIGN_KEY_CHECKS = 1');
    }
  } catch (error) {
    if (error instanceof RestoreRefused || error instanceof BadBackup) {
      ctx.io.err(`${error.message} Nothing was restored.`);
      return 1;
    }
    throw error;
  } finally {
    if (runner) await runner.release().catch(() => undefined);
    if (db?.isInitialized) await db.destroy();
  }
}

class BadBackup extends Error {}

type Lines = AsyncIterator<string>;

function readLines(file: string): Lines {
  const input = createReadStream(file).pipe(createGunzip());
  const rl = createInterface({ input, crlfDelay: Infinity });
  // A file that is not gzip (or is cut inside the gzip stream) fails the read with the gunzip error.
  const errors: Error[] = [];
  input.on('error', (error) => {
    errors.push(error);
    rl.close();
  });
  const iterator = rl[Symbol.asyncIterator]();
  return {
    next: async () => {
      let result: IteratorResult<string>;
      try {
        result = await iterator.next();
      } catch (error) {
        errors.push(error as Error);
        result = { done: true, value: undefined };
      }
      if (errors.length) throw new BadBackup(`${file} is not a readable backup (${errors[0].message}).`);
      return result;
    },
  };
}

function parseHeader(first: IteratorResult<string>): BackupHeader {
  if (first.done) throw new BadBackup('The file is empty.');
  let header: BackupHeader;
  try {
    header = JSON.parse(first.value);
  } catch {
    throw new BadBackup('The file does not start with a backup header.');
  }
  if (header?.format !== BACKUP_FORMAT) throw new BadBackup('The file is not a Jara backup.');
  if (header.version !== BACKUP_VERSION)
    throw new BadBackup(`The file is a version ${header.version} backup; this Jara reads version ${BACKUP_VERSION}.`);
  if (!Array.isArray(header.migrations) || !Array.isArray(header.tables))
    throw new BadBackup('The backup header is incomplete.');
  return header;
}

/**
 * Reads every data line after the header, checks it against the header (known table, row width, row counts, the
 * end line) and hands each row on. Answers the number of rows.
 */
async function readRows(
  lines: Lines,
  tables: Map<string, BackupHeader['tables'][number]>,
  onRow: (table: TableInfo, row: unknown[]) => Promise<void>,
  onProgress: () => void,
): Promise<number> {
  let current: BackupHeader['tables'][number] | null = null;
  const seen = new Map<string, number>();
  let total = 0;
  let ended = false;
  for (let line = 2; ; line++) {
    const next = await lines.next();
    if (next.done) break;
    if (!next.value) continue;
    if (ended) throw new BadBackup(`Line ${line}: data after the end of the backup.`);
    let value: unknown;
    try {
      value = JSON.parse(next.value);
    } catch {
      throw new BadBackup(`Line ${line} is not valid JSON (the file is damaged).`);
    }
    if (Array.isArray(value)) {
      if (!current) throw new BadBackup(`Line ${line}: a row before any table.`);
      if (value.length !== current.columns.length)
        throw new BadBackup(
          `Line ${line}: a row of ${value.length} values in table ${current.name} of ${current.columns.length} columns.`,
        );
      await onRow(current, value.map(decodeValue));
      seen.set(current.name, (seen.get(current.name) ?? 0) + 1);
      total++;
      onProgress();
    } else if (value && typeof value === 'object' && 'table' in value) {
      const name = String((value as { table: unknown }).table);
      current = tables.get(name) ?? null;
      if (!current) throw new BadBackup(`Line ${line}: table ${name} is not in the header.`);
    } else if (value && typeof value === 'object' && 'end' in value) {
      const counted = Number((value as { rows?: unknown }).rows);
      if (counted !== total) throw new BadBackup(`The end line counts ${counted} rows; the file holds ${total}.`);
      ended = true;
    } else {
      throw new BadBackup(`Line ${line} is not a row, a table or the end.`);
    }
  }
  if (!ended) throw new BadBackup('The file ends before its end line: it was cut short.');
  for (const t of tables.values())
    if ((seen.get(t.name) ?? 0) !== t.rows)
      throw new BadBackup(`Table ${t.name} has ${seen.get(t.name) ?? 0} rows in the file; its header says ${t.rows}.`);
  return total;
}

/** Multi-row INSERTs, flushed by row count, parameter count and size. */
class Batcher {
  private table: TableInfo | null = null;
  private rows: unknown[][] = [];
  private bytes = 0;

  constructor(
    private readonly family: Family,
    private readonly runner: QueryRunner,
  ) {}

  async add(table: TableInfo, row: unknown[]): Promise<void> {
    if (this.table && this.table.name !== table.name) await this.flush();
    this.table = table;
    this.rows.push(row);
    for (const v of row) this.bytes += typeof v === 'string' ? v.length : Buffer.isBuffer(v) ? v.length : 8;
    const maxRows = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / table.columns.length)));
    if (this.rows.length >= maxRows || this.bytes >= MAX_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.table || !this.rows.length) return;
    const q = (n: string) => quoteName(this.family, n);
    const one = `(${this.table.columns.map(() => '?').join(', ')})`;
    await this.runner.query(
      `INSERT INTO ${q(this.table.name)} (${this.table.columns.map(q).join(', ')}) VALUES ${this.rows.map(() => one).join(', ')}`,
      this.rows.flat(),
    );
    this.rows = [];
    this.bytes = 0;
  }
}

/** SQLite full-text tables follow their content table through triggers; a rebuild makes sure after bulk writes. */
async function rebuildFullText(query: ReturnType<typeof queryOf>): Promise<void> {
  const virtual = (await query(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'`,
  )) as Array<{ name: string }>;
  for (const { name } of virtual) await query(`INSERT INTO "${name}"("${name}") VALUES ('rebuild')`);
}

function compareSchemas(file: TableInfo[], db: TableInfo[]): string[] {
  const problems: string[] = [];
  const here = new Map(db.map((t) => [t.name, t]));
  const there = new Set(file.map((t) => t.name));
  for (const t of file) {
    const mine = here.get(t.name);
    if (!mine) problems.push(`table ${t.name} is missing here`);
    else if (mine.columns.join(',') !== t.columns.join(','))
      problems.push(
        `table ${t.name} has columns (${mine.columns.join(', ')}) here and (${t.columns.join(', ')}) in the file`,
      );
  }
  for (const t of db) if (!there.has(t.name)) problems.push(`table ${t.name} is not in the file`);
  return problems;
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function describe(file: string[], code: string[]): string {
  const extra = file.filter((m) => !code.includes(m));
  const missing = code.filter((m) => !file.includes(m));
  const parts = [];
  if (extra.length) parts.push(`migrations this version does not know (${extra.join(', ')})`);
  if (missing.length) parts.push(`not run ${missing.join(', ')}`);
  return parts.join(' and ') || 'its migrations in another order';
}
