import { expect, test } from '@playwright/test';
import { MSG, PAYOUT_MSG, formatNaira } from '@jara/contracts';
import { decideKyc, submitKycApi } from '../support/care';
import { api, apiLogin, createVerifiedUser, DEMO } from '../support/env';
import { apiSession, fundWallet, type ApiSession } from '../support/orders';
import { snap } from '../support/screens';
import { expectToast, hydrated, login } from '../support/storefront';

// Money out on the storefront (issue 24): a vendor adds a payout account (the bank's name for the number is shown
// for confirmation, then saved with the password), withdraws, and sees the withdrawal and the statement. The API's
// test mode (no PAYSTACK_SECRET_KEY) resolves accounts and sends transfers. snap() runs axe-core at 390 and 1280 px.

function stamp(): string {
  return Date.now().toString(36).slice(-5);
}

/** A fresh vendor (a verified customer the admin makes a vendor) whose identity is approved and who has naira. */
async function payableVendor(name: string): Promise<{ email: string; password: string; session: ApiSession }> {
  const user = await createVerifiedUser('payout');
  const before = await apiSession(user.email, user.password);
  // Identity first, as a customer (the KYC form is the customers'); the approval stays with the user.
  const kyc = await submitKycApi(before.token);
  await decideKyc(kyc.id, 1);
  const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const res = await api(`/users/${before.userId}`, { method: 'PUT', token: admin, body: { role: 'vendor', name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = await apiSession(user.email, user.password);
  await fundWallet(session.userId, '25000', 'e2e: payout journey earnings');
  return { ...user, session };
}

test.describe('vendor payouts', () => {
  test('adds a payout account with its name resolved, withdraws, and sees the withdrawal', async ({ page }) => {
    test.setTimeout(180_000);
    const vendor = await payableVendor(`Adaeze Payouts ${stamp()}`);
    await login(page, vendor.email, vendor.password);

    // The menu leads to Payouts; a vendor without an account is told to add one.
    await page.locator('.account-sidebar').getByRole('link', { name: MSG.payouts.title, exact: true }).click();
    await expect(page).toHaveURL(/\/payouts$/);
    await expect(page.getByRole('heading', { name: MSG.payouts.title, level: 1 })).toBeVisible();
    await expect(page.getByText(MSG.payouts.noAccount)).toBeVisible();
    await expect(page.getByTestId('blocked-reason')).toBeVisible();
    await hydrated(page);
    await snap(page, 'storefront-payouts-empty');

    // Step 1: a number that is not ten digits is the form's own 422, from the shared DTO.
    await page.getByLabel('Bank', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Account number').fill('12345');
    await page.getByRole('button', { name: MSG.payouts.verifyAccount }).click();
    await expect(page.getByText(PAYOUT_MSG.accountNumberInvalid)).toBeVisible();

    // The bank's name for the number is shown for confirmation.
    await page.getByLabel('Account number').fill('0123456789');
    await page.getByRole('button', { name: MSG.payouts.verifyAccount }).click();
    const name = page.getByTestId('resolved-name');
    await expect(name).not.toBeEmpty();
    const resolvedName = (await name.innerText()).trim();
    await snap(page, 'storefront-payouts-confirm');

    // Step 2: a wrong password is refused on the password field, the same account still shown.
    await page.getByLabel(MSG.payouts.confirmPassword).fill('not-the-password');
    await page.getByRole('button', { name: MSG.payouts.saveAccount }).click();
    await expect(page.locator('#field-password-error')).toBeVisible();
    await expect(page.getByTestId('resolved-name')).toHaveText(resolvedName);
    await page.getByLabel(MSG.payouts.confirmPassword).fill(vendor.password);
    await page.getByRole('button', { name: MSG.payouts.saveAccount }).click();
    await expectToast(page, MSG.payouts.accountSaved);
    await expect(page.getByTestId('payout-account-name')).toHaveText(resolvedName);
    await expect(page.getByTestId('payout-account')).toContainText('6789');

    // Withdraw: below the minimum is refused on the amount; a good amount leaves the available balance.
    const form = page.getByTestId('withdraw-form');
    await expect(form).toBeVisible();
    await form.getByLabel(/Amount/).fill('1');
    await form.getByRole('button', { name: MSG.payouts.withdraw }).click();
    await expect(page.locator('#field-amount-error')).toBeVisible();
    await page
      .getByTestId('withdraw-form')
      .getByLabel(/Amount/)
      .fill('5000');
    await page.getByTestId('withdraw-form').getByRole('button', { name: MSG.payouts.withdraw }).click();
    await expectToast(page, MSG.payouts.withdrawn(formatNaira(500_000)));
    const row = page.getByTestId('withdrawal-row').first();
    await expect(row).toContainText(formatNaira(500_000));
    await expect(row.locator('.status-pill')).toHaveText(/Processing|Approved|Paid|Awaiting approval/);
    await expect(page.getByTestId('statement-entry').first()).toContainText('−');
    await snap(page, 'storefront-payouts');

    // The statement downloads as CSV through the storefront (the browser never holds the API token).
    const csv = await page.request.get('/resources/payouts-statement');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(csv.headers()['content-disposition']).toContain('attachment');
  });

  test('a customer is not let in', async ({ page }) => {
    await login(page, DEMO.customer.email, DEMO.customer.password);
    await page.goto('/payouts');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });
});
