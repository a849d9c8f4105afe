import { expect, test, type Page } from '@playwright/test';
import { MSG, TRACKING_NO_EXAMPLE, type ItemResponse, type Order } from '@jara/contracts';
import { requestDelivery } from '../support/admin-deliveries';
import { api, createVerifiedUser, DEMO, E2E } from '../support/env';
import { apiSession, createProduct, walletNgnMinor } from '../support/orders';
import { snap, WIDTHS } from '../support/screens';
import { expectToast, login } from '../support/storefront';

// Issue 22, "a checkout and an account for Nigeria": the checkout asks for a Nigerian phone, state, city or LGA and a
// landmark (postal code optional), fills every saved field, says the wallet shortfall before submitting with a
// "Fund ₦X" that comes back; the cart shows images; My Orders opens on All and its tabs scroll on phones; the
// account tracker lists the customer's parcels; carousels show two whole cards on phones. snap() also runs axe-core.

function stamp(): string {
  return Date.now().toString(36).slice(-5);
}

async function customerWithProfile() {
  const user = await createVerifiedUser('naija');
  const session = await apiSession(user.email, user.password);
  const profile = await api('/user/update-profile', {
    token: session.token,
    body: {
      name: 'Bola Ahmed',
      phone: '0803 123 4567',
      address: '7 Awolowo Road',
      city: 'Ikoyi',
      country: 'Nigeria',
    },
  });
  expect(profile.status).toBe(200);
  return { ...user, ...session };
}

async function addToCartFromPage(page: Page, productId: number) {
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
}

test.describe('a checkout for Nigeria', () => {
  test('phone, state, LGA and landmark; saved details fill every field; the wallet shortfall is funded and the checkout comes back', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const id = stamp();
    const rice = await createProduct(vendor.token, { name: `E2E Ofada Rice ${id}`, price: '4500', stock: 10 });
    const buyer = await customerWithProfile();
    expect(await walletNgnMinor(buyer.token)).toBe(0);

    await login(page, buyer.email, buyer.password);
    await addToCartFromPage(page, rice.id);
    await expectToast(page, `${rice.name} (1) added to cart!`);

    // The cart shows the product's image.
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: rice.name });
    const image = line.getByTestId('cart-line-image');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await snap(page, 'ng-cart');

    // One page, no steps; postal code optional; phone and state required.
    await page.getByRole('link', { name: MSG.checkout.proceed }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText('Step 1 of 3')).toHaveCount(0);
    await expect(page.getByLabel('Country')).toHaveValue('Nigeria');
    await expect(page.getByLabel('Postal code (optional)')).toBeVisible();
    await expect(page.getByLabel('State').locator('option')).toHaveCount(38); // 36 states, the FCT and the prompt
    await page.getByRole('button', { name: MSG.checkout.placeOrder }).click();
    await expect(page.getByText(MSG.checkout.required.phone, { exact: true })).toBeVisible();
    await expect(page.getByText(MSG.checkout.required.state, { exact: true })).toBeVisible();
    await expect(page.getByText(MSG.checkout.required.postal_code, { exact: true })).toHaveCount(0);

    // The address book fills every field it holds, the street and the phone included.
    await page.getByLabel(MSG.checkout.useSaved).check();
    await expect(page.getByLabel('Full name')).toHaveValue('Bola Ahmed');
    await expect(page.getByLabel('Phone number')).toHaveValue('+234 803 123 4567');
    await expect(page.getByLabel('Street address')).toHaveValue('7 Awolowo Road');
    await expect(page.getByLabel('City or LGA')).toHaveValue('Ikoyi');
    await expect(page.getByLabel('Country')).toHaveValue('Nigeria');

    // A phone that is not Nigerian is refused by the action (the API's CreateOrderDto), and the field gets the focus.
    await page.getByLabel('Phone number').fill('+44 7700 900123');
    await page.getByLabel('State').selectOption('Lagos');
    await page.getByLabel('City or LGA').fill('Eti-Osa');
    await page.getByLabel('Landmark (optional)').fill('Opposite Falomo Shopping Centre');
    await page.getByRole('radio', { name: /Wallet/ }).check();
    await page.getByRole('button', { name: MSG.checkout.placeOrder }).click();
    await expect(page.getByText(MSG.checkout.phoneInvalid)).toBeVisible();
    await expect(page.getByLabel('Phone number')).toBeFocused();
    await page.getByLabel('Phone number').fill('0703-555-0199');

    // The wallet shortfall shows before submitting, with Fund ₦4,500.
    const shortfall = page.getByTestId('checkout-shortfall');
    await expect(shortfall).toContainText(MSG.checkout.shortfall('₦0', '₦4,500'));
    const fund = shortfall.getByRole('link', { name: MSG.checkout.fundShortfall('₦4,500') });
    await expect(fund).toHaveAttribute('href', '/fund?amount=4500&return=checkout');
    await snap(page, 'ng-checkout-shortfall');

    await fund.click();
    await expect(page).toHaveURL(/\/fund\?amount=4500&return=checkout$/);
    await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('4500');
    await expect(page.getByTestId('fund-return-note')).toBeVisible();
    await snap(page, 'ng-fund-from-checkout');
    await page.getByRole('button', { name: 'Fund Wallet' }).click();
    await expect(page).toHaveURL(/\/pay\/test\?reference=/);
    await expect(page.getByTestId('checkout-amount')).toHaveText('₦4,500');
    await page.getByRole('button', { name: 'Pay now' }).click();

    // Back on the checkout, funded: no shortfall; the order is placed with the Nigerian address.
    await expect(page).toHaveURL(/\/checkout$/);
    await expectToast(page, 'Wallet funded successfully');
    await expect(page.getByTestId('checkout-wallet-balance')).toHaveText('Balance ₦4,500');
    await page.getByLabel(MSG.checkout.useSaved).check();
    await page.getByLabel('Phone number').fill('0703-555-0199');
    await page.getByLabel('State').selectOption('Lagos');
    await page.getByLabel('City or LGA').fill('Eti-Osa');
    await page.getByLabel('Landmark (optional)').fill('Opposite Falomo Shopping Centre');
    await page.getByRole('radio', { name: /Wallet/ }).check();
    await expect(page.getByTestId('checkout-shortfall')).toHaveCount(0);
    await snap(page, 'ng-checkout-filled');
    await page.getByRole('button', { name: MSG.checkout.placeOrder }).click();
    const complete = page.getByTestId('checkout-complete');
    await expect(complete).toContainText(MSG.checkout.completeText);
    const orderNo = (await page.getByTestId('order-no').textContent())?.trim() ?? '';

    const mine = await api<{ data: Order[] }>(`/orders/user/${buyer.userId}?per_page=5`, { token: buyer.token });
    const placed = mine.body.data.find((o) => o.order_no === orderNo);
    expect(placed).toMatchObject({
      full_name: 'Bola Ahmed',
      phone: '+2347035550199',
      street_address: '7 Awolowo Road',
      state: 'Lagos',
      city: 'Eti-Osa',
      landmark: 'Opposite Falomo Shopping Centre',
      postal_code: null,
      country: 'Nigeria',
    });
    const read = await api<ItemResponse<Order>>(`/orders/${placed?.id}`, { token: buyer.token });
    expect(read.body.data.phone).toBe('+2347035550199');

    // The buyer's order summary shows the whole address, the phone grouped.
    await complete.getByRole('link', { name: MSG.checkout.viewSummary }).click();
    const address = page.getByTestId('order-address');
    await expect(address).toContainText('Opposite Falomo Shopping Centre');
    await expect(address).toContainText('Eti-Osa, Lagos');
    await expect(address).toContainText('+234 703 555 0199');
    await snap(page, 'ng-order-summary');

    // My Orders opens on All, newest first; on a phone the tabs stay on one line and scroll.
    await page.goto('/my-orders');
    await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('order-card').first()).toContainText(orderNo);
    await page.setViewportSize(WIDTHS.phone);
    const tabs = page.locator('.order-tabs');
    const tops = await tabs.locator('.tab').evaluateAll((links) => links.map((l) => (l as HTMLElement).offsetTop));
    expect(new Set(tops).size).toBe(1);
    expect(await tabs.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await snap(page, 'ng-my-orders');
  });

  test('the admin order page shows the phone, state and landmark', async ({ page }) => {
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const product = await createProduct(vendor.token, { name: `E2E Garri ${stamp()}`, price: '1200', stock: 5 });
    const buyer = await customerWithProfile();
    const admin = await apiSession(DEMO.admin.email, DEMO.admin.password);
    const funded = await api(`/wallets/${buyer.userId}/adjustments`, {
      token: admin.token,
      body: { amount: '5000', currency: 'NGN', direction: 'credit', reason: 'e2e: nigeria checkout' },
    });
    expect(funded.status).toBeLessThan(300);
    const res = await api<ItemResponse<Order>>('/orders', {
      token: buyer.token,
      body: {
        items: [{ product_id: product.id, quantity: 1 }],
        full_name: 'Bola Ahmed',
        phone: '234 809 000 1122',
        street_address: '7 Awolowo Road',
        state: 'FCT',
        city: 'Garki',
        landmark: 'Near Area 11 Shopping Centre',
        country: 'Nigeria',
        payment_method: 'wallet',
      },
    });
    expect(res.status).toBe(201);
    const order = res.body.data;
    expect(order).toMatchObject({ phone: '+2348090001122', state: 'Federal Capital Territory', postal_code: null });

    await page.goto(`${E2E.admin}/login`);
    await page.getByLabel('E-mail').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.goto(`${E2E.admin}/orders/show/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.order_no}` })).toBeVisible();
    const address = page.getByTestId('order-address');
    await expect(address).toContainText('7 Awolowo Road');
    await expect(address).toContainText('Near Area 11 Shopping Centre');
    await expect(address).toContainText('Garki, Federal Capital Territory');
    await expect(address.getByTestId('order-phone')).toHaveText('+234 809 000 1122');
    await expect(address.getByTestId('order-phone')).toHaveAttribute('href', 'tel:+2348090001122');
    await snap(page, 'ng-admin-order');
  });
});

test.describe('an account for Nigeria', () => {
  test('the account tracker lists my parcels and hints the real tracking format', async ({ page }) => {
    const buyer = await customerWithProfile();
    const parcel = await requestDelivery(buyer.token, 'air_cargo');
    await login(page, buyer.email, buyer.password);
    await page.goto('/account-tracker');
    await expect(page.getByRole('heading', { name: 'My parcels' })).toBeVisible();
    const table = page.getByTestId('tracking-table');
    await expect(table.getByRole('link', { name: parcel.tracking_no })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'User' })).toHaveCount(0);
    await expect(page.getByLabel('Tracking number').first()).toHaveAttribute(
      'placeholder',
      `e.g. ${TRACKING_NO_EXAMPLE}`,
    );
    expect(TRACKING_NO_EXAMPLE).toMatch(/^JT-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await snap(page, 'ng-account-tracker');
    await page.goto('/');
    await expect(page.locator('#tracking-id')).toHaveAttribute('placeholder', `e.g. ${TRACKING_NO_EXAMPLE}`);
  });

  test('on phones a carousel shows two whole cards with readable names', async ({ page }) => {
    await page.setViewportSize(WIDTHS.phone);
    await page.goto('/');
    const carousel = page.locator('.carousel').first();
    await expect(carousel).toBeVisible();
    const cards = carousel.locator('.carousel-track > li');
    await expect(cards.filter({ visible: true })).toHaveCount(2);
    const boxes = await cards.filter({ visible: true }).evaluateAll((items) =>
      items.map((li) => {
        const box = li.getBoundingClientRect();
        const name = li.querySelector('.product-card-name');
        return {
          left: box.left,
          right: box.right,
          font: name ? parseFloat(getComputedStyle(name).fontSize) : 0,
        };
      }),
    );
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(WIDTHS.phone.width);
      expect(box.font).toBeGreaterThanOrEqual(14);
    }
    const next = carousel.getByRole('button', { name: /^Next / });
    if (await next.isVisible()) {
      await next.click();
      await expect(cards.filter({ visible: true })).toHaveCount(2);
    }
    await snap(page, 'ng-home-carousel');
  });
});
