import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  DELIVERY_STATUS,
  MSG,
  formatNaira,
  type Invoice,
  type ListResponse,
  type ShippingTitle,
  type WalletAccount,
} from '@jara/contracts';
import { api, apiLogin, DEMO, E2E } from '../support/env';
import { SCREENSHOT_DIR, expectAccessible, snap } from '../support/screens';
import { adminLogin, choose, dismissToasts } from '../support/admin';
import { moveDelivery, readDelivery } from '../support/deliveries';
import { createTitle, namedCustomer, payFromWallet, proceedOnto, requestDelivery } from '../support/admin-deliveries';
import { careCustomer, openSupport, submitKyc } from '../support/admin-care';

// A readable back office (issue 22): the audit log in words with each record's own number linked to it, wallets
// largest balance first, a shipping title's status change confirmed with the parcels it moves and the ones it does
// not, an "Assign goods" button, the parcel label's destination, and the lists at 1280 and 1440 px.
test.use({ baseURL: E2E.admin });

// The machines that run these share two cores among several builds: give each check room.
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
});

const row = (scope: Page | Locator, text: string) => scope.locator('tr.ant-table-row', { hasText: text });
const tag = () => randomBytes(3).toString('hex');

/** Signs in as the demo admin; the first visit loads the dashboard's chunks, slow on a busy machine. */
async function loginAsAdmin(page: Page) {
  await adminLogin(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
}

function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** A screenshot at 1440 px too (the lists), with axe; then back to the desktop width. */
async function snapWide(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-1440.png`), fullPage: true });
  await expectAccessible(page, `${name} at 1440 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Nothing in the table is cut: no header label wider than its cell, no button or tag spilling out of its cell, and
 * no reference (a `.jara-num` or a link) broken over lines or clipped.
 */
async function expectNothingCut(page: Page, what: string) {
  const cut = await page.evaluate(() => {
    const problems: string[] = [];
    const label = (el: Element) =>
      (el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || el.tagName;
    for (const th of Array.from(document.querySelectorAll('.ant-table-thead th')) as HTMLElement[]) {
      const text = (th.querySelector('.ant-table-column-title') as HTMLElement | null) ?? th;
      if (text.scrollWidth > text.clientWidth + 1) problems.push(`header "${label(th)}" is cut`);
    }
    for (const td of Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row td')) as HTMLElement[]) {
      const box = td.getBoundingClientRect();
      for (const el of Array.from(td.querySelectorAll('button, .ant-btn, .ant-tag, a, .jara-num')) as HTMLElement[]) {
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.right > box.right + 1 || r.left < box.left - 1) problems.push(`"${label(el)}" spills out of its cell`);
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
          problems.push(`"${label(el)}" is clipped`);
      }
    }
    for (const item of Array.from(document.querySelectorAll('.ant-list-item')) as HTMLElement[]) {
      const box = item.getBoundingClientRect();
      for (const el of Array.from(item.querySelectorAll('button, .ant-tag, a')) as HTMLElement[]) {
        const r = el.getBoundingClientRect();
        if (r.width && (r.right > box.right + 1 || r.left < box.left - 1))
          problems.push(`"${label(el)}" spills out of its entry`);
      }
    }
    return [...new Set(problems)];
  });
  expect(cut, `${what}: ${cut.join('; ')}`).toEqual([]);
}

/** Every cell of the table's first row is inside the table's visible width: no column is hidden or cut off. */
async function expectColumnsFit(page: Page) {
  const overflow = await page.evaluate(() => {
    const body = document.querySelector('.ant-table-content, .ant-table-body');
    if (!body) return 'no table';
    return body.scrollWidth - body.clientWidth;
  });
  expect(overflow).toBe(0);
}

test('the audit log names actions, fields with units and the record by its own number, linked to it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const adminToken = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const t = tag();
  const customer = await namedCustomer(`Tunde Bakare ${t}`);
  const title = await createTitle(adminToken, `E2E Audit Flight ${t}`, 'air_cargo');
  const request = await requestDelivery(customer.token, 'air_cargo');
  await moveDelivery(adminToken, request.id, DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE);
  await proceedOnto(adminToken, request.id, title, { weight: 2.5 });

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible({ timeout: 60_000 });
  await loginAsAdmin(page);
  await page.getByRole('menu').getByRole('link', { name: 'Audit log', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by action' }).fill('Proceeded');
  await page.locator('.ant-select-item-option', { hasText: 'Proceeded a delivery to shipping' }).click();
  await expect(page).toHaveURL(/action/);
  const entry = row(page, request.tracking_no);
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Proceeded a delivery to shipping');
  await expect(entry.getByRole('link', { name: `Delivery ${request.tracking_no}` })).toBeVisible();
  await expect(entry.locator('.ant-tag', { hasText: 'Weight (kg)' })).toBeVisible();
  // No raw code anywhere in the table.
  const table = page.locator('.ant-table');
  await expect(table).not.toContainText('delivery.proceed');
  await expect(table).not.toContainText('weight_hundredths');
  await dismissToasts(page);
  await snap(page, 'admin-readable-audit');
  await snapWide(page, 'admin-readable-audit');

  await entry.getByRole('button', { name: /View audit entry/ }).click();
  const drawer = page.locator('.ant-drawer-content');
  const changes = drawer.getByTestId('audit-changes');
  const weight = changes.locator('tr', { has: page.getByRole('cell', { name: 'Weight (kg)', exact: true }) });
  await expect(weight.locator('td').nth(1)).toHaveText('—');
  await expect(weight.locator('td').nth(2)).toHaveText('2.50 kg');
  await expect(drawer.getByRole('link', { name: `Delivery ${request.tracking_no}` })).toBeVisible();
  await snap(page, 'admin-readable-audit-entry');
  await drawer.getByRole('link', { name: `Delivery ${request.tracking_no}` }).click();
  await expect(page).toHaveURL(new RegExp(`/deliveries/${request.id}$`));
  await expect(page.getByText(request.tracking_no).first()).toBeVisible();
});

test('wallets list the largest balance first', async ({ page }) => {
  const adminToken = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const listed = await api<ListResponse<WalletAccount>>('/wallets?per_page=10', { token: adminToken });
  expect(listed.status).toBe(200);
  const balances = listed.body.data.map((a) => a.ngn_minor);
  expect(balances).toEqual([...balances].sort((a, b) => b - a));
  expect(balances[0]).toBeGreaterThan(0);

  await loginAsAdmin(page);
  await page.goto('/wallets');
  await expect(page.getByRole('heading', { name: 'Wallets' })).toBeVisible();
  const rows = page.locator('tr.ant-table-row');
  await expect(rows.first()).toContainText(formatNaira(balances[0]));
  await expect(rows.first()).toContainText(listed.body.data[0].email);
  await expectColumnsFit(page);
  await snap(page, 'admin-readable-wallets');
  await snapWide(page, 'admin-readable-wallets');
});

test('a shipping title status change says how many parcels move and which do not, and why', async ({ page }) => {
  test.setTimeout(240_000);
  const adminToken = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const t = tag();
  const customer = await namedCustomer(`Bisi Adewale ${t}`);
  const title: ShippingTitle = await createTitle(adminToken, `E2E Confirm Flight ${t}`, 'air_cargo');
  // One parcel ready (fee paid), one still at the warehouse with its fee unpaid.
  const ready = await requestDelivery(customer.token, 'air_cargo');
  await moveDelivery(adminToken, ready.id, DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE);
  const proceeded = await proceedOnto(adminToken, ready.id, title, { weight: 1 });
  const invoice = must(proceeded.invoice, 'the fee invoice');
  await payFromWallet(customer, invoice.id, (invoice.amount_minor / 100).toFixed(2));
  await moveDelivery(adminToken, ready.id, DELIVERY_STATUS.READY_FOR_SHIPPING);
  const waiting = await requestDelivery(customer.token, 'air_cargo');
  await moveDelivery(adminToken, waiting.id, DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE);
  await proceedOnto(adminToken, waiting.id, title, { weight: 1 });
  const readyNow = (await readDelivery(adminToken, ready.id)).status;

  await loginAsAdmin(page);
  await page.goto('/shipping-management');
  await expect(page.getByRole('heading', { name: 'Shipping Management', exact: true })).toBeVisible();
  const box = page.getByPlaceholder('Search Shipping Titles...');
  await box.fill(title.name);
  await box.press('Enter');
  const titleRow = row(page, title.name);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  // "Broadcast" is labelled by what it does.
  await expect(titleRow.getByRole('button', { name: `Assign goods to ${title.name}` })).toContainText('Assign goods');
  await snap(page, 'admin-readable-shippings');
  await snapWide(page, 'admin-readable-shippings');

  await choose(page, titleRow, `Status of ${title.name}`, 'Transit');
  const dialog = page.getByRole('dialog').filter({ hasText: `Change ${title.name} to Transit?` });
  await expect(dialog).toContainText(MSG.shipping.moveCount(1, 'Shipped (In Transit)'));
  await expect(dialog).toContainText(MSG.shipping.moveStaying(1, 'Delivered to Warehouse', MSG.shipping.stayNotReady));
  await snap(page, 'admin-readable-shipping-confirm');
  // Cancel moves nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await readDelivery(adminToken, ready.id)).status).toBe(readyNow);
  const unchanged = await api<{ data: ShippingTitle }>(`/shippings/${title.id}`);
  expect(unchanged.body.data.status).toBe(1);

  // Confirm moves the ready one only.
  await choose(page, titleRow, `Status of ${title.name}`, 'Transit');
  await dialog.getByRole('button', { name: MSG.shipping.moveConfirm }).click();
  await expect.poll(async () => (await readDelivery(adminToken, ready.id)).status).toBe(DELIVERY_STATUS.SHIPPED);
  expect((await readDelivery(adminToken, waiting.id)).status).toBe(DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE);
});

test('the parcel label addresses the parcel: pickup location or the customer address', async ({ page }) => {
  test.setTimeout(180_000);
  const adminToken = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const t = tag();
  const customer = await namedCustomer(`Kemi Oladipo ${t}`);
  const title = await createTitle(adminToken, `E2E Label Flight ${t}`, 'air_cargo');
  const request = await requestDelivery(customer.token, 'air_cargo');
  await moveDelivery(adminToken, request.id, DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE);
  await proceedOnto(adminToken, request.id, title, { weight: 1.2 });

  await loginAsAdmin(page);
  await page.goto(`/deliveries/${request.id}/label`);
  const label = page.getByTestId('parcel-label');
  await expect(label).toBeVisible();
  await expect(label.getByTestId('label-destination')).toHaveText('Pickup at Guangzhou');

  const profile = await api('/user/update-profile', {
    token: customer.token,
    body: { name: customer.name, phone: customer.phone, address: '12 Allen Avenue', city: 'Ikeja', country: 'Nigeria' },
  });
  expect(profile.status).toBe(200);
  await page.reload();
  await expect(label.getByTestId('label-destination')).toHaveText('12 Allen Avenue, Ikeja, Nigeria');
  await snap(page, 'admin-readable-label');
});

test('an invoice shows its lines, seller, buyer, delivery address and how it was paid', async ({ page }) => {
  test.setTimeout(180_000);
  const adminToken = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const paid = await api<ListResponse<Invoice>>('/invoices?type=order&status=paid&per_page=1', { token: adminToken });
  const invoice = must(paid.body.data[0], 'a paid order invoice in the demo data');
  const full = (await api<{ data: Invoice }>(`/invoices/${invoice.id}`, { token: adminToken })).body.data;
  const details = must(full.details, 'the invoice details');
  expect(details.lines.reduce((sum, line) => sum + line.total_minor, 0)).toBe(full.amount_minor);

  await loginAsAdmin(page);
  await page.goto(`/invoices/show/${invoice.id}`);
  await expect(page.getByTestId('invoice-reference')).toHaveText(invoice.reference);
  const parties = page.getByTestId('invoice-parties');
  await expect(parties).toContainText('Jara');
  await expect(parties).toContainText(details.buyer.email);
  await expect(parties).toContainText(must(details.delivery_address, 'the delivery address'));
  const lines = page.getByTestId('invoice-lines');
  await expect(lines.locator('tbody tr.ant-table-row')).toHaveCount(details.lines.length);
  await expect(lines).toContainText(details.lines[0].description);
  await expect(lines).toContainText(formatNaira(full.amount_minor));
  await expect(page.getByText(must(details.payment_label, 'the payment label'), { exact: true })).toBeVisible();
  // What it pays for is said once.
  await expect(page.locator('main')).not.toContainText('Order: Order');
  await snap(page, 'admin-readable-invoice');
});

test('the lists fit at 1280 and 1440 px: deliveries, invoices, orders, wallets, users, audit', async ({ page }) => {
  test.setTimeout(240_000);
  await loginAsAdmin(page);
  for (const [path, heading, name] of [
    ['/deliveries', 'Deliveries', 'deliveries'],
    ['/invoices', 'Invoices', 'invoices'],
    ['/orders', 'Orders', 'orders'],
    ['/users', 'User Manager', 'users'],
    ['/products', 'Products', 'products'],
    ['/trackings', 'Tracking', 'trackings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `admin-readable-list-${name}-1280.png`), fullPage: true });
    await expectColumnsFit(page);
    await snapWide(page, `admin-readable-list-${name}`);
  }
});

test('the other lists fit at 1280 and 1440 px and read at 390: categories, currencies, KYC, support, contact messages, notifications, locations, warehouses', async ({
  page,
}) => {
  test.setTimeout(360_000);
  // A row in each list, with long real-world values: a KYC submission, a support request (which also notify the
  // admins) and a contact message.
  const t = tag();
  const customer = await careCustomer(`Oluwaseun Adebayo-Ogunleye ${t}`);
  await submitKyc(customer, { id_number: `NIN-${t}-12345678901` });
  await openSupport(customer, `My parcel from Guangzhou has not arrived ${t}`, 'It was marked shipped two weeks ago.');
  const contact = {
    full_name: `Chukwuemeka Nwachukwu-Okafor ${t}`,
    email: `chukwuemeka.nwachukwu.${t}@example.com`,
    message: 'Do you deliver to Port Harcourt and Onitsha? How long does air cargo take from Guangzhou?',
  };
  expect((await api('/contact-messages', { body: contact })).status).toBe(201);
  await loginAsAdmin(page);
  for (const [path, heading, name] of [
    ['/categories', 'Category Management', 'categories'],
    ['/currencies', 'Currency Management', 'currencies'],
    ['/kyc', 'KYC submissions', 'kyc'],
    ['/supports', 'Support inbox', 'supports'],
    ['/contact-messages', 'Contact Messages', 'contact-messages'],
    ['/notifications', 'Notifications', 'notifications'],
    ['/manage-location', 'Manage Locations', 'locations'],
    ['/warehouses', 'Warehouses', 'warehouses'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    // Notifications are a list of entries, not a table: their buttons must stay inside each entry.
    const isList = name === 'notifications';
    await expect(page.locator(isList ? '.ant-list-item' : 'tr.ant-table-row').first()).toBeVisible();
    await dismissToasts(page);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      if (!isList) await expectColumnsFit(page);
      await expectNothingCut(page, `${name} at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // 390 and 1280 px screenshots with axe (snap), then 1440 px (snapWide).
    await snap(page, `admin-readable-list-${name}`, { allowHorizontalScroll: true });
    await snapWide(page, `admin-readable-list-${name}`);
  }
});
