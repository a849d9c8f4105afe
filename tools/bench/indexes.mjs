// Indexes the baseline's queries need. A case lists them as 'table(col, col DESC)' or 'fulltext table(col)';
// one the API's migrations already provide is used as is; a missing one is created in the bench database
// (named bench_*), and the report says so: the API then benefits from it too, until a migration adds it.
import { indexColumns } from './db.mjs';

export function parseIndex(spec) {
  const match = /^(fulltext\s+)?(\w+)\s*\(([^)]+)\)$/i.exec(spec.trim());
  if (!match) throw new Error(`Bad index spec "${spec}": use table(col, col DESC) or fulltext table(col)`);
  const columns = match[3].split(',').map((c) => {
    const [name, dir] = c.trim().split(/\s+/);
    return { name, desc: /^desc$/i.test(dir ?? '') };
  });
  const fulltext = !!match[1];
  const table = match[2];
  const name = fulltext ? `bench_${table}_fts` : `bench_${table}_${columns.map((c) => c.name).join('_')}`.slice(0, 64);
  return { spec, table, columns, fulltext, name };
}

/** Column list without a trailing id: InnoDB and SQLite end every secondary index with the primary key. */
const key = (names) => (names.at(-1) === 'id' ? names.slice(0, -1) : names).join(',');

/** SQLite: names of FTS5 tables over the table (external content), migrations' first. */
async function fts5Tables(db, table) {
  const rows = await db.all(
    `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`,
  );
  return rows
    .filter((r) => /using\s+fts5/i.test(r.sql) && new RegExp(`content\\s*=\\s*'"?${table}"?'`, 'i').test(r.sql))
    .map((r) => r.name)
    .sort((a, b) => Number(a.startsWith('bench_')) - Number(b.startsWith('bench_')));
}

/** The indexes serving `index`: [from the migrations...] then [added by the harness...]. */
async function findExisting(db, index) {
  const found = [];
  if (index.fulltext && db.dialect === 'sqlite') {
    found.push(...(await fts5Tables(db, index.table)));
  } else {
    const want = index.fulltext ? index.columns.map((c) => c.name).join(',') : key(index.columns.map((c) => c.name));
    for (const [name, info] of await indexColumns(db, index.table)) {
      if (info.fulltext !== index.fulltext) continue;
      if ((index.fulltext ? info.columns.join(',') : key(info.columns)) === want) found.push(name);
    }
  }
  return {
    migrations: found.filter((n) => !n.startsWith('bench_')),
    harness: found.filter((n) => n.startsWith('bench_')),
  };
}

async function drop(db, index, name) {
  if (index.fulltext && db.dialect === 'sqlite') await db.exec(`DROP TABLE ${name}`);
  else if (db.dialect === 'sqlite') await db.exec(`DROP INDEX ${name}`);
  else await db.exec(`DROP INDEX ${name} ON ${index.table}`);
}

async function create(db, index) {
  if (index.fulltext && db.dialect === 'sqlite') {
    const cols = index.columns.map((c) => c.name).join(', ');
    await db.exec(
      `CREATE VIRTUAL TABLE ${index.name} USING fts5(${cols}, content='${index.table}', content_rowid='id')`,
    );
    await db.exec(`INSERT INTO ${index.name}(${index.name}) VALUES('rebuild')`);
    return;
  }
  if (index.fulltext) {
    await db.exec(
      `CREATE FULLTEXT INDEX ${index.name} ON ${index.table} (${index.columns.map((c) => c.name).join(', ')})`,
    );
    return;
  }
  const cols = index.columns.map((c) => `${c.name}${c.desc ? ' DESC' : ''}`).join(', ');
  await db.exec(`CREATE INDEX ${index.name} ON ${index.table} (${cols})`);
}

/**
 * Makes sure every index the cases need exists. Returns one entry per index: the name in use and where it
 * comes from ('migrations', or 'harness' when the harness added it, now or on an earlier run). An index the
 * harness added earlier is dropped once a migration provides the same one.
 */
export async function ensureIndexes(db, cases, log = console.log, allCases = cases) {
  const specs = [...new Set(cases.flatMap((c) => c.indexes ?? []))].map(parseIndex);
  const out = [];
  let changed = false;
  // Indexes an earlier run added for a case that no longer needs them are dropped.
  const declared = new Set(allCases.flatMap((c) => c.indexes ?? []).map((spec) => parseIndex(spec).name));
  for (const table of new Set(allCases.flatMap((c) => c.indexes ?? []).map((spec) => parseIndex(spec).table))) {
    const stale = [...(await indexColumns(db, table)).keys()].filter((n) => n.startsWith('bench_') && !declared.has(n));
    for (const name of stale) {
      await drop(db, { table, fulltext: false }, name);
      changed = true;
      log(`  dropped ${name}: no case needs it any more`);
    }
  }
  for (const index of specs) {
    const existing = await findExisting(db, index);
    let name = existing.migrations[0] ?? existing.harness[0];
    if (existing.migrations.length) {
      for (const extra of existing.harness) {
        await drop(db, index, extra);
        changed = true;
        log(`  dropped ${extra}: the migrations now provide ${index.spec} (${existing.migrations[0]})`);
      }
    } else if (!name) {
      const started = performance.now();
      await create(db, index);
      changed = true;
      name = index.name;
      log(
        `  created ${index.spec} as ${index.name} for the baseline (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
    out.push({
      spec: index.spec,
      name,
      origin: existing.migrations.length ? 'migrations' : 'harness',
      fulltext: index.fulltext,
    });
  }
  if (changed) {
    if (db.dialect === 'sqlite') await db.exec('ANALYZE');
    else for (const table of new Set(specs.map((s) => s.table))) await db.exec(`ANALYZE TABLE ${table}`);
  }
  return out;
}
