import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { PAYOUT_MSG, formatNaira, type Bank, type Order, type Payout } from '@jara/contracts';
import { api, apiLogin, createVerifiedUser, DEMO, E2E } from '../support/env';
import { apiSession, createProduct, fundWallet, placeOrder, type ApiSession } from '../support/orders';
import { decideKyc, submitKycApi } from '../support/care';
import { snap } from '../support/screens';
import { dismissToasts, loginAsAdmin, toast } from '../support/admin';

// Money out in the back office (issue 24): the payout queue (approve one, reject one with a reason, approve the
// selected ones), the history with a payout's details, a vendor's payout accounts, balance and statement on their
// wallet page, and a partial refund of an order from its page. The payouts are asked for through the real API by a
// fresh vendor (KYC approved, a payout account, a funded wallet), above the auto-approval amount so they wait.
test.use({ baseURL: E2E.admin });

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
});

const row = (scope: Page | Locator, text: string) => scope.locator('tr.ant-table-row', { hasText: text });
const fieldError = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item', { has: scope.page().getByLabel(label) }).locator('.ant-form-item-explain-error');

function fail(step: string, res: { status: number; body: unknown }): never {
  throw new Error(`${step} failed with ${res.status}: ${JSON.stringify(res.body)}`);
}

interface Vendor {
  name: string;
  email: string;
  session: ApiSession;
}

/** A fresh vendor with an approved KYC, a payout account and ₦300,000 to withdraw. */
async function payoutVendor(): Promise<Vendor> {
  const name = `Payout Stores ${randomBytes(3).toString('hex')}`;
  const user = await createVerifiedUser('payout-vendor');
  const before = await apiSession(user.email, user.password);
  const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const role = await api(`/users/${before.userId}`, { method: 'PUT', token: admin, body: { role: 'vendor', name } });
  if (role.status !== 200) fail('make vendor', role);
  const session = await apiSession(user.email, user.password);
  await decideKyc((await submitKycApi(session.token)).id, 1);
  const banks = await api<{ data: Bank[] }>('/vendor-payouts/banks', { token: session.token });
  if (banks.status !== 200 || !banks.body.data.length) fail('banks', banks);
  const account = await api('/vendor-payouts/account', {
    method: 'PUT',
    token: session.token,
    body: { bank_code: banks.body.data[0].code, account_number: '0123456789', password: user.password },
  });
  if (account.status !== 200) fail('payout account', account);
  await fundWallet(session.userId, '300000', 'e2e: sales to withdraw');
  return { name, email: user.email, session };
}

/** POST /vendor-payouts/withdrawals as the vendor. */
async function withdraw(vendor: Vendor, amount: string): Promise<Payout> {
  const res = await api<{ data: Payout }>('/vendor-payouts/withdrawals', {
    token: vendor.session.token,
    body: { amount },
  });
  if (res.status !== 201) fail('withdraw', res);
  return res.body.data;
}

test('admin works the payout queue: approves one, rejects one with a reason, approves the selected one', async ({
  page,
}) => {
  const vendor = await payoutVendor();
  const [a, b, c] = [await withdraw(vendor, '60000'), await withdraw(vendor, '70000'), await withdraw(vendor, '80000')];
  for (const p of [a, b, c]) expect(p.status).toBe('awaiting_approval');

  await loginAsAdmin(page);
  await page.getByRole('menuitem', { name: 'Money' }).click();
  await page.getByRole('menuitem', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  // The queue is the default view; narrow it to this vendor.
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by vendor' }).fill(vendor.name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: vendor.name }).click();
  const rows = page.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(row(page, formatNaira(6_000_000))).toContainText('Awaiting approval');
  await snap(page, 'admin-payouts-queue');

  // Approve one: a confirmation, then it leaves the queue.
  await page.getByRole('button', { name: `Approve payout ${a.id}` }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Payout approved')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await dismissToasts(page);

  // Reject one: the reason is required (the DTO's message), then the row leaves the queue.
  await page.getByRole('button', { name: `Reject payout ${b.id}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(formatNaira(7_000_000));
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(fieldError(dialog, 'Reason')).toHaveText(PAYOUT_MSG.reasonRequired);
  await dialog.getByLabel('Reason').fill('The account name does not match the KYC name');
  await snap(page, 'admin-payouts-reject');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, 'Payout rejected')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await dismissToasts(page);

  // Approve the selected ones: the last one, chosen by its checkbox.
  await page.getByRole('checkbox', { name: `Select payout ${c.id}` }).check();
  await page.getByRole('button', { name: 'Approve selected (1)' }).click();
  await expect(toast(page, '1 payout approved.')).toBeVisible();
  await expect(page.getByText('No payout is waiting for approval.')).toBeVisible();
  await dismissToasts(page);

  // The history: all three, the rejected one with its reason in the drawer.
  await page.getByText('All payouts', { exact: true }).click();
  await expect(rows).toHaveCount(3);
  await expect(row(page, formatNaira(7_000_000))).toContainText('Rejected');
  for (const amount of [6_000_000, 8_000_000])
    await expect(row(page, formatNaira(amount))).not.toContainText('Awaiting approval');
  await page.getByRole('button', { name: `View payout ${b.id}` }).click();
  const details = page.getByTestId('payout-details');
  await expect(details).toContainText('The account name does not match the KYC name');
  await expect(details).toContainText(vendor.email);
  await snap(page, 'admin-payouts-history');

  // The vendor's wallet page: their payout account, balance and statement.
  await page.getByRole('link', { name: 'Open the vendor’s wallet and payout accounts' }).click();
  const payouts = page.getByTestId('vendor-payouts');
  await expect(payouts.getByTestId('payout-accounts')).toContainText('0123456789');
  await expect(payouts.getByTestId('payout-accounts')).toContainText('Active');
  await expect(payouts).toContainText('Statement');
  await expect(payouts.locator('tr.ant-table-row').first()).toBeVisible();
  await snap(page, 'admin-vendor-payouts');
});

test('admin refunds part of a wallet-paid order from its page', async ({ page }) => {
  const seller = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
  const tag = randomBytes(3).toString('hex');
  const product = await createProduct(seller.token, { name: `E2E Kettle ${tag}`, price: '10000', stock: 5 });
  const buyer = await createVerifiedUser('refund-buyer');
  const session = await apiSession(buyer.email, buyer.password);
  await fundWallet(session.userId, '20000');
  const order: Order = await placeOrder(session.token, [{ product_id: product.id, quantity: 1 }]);

  await loginAsAdmin(page);
  await page.goto(`/orders/show/${order.id}`);
  const card = page.getByTestId('order-refunds');
  await expect(card).toContainText('No refunds.');
  await card.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`At most ${formatNaira(order.total_minor)} can still be refunded.`);
  // A wallet-paid order cannot be refunded to a card.
  await expect(dialog.getByRole('radio', { name: 'Original card' })).toBeDisabled();
  // The DTO's checks, then the server's: more than was paid is a 422 under the amount.
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(fieldError(dialog, 'Reason')).toBeVisible();
  await dialog.getByLabel('Amount').fill('999999');
  await dialog.getByLabel('Reason').fill('One kettle arrived dented');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(fieldError(dialog, 'Amount')).toBeVisible();
  await dismissToasts(page);
  await snap(page, 'admin-order-refund');

  await dialog.getByLabel('Amount').fill('1500.00');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(toast(page, 'Refund recorded.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const refund = row(card, formatNaira(150_000));
  await expect(refund).toContainText('Jara wallet');
  await expect(refund).toContainText('Refunded');
  await dismissToasts(page);
  await snap(page, 'admin-order-refunds');
});
