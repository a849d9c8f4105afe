import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { CONSOLIDATION_TEXT, DELIVERY_STATUS, RECEIPT_MSG } from '@jara/contracts';
import { api, apiLogin, DEMO, E2E } from '../support/env';
import { snap } from '../support/screens';
import { dismissToasts, loginAsAdmin } from '../support/admin';
import { moveDelivery, readDelivery } from '../support/deliveries';
import { createTitle, namedCustomer, proceedOnto, requestDelivery } from '../support/admin-deliveries';
import {
  adminToken,
  packedConsolidation,
  readMeasure,
  receiptCustomer,
  receiveParcel,
  requestParcel,
} from '../support/receipts';

// Issue 26 (H2): the manifest of a shipping title from the Shipping Management screen, and staff unpacking a
// consolidation that has not left the warehouse (decision 047).

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
});

const tag = () => randomBytes(3).toString('hex');

test("the admin downloads a shipping title's manifest (CSV and PDF) from the titles screen", async ({ browser }) => {
  test.setTimeout(180_000);
  const t = tag();
  const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const customer = await namedCustomer(`Ngozi Manifest ${t}`);
  const title = await createTitle(admin, `E2E Manifest Flight ${t}`, 'air_cargo');
  // Two parcels with declared contents on the title; a third, elsewhere, is not in its manifest.
  const parcels = [];
  for (const [i, description] of ['Ankara fabric', 'Phone cases'].entries()) {
    const d = await requestDelivery(customer.token, 'air_cargo', `MAN-${t.toUpperCase()}-${i}`);
    const lines = await api(`/trackings/${d.id}/contents`, {
      method: 'PUT',
      token: customer.token,
      body: { contents: [{ description, quantity: 2 + i, value: '12.50', category: 'clothing' }] },
    });
    expect(lines.status).toBe(200);
    await moveDelivery(admin, d.id, DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE);
    await proceedOnto(admin, d.id, title, {});
    parcels.push(d);
  }
  const elsewhere = await requestDelivery(customer.token, 'air_cargo', `MAN-${t.toUpperCase()}-X`);

  const context = await browser.newContext({ baseURL: E2E.admin, acceptDownloads: true });
  const page = await context.newPage();
  await loginAsAdmin(page);
  await page.goto('/shipping-management');
  const row = page.locator('tr.ant-table-row', { hasText: title.name });
  await expect(row).toBeVisible();
  await dismissToasts(page);
  await snap(page, 'admin-shipping-titles-manifest');

  // CSV: the download carries the admin's token (the API serves it to staff only) and lists the title's parcels.
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: CONSOLIDATION_TEXT.manifestOf('CSV', title.name) }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe(`manifest-${title.id}.csv`);
  const csv = readFileSync(await csvDownload.path(), 'utf8');
  for (const p of parcels) expect(csv).toContain(p.tracking_no);
  expect(csv).toContain('Ankara fabric');
  expect(csv).toContain('Phone cases');
  expect(csv).not.toContain(elsewhere.tracking_no);

  // PDF, at phone width (the buttons are icons there, named for the title).
  await page.setViewportSize({ width: 390, height: 844 });
  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: CONSOLIDATION_TEXT.manifestOf('PDF', title.name) }).click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toBe(`manifest-${title.id}.pdf`);
  expect(
    readFileSync(await pdfDownload.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  // Without the token the manifest is refused.
  expect((await fetch(`${E2E.api}/shippings/${title.id}/manifest.csv`)).status).toBe(401);
  await context.close();
});

test('staff unpack a consolidation still at the warehouse; its parcels move on their own again', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminToken();
  const customer = await receiptCustomer();
  const parcels = [];
  for (let i = 0; i < 2; i++) {
    const p = await requestParcel(customer.token);
    await receiveParcel(admin, p.tracking_no, '1.00');
    parcels.push(p);
  }
  const packed = await packedConsolidation(
    customer.token,
    admin,
    parcels.map((p) => p.id),
  );
  const parent = packed.parent;
  if (!parent) throw new Error('not packed');

  const context = await browser.newContext({ baseURL: E2E.admin });
  const page = await context.newPage();
  await loginAsAdmin(page);
  await page.goto('/consolidations');
  const row = page.locator('tr.ant-table-row', { hasText: parent.tracking_no });
  await expect(row).toContainText('Packed');
  await expect(row).toContainText(parcels[1].tracking_no);
  await dismissToasts(page);
  await row.getByRole('button', { name: CONSOLIDATION_TEXT.unpackOf(packed.id) }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(CONSOLIDATION_TEXT.unpackConfirm(parent.tracking_no));
  await snap(page, 'admin-consolidation-unpack-confirm');
  await confirm.getByRole('button', { name: CONSOLIDATION_TEXT.unpackYes }).click();
  await expect(page.getByText(RECEIPT_MSG.unpacked)).toBeVisible();
  await expect(row).toContainText('Unpacked');
  await expect(row).toContainText(`${parent.tracking_no} (Cancelled)`);
  await expect(row.getByRole('button', { name: CONSOLIDATION_TEXT.unpackOf(packed.id) })).toHaveCount(0);
  await snap(page, 'admin-consolidation-unpacked');

  // The consolidated parcel is cancelled; each member is back at the warehouse with no parent, on its own.
  expect((await readDelivery(customer.token, parent.id)).status).toBe(DELIVERY_STATUS.CANCELLED);
  for (const p of parcels) {
    expect((await readDelivery(customer.token, p.id)).status).toBe(DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE);
    expect((await readMeasure(customer.token, p.id)).parent).toBeNull();
  }
  // Not twice.
  expect((await api(`/consolidations/${packed.id}/unpack`, { method: 'POST', token: admin })).status).toBe(422);
  await context.close();
});
