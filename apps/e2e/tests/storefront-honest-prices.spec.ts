import { expect, test, type Page } from '@playwright/test';
import { MSG, SEED_RATES_AS_OF, formatDate, formatNaira, type ShopPolicy } from '@jara/contracts';
import { api, DEMO } from '../support/env';
import { apiSession, createProduct } from '../support/orders';
import { snap } from '../support/screens';
import { login } from '../support/storefront';

// Issue 22, honest prices, stock and claims: a struck price and '{n}% OFF' only from the vendor's discount (the same
// numbers on the card, the product page and checkout), the stock the vendor has, real review counts, promotions of
// products that can be bought, claims backed by the rules checkout and returns apply, realistic dated rates.

const suffix = () => Math.random().toString(36).slice(2, 8);

async function policy(): Promise<ShopPolicy> {
  const res = await api<{ data: ShopPolicy }>('/shop-policy');
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Puts one product in the cart through its page (quantity n) and opens checkout. */
async function checkoutWith(page: Page, productId: number, quantity: number) {
  await page.goto(`/product/${productId}`);
  for (let i = 1; i < quantity; i += 1) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText(String(quantity));
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-items')).toBeVisible();
}

test.describe('honest prices, stock and claims', () => {
  test('a product without a previous price shows no percentage anywhere, and the shown stock equals the stock', async ({
    page,
  }) => {
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const name = `Plain kettle ${suffix()}`;
    const product = await createProduct(vendor.token, { name, price: '24300', stock: 35 });
    expect(product.stock_quantity).toBe(35);
    const rules = await policy();
    expect(rules).toEqual({ return_window_days: 7, delivery_fee_minor: 0 });

    // Product page: the price alone, the vendor's 35 (nothing reserved), no invented rating.
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByTestId('product-price')).toHaveText(formatNaira(24_300_00));
    await expect(page.getByTestId('stock')).toHaveText('In Stock (35 available)');
    await expect(page.locator('main')).not.toContainText('% OFF');
    await expect(page.getByTestId('struck-price')).toHaveCount(0);
    await expect(page.getByTestId('no-reviews')).toHaveText('No reviews yet');
    await expect(page.locator('.product-meta .stars')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Customer Reviews (0)' })).toBeVisible();
    // Claims from the rules: no delivery fee at checkout, the real return window.
    const claims = page.getByTestId('claims');
    await expect(claims).toContainText('Free Shipping');
    await expect(claims).toContainText(`${rules.return_window_days}-Day Returns`);
    await expect(claims).not.toContainText('30-Day');
    await snap(page, 'honest-product-plain');

    // Its card in the catalogue: no percentage either.
    await page.goto(`/all_products?q=${encodeURIComponent(name)}`);
    const card = page.locator(`.product-card[data-product-id="${product.id}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('card-price')).toHaveText(formatNaira(24_300_00));
    await expect(card).not.toContainText('% OFF');
    await expect(card.getByTestId('struck-price')).toHaveCount(0);

    // Checkout: no "You're saving" without a discount, whatever the total (3 x ₦24,300 = ₦72,900, above ₦50,000).
    await login(page, DEMO.customer.email, DEMO.customer.password);
    await page.evaluate(() => window.localStorage.removeItem('cart'));
    await checkoutWith(page, product.id, 3);
    await expect(page.getByTestId('checkout-total')).toHaveText(formatNaira(72_900_00));
    await expect(page.getByTestId('checkout-savings')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('% OFF');
  });

  test('a discounted product shows the same previous price and percentage on the card, the page and checkout', async ({
    page,
  }) => {
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const name = `Discounted blender ${suffix()}`;
    // 10% off: pays ₦90,000, previous price ₦100,000.
    const product = await createProduct(vendor.token, { name, price: '90000', stock: 4, discount: '10' });
    expect((product as unknown as { discount: string }).discount).toBe('10%');

    await page.goto(`/product/${product.id}`);
    await expect(page.getByTestId('product-price')).toHaveText(formatNaira(90_000_00));
    await expect(page.getByTestId('struck-price')).toHaveText(`Previous price ${formatNaira(100_000_00)}`);
    await expect(page.getByTestId('percent-off')).toHaveText('10% OFF');
    await expect(page.getByText('20% OFF')).toHaveCount(0);
    await expect(page.getByTestId('stock')).toHaveText('LOW STOCK: only 4 left');
    await snap(page, 'honest-product-discounted');

    await page.goto(`/all_products?q=${encodeURIComponent(name)}`);
    const card = page.locator(`.product-card[data-product-id="${product.id}"]`);
    await expect(card.getByTestId('struck-price')).toHaveText(`Previous price ${formatNaira(100_000_00)}`);
    await expect(card.getByTestId('percent-off')).toHaveText('10% OFF');
    await snap(page, 'honest-card-discounted');

    await login(page, DEMO.customer.email, DEMO.customer.password);
    await page.evaluate(() => window.localStorage.removeItem('cart'));
    await checkoutWith(page, product.id, 2);
    await expect(page.getByTestId('checkout-total')).toHaveText(formatNaira(180_000_00));
    await expect(page.getByTestId('checkout-savings')).toHaveText(MSG.checkout.savings(formatNaira(20_000_00)));
    await snap(page, 'honest-checkout-savings');
  });

  test('a vendor discount needs its unit and range (a 422 with the message, not a stored "10 OFF")', async () => {
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    await expect(
      createProduct(vendor.token, { name: `Bad discount ${suffix()}`, price: '1000', stock: 1, discount: '10 OFF' }),
    ).rejects.toThrow(/422.*whole percentage/);
  });

  test('promotions show only what can be bought', async ({ page }) => {
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const soldOut = await createProduct(vendor.token, {
      name: `Sold-out trend ${suffix()}`,
      price: '5000',
      stock: 0,
      type: 'trending',
    });
    const inStock = await createProduct(vendor.token, {
      name: `Stocked trend ${suffix()}`,
      price: '5000',
      stock: 3,
      type: 'trending',
    });
    const listed = await api<{ data: Array<{ id: number; stock_quantity: number }> }>(
      '/products/active?type=trending&in_stock=1&_sort=created_at&_order=desc&per_page=8',
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p) => p.id)).toContain(inStock.id);
    expect(listed.body.data.map((p) => p.id)).not.toContain(soldOut.id);
    expect(listed.body.data.every((p) => p.stock_quantity > 0)).toBe(true);

    await page.goto('/');
    const trending = page.getByRole('region', { name: 'Trending Now', exact: true });
    await expect(trending).toContainText(inStock.name);
    await expect(trending).not.toContainText(soldOut.name);

    // The signed-in home: Deal of the Day and the carousels are in stock; the banner states the real rule.
    await login(page, DEMO.customer.email, DEMO.customer.password);
    await expect(page.getByTestId('delivery-banner')).toContainText('Free Delivery on Every Order');
    await expect(page.getByText('Free Delivery Over $30,000')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(soldOut.name);
    await snap(page, 'honest-dashboard');
  });

  test('the converter uses realistic rates and says as of when', async ({ page }) => {
    await page.goto('/converter?amount=243000&from=NGN&to=ZAR');
    await expect(page.getByTestId('converter-result').locator('output')).toHaveText('2,916.00 ZAR');
    await expect(page.getByTestId('rates-as-of')).toHaveText(MSG.currency.ratesAsOf(formatDate(SEED_RATES_AS_OF)));
    await snap(page, 'honest-converter');
  });

  test('the FAQ quotes the real return window', async ({ page }) => {
    const rules = await policy();
    await page.goto('/faq');
    await page.getByText('What is your return policy?').click();
    await expect(page.locator('main')).toContainText(`within ${rules.return_window_days} days of delivery`);
    await expect(page.locator('main')).not.toContainText('30 days');
  });
});
