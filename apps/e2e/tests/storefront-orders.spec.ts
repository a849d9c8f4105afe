import { expect, test, type Page } from '@playwright/test';
import { MSG, formatNaira, splitCommission } from '@jara/contracts';
import { api, createVerifiedUser, DEMO, E2E } from '../support/env';
import { apiSession, createProduct, fundWallet, readProduct, setStock, walletNgnMinor } from '../support/orders';
import { snap } from '../support/screens';
import { expectToast, login } from '../support/storefront';

// Order journeys (spec 2.15, 2.16, issue 10): cart refresh, checkout from the wallet, order summary, My Orders tabs,
// the vendor's Mark as Shipped and settlement less commission, Confirm Receipt, a review that moves the product's
// rating, My Transactions; the checkout's required-field, balance and short-stock answers. snap() also runs axe-core.

const COMMISSION_BPS = 1000;

function stamp(): string {
  return Date.now().toString(36).slice(-5);
}

/** Writes the cart straight into localStorage (what the product pages store). */
async function setCart(
  page: Page,
  lines: Array<{ id: number; name: string; quantity: number; price_kobo: number; price_ngn: number }>,
) {
  await page.evaluate((items) => localStorage.setItem('cart', JSON.stringify(items)), lines);
}

async function readCart(page: Page): Promise<Array<{ id: number; quantity: number; price_kobo: number }>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
}

async function fillAddress(page: Page) {
  await page.getByLabel('Full name').fill('Tunde Bakare');
  await page.getByLabel('Phone number').fill('0803 555 0101');
  await page.getByLabel('Street address').fill('4 Broad Street');
  await page.getByLabel('State').selectOption('Lagos');
  await page.getByLabel('City').fill('Lagos Island');
  await page.getByLabel('Postal code').fill('101001');
  await page.getByLabel('Country').selectOption('Nigeria');
}

test.describe('orders', () => {
  test('a customer buys two products from the wallet; the vendor ships; receipt, review and settlement follow', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const id = stamp();
    const tote = await createProduct(vendor.token, { name: `E2E Ankara Tote ${id}`, price: '12500', stock: 10 });
    const shea = await createProduct(vendor.token, { name: `E2E Shea Butter ${id}`, price: '3000', stock: 10 });
    expect(tote.user_id).toBe(vendor.userId);
    expect(tote.average_rating).toBe(0);

    const user = await createVerifiedUser('buyer');
    const buyer = await apiSession(user.email, user.password);
    const profile = await api('/user/update-profile', {
      token: buyer.token,
      body: {
        name: 'Chioma Adeyemi',
        phone: '08031234567',
        address: '12 Allen Avenue',
        city: 'Ikeja',
        postal_code: '100271',
        country: 'Nigeria',
      },
    });
    expect(profile.status).toBe(200);
    await fundWallet(buyer.userId, '50000');
    const vendorBefore = await walletNgnMinor(vendor.token);

    // Two products into the cart from their pages.
    await login(page, user.email, user.password);
    await page.goto(`/product/${tote.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, `${tote.name} (1) added to cart!`);
    await page.goto(`/product/${shea.id}`);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, `${shea.name} (2) added to cart!`);

    // The cart refreshes prices and stock from the API: a stale price is corrected and said so.
    await page.evaluate(() => {
      const cart = JSON.parse(localStorage.getItem('cart') ?? '[]');
      cart[0].price_kobo = 100;
      cart[0].price_ngn = 1;
      localStorage.setItem('cart', JSON.stringify(cart));
    });
    await page.goto('/cart');
    await expect(page.getByTestId('cart-notice')).toContainText(MSG.checkout.cartChanged);
    await expect(page.getByTestId('cart-total')).toHaveText('₦18,500');
    expect((await readCart(page)).map((l) => [l.id, l.quantity, l.price_kobo])).toEqual([
      [tote.id, 1, 1250000],
      [shea.id, 2, 300000],
    ]);
    await snap(page, 'orders-cart');
    await page.getByRole('link', { name: MSG.checkout.proceed }).click();

    // Checkout: the summary panel and the required-field messages.
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText('Step 1 of 3')).toHaveCount(0); // one page, no steps (issue 22)
    const summary = page.locator('.checkout-summary');
    await expect(summary).toContainText('Free');
    await expect(summary).toContainText('Included');
    await expect(page.getByTestId('checkout-total')).toHaveText('₦18,500');
    await expect(page.getByTestId('checkout-savings')).toHaveCount(0);
    await expect(page.getByTestId('checkout-wallet-balance')).toHaveText('Balance ₦50,000');
    await page.getByRole('button', { name: MSG.checkout.placeOrder }).click();
    const { postal_code: _optional, country: _preset, ...required } = MSG.checkout.required;
    for (const message of Object.values(required)) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await snap(page, 'orders-checkout-required');

    // Saved account details fill the address; the wallet pays.
    await page.getByLabel(MSG.checkout.useSaved).check();
    await expect(page.getByLabel('Full name')).toHaveValue('Chioma Adeyemi');
    await expect(page.getByLabel('Phone number')).toHaveValue('+234 803 123 4567');
    await expect(page.getByLabel('Street address')).toHaveValue('12 Allen Avenue');
    await expect(page.getByLabel('City')).toHaveValue('Ikeja');
    await expect(page.getByLabel('Postal code')).toHaveValue('100271');
    await expect(page.getByLabel('Country')).toHaveValue('Nigeria');
    await page.getByLabel('State').selectOption('Lagos');
    await page.getByRole('radio', { name: /Wallet/ }).check();
    await page.getByLabel('Delivery notes (optional)').fill('Call before delivery, please.');
    await expect(page.getByText(MSG.checkout.required.full_name)).toHaveCount(0);
    await snap(page, 'orders-checkout');
    await page.getByRole('button', { name: MSG.checkout.placeOrder }).click();

    const complete = page.getByTestId('checkout-complete');
    await expect(complete.getByRole('heading', { name: MSG.checkout.completeTitle })).toBeVisible();
    await expect(complete).toContainText(MSG.checkout.completeText);
    const orderNo = (await page.getByTestId('order-no').textContent())?.trim() ?? '';
    expect(orderNo).not.toBe('');
    expect(await readCart(page)).toEqual([]);
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    await snap(page, 'orders-checkout-complete');

    // The order summary: the real order.
    await complete.getByRole('link', { name: MSG.checkout.viewSummary }).click();
    await expect(page).toHaveURL(/\/order-summary\?id=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get('id'));
    await expect(page.getByTestId('order-no')).toHaveText(orderNo);
    await expect(page.getByTestId('order-total')).toHaveText('₦18,500');
    await expect(page.getByTestId('order-payment')).toHaveText('Wallet');
    await expect(page.getByTestId('order-status')).toHaveText('To Ship');
    await expect(page.getByTestId('order-address')).toContainText('12 Allen Avenue');
    await expect(page.getByText(tote.name)).toBeVisible();
    await expect(page.getByText('2 × ₦3,000')).toBeVisible();
    await expect(page.getByRole('link', { name: MSG.checkout.backHome })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: MSG.checkout.viewOrders })).toHaveAttribute('href', '/orders');
    await snap(page, 'orders-summary');
    expect(await walletNgnMinor(buyer.token)).toBe(5_000_000 - 1_850_000);

    // My Orders: opens on All (issue 22), an empty To Pay, the order under To Ship; the table on /orders.
    await page.goto('/my-orders');
    await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('order-card').filter({ hasText: orderNo })).toBeVisible();
    await page.getByRole('link', { name: 'To Pay' }).click();
    await expect(page.getByText('No orders to pay.')).toBeVisible();
    await page.getByRole('link', { name: 'To Ship' }).click();
    const card = page.getByTestId('order-card').filter({ hasText: orderNo });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('order-total')).toHaveText('₦18,500');
    await expect(card.getByRole('button')).toHaveCount(0); // the buyer has no move at To Ship
    await snap(page, 'orders-my-orders');
    await page.goto('/orders');
    const orderRow = page.getByTestId('order-row').filter({ hasText: orderNo });
    await expect(orderRow).toContainText('To Ship');
    await expect(orderRow).toContainText('₦18,500');
    await expect(orderRow.getByRole('link', { name: /^View/ })).toHaveAttribute('href', `/order-summary?id=${orderId}`);
    await snap(page, 'orders-orders-customer');
    await page.goto('/transactions');
    await expect(page.getByTestId('transaction-row')).toHaveCount(2);
    await expect(page.getByTestId('transaction-row').first().locator('.status-pill')).toHaveText('Pending');
    await expect(page.getByTestId('transaction-row').first().locator('.status-pill')).toHaveClass(/tone-warning/);

    // The vendor ships it from /orders and sees what it earns (line totals less 10%).
    const earnings =
      splitCommission(1_250_000, COMMISSION_BPS).vendor + splitCommission(600_000, COMMISSION_BPS).vendor;
    const vendorContext = await browser.newContext({ baseURL: E2E.storefront, viewport: { width: 1280, height: 800 } });
    const vendorPage = await vendorContext.newPage();
    await login(vendorPage, DEMO.vendor.email, DEMO.vendor.password);
    // Every order with the vendor's products, ten at a time: Load More appends the next page (the API's cursor).
    const sold = await api<{ meta: { total: number } }>('/orders?per_page=1', { token: vendor.token });
    await vendorPage.goto('/orders');
    await expect(vendorPage.locator('a.tab', { hasText: MSG.orders.toFulfil })).toHaveAttribute('aria-current', 'page');
    await expect(vendorPage.getByTestId('order-row')).toHaveCount(Math.min(10, sold.body.meta.total));
    if (sold.body.meta.total > 10) {
      await vendorPage.getByRole('link', { name: 'Load More' }).click();
      await expect(vendorPage.getByTestId('order-row')).toHaveCount(Math.min(20, sold.body.meta.total));
    }
    await vendorPage.goto('/orders?view=sales&status=1');
    const sale = vendorPage.getByTestId('order-row').filter({ hasText: orderNo });
    await expect(sale.getByTestId('order-earnings')).toHaveText(formatNaira(earnings));
    await snap(vendorPage, 'orders-vendor-sales');
    await sale.getByRole('button', { name: /Mark as Shipped/ }).click();
    await expectToast(vendorPage, MSG.orders.shipped);
    await expect(sale).toHaveCount(0); // no longer To Ship

    // The buyer confirms receipt: the vendor's credit, less the commission, once per line, is held for the return
    // window (decision 023): in the wallet's history, not yet in the balance.
    await page.goto('/my-orders?tab=to-receive');
    const receiving = page.getByTestId('order-card').filter({ hasText: orderNo });
    await receiving.getByRole('button', { name: 'Confirm Receipt' }).click();
    await expectToast(page, MSG.orders.received);
    await expect(receiving).toHaveCount(0);
    expect(await walletNgnMinor(vendor.token)).toBe(vendorBefore);
    await vendorPage.goto('/fund');
    const history = vendorPage.getByTestId('wallet-history');
    await expect(history).toContainText(`+${formatNaira(splitCommission(1_250_000, COMMISSION_BPS).vendor)}`);
    await expect(history).toContainText(`+${formatNaira(splitCommission(600_000, COMMISSION_BPS).vendor)}`);
    await vendorContext.close();

    // To Review: a review of the tote moves its rating from 0 to 4.
    await page.getByRole('link', { name: 'To Review' }).click();
    const reviewing = page.getByTestId('order-card').filter({ hasText: orderNo });
    await expect(reviewing.getByTestId('order-status')).toHaveText('To Review');
    const panel = reviewing.getByTestId('review-panel').filter({ hasText: tote.name });
    await panel.locator('summary').click();
    await panel.getByLabel('4 stars').check();
    await panel.getByLabel('Comment').fill('Lovely stitching, arrived in two days.');
    await snap(page, 'orders-my-orders-review');
    await panel.getByRole('button', { name: MSG.orders.submitReview }).click();
    await expectToast(page, MSG.orders.reviewThanks);
    await expect(reviewing.getByTestId('review-panel').filter({ hasText: tote.name })).toHaveCount(0);
    await expect(reviewing.getByTestId('review-panel').filter({ hasText: shea.name })).toHaveCount(1);
    const reviewed = await readProduct(tote.id);
    expect(reviewed.average_rating).toBe(4);
    expect(reviewed.review_count).toBe(1);

    // My Transactions: both lines delivered (green).
    await page.goto('/transactions');
    await expect(page.getByTestId('transaction-row').filter({ hasText: tote.name }).locator('.status-pill')).toHaveText(
      'Delivered',
    );
    await expect(page.getByTestId('transaction-row').first().locator('.status-pill')).toHaveClass(/tone-success/);
    await snap(page, 'orders-transactions');

    // The product page shows the review.
    await page.goto(`/product/${tote.id}`);
    await expect(page.locator('.review', { hasText: 'Lovely stitching, arrived in two days.' })).toBeVisible();

    // A return request on the reviewed order.
    await page.goto('/my-orders?tab=to-review');
    const returning = page.getByTestId('order-card').filter({ hasText: orderNo });
    // The buyer sees until when a return can be asked (received today + ORDER_RETURN_WINDOW_DAYS).
    await expect(returning.getByTestId('return-until')).toContainText('Returns accepted until');
    await returning.locator('summary', { hasText: 'Request Return' }).click();
    await returning.getByLabel(MSG.orders.returnReason).fill('The tote strap came loose.');
    await returning.getByRole('button', { name: MSG.orders.sendReturn }).click();
    await expectToast(page, MSG.orders.returnRequested);
    await expect(returning).toContainText(MSG.orders.returnRequested);
    await expect(returning.locator('summary', { hasText: 'Request Return' })).toHaveCount(0);
    await expect(returning.getByTestId('return-until')).toHaveCount(0);
  });

  test('checkout answers: required fields on the server, a short wallet, short stock; then the order goes through', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const product = await createProduct(vendor.token, { name: `E2E Last Pieces ${stamp()}`, price: '2000', stock: 3 });
    const user = await createVerifiedUser('short');
    const buyer = await apiSession(user.email, user.password);
    await login(page, user.email, user.password);

    // The action checks the form with the API's CreateOrderDto: the same messages as the page shows.
    const refused = await page.request.post('/checkout?_data=routes%2F_account.checkout', {
      form: {
        items: JSON.stringify([{ product_id: product.id, quantity: 1 }]),
        idempotency_key: 'e2e-key-0123456789abcdef',
      },
      headers: { Origin: E2E.storefront },
    });
    expect(refused.status()).toBe(422);
    const body = await refused.json();
    const { postal_code: _optional, ...required } = MSG.checkout.required;
    expect(body.errors).toEqual(required);

    await page.goto('/dashboard');
    await setCart(page, [{ id: product.id, name: product.name, quantity: 3, price_kobo: 200000, price_ngn: 2000 }]);
    await page.goto('/checkout');
    await expect(page.getByTestId('checkout-total')).toHaveText('₦6,000');
    await fillAddress(page);
    await page.getByRole('radio', { name: /Wallet/ }).check();

    // An empty wallet: the API's 422, with a way to fund it.
    await page.getByRole('button', { name: MSG.checkout.placeOrder }).click();
    const error = page.getByTestId('checkout-error');
    await expect(error).toContainText('Insufficient wallet balance.');
    await expect(error.getByRole('link', { name: MSG.checkout.fundWallet })).toHaveAttribute('href', '/fund');
    await snap(page, 'orders-checkout-balance');

    // Funded, but two of the three pieces sold meanwhile: the 409 names the product and the cart comes down to 1.
    await fundWallet(buyer.userId, '10000');
    await setStock(vendor.token, product.id, 1);
    await page.getByRole('button', { name: MSG.checkout.placeOrder }).click();
    await expect(error).toContainText(MSG.orders.onlyLeft(product.name, 1));
    await expect(page.getByTestId('cart-notice')).toContainText(MSG.checkout.cartChanged);
    await expect(page.getByTestId('checkout-total')).toHaveText('₦2,000');
    expect((await readCart(page))[0].quantity).toBe(1);
    await snap(page, 'orders-checkout-stock');

    // The form kept its values; the next try places the order.
    await expect(page.getByLabel('City')).toHaveValue('Lagos Island');
    const form = page.locator('form.checkout-form');
    const sent: Record<string, string> = {
      idempotency_key: await form.locator('input[name="idempotency_key"]').inputValue(),
      items: await form.locator('input[name="items"]').inputValue(),
      full_name: 'Tunde Bakare',
      phone: '0803 555 0101',
      street_address: '4 Broad Street',
      state: 'Lagos',
      city: 'Lagos Island',
      postal_code: '101001',
      country: 'Nigeria',
      payment_method: 'wallet',
      notes: '',
    };
    await page.getByRole('button', { name: MSG.checkout.placeOrder }).click();
    await expect(page.getByTestId('checkout-complete')).toContainText(MSG.checkout.completeText);
    const orderNo = (await page.getByTestId('order-no').textContent())?.trim();

    // The same form sent again (a double submit, a retry) answers the same order and charges nothing more.
    const again = await page.request.post('/checkout?_data=routes%2F_account.checkout', {
      form: sent,
      headers: { Origin: E2E.storefront },
    });
    expect(again.status()).toBe(200);
    expect((await again.json()).order.order_no).toBe(orderNo);
    expect(await walletNgnMinor(buyer.token)).toBe(1_000_000 - 200_000);

    // The cart of a product now gone (sold out) says so and removes it.
    await page.goto('/dashboard');
    await setCart(page, [{ id: product.id, name: product.name, quantity: 1, price_kobo: 200000, price_ngn: 2000 }]);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-notice')).toContainText(MSG.checkout.cartItemGone(product.name));
    await expect(page.getByText(MSG.checkout.emptyCart)).toBeVisible();
  });

  test('card goes through the test gateway; a bank transfer shows the account; the buyer cancels an unpaid order', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const product = await createProduct(vendor.token, { name: `E2E Adire Scarf ${stamp()}`, price: '4000', stock: 5 });
    const user = await createVerifiedUser('card');
    await login(page, user.email, user.password);
    const line = { id: product.id, name: product.name, quantity: 1, price_kobo: 400000, price_ngn: 4000 };

    // Credit Card: the order is placed (To Pay), the cart emptied, and the browser goes to the gateway.
    await setCart(page, [line]);
    await page.goto('/checkout');
    await fillAddress(page);
    await page.getByRole('radio', { name: 'Credit Card' }).check();
    await page.getByRole('button', { name: MSG.checkout.placeOrder }).click();
    await expect(page).toHaveURL(/\/pay\/test\?reference=/);
    await expect(page.getByTestId('checkout-amount')).toHaveText('₦4,000');
    expect(await readCart(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).not.toHaveURL(/\/pay\/test/);
    // Paid: the order moves to To Ship.
    await expect(async () => {
      await page.goto('/my-orders?tab=to-ship');
      await expect(page.getByTestId('order-card').filter({ hasText: product.name })).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });

    // Bank Transfer: the account to pay into; the order waits under To Pay, where the buyer can cancel it.
    await setCart(page, [line]);
    await page.goto('/checkout');
    await fillAddress(page);
    await page.getByRole('radio', { name: 'Bank Transfer' }).check();
    await page.getByRole('button', { name: MSG.checkout.placeOrder }).click();
    const complete = page.getByTestId('checkout-complete');
    await expect(complete).toContainText(MSG.checkout.completeText);
    const bank = page.getByTestId('bank-transfer');
    await expect(bank).toContainText('Account number');
    const orderNo = (await page.getByTestId('order-no').textContent())?.trim() ?? '';
    await expect(bank).toContainText(orderNo);
    await snap(page, 'orders-checkout-bank-transfer');
    await page.goto('/my-orders?tab=to-pay');
    const unpaid = page.getByTestId('order-card').filter({ hasText: orderNo });
    await expect(unpaid.getByTestId('order-status')).toHaveText('To Pay');
    await unpaid.getByRole('button', { name: 'Cancel Order' }).click();
    await expectToast(page, MSG.orders.cancelled);
    await expect(unpaid).toHaveCount(0);
    await expect(page.getByText('No orders to pay.')).toBeVisible();
    await page.getByRole('link', { name: 'Returns & Cancellations' }).click();
    const cancelled = page.getByTestId('order-card').filter({ hasText: orderNo });
    await expect(cancelled.getByTestId('order-status')).toHaveText('Cancelled');
    await snap(page, 'orders-my-orders-returns');
    // The stock came back.
    expect((await readProduct(product.id)).stock_quantity).toBe(4);
  });
});
