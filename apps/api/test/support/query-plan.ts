import type { DataSource, Logger } from 'typeorm';
import type { TestApp } from './test-app';

/** One SQL statement as TypeORM sent it to the database. */
export interface Statement {
  sql: string;
  parameters: unknown[];
}

/** Every statement the data source runs while `fn` runs (TypeORM hands each one to the data source's logger). */
/**
 * The data sources of every instance that shares a test app's database (two in the scale-out run), keyed by the
 * first: statements are captured wherever the request landed.
 */
export const SIBLING_DATA_SOURCES = new WeakMap<DataSource, DataSource[]>();

export async function captureStatements(db: DataSource, fn: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const noop = () => undefined;
  const all = SIBLING_DATA_SOURCES.get(db) ?? [db];
  const holders = all.map((each) => each as unknown as { logger: Logger });
  const originals = holders.map((holder) => holder.logger);
  for (const holder of holders)
    holder.logger = {
      logQuery: (sql: string, parameters?: unknown[]) => void statements.push({ sql, parameters: parameters ?? [] }),
      logQueryError: noop,
      logQuerySlow: noop,
      logSchemaBuild: noop,
      logMigration: noop,
      log: noop,
    };
  try {
    await fn();
  } finally {
    holders.forEach((holder, i) => (holder.logger = originals[i]));
  }
  return statements;
}

export function isMysqlDb(db: DataSource): boolean {
  return db.options.type === 'mysql' || db.options.type === 'mariadb';
}

/** The plan of a statement, one readable line per step (SQLite: EXPLAIN QUERY PLAN; MySQL/MariaDB: EXPLAIN). */
export async function explain(db: DataSource, statement: Statement): Promise<string[]> {
  if (isMysqlDb(db)) {
    const rows: Array<Record<string, unknown>> = await db.query(`EXPLAIN ${statement.sql}`, statement.parameters);
    return rows.map((r) => `table=${r.table} type=${r.type} key=${r.key ?? '-'} rows=${r.rows} extra=${r.Extra ?? ''}`);
  }
  const rows: Array<{ detail: string }> = await db.query(`EXPLAIN QUERY PLAN ${statement.sql}`, statement.parameters);
  return rows.map((r) => r.detail);
}

export interface PlanExpectation {
  /** The table the list reads (its alias in the statement is found from the FROM clause). */
  table: string;
  /** An ORDER BY that needs a sort is allowed (a relevance-ranked search sorts its matches). */
  allowSort?: boolean;
  /**
   * The page walks the table in primary-key order (an unfiltered `_sort=id`): SQLite reports the walk of the table's
   * own b-tree, which stops at the LIMIT, as 'SCAN <alias>'; allowed then (a sort is still a problem).
   */
  primaryKeyWalk?: boolean;
  /** SQLite: a line that must appear (e.g. the FTS5 table); MySQL/MariaDB: the access type of the table (e.g. 'fulltext'). */
  mustUse?: { sqlite?: RegExp; mysql?: RegExp };
}

/**
 * What is wrong with a plan for one page of a list: the ORDER BY needs a sort (SQLite 'USE TEMP B-TREE FOR
 * ORDER BY' and its partial forms, MySQL 'Using filesort'), or the table is read in full (SQLite 'SCAN <alias>'
 * without an index, MySQL type ALL). Empty when the database reads just one page through an index.
 */
export function planProblems(mysql: boolean, alias: string, plan: string[], expectation: PlanExpectation): string[] {
  const problems: string[] = [];
  if (mysql) {
    const own = plan.filter((line) => line.startsWith(`table=${alias} `));
    if (!own.length) problems.push(`no step reads ${alias}`);
    if (own.some((line) => / type=ALL /.test(line))) problems.push(`full table scan of ${expectation.table}`);
    if (!expectation.allowSort && plan.some((line) => /Using filesort|Using temporary/.test(line)))
      problems.push('sorts the rows (filesort)');
    if (expectation.mustUse?.mysql && !own.some((line) => expectation.mustUse?.mysql?.test(line)))
      problems.push(`does not use ${expectation.mustUse.mysql}`);
  } else {
    if (!expectation.primaryKeyWalk && plan.some((line) => new RegExp(`^SCAN ${alias}$`).test(line)))
      problems.push(`full table scan of ${expectation.table}`);
    if (
      !expectation.allowSort &&
      plan.some((line) => /USE TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY|LAST TERM OF ORDER BY)/.test(line))
    ) {
      problems.push('sorts the rows (temp B-tree)');
    }
    if (expectation.mustUse?.sqlite && !plan.some((line) => expectation.mustUse?.sqlite?.test(line)))
      problems.push(`does not use ${expectation.mustUse.sqlite}`);
  }
  return problems;
}

/** The alias a statement gives `table` in its FROM clause ("products" "p", `products` `p`). */
export function aliasOf(sql: string, table: string): string {
  const match = new RegExp(`FROM\\s+["\`]?${table}["\`]?\\s+(?:AS\\s+)?["\`]?(\\w+)["\`]?`, 'i').exec(sql);
  return match ? match[1] : table;
}

/** The statement that reads one page of `table` (ORDER BY ... LIMIT), among those a request ran. */
export function pageStatement(statements: Statement[], table: string): Statement {
  const from = new RegExp(`FROM\\s+["\`]?${table}["\`]?\\s`, 'i');
  const pages = statements.filter(
    (s) => /^\s*SELECT/i.test(s.sql) && from.test(s.sql) && /\bORDER BY\b/i.test(s.sql) && /\bLIMIT\b/i.test(s.sql),
  );
  if (pages.length !== 1)
    throw new Error(
      `Expected one page statement on ${table}, found ${pages.length}:\n${statements.map((s) => s.sql).join('\n')}`,
    );
  return pages[0];
}

/** Refreshes the optimiser's statistics, so MySQL/MariaDB choose plans as they would on a real table. */
export async function analyze(db: DataSource, tables: string[]): Promise<void> {
  if (isMysqlDb(db)) await db.query(`ANALYZE TABLE ${tables.map((t) => `\`${t}\``).join(', ')}`);
  else await db.query('ANALYZE');
}

/**
 * Requests a list through the API and checks the plan of the statement that reads its page: one line per
 * list in a test, e.g. `await expectIndexedList(t, '/api/v1/orders?status=1', { table: 'orders' }, token)`.
 * Throws with the SQL and the plan when the database would sort or read the whole table.
 */
export async function expectIndexedList(
  t: TestApp,
  path: string,
  expectation: PlanExpectation,
  token?: string,
): Promise<string[]> {
  const statements = await captureStatements(t.db, async () => {
    const request = t.http().get(path);
    if (token) request.set('Authorization', `Bearer ${token}`);
    const res = await request;
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  });
  const page = pageStatement(statements, expectation.table);
  const plan = await explain(t.db, page);
  const problems = planProblems(isMysqlDb(t.db), aliasOf(page.sql, expectation.table), plan, expectation);
  if (process.env.SHOW_PLANS) console.log(`GET ${path}\n${page.sql}\n  ${plan.join('\n  ')}`);
  if (problems.length) {
    throw new Error(
      `GET ${path}: ${problems.join('; ')}\nSQL: ${page.sql}\nParameters: ${JSON.stringify(page.parameters)}\nPlan:\n  ${plan.join('\n  ')}`,
    );
  }
  return plan;
}
