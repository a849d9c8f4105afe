import { expect, test, type Page } from '@playwright/test';
import { GUEST_FEE_MSG, MSG, type Delivery, type GuestFee } from '@jara/contracts';
import { findDelivery, moveDelivery, proceedDelivery } from '../support/deliveries';
import { api, apiLogin, DEMO, uniqueEmail } from '../support/env';
import { readGuestLink } from '../support/guest-fee';
import { snap } from '../support/screens';

// Issue 22 (decision 032): a guest learns their parcel's fee and pays it. The guest asks for a shipping with an
// e-mail, confirms it from the e-mailed link, the admin sets the fee, and the guest pays it by card from the second
// e-mailed link, with no account. A link that does not work is a clear page.

const AIR_WAREHOUSE = 'Guangzhou Air Cargo Warehouse';

async function requestAsGuest(page: Page, email: string): Promise<string> {
  await page.goto('/foreign-logistics');
  await page.getByRole('link', { name: MSG.deliveries.createRequest }).first().click();
  const dialog = page.getByRole('dialog', { name: MSG.deliveries.createRequest });
  await dialog.getByLabel('Full name').fill('Bola Adebayo');
  await dialog.getByLabel('Phone').fill('0803 555 0101');
  await dialog.getByLabel('E-mail (optional)').fill(email);
  await dialog.getByLabel('Tracking ID').fill(`YT-FEE-${Date.now().toString(36)}`);
  await dialog.getByLabel('Shipping type').selectOption('air_cargo');
  await dialog.getByLabel('Warehouse').selectOption({ label: AIR_WAREHOUSE });
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  await expect(dialog.getByText(MSG.deliveries.shippingRequestCreated)).toBeVisible();
  await expect(dialog.getByTestId('request-emailed')).toHaveText(GUEST_FEE_MSG.requestEmailed);
  const trackingNo = ((await dialog.getByTestId('request-tracking-no').textContent()) ?? '').trim();
  expect(trackingNo).toMatch(/^JT/);
  return trackingNo;
}

test('a guest confirms their e-mail, learns the fee the admin set and pays it by card without an account', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('guestfee');
  const trackingNo = await requestAsGuest(page, email);

  // The confirmation e-mail, and its page: a GET shows the request; only the button confirms.
  const confirmMail = await readGuestLink(email, 'Confirm your shipping request', 'confirm');
  expect(confirmMail.subject).toBe(GUEST_FEE_MSG.confirmSubject(trackingNo));
  await page.goto(confirmMail.path);
  await expect(page.getByRole('heading', { level: 1, name: GUEST_FEE_MSG.confirmTitle })).toBeVisible();
  await expect(page.getByTestId('guest-tracking-no')).toHaveText(trackingNo);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await snap(page, 'guest-fee-confirm');
  await page.getByRole('button', { name: GUEST_FEE_MSG.confirmButton }).click();
  await expect(page).toHaveURL(/\/guest\/confirmed\?no=/);
  await expect(page.getByRole('heading', { level: 1, name: GUEST_FEE_MSG.confirmed })).toBeVisible();
  await expect(page.getByTestId('guest-confirmed-text')).toHaveText(GUEST_FEE_MSG.confirmedText);
  await expect(page.getByTestId('guest-tracking-no')).toHaveText(trackingNo);
  await snap(page, 'guest-fee-confirmed');
  // The link works once.
  await page.goto(confirmMail.path);
  await expect(page.getByRole('heading', { level: 1, name: GUEST_FEE_MSG.linkInvalidTitle })).toBeVisible();

  // The admin receives the parcel and sets its fee: 2 kg of air cargo.
  const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const delivery = await findDelivery(admin, trackingNo);
  await moveDelivery(admin, delivery.id, 2);
  const proceeded: Delivery = await proceedDelivery(admin, delivery.id, { shipping_type: 'air_cargo', weight: 2 });
  expect(proceeded.invoice?.status).toBe('pending');
  const feeMinor = proceeded.invoice?.amount_minor ?? 0;
  expect(feeMinor).toBeGreaterThan(0);

  // "Your parcel's fee": the pay page shows that parcel and its fee, with the naira at today's rate.
  const payMail = await readGuestLink(email, GUEST_FEE_MSG.feeSubject, 'pay');
  const fee = await api<{ data: GuestFee }>(`/guest/fees/${payMail.path.split('/').pop()}`);
  expect(fee.status).toBe(200);
  expect(fee.body.data.fee).toMatchObject({ amount_minor: feeMinor, currency: 'USD', status: 'pending' });
  await page.goto(payMail.path);
  const card = page.getByTestId('guest-fee');
  await expect(card.getByRole('heading', { level: 1, name: GUEST_FEE_MSG.feeTitle })).toBeVisible();
  await expect(page.getByTestId('guest-tracking-no')).toHaveText(trackingNo);
  const amount = `$${(feeMinor / 100).toFixed(2)}`;
  await expect(page.getByTestId('guest-fee-amount')).toHaveText(amount);
  await expect(page.getByTestId('guest-fee-naira')).toContainText('₦');
  await expect(card).toContainText('Air Cargo');
  await expect(card).toContainText('2.00 kg');
  await expect(card).toContainText('Delivered to Warehouse');
  await expect(card).toContainText('Pending');
  await snap(page, 'guest-fee-pay');

  // Pay: the (test-mode) card checkout, then back to the pay page, paid.
  await card.getByRole('button', { name: GUEST_FEE_MSG.payButton(amount) }).click();
  await expect(page).toHaveURL(/\/pay\/test\?reference=/);
  await expect(page.getByTestId('checkout-amount')).toHaveText(amount);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(new RegExp(`${payMail.path}$`));
  await expect(page.getByTestId('guest-fee-paid')).toHaveText(GUEST_FEE_MSG.paidText);
  await expect(card).toContainText('Paid');
  await expect(card.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await snap(page, 'guest-fee-paid');

  // The delivery's fee is paid, as an account's, and the parcel may be made Ready for Shipping.
  const after = await findDelivery(admin, trackingNo);
  expect(after.payment_status).toBe('paid');
  await moveDelivery(admin, delivery.id, 3);
});

test('a link that does not work is a clear page, not an error', async ({ page }) => {
  const made = 'A'.repeat(43);
  const res = await page.goto(`/guest/pay/${made}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: GUEST_FEE_MSG.linkInvalidTitle })).toBeVisible();
  await expect(page.getByText(GUEST_FEE_MSG.linkInvalidText)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track a parcel' })).toBeVisible();
  await snap(page, 'guest-fee-link-invalid');
  expect((await page.goto('/guest/confirm/short'))?.status()).toBe(404);
});
