import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataSource, loadConfig } from '#api-maintenance';
import { runCli } from './cli';
import { createCliTestDatabase, type CliTestDatabase } from './testing/test-database';

/**
 * `npm run cli -- reconcile` (decision 026): exit 0 when the books agree, 1 with the finding printed when one
 * invariant is broken (here a wallet balance changed without a ledger entry), --json for machines.
 */
describe('jara CLI reconcile', () => {
  let dir: string;
  let database: CliTestDatabase;
  let env: Record<string, string>;
  let out: string[];
  let err: string[];
  const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
  const cli = (...argv: string[]) => runCli(argv, env, io);
  const sql = async (query: string, params: unknown[] = []) => {
    const db = createDataSource(loadConfig(env));
    await db.initialize();
    try {
      return (await db.query(query, params)) as Array<Record<string, unknown>>;
    } finally {
      await db.destroy();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jara-reconcile-'));
    database = await createCliTestDatabase(join(dir, 'reconcile.sqlite'));
    env = { DATA_DIR: dir, DATABASE_URL: database.url };
    out = [];
    err = [];
    expect(await cli('migrate')).toBe(0);
    expect(await cli('create-admin', '--email', 'books@ops.test', '--password', 'long-enough-1')).toBe(0);
  });
  beforeEach(() => {
    out = [];
    err = [];
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the demo shop reconciles: seeded orders, card payments, returns and parcel fees leave books that agree', async () => {
    const seeded = await createCliTestDatabase(join(dir, 'seeded.sqlite'));
    const seededEnv = { DATA_DIR: dir, DATABASE_URL: seeded.url };
    try {
      expect(await runCli(['migrate'], seededEnv, io)).toBe(0);
      expect(await runCli(['seed'], seededEnv, io)).toBe(0);
      out = [];
      expect(await runCli(['reconcile'], seededEnv, io)).toBe(0);
      expect(out.at(-1)).toMatch(/^Reconciled: the books agree\. Checked \d+ wallets, \d+ invoices, [1-9]\d* orders/);
    } finally {
      await seeded.drop();
    }
  });

  it('exits 0 on agreeing books, and 1 naming the wallet whose balance has no ledger behind it', async () => {
    expect(await cli('reconcile')).toBe(0);
    expect(out.at(-1)).toMatch(/^Reconciled: the books agree\. Checked /);

    const [admin] = await sql('SELECT id FROM users WHERE email = ?', ['books@ops.test']);
    const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
    await sql('INSERT INTO wallets (created_at, updated_at, user_id, usd_minor, ngn_minor) VALUES (?, ?, ?, 0, 5000)', [
      now,
      now,
      admin.id,
    ]);
    expect(await cli('reconcile')).toBe(1);
    const text = out.join('\n');
    expect(text).toMatch(
      /ERROR wallet_balance_mismatch wallet #\d+ user \d+: .*\(expected 0, found 5000 NGN minor units\)/,
    );
    expect(text).toContain('1 finding(s): the books do not agree.');

    out = [];
    expect(await cli('reconcile', '--json')).toBe(1);
    const report = JSON.parse(out.join('\n'));
    expect(report.findings).toEqual([
      expect.objectContaining({
        code: 'wallet_balance_mismatch',
        entity: 'wallet',
        expected_minor: 0,
        actual_minor: 5000,
      }),
    ]);
    expect(report.checked).toMatchObject({ wallets: 1, orders: 0 });

    await sql('UPDATE wallets SET ngn_minor = 0 WHERE user_id = ?', [admin.id]);
    out = [];
    expect(await cli('reconcile', '--json')).toBe(0);
    expect(JSON.parse(out.join('\n')).findings).toEqual([]);
  });

  it('refuses a bad --at with exit 2', async () => {
    expect(await cli('reconcile', '--at', 'yesterday')).toBe(2);
    expect(err.join('\n')).toContain('--at must be an ISO date-time');
  });
});
