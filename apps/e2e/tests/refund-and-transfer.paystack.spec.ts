import { expect, test, type Page } from '@playwright/test';
import {
  ACCEPT_RETURN_ACTION,
  MSG,
  ORDER_STATUS,
  formatNaira,
  type DedicatedAccountAnswer,
  type Order,
  type OrderRefund,
} from '@jara/contracts';
import { adminLogin, dismissToasts, toast } from '../support/admin';
import { api, createVerifiedUser, DEMO, E2E } from '../support/env';
import {
  apiSession,
  createProduct,
  moveOrder,
  placeOrder,
  readOrder,
  walletNgnMinor,
  type ApiSession,
} from '../support/orders';
import {
  FAKE_PAYSTACK,
  fakeRefunds,
  finishRefund,
  reconciliationErrors,
  transferIntoDedicatedAccount,
} from '../support/paystack';
import { snap } from '../support/screens';
import { expectToast, hydrated, login } from '../support/storefront';

// Issue 24, acceptance, against the fake Paystack (second phase of `npm run e2e`): a card payment on the fake's
// hosted checkout, a return refunded to that card (refund.processed from the fake), and a customer's dedicated
// transfer account whose incoming transfer credits the wallet and pays an order waiting for a bank transfer.

const stamp = () => Date.now().toString(36).slice(-5);

async function setCart(page: Page, lines: Array<{ id: number; name: string; quantity: number; price_kobo: number }>) {
  await page.evaluate(
    (items) => localStorage.setItem('cart', JSON.stringify(items)),
    lines.map((l) => ({ ...l, price_ngn: l.price_kobo / 100 })),
  );
}

async function fillAddress(page: Page) {
  await page.getByLabel('Full name').fill('Bisi Adewale');
  await page.getByLabel('Phone number').fill('0803 555 0102');
  await page.getByLabel('Street address').fill('7 Marina Road');
  await page.getByLabel('State').selectOption('Lagos');
  await page.getByLabel('City').fill('Lagos Island');
  await page.getByLabel('Postal code').fill('101001');
  await page.getByLabel('Country').selectOption('Nigeria');
}

async function myLatestOrder(buyer: ApiSession): Promise<Order> {
  const res = await api<{ data: Order[] }>(`/orders/user/${buyer.userId}?per_page=1`, { token: buyer.token });
  expect(res.status).toBe(200);
  return res.body.data[0];
}

test.describe('money back and money in against the fake Paystack', () => {
  test('a card payment on the hosted checkout, a return refunded to the card: the order shows it Refunded', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const product = await createProduct(vendor.token, { name: `E2E Beaded Bag ${stamp()}`, price: '4000', stock: 5 });
    const user = await createVerifiedUser('card-refund');
    const buyer = await apiSession(user.email, user.password);
    await login(page, user.email, user.password);

    // Credit Card: the browser goes to the fake's hosted checkout (Paystack's authorization_url), pays there and
    // comes back to the storefront; the charge.success webhook and the callback's verify both settle it, once.
    await setCart(page, [{ id: product.id, name: product.name, quantity: 1, price_kobo: 400_000 }]);
    await page.goto('/checkout');
    await fillAddress(page);
    await page.getByRole('radio', { name: 'Credit Card' }).check();
    await page.getByRole('button', { name: MSG.checkout.placeOrder }).click();
    await expect(page).toHaveURL(new RegExp(`^${FAKE_PAYSTACK.replace(/[.]/g, '\\.')}/checkout/`));
    await expect(page.getByTestId('fake-checkout-amount')).toHaveText('₦4,000.00');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(new RegExp(`^${E2E.storefront}/`));
    const order = await myLatestOrder(buyer);
    await expect.poll(async () => (await readOrder(buyer.token, order.id)).status).toBe(ORDER_STATUS.TO_SHIP);

    // Shipped and received (setup through the API), then the buyer asks a return to the original card.
    await moveOrder(vendor.token, order.id, ORDER_STATUS.TO_RECEIVE);
    await moveOrder(buyer.token, order.id, ORDER_STATUS.TO_REVIEW);
    await page.goto('/my-orders?tab=to-review');
    const card = page.getByTestId('order-card').filter({ hasText: order.order_no });
    await hydrated(page);
    await card.locator('summary', { hasText: 'Request Return' }).click();
    await card.getByLabel(MSG.orders.returnReason).fill('The clasp is broken.');
    await card.getByTestId('refund-to').getByLabel('Original card').check();
    await snap(page, 'storefront-return-to-card-paystack');
    await card.getByRole('button', { name: MSG.orders.sendReturn }).click();
    await expectToast(page, MSG.orders.returnRequested);

    // The admin accepts the return in the back office: the refund goes to Paystack (pending at the fake).
    // The back office in its own context (axe-core needs a page of a context the test made).
    const officeContext = await browser.newContext({ baseURL: E2E.admin, viewport: { width: 1280, height: 800 } });
    const office = await officeContext.newPage();
    await adminLogin(office, DEMO.admin.email, DEMO.admin.password);
    await expect(office.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
    await office.goto(`/orders/show/${order.id}`);
    await expect(office.getByRole('heading', { name: `Order ${order.order_no}` })).toBeVisible();
    await office.getByRole('button', { name: ACCEPT_RETURN_ACTION }).click();
    await office.getByRole('dialog').getByRole('button', { name: ACCEPT_RETURN_ACTION }).click();
    await expect(toast(office, MSG.orders.statusUpdated)).toBeVisible();
    const refunds = async () =>
      (await api<{ data: OrderRefund[] }>(`/orders/${order.id}/refunds`, { token: buyer.token })).body.data;
    const [refund] = await refunds();
    expect(refund).toMatchObject({ destination: 'card', status: 'pending', amount_minor: 400_000 });
    await page.goto(`/order-summary?id=${order.id}`);
    await expect(page.getByTestId('order-refund')).toContainText('Refund pending');

    // Paystack was asked to refund the buyer's card payment, in full; it sends refund.processed: the order shows
    // the money went back to the card.
    const asked = (await fakeRefunds()).filter((r) => r.email === user.email);
    expect(asked).toEqual([expect.objectContaining({ amount: 400_000, status: 'pending' })]);
    expect((await finishRefund(asked[0].id, 'processed')).delivered).toBe(200);
    await expect.poll(async () => (await refunds())[0].status).toBe('processed');
    await page.goto(`/order-summary?id=${order.id}`);
    const shown = page.getByTestId('order-refund');
    await expect(shown).toHaveAttribute('data-destination', 'card');
    await expect(shown).toContainText(`${MSG.payouts.refundTo} Original card`);
    await expect(shown).toContainText('Refunded');
    await expect(shown).toContainText(formatNaira(400_000));
    await snap(page, 'storefront-order-refunded-to-card-paystack');

    // The back office's order page shows the same refund.
    await office.reload();
    const officeRefunds = office.getByTestId('order-refunds');
    await expect(officeRefunds).toContainText('Refunded');
    await expect(officeRefunds).toContainText(formatNaira(400_000));
    await dismissToasts(office);
    await snap(office, 'admin-order-refunded-to-card-paystack');
    await officeContext.close();

    // Nothing went to the wallet: the money went back to the card only.
    expect(await walletNgnMinor(buyer.token)).toBe(0);
  });

  test('a dedicated transfer account on the Fund page: a transfer into it credits the wallet and pays a waiting order', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const product = await createProduct(vendor.token, { name: `E2E Batik Cloth ${stamp()}`, price: '3000', stock: 5 });
    const user = await createVerifiedUser('nuban');
    const buyer = await apiSession(user.email, user.password);
    // An order waiting for a bank transfer (To Pay).
    const waiting = await placeOrder(buyer.token, [{ product_id: product.id, quantity: 1 }], {
      payment_method: 'bank_transfer',
    });
    expect(waiting.status).toBe(ORDER_STATUS.TO_PAY);

    await login(page, user.email, user.password);
    await page.goto('/fund');
    const box = page.getByTestId('dedicated-account');
    await expect(box).toBeVisible();
    await hydrated(page);
    await box.getByRole('button', { name: MSG.payouts.dedicatedGet }).click();
    await expectToast(page, MSG.payouts.dedicatedCreated);
    const number = (await page.getByTestId('dedicated-number').innerText()).trim();
    expect(number).toMatch(/^\d{10}$/);
    const answer = await api<{ data: DedicatedAccountAnswer }>('/wallet/dedicated-account', { token: buyer.token });
    expect(answer.body.data).toMatchObject({ configured: true, account: { account_number: number } });
    await snap(page, 'storefront-fund-dedicated-account-paystack');

    // ₦5,000 arrives by transfer: the wallet is credited, the waiting ₦3,000 order is paid from it.
    expect((await transferIntoDedicatedAccount(number, 500_000)).delivered).toBe(200);
    await expect.poll(async () => (await readOrder(buyer.token, waiting.id)).status).toBe(ORDER_STATUS.TO_SHIP);
    const left = 500_000 - waiting.total_minor;
    expect(await walletNgnMinor(buyer.token)).toBe(left);
    await page.goto('/fund');
    await expect(page.getByTestId('local-balance')).toContainText(formatNaira(left));
    await expect(page.getByTestId('wallet-history')).toContainText(formatNaira(500_000));
    await snap(page, 'storefront-fund-transfer-received-paystack');

    // The books agree after the card payment, its refund and the transfer in.
    expect(await reconciliationErrors()).toEqual([]);
  });
});
