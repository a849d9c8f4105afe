import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { MSG, type AuditLogEntry, type Category } from '@jara/contracts';
import { api, apiLogin, DEMO, E2E } from '../support/env';
import { snap } from '../support/screens';
import { adminLogin, dismissToasts, toast } from '../support/admin';

// The back office's audit log (issue 14 item 8, decision 019): an admin changes a category in the back office, then
// finds that change in the read-only Audit log (filters by record type and action) with who made it and the name
// before and after.
test.use({ baseURL: E2E.admin });

// The machines that run these share two cores among several builds: give each check room.
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
});

const row = (scope: Page | Locator, text: string) => scope.locator('tr.ant-table-row', { hasText: text });

test('an admin renames a category and sees the change, before and after, in the Audit log', async ({ page }) => {
  test.setTimeout(240_000);
  const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const name = `Audit Category ${randomBytes(3).toString('hex')}`;
  const created = await api<{ data: Category }>('/categories', { method: 'POST', token, body: { name, status: 1 } });
  expect(created.status).toBe(201);
  const category = created.body.data;

  // The change, made in the back office's category screen.
  // The first visit loads the back office's chunks (slow on a busy machine); the sign-in then finds them cached.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible({ timeout: 60_000 });
  await adminLogin(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByRole('menu').getByRole('link', { name: 'Audit log', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('menu').getByRole('link', { name: 'Categories', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Category Management' })).toBeVisible();
  await row(page, name).getByRole('button', { name: 'Edit' }).click();
  const form = page.locator('form');
  await expect(form.getByLabel('Name')).toHaveValue(name);
  await form.getByLabel('Name').fill(`${name} renamed`);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, MSG.categories.updated)).toBeVisible();
  await dismissToasts(page);

  // The API has the entry (and nothing lets anyone change it).
  const logged = await api<{ data: AuditLogEntry[] }>(
    `/audit-logs?entity_type=category&entity_id=${category.id}&action=category.update`,
    { token },
  );
  expect(logged.status).toBe(200);
  expect(logged.body.data[0]).toMatchObject({
    actor: { email: DEMO.admin.email, role: 'admin' },
    before: { name },
    after: { name: `${name} renamed` },
  });
  expect((await api(`/audit-logs/${logged.body.data[0].id}`, { method: 'DELETE', token })).status).toBe(404);

  // The Audit log in the sider: newest first, the change on top once filtered.
  await page.getByRole('menu').getByRole('link', { name: 'Audit log', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', exact: true })).toBeVisible();
  for (const header of ['When', 'Admin', 'Action', 'Record', 'Changed fields', 'Details']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  // In words (issue 22): the action's label, the record by its own name, never a raw code.
  await expect(page.locator('tr.ant-table-row').first()).toContainText('Updated a category');
  await expect(page.locator('tr.ant-table-row').first()).not.toContainText('category.update');
  await snap(page, 'admin-audit-log');

  await page.getByRole('combobox', { name: 'Filter by action' }).fill('Updated a category');
  await page.locator('.ant-select-item-option', { hasText: 'Updated a category' }).first().click();
  await expect(page).toHaveURL(/action/);
  const entry = row(page, `Category ${name} renamed`);
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(DEMO.admin.email);
  await expect(entry.locator('.ant-tag', { hasText: 'Name' })).toBeVisible();
  // Every row on the filtered page is a category.update.
  for (const text of await page.locator('tr.ant-table-row td:nth-child(3)').allTextContents())
    expect(text).toBe('Updated a category');

  // The detail drawer: who, what, and the name before and after.
  await entry.getByRole('button', { name: /View audit entry/ }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByText(`Audit entry #${logged.body.data[0].id}`)).toBeVisible();
  await expect(drawer).toContainText(DEMO.admin.email);
  // The back office saves through the stock simple-rest provider: a PATCH on the plain-record path (decision 033).
  await expect(drawer).toContainText(`PATCH /api/v1/simple-rest/categories/${category.id}`);
  const changes = drawer.getByTestId('audit-changes');
  const nameRow = changes.locator('tr', { has: page.getByRole('cell', { name: 'Name', exact: true }) });
  await expect(nameRow.locator('td').nth(1)).toHaveText(name);
  await expect(nameRow.locator('td').nth(2)).toHaveText(`${name} renamed`);
  await snap(page, 'admin-audit-entry');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await api(`/categories/${category.id}`, { method: 'DELETE', token });
});
