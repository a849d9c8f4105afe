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

test('a cold load of the back office: bytes of JavaScript and time until the rows show (docs/benchmarks.md)', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await loginAsAdmin(page);
  const state = await page.context().storageState();
  // The JavaScript the entry page asks for before any route (its script and modulepreloads).
  const html = await (await fetch(`${E2E.admin}/`)).text();
  const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let initialBytes = 0;
  for (const path of initial) initialBytes += (await (await fetch(`${E2E.admin}${path}`)).arrayBuffer()).byteLength;
  const runs: Array<{ path: string; ms: number; jsBytes: number; jsFiles: number }> = [];
  for (const path of ['/orders', '/deliveries', '/audit-log']) {
    for (let i = 0; i < 3; i++) {
      // A fresh context: signed in (local storage) but nothing cached.
      const context = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 800 } });
      const cold = await context.newPage();
      let jsBytes = 0;
      let jsFiles = 0;
      cold.on('response', (response) => {
        if (!response.url().endsWith('.js')) return;
        jsFiles++;
        void response
          .body()
          .then((body) => (jsBytes += body.byteLength))
          .catch(() => undefined);
      });
      const start = Date.now();
      await cold.goto(path);
      await expect(cold.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
      runs.push({ path, ms: Date.now() - start, jsBytes, jsFiles });
      await context.close();
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const summary = ['/orders', '/deliveries', '/audit-log'].map((path) => {
    const mine = runs.filter((r) => r.path === path);
    return {
      path,
      medianMs: median(mine.map((r) => r.ms)),
      jsKB: Math.round(median(mine.map((r) => r.jsBytes)) / 1024),
      jsFiles: median(mine.map((r) => r.jsFiles)),
    };
  });
  console.log(`[bench] initial JS: ${initial.length} files, ${Math.round(initialBytes / 1024)} kB (uncompressed)`);
  for (const s of summary)
    console.log(
      `[bench] cold ${s.path}: rows after ${s.medianMs} ms (median of 3), ${s.jsKB} kB JS in ${s.jsFiles} files`,
    );
  for (const s of summary) expect(s.medianMs).toBeLessThan(20_000);
});
