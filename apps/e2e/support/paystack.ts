import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ReconciliationFinding, ReconciliationReport } from '@jara/contracts';
import { api, apiLogin, DEMO } from './env';

/**
 * The second phase of `npm run e2e` (tools/scripts/e2e.mjs, issue 24): the API talks to the local fake Paystack
 * (apps/api/test/support/fake-paystack-server.ts), and these helpers drive the fake's control surface: each call
 * makes the fake build a signed webhook and deliver it to the API, and fails unless the API accepted it.
 */
export const FAKE_PAYSTACK = process.env.E2E_FAKE_PAYSTACK_URL ?? 'http://127.0.0.1:4303';

async function control<T = unknown>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${FAKE_PAYSTACK}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`fake Paystack ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The fake ends a transfer (success, failed or reversed) and delivers transfer.<status> to the API. */
export function finishTransfer(reference: string, status: 'success' | 'failed' | 'reversed') {
  return control<{ delivered: number }>(`/__fake/transfers/${encodeURIComponent(reference)}/${status}`, {});
}

/** The transfers the API asked the fake for (reference, amount in kobo, status). */
export async function fakeTransfers(): Promise<Array<{ reference: string; amount: number; status: string }>> {
  return (await control<{ data: Array<{ reference: string; amount: number; status: string }> }>('/__fake/transfers'))
    .data;
}

export interface FakeRefund {
  id: string;
  /** The Paystack transaction refunded (the card payment's reference). */
  transaction: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  /** Who paid that transaction. */
  email: string | null;
}

/** The refunds the API asked the fake for. */
export async function fakeRefunds(): Promise<FakeRefund[]> {
  return (await control<{ data: FakeRefund[] }>('/__fake/refunds')).data;
}

/** The fake delivers refund.processed / refund.failed for a refund (its id, or the pending one of a transaction). */
export function finishRefund(idOrTransaction: string, outcome: 'processed' | 'failed') {
  return control<{ delivered: number }>(`/__fake/refunds/${encodeURIComponent(idOrTransaction)}/${outcome}`, {});
}

/** A bank transfer of `amountMinor` kobo into a dedicated account: a signed dedicated_nuban charge.success. */
export function transferIntoDedicatedAccount(accountNumber: string, amountMinor: number) {
  return control<{ delivered: number; reference: string }>(`/__fake/dedicated/${accountNumber}/transfer`, {
    amount: amountMinor,
  });
}

const run = promisify(execFile);

/**
 * The jara CLI against the phase's database (the API's own settings, given by e2e.mjs): e.g.
 * `release-sale-credits --at <later>`, the configurable clock of the sale-credit hold.
 */
export async function cli(...args: string[]): Promise<string> {
  const entry = process.env.E2E_CLI_ENTRY ?? join(__dirname, '..', '..', '..', 'dist/server/tools/cli/src/main.js');
  const { stdout } = await run(process.execPath, [entry, ...args], { env: process.env, timeout: 60_000 });
  return stdout;
}

/** GET /admin/reconciliation: the findings of severity error (what `reconcile` exits 1 for). */
export async function reconciliationErrors(): Promise<ReconciliationFinding[]> {
  const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const res = await api<{ data: ReconciliationReport }>('/admin/reconciliation', { token });
  if (res.status !== 200) throw new Error(`reconciliation answered ${res.status}`);
  return res.body.data.findings.filter((f) => f.severity === 'error');
}
