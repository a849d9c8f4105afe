import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { MSG, type LogisticsSettings, type ShippingTitle, type Warehouse } from '@jara/contracts';
import { api, apiLogin, DEMO, E2E } from '../support/env';
import { snap } from '../support/screens';
import { choose, dismissToasts, loginAsAdmin, toast } from '../support/admin';

// The back office logistics screens (issue 11): Manage Locations (2.26), Shipping Management (2.25), warehouses and
// the Logistics Settings rates (2.22, point 5).
test.use({ baseURL: E2E.admin });

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
});

const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });

/** Opens a screen of the sider's Logistics group (expanding the group when it is closed). */
async function openLogistics(page: Page, label: string) {
  const link = page.getByRole('link', { name: label });
  if (!(await link.isVisible())) await page.locator('.ant-menu-submenu-title', { hasText: 'Logistics' }).click();
  await link.click();
  await expect(page.getByRole('heading', { name: label })).toBeVisible();
}

async function confirmDelete(page: Page, rowText: string) {
  await row(page, rowText).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText(MSG.shipping.confirmDelete);
  await confirm.getByRole('button', { name: 'Yes, delete' }).click();
}

test('locations, shipping titles and warehouses: create, edit, status change, delete', async ({ page }) => {
  const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const tag = randomBytes(3).toString('hex');
  const location = `E2E Location ${tag}`;
  const shipping = `E2E Container ${tag}`;
  const warehouse = `E2E Warehouse ${tag}`;
  await loginAsAdmin(page);

  // The Logistics group in the sider.
  await openLogistics(page, 'Manage Locations');
  await expect(page.getByRole('heading', { name: 'Manage Locations' })).toBeVisible();
  for (const header of ['S/N', 'Status', 'Name', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }

  // Location: the name is required; create; search by name.
  const locForm = page.locator('form[aria-label="Add location"]');
  await locForm.getByRole('button', { name: 'Create location' }).click();
  await expect(locForm.locator('.ant-form-item-explain-error')).toHaveText(MSG.locations.nameRequired);
  await locForm.getByLabel('Name').fill(location);
  await locForm.getByRole('button', { name: 'Create location' }).click();
  await expect(toast(page, MSG.deliveries.created).first()).toBeVisible();
  await expect(row(page, location).locator('.ant-tag')).toHaveText('Active');
  const search = page.getByPlaceholder('Search locations by name');
  await search.fill(location);
  await search.press('Enter');
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await dismissToasts(page);
  await snap(page, 'admin-locations');

  // Edit: inactive, then back to active.
  await row(page, location).getByRole('button', { name: 'Edit' }).click();
  const editLoc = page.locator('form[aria-label="Edit location"]');
  await expect(editLoc.getByLabel('Name')).toHaveValue(location);
  await choose(page, editLoc, 'Status', 'Inactive');
  await dismissToasts(page);
  await snap(page, 'admin-locations-edit');
  await editLoc.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, MSG.deliveries.updated).first()).toBeVisible();
  await expect(row(page, location).locator('.ant-tag')).toHaveText('Inactive');
  await row(page, location).getByRole('button', { name: 'Edit' }).click();
  await choose(page, page.locator('form[aria-label="Edit location"]'), 'Status', 'Active');
  await page.locator('form[aria-label="Edit location"]').getByRole('button', { name: 'Save changes' }).click();
  await expect(row(page, location).locator('.ant-tag')).toHaveText('Active');
  await dismissToasts(page);

  // Shipping Management: 'Please fill all fields' without name and location; then create one.
  await openLogistics(page, 'Shipping Management');
  await expect(page.getByRole('heading', { name: 'Shipping Management' })).toBeVisible();
  for (const header of ['ID', 'Name', 'Location', 'Type', 'Status', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const shipForm = page.locator('form[aria-label="Add shipping title"]');
  await shipForm.getByRole('button', { name: 'Create shipping title' }).click();
  await expect(toast(page, MSG.shipping.fillAllFields)).toBeVisible();
  await expect(shipForm.locator('.ant-form-item-explain-error').first()).toHaveText(MSG.shipping.fillAllFields);
  await dismissToasts(page);
  await snap(page, 'admin-shipping-error');
  await shipForm.getByLabel('Name').fill(shipping);
  await choose(page, shipForm, 'Location', location);
  await choose(page, shipForm, 'Type', 'Air Cargo');
  await shipForm.getByRole('button', { name: 'Create shipping title' }).click();
  await expect(toast(page, MSG.deliveries.created).first()).toBeVisible();
  await expect(row(page, shipping)).toContainText(location);
  await expect(row(page, shipping)).toContainText('Air Cargo');
  await expect(row(page, shipping).locator('.ant-select')).toContainText('Loading');

  // The status dropdown sends PUT {status}.
  await dismissToasts(page);
  await choose(page, row(page, shipping), `Status of ${shipping}`, 'Transit');
  // Confirmed first, with what it moves: an empty title moves no parcel (issue 22).
  await page
    .getByRole('dialog')
    .filter({ hasText: `Change ${shipping} to Transit?` })
    .getByRole('button', { name: MSG.shipping.moveConfirm })
    .click();
  await expect(toast(page, MSG.deliveries.updated).first()).toBeVisible();
  const found = await api<{ data: ShippingTitle[] }>(`/shippings?q=${encodeURIComponent(shipping)}`, { token });
  const title = found.body.data.find((s) => s.name === shipping);
  expect(title?.status).toBe(2);
  await page.getByPlaceholder('Search Shipping Titles...').fill(shipping);
  await page.getByPlaceholder('Search Shipping Titles...').press('Enter');
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await dismissToasts(page);
  await snap(page, 'admin-shipping');

  // A location in use cannot be deleted: the API's 409 message.
  await openLogistics(page, 'Manage Locations');
  await expect(row(page, location)).toBeVisible();
  await confirmDelete(page, location);
  await expect(toast(page, MSG.locations.inUse)).toBeVisible();
  await expect(row(page, location)).toBeVisible();
  await dismissToasts(page);

  // Shipping edit (name and status), then delete.
  await openLogistics(page, 'Shipping Management');
  await row(page, shipping).getByRole('button', { name: 'Edit' }).click();
  const editShip = page.locator('form[aria-label="Edit shipping title"]');
  await expect(editShip.getByLabel('Name')).toHaveValue(shipping);
  await editShip.getByLabel('Name').fill(`${shipping} edited`);
  await choose(page, editShip, 'Status', 'Arrived');
  await dismissToasts(page);
  await snap(page, 'admin-shipping-edit');
  await editShip.getByRole('button', { name: 'Save changes' }).click();
  // A status change from the edit form is confirmed too (issue 22).
  await page.getByRole('dialog').getByRole('button', { name: MSG.shipping.moveConfirm }).click();
  await expect(toast(page, MSG.deliveries.updated).first()).toBeVisible();
  await expect(row(page, `${shipping} edited`).locator('.ant-select')).toContainText('Arrived');
  await confirmDelete(page, `${shipping} edited`);
  await expect(toast(page, MSG.deliveries.deleted).first()).toBeVisible();
  await expect(row(page, `${shipping} edited`)).toHaveCount(0);
  await dismissToasts(page);

  // Warehouses: create, edit, delete.
  await openLogistics(page, 'Warehouses');
  await expect(page.getByRole('heading', { name: 'Warehouses' })).toBeVisible();
  const whForm = page.locator('form[aria-label="Add warehouse"]');
  await whForm.getByLabel('Name').fill(warehouse);
  await choose(page, whForm, 'Location', location);
  await choose(page, whForm, 'Type', 'Local');
  await whForm.getByLabel('Address').fill('12 Harbour Road, Apapa');
  await whForm.getByLabel('Contact').fill('+234 800 000 0000');
  await whForm.getByRole('button', { name: 'Create warehouse' }).click();
  await expect(toast(page, MSG.deliveries.created).first()).toBeVisible();
  await expect(row(page, warehouse)).toContainText(location);
  await expect(row(page, warehouse)).toContainText('Local');
  await expect(row(page, warehouse)).toContainText('12 Harbour Road, Apapa');
  await dismissToasts(page);
  await snap(page, 'admin-warehouses');
  await row(page, warehouse).getByRole('button', { name: 'Edit' }).click();
  const editWh = page.locator('form[aria-label="Edit warehouse"]');
  await expect(editWh.getByLabel('Name')).toHaveValue(warehouse);
  await editWh.getByLabel('Contact').fill('+234 811 111 1111');
  await editWh.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, MSG.deliveries.updated).first()).toBeVisible();
  await expect(row(page, warehouse)).toContainText('+234 811 111 1111');
  const wh = await api<{ data: Warehouse[] }>(`/warehouses?q=${encodeURIComponent(warehouse)}`, { token });
  expect(wh.body.data.find((w) => w.name === warehouse)?.type).toBe('local');
  await confirmDelete(page, warehouse);
  await expect(toast(page, MSG.deliveries.deleted).first()).toBeVisible();
  await expect(row(page, warehouse)).toHaveCount(0);
  await dismissToasts(page);

  // Now unused, the location goes.
  await openLogistics(page, 'Manage Locations');
  await confirmDelete(page, location);
  await expect(toast(page, MSG.deliveries.deleted).first()).toBeVisible();
  await expect(row(page, location)).toHaveCount(0);
});

test('logistics settings: both rates checked and saved', async ({ page }) => {
  const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const before = await api<{ data: LogisticsSettings }>('/logistics-settings');
  expect(before.status).toBe(200);
  await loginAsAdmin(page);
  try {
    await openLogistics(page, 'Logistics Settings');
    await expect(page.getByRole('heading', { name: 'Logistics Settings' })).toBeVisible();
    const sea = page.getByLabel('Cost per cubic centimetre (Sea Cargo, $)');
    const air = page.getByLabel('Cost per kilogram (Air Cargo, $)');
    await expect(sea).toHaveValue(Number(before.body.data.cost_per_cmb3).toFixed(2));
    await expect(air).toHaveValue(Number(before.body.data.cost_per_kg).toFixed(2));

    await sea.fill('-1');
    await air.fill('');
    await page.getByRole('button', { name: 'Save rates' }).click();
    await expect(page.locator('.ant-form-item', { has: sea }).locator('.ant-form-item-explain-error')).toHaveText(
      MSG.logisticsSettings.negative,
    );
    await expect(page.locator('.ant-form-item', { has: air }).locator('.ant-form-item-explain-error')).toHaveText(
      MSG.logisticsSettings.invalidNumbers,
    );
    await dismissToasts(page);
    await snap(page, 'admin-logistics-settings-error');

    await sea.fill('0.05');
    await air.fill('7.25');
    await page.getByRole('button', { name: 'Save rates' }).click();
    await expect(toast(page, MSG.logisticsSettings.updated)).toBeVisible();
    const saved = await api<{ data: LogisticsSettings }>('/logistics-settings');
    expect(Number(saved.body.data.cost_per_cmb3)).toBe(0.05);
    expect(Number(saved.body.data.cost_per_kg)).toBe(7.25);
    await dismissToasts(page);
    await snap(page, 'admin-logistics-settings');
  } finally {
    await api('/logistics-settings', {
      method: 'PUT',
      token,
      body: { cost_per_cmb3: before.body.data.cost_per_cmb3, cost_per_kg: before.body.data.cost_per_kg },
    });
  }
});
