import { expect, test, type Page } from '@playwright/test';
import { MSG, ROLE_LABELS } from '@jara/contracts';
import { api, apiLogin, createVerifiedUser, DEMO, E2E, uniqueEmail } from '../support/env';
import { snap } from '../support/screens';

// The back office journeys (issue items 8-10): login and refusal, the User Manager, dashboard and contact messages.
test.use({ baseURL: E2E.admin });

test.beforeEach(async ({ page }) => {
  // Surface browser-side failures in the test output.
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
  page.on('requestfailed', (request) =>
    console.log(`[browser] request failed ${request.url()} ${request.failure()?.errorText}`),
  );
});

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function loginAsAdmin(page: Page) {
  await login(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** Picks an option in the antd Select whose input has the given accessible name. */
async function choose(page: Page, scope: Page | ReturnType<Page['locator']>, name: string, option: string) {
  // The input sits under the selected value, so click the select itself.
  await scope.locator('.ant-select', { has: page.getByRole('combobox', { name }) }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) })
    .click();
}

/** Closes open toasts so they do not cover the screenshots. */
async function dismissToasts(page: Page) {
  const close = page.locator('.ant-notification-notice-close');
  for (let i = 0; i < 5 && (await close.count()) > 0; i++) {
    // A toast may be closing by itself already; then the click simply finds nothing.
    await close
      .first()
      .click({ timeout: 1000 })
      .catch(() => undefined);
  }
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 8000 });
}

const userRow = (page: Page, email: string) => page.locator('tr.ant-table-row', { hasText: email });

async function searchUsers(page: Page, text: string) {
  const search = page.getByPlaceholder('Search by name or e-mail');
  await search.fill(text);
  await search.press('Enter');
}

test('the login page and a refused customer', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Please sign in to continue')).toBeVisible();
  await snap(page, 'admin-login');

  // Empty fields: the spec's validation messages.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(MSG.auth.enterEmail)).toBeVisible();
  await expect(page.getByText(MSG.auth.enterPassword)).toBeVisible();

  await login(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page.locator('.ant-alert').filter({ hasText: MSG.pages.unauthorized })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('access_token'),
    role: localStorage.getItem('role'),
  }));
  expect(stored).toEqual({ token: null, role: null });

  // A wrong password shows the server's message.
  await login(page, DEMO.admin.email, 'not-the-password');
  await expect(page.locator('.ant-alert').filter({ hasText: MSG.auth.invalidCredentials })).toBeVisible();
  await snap(page, 'admin-login-refused');
});

test('admin signs in, sees the dashboard and signs out', async ({ page }) => {
  await loginAsAdmin(page);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('access_token'),
    role: localStorage.getItem('role'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.role).toBe('admin');
  const users = page.locator('.ant-statistic', { hasText: 'Users' }).first();
  await expect(users.locator('.ant-statistic-content-value')).toHaveText(/^\d+$/);
  await dismissToasts(page);
  await snap(page, 'admin-dashboard');

  // The session survives a reload, and a bad token sends you back to the login page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('access_token', 'not-a-token'));
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login/);
});

test('the user manager searches, filters, edits a role and shows it after a reload', async ({ page }) => {
  const target = await createVerifiedUser('admin-edit');
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Manage Users' }).first().click();
  await expect(page.getByRole('heading', { name: 'User Manager' })).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(10);
  await dismissToasts(page);
  await snap(page, 'admin-users');

  // 10 rows per page with Prev/Next; page 2 holds other accounts than page 1.
  await expect(page.getByRole('button', { name: 'Prev' })).toBeDisabled();
  const firstKey = await page.locator('tr.ant-table-row').first().getAttribute('data-row-key');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(page.locator(`tr[data-row-key="${firstKey}"]`)).toHaveCount(0);
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Prev' }).click();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

  // Role filter.
  await choose(page, page, 'Filter by role', ROLE_LABELS.vendor);
  await expect(userRow(page, DEMO.vendor.email)).toBeVisible();
  await expect(userRow(page, DEMO.customer.email)).toHaveCount(0);
  await expect(userRow(page, DEMO.admin.email)).toHaveCount(0);
  await choose(page, page, 'Filter by role', ROLE_LABELS.admin);
  await expect(userRow(page, DEMO.admin.email)).toBeVisible();
  await expect(userRow(page, DEMO.vendor.email)).toHaveCount(0);
  // Back to every role: a full page with other roles than Admin again (the journeys before this one add users whose
  // names sort before the demo customer's, so no particular account is promised on page 1).
  await choose(page, page, 'Filter by role', 'All roles');
  await expect(page.locator('tr.ant-table-row')).toHaveCount(10);
  await expect(page.locator('tr.ant-table-row').filter({ hasNotText: ROLE_LABELS.admin }).first()).toBeVisible();

  // Search by e-mail, then by name.
  await searchUsers(page, target.email);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  // While editing, the e-mail is inside an input, so keep hold of the row by its key.
  const rowKey = await userRow(page, target.email).getAttribute('data-row-key');
  const row = page.locator(`tr[data-row-key="${rowKey}"]`);
  await expect(row).toContainText(ROLE_LABELS.customer);
  await expect(row).toContainText('Nill');
  await searchUsers(page, DEMO.vendor.name);
  await expect(userRow(page, DEMO.vendor.email)).toBeVisible();
  await expect(userRow(page, DEMO.admin.email)).toHaveCount(0);

  // Inline edit: a bad e-mail is refused under the field with AdminUpdateUserDto's message (the API's own 422
  // wording, checked in the browser before any request), then a role change is saved.
  await searchUsers(page, target.email);
  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByRole('textbox', { name: 'Name' }).fill('Ngozi Okafor');
  await row.getByRole('textbox', { name: 'Phone' }).fill('+2348012345678');
  await row.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.locator('.ant-form-item-explain-error')).toHaveText(MSG.auth.emailInvalid);
  await snap(page, 'admin-user-edit-error');
  await row.getByRole('textbox', { name: 'E-mail' }).fill(target.email);
  await expect(row.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await choose(page, row, 'Role', ROLE_LABELS.vendor);
  await dismissToasts(page);
  await snap(page, 'admin-user-editing');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MSG.users.updated, { exact: true })).toBeVisible();
  await expect(row).toContainText(ROLE_LABELS.vendor);
  await expect(row).toContainText('Ngozi Okafor');

  await page.reload();
  const reloaded = userRow(page, target.email);
  await expect(reloaded).toContainText(ROLE_LABELS.vendor);
  await expect(reloaded).toContainText('+2348012345678');

  // The API agrees.
  const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const list = await api<{ data: Array<{ email: string; role: string; name: string }> }>(
    `/users?q=${encodeURIComponent(target.email)}`,
    { token },
  );
  expect(list.body.data[0]).toMatchObject({ email: target.email, role: 'vendor', name: 'Ngozi Okafor' });
});

test('the user manager sorts by status and deletes with a confirmation', async ({ page }) => {
  const victim = await createVerifiedUser('admin-delete');
  const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const found = await api<{ data: Array<{ id: number }> }>(`/users?q=${encodeURIComponent(victim.email)}`, { token });
  await api(`/users/${found.body.data[0].id}`, { method: 'PUT', token, body: { status: '0' } });

  await loginAsAdmin(page);
  await page.goto('/users');
  await choose(page, page, 'Sort by', 'Sort by: Status');
  await expect(page).toHaveURL(/sorters.*status.*desc/);
  // Status descending: active ('1') users come before the inactive one.
  await searchUsers(page, 'admin-delete');
  const row = userRow(page, victim.email);
  await expect(row).toContainText('0');

  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MSG.users.deleteConfirm)).toBeVisible();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MSG.users.deleted, { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  // Deleting yourself is refused by the API, and its message is shown.
  await searchUsers(page, DEMO.admin.email);
  const self = userRow(page, DEMO.admin.email);
  await self.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MSG.users.deleteFailed, { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.users.cannotDeleteSelf)).toBeVisible();
  await expect(self).toBeVisible();
});

test('contact messages are listed newest first and open in a drawer', async ({ page }) => {
  const older = { full_name: 'Bola Ade', email: uniqueEmail('contact'), message: 'Where is my parcel from Guangzhou?' };
  const newer = {
    full_name: 'Tunde Bakare',
    email: uniqueEmail('contact'),
    message: 'Do you ship to Port Harcourt?\nThanks.',
  };
  expect((await api('/contact-messages', { body: older })).status).toBe(201);
  expect((await api('/contact-messages', { body: newer })).status).toBe(201);

  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Contact Messages' }).first().click();
  await expect(page.getByRole('heading', { name: 'Contact Messages' })).toBeVisible();
  const rows = page.locator('tr.ant-table-row');
  await expect(rows.first()).toContainText(newer.full_name);
  await dismissToasts(page);
  await snap(page, 'admin-contact-messages');

  const search = page.getByPlaceholder('Search name, e-mail or message');
  await search.fill(older.email);
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: 'View' }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer).toContainText(older.message);
  await expect(drawer).toContainText(older.email);
  await snap(page, 'admin-contact-message');
});
