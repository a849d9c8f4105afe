import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { formatDollars, GUEST_FEE_MSG, MSG, RECEIPT_MSG, type GuestFee } from '@jara/contracts';
import { api, uniqueEmail } from '../support/env';
import { readGuestLink } from '../support/guest-fee';
import { adminToken, receiptCustomer, receiveParcel } from '../support/receipts';
import { snap } from '../support/screens';
import { expectToast, login } from '../support/storefront';

// Issue 26 (decision 046): the customer declares the parcel's weight and size on the storefront's request forms; a
// warehouse receipt far from it asks them: a signed-in customer on /parcels/{id}, a guest by an e-mailed link to
// /guest/parcel/{token}, where they accept (or dispute) exactly as on the signed-in page.

const AIR_WAREHOUSE = 'Guangzhou Air Cargo Warehouse';

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
});

/** The declared fields of a request form (a dialog). */
async function declare(form: ReturnType<Page['getByRole']>) {
  await form.getByLabel(RECEIPT_MSG.declaredWeightLabel).fill('1.00');
  await form.getByLabel(RECEIPT_MSG.declaredLengthLabel).fill('30');
  await form.getByLabel(RECEIPT_MSG.declaredWidthLabel).fill('20');
  await form.getByLabel(RECEIPT_MSG.declaredHeightLabel).fill('10');
}

test('a signed-in customer declares weight and size; a receipt over the threshold shows declared vs measured', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const customer = await receiptCustomer();
  await login(page, customer.email, customer.password);
  await page.goto('/account-foreign-logistics?create=1');
  const create = page.getByRole('dialog', { name: MSG.deliveries.createDialogTitle });
  const externalNo = `YT-DECL-${Date.now().toString(36)}`;
  await create.getByLabel('Tracking ID').fill(externalNo);
  await create.getByLabel('Shipping type').selectOption('air_cargo');
  await create.getByLabel('Warehouse').selectOption({ label: AIR_WAREHOUSE });
  // One dimension alone is refused by the DTO: the three go together.
  await create.getByLabel(RECEIPT_MSG.declaredLengthLabel).fill('30');
  await create.getByRole('button', { name: MSG.deliveries.createDelivery }).click();
  await expect(create.getByText(RECEIPT_MSG.declaredDimensionsIncomplete).first()).toBeVisible();
  await expect(create.getByLabel(RECEIPT_MSG.declaredWidthLabel)).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'declared-request-errors');
  await declare(create);
  await create.getByRole('button', { name: MSG.deliveries.createDelivery }).click();
  await expectToast(page, MSG.deliveries.warehouseCreated);

  // The table links the parcel's "Declared and measured" page: what was declared, not received yet.
  const row = page.getByTestId('delivery-row').filter({ hasText: externalNo });
  const trackingNo = (await row.getAttribute('data-tracking-no')) ?? '';
  expect(trackingNo).toMatch(/^JT/);
  await row.getByRole('link', { name: RECEIPT_MSG.reviewLink }).click();
  await expect(page.getByTestId('declared')).toHaveText('1.00 kg, 30 x 20 x 10 cm');
  await expect(page.getByTestId('measured')).toHaveText(RECEIPT_MSG.notReceivedYet);

  // Staff measure 2.40 kg, 20 x 20 x 10 cm: over the 10 % threshold, the customer is asked.
  await receiveParcel(await adminToken(), trackingNo, '2.40');
  await page.reload();
  await expect(page.getByTestId('measured')).toContainText('2.40 kg, 20 x 20 x 10 cm');
  await expect(page.getByTestId('measure-status')).toHaveText('Awaiting your answer');
  await expect(page.getByTestId('measure-question')).toBeVisible();
  await snap(page, 'declared-vs-measured');
});

test('a guest declares, confirms, and accepts a new measure from the e-mailed link; the fee comes with a pay link', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('guestmeasure');
  await page.goto('/foreign-logistics');
  await page.getByRole('link', { name: MSG.deliveries.createRequest }).first().click();
  const dialog = page.getByRole('dialog', { name: MSG.deliveries.createRequest });
  await dialog.getByLabel('Full name').fill('Bola Adebayo');
  await dialog.getByLabel('Phone').fill('0803 555 0101');
  await dialog.getByLabel('E-mail (optional)').fill(email);
  await dialog.getByLabel('Tracking ID').fill(`YT-GM-${Date.now().toString(36)}`);
  await dialog.getByLabel('Shipping type').selectOption('air_cargo');
  await dialog.getByLabel('Warehouse').selectOption({ label: AIR_WAREHOUSE });
  await declare(dialog);
  await snap(page, 'guest-request-declared');
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  await expect(dialog.getByText(MSG.deliveries.shippingRequestCreated)).toBeVisible();
  const trackingNo = ((await dialog.getByTestId('request-tracking-no').textContent()) ?? '').trim();

  // The guest confirms their e-mail (decision 032), then staff measure the parcel far from the declaration.
  const confirm = await readGuestLink(email, 'Confirm your shipping request', 'confirm');
  await page.goto(confirm.path);
  await page.getByRole('button', { name: GUEST_FEE_MSG.confirmButton }).click();
  await expect(page).toHaveURL(/\/guest\/confirmed/);
  await receiveParcel(await adminToken(), trackingNo, '2.40');

  // The e-mail's link: declared vs measured and the new fee, Accept / Dispute as on the signed-in page.
  const mail = await readGuestLink(email, GUEST_FEE_MSG.measureSubject(trackingNo), 'parcel');
  await page.goto(mail.path);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(trackingNo);
  await expect(page.getByTestId('declared')).toHaveText('1.00 kg, 30 x 20 x 10 cm');
  await expect(page.getByTestId('measured')).toContainText('2.40 kg, 20 x 20 x 10 cm');
  await expect(page.getByTestId('measure-status')).toHaveText('Awaiting your answer');
  const fee = ((await page.getByTestId('measure-fee').textContent()) ?? '').trim();
  expect(fee).toMatch(/^\$\d/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await snap(page, 'guest-parcel-measure');
  await page.getByRole('button', { name: RECEIPT_MSG.acceptButton }).click();
  await expect(page.getByRole('status').filter({ hasText: RECEIPT_MSG.accepted })).toBeVisible();
  await expect(page.getByTestId('measure-status')).toHaveText('Accepted');
  await expect(page.getByTestId('measure-question')).toHaveCount(0);
  await snap(page, 'guest-parcel-accepted');

  // The accepted fee is the guest's invoice, e-mailed with a pay link.
  const pay = await readGuestLink(email, GUEST_FEE_MSG.feeSubject, 'pay');
  const due = await api<{ data: GuestFee }>(`/guest/fees/${pay.path.split('/').pop()}`);
  expect(due.status).toBe(200);
  expect(formatDollars(due.body.data.fee.amount_minor)).toBe(fee);

  // A link nobody was sent is the guest links' clear page.
  await page.goto(`/guest/parcel/${randomBytes(32).toString('base64url')}`);
  await expect(page.getByRole('heading', { level: 1, name: GUEST_FEE_MSG.linkInvalidTitle })).toBeVisible();
});
