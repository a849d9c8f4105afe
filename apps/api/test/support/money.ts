import type { DataSource } from 'typeorm';
import type { TestApp } from './test-app';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const signed = (currency: 'NGN' | 'USD') =>
  `(SELECT COALESCE(SUM(CASE WHEN l.direction = 'credit' THEN l.amount_minor ELSE -l.amount_minor END), 0)
      FROM wallet_ledger l WHERE l.user_id = w.user_id AND l.currency = '${currency}' AND l.status = 'completed')`;

/**
 * Wallets whose balance differs from the sum of their completed ledger entries (credits minus debits), per currency,
 * plus completed entries of users without a wallet, and negative balances: asserted in SQL, so an empty answer means
 * every balance is exactly its ledger.
 */
export async function ledgerDrift(db: DataSource): Promise<Array<Record<string, unknown>>> {
  const drift: Array<Record<string, unknown>> = await db.query(
    `SELECT w.user_id AS user_id, w.ngn_minor AS ngn, ${signed('NGN')} AS ngn_ledger, w.usd_minor AS usd, ${signed('USD')} AS usd_ledger
       FROM wallets w
      WHERE w.ngn_minor <> ${signed('NGN')} OR w.usd_minor <> ${signed('USD')} OR w.ngn_minor < 0 OR w.usd_minor < 0`,
  );
  const orphans: Array<Record<string, unknown>> = await db.query(
    `SELECT l.user_id AS user_id, COUNT(*) AS entries FROM wallet_ledger l
      WHERE l.status = 'completed' AND NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = l.user_id)
      GROUP BY l.user_id`,
  );
  return [...drift, ...orphans.map((o) => ({ ...o, problem: 'completed entries without a wallet' }))];
}

export async function balances(db: DataSource, userId: number): Promise<{ ngn: number; usd: number }> {
  const rows: Array<{ ngn: unknown; usd: unknown }> = await db.query(
    'SELECT ngn_minor AS ngn, usd_minor AS usd FROM wallets WHERE user_id = ?',
    [userId],
  );
  return { ngn: Number(rows[0]?.ngn ?? 0), usd: Number(rows[0]?.usd ?? 0) };
}

export async function countRows(db: DataSource, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query(sql, params);
  return Number(Object.values(row as Record<string, unknown>)[0]);
}

/** Credits a wallet through the admin adjustment API (a completed ledger entry). */
export async function creditWallet(
  t: TestApp,
  adminToken: string,
  userId: number,
  amount: string,
  currency: 'NGN' | 'USD' = 'NGN',
): Promise<void> {
  await t
    .http()
    .post(`/api/v1/wallets/${userId}/adjustments`)
    .set(bearer(adminToken))
    .send({ amount, currency, direction: 'credit', reason: 'Test top-up' })
    .expect(201);
}

/** The cargo rates most suites price with: $8.50 per kg (air), $0.01 per cubic metre unit (sea). */
export async function setCargoRates(t: TestApp, adminToken: string): Promise<void> {
  await t
    .http()
    .put('/api/v1/logistics-settings')
    .set(bearer(adminToken))
    .send({ cost_per_cmb3: 0.01, cost_per_kg: 8.5 })
    .expect(200);
}

/** The user's notifications' titles, newest first. */
export async function notificationTitles(db: DataSource, userId: number): Promise<string[]> {
  const rows: Array<{ title: string }> = await db.query(
    'SELECT title FROM notifications WHERE user_id = ? ORDER BY id DESC',
    [userId],
  );
  return rows.map((r) => r.title);
}
