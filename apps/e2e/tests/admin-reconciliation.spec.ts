import { expect as baseExpect, test } from '@playwright/test';
import type { ReconciliationReport } from '@jara/contracts';
import { api, apiLogin, DEMO, E2E } from '../support/env';
import { snap } from '../support/screens';
import { adminLogin, dismissToasts } from '../support/admin';

// The back office's Reconciliation page (issue 21, decision 026): an admin opens it from the sider and reads the
// same answer as GET /admin/reconciliation: the books agree, or each finding with its record, amounts and what to do.
test.use({ baseURL: E2E.admin });

const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
});

test('an admin reads the reconciliation: the summary and every finding the API reports', async ({ page }) => {
  test.setTimeout(240_000);
  const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const answer = await api<{ data: ReconciliationReport }>('/admin/reconciliation', { token });
  expect(answer.status).toBe(200);
  const report = answer.body.data;
  const errors = report.findings.filter((f) => f.severity === 'error');

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible({ timeout: 60_000 });
  await adminLogin(page, DEMO.admin.email, DEMO.admin.password);
  await dismissToasts(page);
  await page.getByRole('menu').getByRole('link', { name: 'Reconciliation', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reconciliation', exact: true })).toBeVisible();
  for (const header of ['Severity', 'Finding', 'Record', 'Expected / found'])
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  await expect(page.getByText('Rows read')).toBeVisible();
  await expect(page.getByText(`${report.checked.orders} orders`, { exact: false })).toBeVisible();
  if (errors.length) {
    await expect(page.getByText(`${errors.length} finding(s) to fix`)).toBeVisible();
    const first = errors[0];
    await expect(page.locator('tr.ant-table-row', { hasText: `#${first.id}` }).first()).toBeVisible();
  } else {
    await expect(page.getByText('The books agree')).toBeVisible();
  }
  await expect(page.locator('tr.ant-table-row')).toHaveCount(Math.min(report.findings.length, 20));
  await snap(page, 'admin-reconciliation');

  // Run again asks the API again (read only: the same answer).
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByRole('heading', { name: 'Reconciliation', exact: true })).toBeVisible();
});
