import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cargoFeeCents, formatDollars, RECEIPT_MSG, volumetricHundredths } from '@jara/contracts';
import { DEMO, E2E } from '../support/env';
import { snap } from '../support/screens';
import { readDelivery, readRates } from '../support/deliveries';
import { login } from '../support/storefront';
import {
  adminToken,
  parcelPhoto,
  readMeasure,
  readReceiptSettings,
  receiptCustomer,
  receiveParcel,
  requestParcel,
} from '../support/receipts';

// Issue 26: the warehouse receipt on a phone-width back-office screen (scan, measures, photos), the customer's answer
// to a measure beyond what they declared, and consolidation of three parcels into one with one fee.

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
});

/** Two parcel photos as files the upload field takes. */
async function photoFiles(): Promise<string[]> {
  const dir = join(tmpdir(), 'jara-e2e-receipts');
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const [i, hue] of [30, 200].entries()) {
    const path = join(dir, `parcel-${i + 1}.jpg`);
    writeFileSync(path, await parcelPhoto(hue));
    files.push(path);
  }
  return files;
}

/** Signs in to the back office (this file's baseURL is the storefront's). */
async function loginAsAdmin(page: Page) {
  await page.goto(`${E2E.admin}/login`);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('E-mail').fill(DEMO.admin.email);
  await page.getByLabel('Password').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 15_000 });
}

async function fillMeasures(page: Page, m: { weight: string; length: string; width: string; height: string }) {
  await page.getByLabel('Weight (kg)').fill(m.weight);
  await page.getByLabel('Length (cm)').fill(m.length);
  await page.getByLabel('Width (cm)').fill(m.width);
  await page.getByLabel('Height (cm)').fill(m.height);
}

test('staff receive a parcel with photos at phone width; the customer accepts the new measure and is invoiced', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const customer = await receiptCustomer();
  // Declared 1.00 kg; it will weigh 2.40 kg (over the 10 % threshold).
  const parcel = await requestParcel(customer.token, '1.00');

  // The back office at phone width: the scan field has the focus; a scanner types and sends Enter.
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page);
  await page.goto(`${E2E.admin}/receipts/receive`);
  const scan = page.getByLabel('Scan or type the tracking or courier number');
  await expect(scan).toBeFocused();
  await page.keyboard.type(parcel.tracking_no);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Declared weight')).toBeVisible();
  await expect(page.getByText('1.00 kg')).toBeVisible();
  await fillMeasures(page, { weight: '2.40', length: '30', width: '20', height: '15' });
  await page.locator('input[type="file"]').setInputFiles(await photoFiles());
  await expect(page.locator('.ant-upload-list-item')).toHaveCount(2);
  await snap(page, 'admin-receipt-form');
  await page.getByRole('button', { name: 'Record receipt' }).click();
  await expect(page.getByText(`Receipt recorded for ${parcel.tracking_no}`)).toBeVisible();
  await expect(page.getByText(/asked to accept it before the fee is invoiced/)).toBeVisible();
  await expect(scan).toBeFocused();
  await snap(page, 'admin-receipt-recorded');
  // No invoice yet.
  expect((await readDelivery(customer.token, parcel.id)).invoice).toBeFalsy();

  // The customer's parcel page: declared vs measured, the photos, Accept.
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, customer.email, customer.password);
  await page.goto(`${E2E.storefront}/parcels/${parcel.id}`);
  await expect(page.getByTestId('declared')).toHaveText('1.00 kg');
  await expect(page.getByTestId('measured')).toContainText('2.40 kg, 30 x 20 x 15 cm');
  await expect(page.getByTestId('measure-status')).toHaveText('Awaiting your answer');
  const photos = page.getByRole('img', { name: /Parcel photo/ });
  await expect(photos).toHaveCount(2);
  await expect
    .poll(() => photos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await snap(page, 'storefront-parcel-measure');
  await page.getByRole('button', { name: 'Accept new measure' }).click();
  await expect(page.getByRole('status').filter({ hasText: RECEIPT_MSG.accepted })).toBeVisible();
  await expect(page.getByTestId('measure-status')).toHaveText('Accepted');
  // 2.40 kg actual beats 30 x 20 x 15 / 6000 = 1.50 kg: 2.40 x the air rate.
  const rates = await readRates();
  const fee = cargoFeeCents('air_cargo', { weight: '2.40' }, rates);
  await expect(page.getByTestId('measure-fee')).toHaveText(formatDollars(fee));
  await snap(page, 'storefront-parcel-accepted');
  const after = await readDelivery(customer.token, parcel.id);
  expect(after.invoice?.status).toBe('pending');
  expect(after.invoice?.amount_minor).toBe(fee);
  // Another customer's session never sees the photos.
  const other = await receiptCustomer();
  const res = await fetch(
    `${E2E.api}/receipt-photos/${(await readMeasure(customer.token, parcel.id)).receipt?.photos[0]?.id ?? 0}`,
    {
      headers: { authorization: `Bearer ${other.token}` },
    },
  );
  expect(res.status).toBe(404);
});

test('a customer ships three parcels together; staff pack them; one fee on the consolidated measure', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const admin = await adminToken();
  const customer = await receiptCustomer();
  const parcels = [];
  for (let i = 0; i < 3; i++) {
    const p = await requestParcel(customer.token);
    await receiveParcel(admin, p.tracking_no, '1.00');
    parcels.push(p);
  }

  await login(page, customer.email, customer.password);
  await page.goto(`${E2E.storefront}/ship-together`);
  for (const p of parcels) await page.getByLabel(new RegExp(p.tracking_no)).check();
  await snap(page, 'storefront-ship-together');
  await page.getByRole('button', { name: 'Ship selected together' }).click();
  await expect(page.getByTestId('consolidate-answer')).toHaveText(RECEIPT_MSG.consolidationRequested);
  await expect(page.getByTestId('consolidations')).toContainText('Requested');

  // Staff pack them: 3.10 kg, 50 x 40 x 30 cm = 10.00 kg volumetric: charged on 10 kg.
  await loginAsAdmin(page);
  await page.goto(`${E2E.admin}/consolidations`);
  const row = page.locator('tr.ant-table-row', { hasText: parcels[0].tracking_no });
  await expect(row).toContainText(parcels[2].tracking_no);
  await row.getByRole('button', { name: 'Pack' }).click();
  const drawer = page.locator('.ant-drawer');
  await fillMeasures(page, { weight: '3.10', length: '50', width: '40', height: '30' });
  await drawer.locator('input[type="file"]').setInputFiles((await photoFiles()).slice(0, 1));
  await snap(page, 'admin-consolidation-pack');
  await drawer.getByRole('button', { name: 'Pack and record receipt' }).click();
  await expect(row).toContainText('Packed');
  const settings = await readReceiptSettings(admin);
  const volumetric = volumetricHundredths({ length_cm: 50, width_cm: 40, height_cm: 30 }, settings.air_divisor);
  const rates = await readRates();
  const fee = cargoFeeCents('air_cargo', { weight: (Math.max(310, volumetric) / 100).toFixed(2) }, rates);
  await expect(row).toContainText(formatDollars(fee));
  await snap(page, 'admin-consolidations');

  // The customer (still signed in to the storefront) sees the consolidated parcel and its one fee; members carry none.
  await page.goto(`${E2E.storefront}/ship-together`);
  await expect(page.getByTestId('consolidation-fee')).toHaveText(formatDollars(fee));
  for (const p of parcels) {
    const d = await readDelivery(customer.token, p.id);
    expect(d.invoice?.status ?? 'cancelled').toBe('cancelled');
  }
  await page.getByTestId('consolidations').getByRole('link').click();
  await expect(page.getByTestId('members')).toContainText(parcels[1].tracking_no);
  await expect(page.getByTestId('measure-fee')).toHaveText(formatDollars(fee));
  await snap(page, 'storefront-consolidated-parcel');
});
