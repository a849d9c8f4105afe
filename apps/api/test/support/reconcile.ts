import type { ReconciliationFinding, ReconciliationReport } from '@jara/contracts';
import { ReconciliationService, type ReconcileOptions } from '../../src/modules/reconciliation/reconciliation.service';
import type { TestApp } from './test-app';

/** The reconciliation run on the test app's database (what `npm run cli -- reconcile` and GET /admin/reconciliation answer). */
export function reconcile(t: TestApp, options: ReconcileOptions = {}): Promise<ReconciliationReport> {
  return t.app.get(ReconciliationService).run(options);
}

/** The findings of severity error (what makes the CLI exit 1). */
export async function reconciliationErrors(
  t: TestApp,
  options: ReconcileOptions = {},
): Promise<ReconciliationFinding[]> {
  return (await reconcile(t, options)).findings.filter((f) => f.severity === 'error');
}

/**
 * Asserts the books agree: the reconciliation finds nothing of severity error (info findings, such as a card payment
 * credited to the wallet, are allowed). Call it at the end of a suite, before t.close():
 *   afterAll(async () => { await expectReconciled(t); await t.close(); });
 */
export async function expectReconciled(t: TestApp, options: ReconcileOptions = {}): Promise<void> {
  expect(await reconciliationErrors(t, options)).toEqual([]);
}

/**
 * What an admin does with the gateway answers a suite left on purpose (a funding reported at another amount, a
 * reference Jara never issued): resolves each open payment exception through POST /payments/exceptions/{id}/resolve,
 * so the reconciliation that follows must find nothing else. Returns how many were resolved.
 */
export async function resolveOpenPaymentExceptions(t: TestApp, adminToken: string): Promise<number> {
  const open = (await t.db.query('SELECT id FROM payment_exceptions WHERE resolved_at IS NULL ORDER BY id')) as Array<{
    id: unknown;
  }>;
  for (const { id } of open)
    await t
      .http()
      .post(`/api/v1/payments/exceptions/${Number(id)}/resolve`)
      .set({ Authorization: `Bearer ${adminToken}` })
      .expect(200);
  return open.length;
}
