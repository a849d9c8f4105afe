import { expect, test, type Page } from '@playwright/test';
import { MSG, ORDER_STATUS, formatNaira, splitCommission, type Payout, type VendorBalance } from '@jara/contracts';
import { adminLogin, dismissToasts, toast } from '../support/admin';
import { decideKyc, submitKycApi } from '../support/care';
import { api, apiLogin, createVerifiedUser, DEMO, E2E } from '../support/env';
import { apiSession, createProduct, fundWallet, moveOrder, placeOrder, type ApiSession } from '../support/orders';
import { cli, fakeTransfers, finishTransfer, reconciliationErrors } from '../support/paystack';
import { snap } from '../support/screens';
import { expectToast, hydrated, login } from '../support/storefront';

// Issue 24, acceptance, against the fake Paystack (second phase of `npm run e2e`): a vendor adds a payout account
// (bank from Paystack's list, the name resolved by the fake), sells, the sale's hold ends (the release job's clock),
// withdraws above the auto-approval limit, an admin approves in the back office's Payouts queue, the fake sends
// transfer.success and the statement shows the payout; a second withdrawal is reversed by the bank
// (transfer.reversed) and the money is back in Available. The books reconcile at the end.

const COMMISSION_BPS = 1000; // ORDER_COMMISSION_BPS's default, which the phase keeps
const PRICE_MINOR = 1_000_000; // ₦10,000
const FEE_MINOR = 5_000; // PAYOUT_FEE_NAIRA=50
const FIRST_MINOR = 500_000; // ₦5,000: above PAYOUT_AUTO_APPROVE_MAX_NAIRA=2000, an admin approves
const SECOND_MINOR = 150_000; // ₦1,500: below it, sent at once

const stamp = () => Date.now().toString(36).slice(-5);

/** A fresh vendor (a verified user the admin makes a vendor) whose identity (KYC, asked as a vendor) is approved. */
async function approvedVendor(name: string): Promise<{ email: string; password: string; session: ApiSession }> {
  const user = await createVerifiedUser('payee');
  const first = await apiSession(user.email, user.password);
  const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const made = await api(`/users/${first.userId}`, { method: 'PUT', token: admin, body: { role: 'vendor', name } });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const session = await apiSession(user.email, user.password);
  const kyc = await submitKycApi(session.token);
  await decideKyc(kyc.id, 1);
  return { ...user, session };
}

/** A customer buys the vendor's product from the wallet; it is shipped and received (the sale credit is pending). */
async function sell(vendor: ApiSession, name: string): Promise<void> {
  const product = await createProduct(vendor.token, { name, price: String(PRICE_MINOR / 100), stock: 3 });
  const user = await createVerifiedUser('payout-buyer');
  const buyer = await apiSession(user.email, user.password);
  await fundWallet(buyer.userId, String(PRICE_MINOR / 100), 'e2e: payout journey purchase');
  const order = await placeOrder(buyer.token, [{ product_id: product.id, quantity: 1 }]);
  await moveOrder(vendor.token, order.id, ORDER_STATUS.TO_RECEIVE);
  await moveOrder(buyer.token, order.id, ORDER_STATUS.TO_REVIEW);
}

async function balance(token: string): Promise<VendorBalance> {
  const res = await api<{ data: VendorBalance }>('/vendor-payouts/balance', { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function latestWithdrawal(token: string): Promise<Payout> {
  const res = await api<{ data: Payout[] }>('/vendor-payouts/withdrawals', { token });
  expect(res.status).toBe(200);
  return res.body.data[0];
}

/** Reloads the Payouts page until a withdrawal row shows `status` (webhooks are handled as they arrive). */
async function expectWithdrawal(page: Page, amountMinor: number, status: string) {
  await expect(async () => {
    await page.goto('/payouts');
    const row = page
      .getByTestId('withdrawal-row')
      .filter({ hasText: formatNaira(amountMinor) })
      .first();
    await expect(row).toHaveAttribute('data-status', status, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('vendor payouts against the fake Paystack', () => {
  test('account resolved, a sale released, a withdrawal approved and paid, another reversed: the books agree', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const vendor = await approvedVendor(`Ngozi Payouts ${stamp()}`);
    await sell(vendor.session, `E2E Aso Oke ${stamp()}`);
    const net = splitCommission(PRICE_MINOR, COMMISSION_BPS).vendor;
    const held = await balance(vendor.session.token);
    expect(held.pending_minor).toBe(net);
    expect(held.available_minor).toBe(0);

    // The hold ends: the release job run with its clock a day and a minute on (the return window is one day).
    const later = new Date(Date.now() + 24 * 3_600_000 + 60_000).toISOString();
    expect(await cli('release-sale-credits', '--at', later)).toMatch(/Released [1-9]\d* sale credit/);
    const released = await balance(vendor.session.token);
    expect(released.pending_minor).toBe(0);
    expect(released.available_minor).toBe(net);

    // The vendor adds the payout account: the bank from Paystack's list (the fake's), the name the fake resolves.
    await login(page, vendor.email, vendor.password);
    await page.goto('/payouts');
    await expect(page.getByRole('heading', { name: MSG.payouts.title, level: 1 })).toBeVisible();
    await expect(page.getByTestId('payout-available')).toHaveText(formatNaira(net));
    await hydrated(page);
    await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Guaranty Trust Bank' });
    await page.getByLabel('Account number').fill('0123456789');
    await page.getByRole('button', { name: MSG.payouts.verifyAccount }).click();
    await expect(page.getByTestId('resolved-name')).toHaveText('ADAEZE OKAFOR');
    await page.getByLabel(MSG.payouts.confirmPassword).fill(vendor.password);
    await page.getByRole('button', { name: MSG.payouts.saveAccount }).click();
    await expectToast(page, MSG.payouts.accountSaved);
    await expect(page.getByTestId('payout-account-name')).toHaveText('ADAEZE OKAFOR');

    // A withdrawal above the auto-approval limit waits for an admin; amount and fee are held at once.
    const form = page.getByTestId('withdraw-form');
    await form.getByLabel(/Amount/).fill(String(FIRST_MINOR / 100));
    await form.getByRole('button', { name: MSG.payouts.withdraw }).click();
    await expectToast(page, MSG.payouts.withdrawn(formatNaira(FIRST_MINOR)));
    await expect(page.getByTestId('withdrawal-row').first()).toHaveAttribute('data-status', 'awaiting_approval');
    await expect(page.getByTestId('payout-held')).toHaveText(formatNaira(FIRST_MINOR + FEE_MINOR));
    await expect(page.getByTestId('payout-available')).toHaveText(formatNaira(net - FIRST_MINOR - FEE_MINOR));
    const first = await latestWithdrawal(vendor.session.token);
    expect(first.status).toBe('awaiting_approval');
    expect(await fakeTransfers()).not.toContainEqual(expect.objectContaining({ reference: first.reference }));

    // An admin approves it in the back office's Payouts queue: the transfer goes to the fake (pending there).
    // The back office in its own context (axe-core needs a page of a context the test made).
    const officeContext = await browser.newContext({ baseURL: E2E.admin, viewport: { width: 1280, height: 800 } });
    const office = await officeContext.newPage();
    await adminLogin(office, DEMO.admin.email, DEMO.admin.password);
    await expect(office.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
    await dismissToasts(office);
    await office.getByRole('menuitem', { name: 'Money' }).click();
    await office.getByRole('menuitem', { name: 'Payouts' }).click();
    await expect(office.getByRole('heading', { name: 'Payouts', exact: true })).toBeVisible();
    const approve = office.getByRole('button', { name: `Approve payout ${first.id}` });
    await expect(approve).toBeVisible();
    await expect(office.locator('tr.ant-table-row', { has: approve })).toContainText(formatNaira(FIRST_MINOR));
    await snap(office, 'admin-payouts-queue-paystack');
    await approve.click();
    await office.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(toast(office, 'Payout approved')).toBeVisible();
    await expect(approve).toHaveCount(0);
    await officeContext.close();
    await expect
      .poll(async () => (await fakeTransfers()).find((t) => t.reference === first.reference)?.status)
      .toBe('pending');
    expect((await latestWithdrawal(vendor.session.token)).status).toBe('processing');

    // The fake sends transfer.success: the withdrawal is paid, and the statement shows the payout.
    expect((await finishTransfer(first.reference, 'success')).delivered).toBe(200);
    await expectWithdrawal(page, FIRST_MINOR, 'paid');
    await expect(page.getByTestId('payout-paid-out')).toHaveText(formatNaira(FIRST_MINOR));
    await expect(page.getByTestId('payout-held')).toHaveText(formatNaira(0));
    const statement = page.getByTestId('payout-statement');
    const payoutLine = statement.locator('[data-testid="statement-entry"][data-kind="payout"]', {
      has: page.getByText(`payout-${first.id}`, { exact: true }),
    });
    await expect(payoutLine).toContainText(formatNaira(FIRST_MINOR));
    await expect(payoutLine).toContainText('Completed');
    await snap(page, 'storefront-payouts-paid-paystack');

    // A second, smaller withdrawal is sent at once; the bank returns it (transfer.reversed): the money is back.
    const before = net - FIRST_MINOR - FEE_MINOR;
    await page
      .getByTestId('withdraw-form')
      .getByLabel(/Amount/)
      .fill(String(SECOND_MINOR / 100));
    await page.getByTestId('withdraw-form').getByRole('button', { name: MSG.payouts.withdraw }).click();
    await expectToast(page, MSG.payouts.withdrawn(formatNaira(SECOND_MINOR)));
    const second = await latestWithdrawal(vendor.session.token);
    expect(second.id).not.toBe(first.id);
    await expect
      .poll(async () => (await fakeTransfers()).find((t) => t.reference === second.reference)?.status)
      .toBe('pending');
    await expect(page.getByTestId('payout-available')).toHaveText(formatNaira(before - SECOND_MINOR - FEE_MINOR));
    expect((await finishTransfer(second.reference, 'reversed')).delivered).toBe(200);
    await expectWithdrawal(page, SECOND_MINOR, 'reversed');
    await expect(page.getByTestId('payout-available')).toHaveText(formatNaira(before));
    await expect(page.getByTestId('payout-paid-out')).toHaveText(formatNaira(FIRST_MINOR));
    await expect(
      page.locator('[data-testid="statement-entry"][data-kind="payout_return"]', {
        has: page.getByText(`payout-return-${second.id}`, { exact: true }),
      }),
    ).toContainText(formatNaira(SECOND_MINOR + FEE_MINOR));
    await snap(page, 'storefront-payouts-reversed-paystack');
    const after = await balance(vendor.session.token);
    expect(after).toMatchObject({ available_minor: before, held_minor: 0, paid_out_minor: FIRST_MINOR });

    // The books agree: every payout's debit, fee and return is in the ledger.
    expect(await reconciliationErrors()).toEqual([]);
  });
});
