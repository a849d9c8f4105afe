import { expect, test, type Page } from '@playwright/test';
import { formatNaira, MSG, ORDER_STATUS, type ListResponse, type Order } from '@jara/contracts';
import { api, apiLogin, DEMO, E2E } from '../support/env';
import { apiSession, fundWallet, moveOrder, placeOrder } from '../support/orders';
import { snap } from '../support/screens';
import { expectToast, login } from '../support/storefront';

// Catalogue journeys (spec 2.8-2.14, 2.21): public home, categories with encrypted ids, product detail with cart,
// wishlist and structured data, the catalogue filters and Load More, the product manager and the sitemaps.

interface ApiProduct {
  id: number;
  name: string;
  price_ngn: number;
  price_kobo: number;
  category_id: number;
  user_id: number;
  stock_quantity: number;
}

/** datetime-local value in Lagos time (UTC+1) of now + offset. */
function lagosInput(offsetMs: number): string {
  return new Date(Date.now() + offsetMs + 60 * 60 * 1000).toISOString().slice(0, 16);
}

const grid = (page: Page) => page.getByTestId('product-grid').locator('> li');

test.describe('public catalogue', () => {
  test('home -> category from the header -> product -> add to cart shows the badge', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Flash Sales' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'New Products' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top Verified Sellers' })).toBeVisible();
    await expect(page.locator('.section-countdown .countdown')).toHaveText(/\d/);
    // Carousel: 3 cards per step, arrows disabled at the ends.
    const flash = page.getByRole('region', { name: 'Flash Sales', exact: true });
    await expect(flash.locator('.carousel-track > li')).toHaveCount(3);
    await expect(flash.getByRole('button', { name: 'Previous Flash Sales' })).toBeDisabled();
    await flash.getByRole('button', { name: 'Next Flash Sales' }).click();
    await expect(flash.getByRole('button', { name: 'Previous Flash Sales' })).toBeEnabled();
    await expect(flash.locator('.flash-badge').first()).toHaveText('Flash Sale');
    // Ticking countdown on a card.
    const cardCountdown = flash.locator('.countdown').first();
    const before = await cardCountdown.textContent();
    await expect.poll(async () => cardCountdown.textContent(), { timeout: 5000 }).not.toBe(before);

    // Search suggestions (grouped) and the no-JS fallback form.
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('samsung');
    const suggestions = page.getByRole('region', { name: 'Search suggestions' });
    await expect(suggestions.getByRole('heading', { name: 'Products' })).toBeVisible();
    await snap(page, 'catalogue-home-suggestions');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/all_products\?q=samsung/);
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('samsung');

    // Newsletter success and error.
    await page.goto('/');
    await page.getByLabel('E-mail address').fill(`news-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Thank you for subscribing!')).toBeVisible();
    await snap(page, 'catalogue-home');

    // Category from the header dropdown: the link carries an encrypted id, not the number.
    const dropdown = page.locator('.public-header-actions .categories-dropdown');
    await dropdown.locator('summary').click();
    const first = dropdown.getByRole('menuitem').first();
    const categoryName = (await first.textContent())?.trim() ?? '';
    const href = (await first.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/category\/[A-Za-z0-9_-]{20,}$/);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(categoryName);
    await expect(page.locator('.found')).toHaveText(/^\d+ found$/);
    await snap(page, 'catalogue-category');
    // A tampered id is a 404.
    const bad = await page.request.get(`${href.slice(0, -3)}xyz`);
    expect(bad.status()).toBe(404);
    const numeric = await page.request.get('/category/1');
    expect(numeric.status()).toBe(404);

    // Product page from the category.
    await grid(page).first().locator('a').first().click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    const productId = Number(page.url().split('/').pop());
    const product = (await api<{ data: ApiProduct }>(`/products/${productId}`)).body.data;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    // A struck price and '{n}% OFF' only with a discount (storefront-honest-prices.spec.ts covers both cases).
    await expect(page.locator('.gallery-thumbs img')).toHaveCount(4);
    for (const claim of ['Free Shipping', 'Secure Payment', '7-Day Returns'])
      await expect(page.getByText(claim)).toBeVisible();

    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, `${product.name} (2) added to cart!`);
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
    expect(cart).toEqual([expect.objectContaining({ id: productId, name: product.name, quantity: 2 })]);
    await snap(page, 'catalogue-product');
    await page.getByRole('button', { name: 'Remove from Cart' }).click();
    await expectToast(page, `${product.name} removed from cart!`);
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);

    // Visitors are sent to sign in for the wishlist.
    await expect(page.getByRole('link', { name: /Add to Wishlist/ })).toHaveAttribute('href', /\/login\?redirectTo=/);
  });

  test('product page: JSON-LD, canonical and the 404 page', async ({ page }) => {
    const list = await api<{ data: ApiProduct[] }>('/products/active?per_page=1&rated=1');
    const product = list.body.data[0];
    const res = await page.goto(`/product/${product.id}`);
    expect(res?.status()).toBe(200);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe(product.name);
    expect(ld.offers.priceCurrency).toBe('NGN');
    expect(Number(ld.offers.price)).toBe(product.price_kobo / 100);
    expect(ld.aggregateRating.reviewCount).toBeGreaterThan(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/product/${product.id}$`));
    await expect(page).toHaveTitle(`${product.name} | Jara`);
    await expect(page.getByRole('heading', { name: /Customer Reviews/ })).toBeVisible();

    const missing = await page.goto('/product/99999999');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Products' })).toBeVisible();
    await snap(page, 'catalogue-product-not-found');
  });

  test('/all_products filters change the results and Load More adds 6', async ({ page }) => {
    await page.goto('/all_products');
    await expect(grid(page)).toHaveCount(6);
    const total = Number((await page.getByTestId('result-count').textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(12);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(grid(page)).toHaveCount(12);
    await expect(page).toHaveURL(/\/all_products$/); // no navigation
    await snap(page, 'catalogue-all-products');

    // Type (applies on change).
    await page.getByLabel('Type').selectOption('flash');
    await expect(page).toHaveURL(/type=flash/);
    // The count follows the new list (retried: the URL can change a render before it).
    const apiFlash = await api<{ meta: { total: number } }>('/products/active?type=flash&per_page=1');
    expect(apiFlash.body.meta.total).toBeLessThan(total);
    await expect(page.getByTestId('result-count')).toHaveText(
      new RegExp(`\\b${apiFlash.body.meta.total} products?\\b`),
    );

    // Price range (naira, inclusive).
    await page.getByLabel('Type').selectOption('all');
    await expect(page).not.toHaveURL(/type=flash/);
    await page.getByLabel('Min Price (₦)').fill('10000');
    await page.getByLabel('Max Price (₦)').fill('50000');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/min_price=10000&max_price=50000/);
    const apiPrice = await api<{ meta: { total: number } }>(
      '/products/active?min_price=10000&max_price=50000&per_page=1',
    );
    await expect(page.getByTestId('result-count')).toContainText(`${apiPrice.body.meta.total} product`);
    for (const price of await page.locator('.product-card-price strong').allTextContents()) {
      const naira = Number(price.replace(/[₦,]/g, ''));
      expect(naira).toBeGreaterThanOrEqual(10000);
      expect(naira).toBeLessThanOrEqual(50000);
    }

    // Minimum rating.
    await page.getByLabel('Minimum Rating').selectOption('4');
    await expect(page).toHaveURL(/min_rating=4/);
    const apiRated = await api<{ meta: { total: number } }>(
      '/products/active?min_price=10000&max_price=50000&min_rating=4&per_page=1',
    );
    await expect(page.getByTestId('result-count')).toContainText(`${apiRated.body.meta.total} product`);
    await snap(page, 'catalogue-all-products-filtered');

    // Nothing matches; Reset Filters.
    await page.goto('/all_products?q=zzzz-no-such-product');
    await expect(page.getByText('No products match your filters.')).toBeVisible();
    await page.getByRole('link', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL(/\/all_products$/);
    await expect(grid(page)).toHaveCount(6);
  });

  test('sitemap index lists product sitemap pages; robots.txt points to it', async ({ request }) => {
    const index = await request.get('/sitemap.xml');
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toContain('application/xml');
    const xml = await index.text();
    expect(xml).toContain('<sitemapindex');
    expect(xml).toMatch(/\/sitemaps\/sitemap-products-1\.xml/);
    expect(xml).toMatch(/\/sitemaps\/sitemap-static\.xml/);
    const products = await request.get('/sitemaps/sitemap-products-1.xml');
    expect(products.status()).toBe(200);
    const urls = (await products.text()).match(/<loc>[^<]+\/product\/\d+<\/loc>/g) ?? [];
    expect(urls.length).toBeGreaterThan(10);
    expect((await request.get('/sitemaps/sitemap-products-999.xml')).status()).toBe(404);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  });
});

test.describe('signed-in catalogue', () => {
  test('vendor creates a flash product in /products and sees its countdown on the home page', async ({
    page,
    browser,
  }) => {
    await login(page, DEMO.vendor.email, DEMO.vendor.password);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
    await expect(grid(page)).toHaveCount(10);
    await snap(page, 'catalogue-manage-all');
    await page.getByRole('link', { name: 'My Products' }).click();
    await expect(page).toHaveURL(/tab=mine/);
    await expect(grid(page).first().locator('a')).toHaveAttribute('href', /\/products\?tab=form&edit=\d+/);
    await snap(page, 'catalogue-manage-mine');

    await page.getByRole('link', { name: 'Create/Update Product', exact: true }).click();
    const form = page.locator('form.product-form');
    // The product DTO's messages from the action, with nothing sent to the API.
    await form.getByRole('button', { name: 'Create Product' }).click();
    await expect(form.getByText('The product name is required.')).toBeVisible();
    await expect(form.getByText('Please choose a category.')).toBeVisible();
    await expect(form.getByText('The description is required.')).toBeVisible();
    // The API's flash check (spec 5): a flash sale with an end and no start.
    await form.getByLabel('Name').fill('x');
    await form.getByLabel('Type').selectOption('flash');
    await form.getByLabel('Category').selectOption({ index: 1 });
    await form.getByLabel('Price (₦)').fill('1');
    await form.getByLabel('Description').fill('x');
    await form.getByLabel('Flash sale end (Lagos time)').fill(lagosInput(3600_000));
    await form.getByRole('button', { name: 'Create Product' }).click();
    await expectToast(page, 'Flash sale must have both start and end times.');

    const name = `E2E Flash Blender ${Date.now().toString(36)}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Type').selectOption('flash');
    await form.getByLabel('Price (₦)').fill('45500');
    await form.getByLabel('Description').fill('A powerful blender on a flash sale, created by the e2e suite.');
    await form.getByLabel('Stock quantity').fill('12');
    await form.getByLabel('SKU').fill(`E2E-${Date.now().toString(36)}`);
    // Choosing a start sets the end 24 h later; the end stays editable.
    const start = lagosInput(-60_000);
    await form.getByLabel('Flash sale start (Lagos time)').fill(start);
    const end = await form.getByLabel('Flash sale end (Lagos time)').inputValue();
    expect(new Date(`${end}:00Z`).getTime() - new Date(`${start}:00Z`).getTime()).toBe(24 * 3600_000);
    await form.getByLabel('Flash sale end (Lagos time)').fill(start); // end == start is refused
    await form.getByRole('button', { name: 'Create Product' }).click();
    await expectToast(page, 'Flash end time must be after start time.');
    await form.getByLabel('Flash sale end (Lagos time)').fill(lagosInput(400 * 24 * 3600_000)); // latest flash end of all
    await snap(page, 'catalogue-manage-form');
    await form.getByRole('button', { name: 'Create Product' }).click();
    await expectToast(page, 'Product successfully created!');
    await expect(page).toHaveURL(/tab=mine/);
    await expect(page.locator('.product-card', { hasText: name })).toBeVisible();

    // Edit it through the form (My Products opens the edit form).
    await page.locator('.product-card', { hasText: name }).locator('a').click();
    await expect(page.getByRole('heading', { name: `Update Product: ${name}` })).toBeVisible();
    await page.locator('form.product-form').getByLabel('Price (₦)').fill('44000');
    await page.locator('form.product-form').getByRole('button', { name: 'Update Product' }).click();
    await expectToast(page, 'Product updated successfully!');

    // The public home shows it first among flash sales, with a ticking countdown.
    await page.goto('/');
    const flash = page.getByRole('region', { name: 'Flash Sales', exact: true });
    const card = flash.locator('.product-card', { hasText: name });
    await expect(card).toBeVisible();
    await expect(card.locator('.countdown')).toHaveText(/^\d+w \d+d$/);
    await expect(card).toContainText('Price: ₦44,000');
    await expect(page.locator('.section-countdown .countdown')).toHaveText(/^\d+w \d+d \d{2}h \d{2}m \d{2}s$/);

    // A vendor's /dashboard is their shop's (issue 22); the shopper's dashboard is a customer's.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: MSG.vendor.dashboardTitle })).toBeVisible();

    // Signed-in pages built on the catalogue, as the demo customer (a page of its own, its own session).
    const shopperContext = await browser.newContext({ baseURL: E2E.storefront });
    const shopper = await shopperContext.newPage();
    try {
      await login(shopper, DEMO.customer.email, DEMO.customer.password);
      await shopper.goto('/dashboard');
      for (const heading of [
        'Trending Categories',
        'Deal of the Day',
        'Flash Sales',
        'New Arrivals',
        'Top Rated',
        'What our customers say',
      ]) {
        await expect(shopper.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      }
      await expect(shopper.getByText('Free Delivery on Every Order')).toBeVisible();
      await expect(shopper.getByRole('link', { name: 'Shop Deal' })).toBeVisible();
      await snap(shopper, 'catalogue-dashboard');
      await shopper.getByPlaceholder('Search products...').fill('blender');
      await shopper.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(shopper).toHaveURL(/\/all_products\?q=blender/);
    } finally {
      await shopperContext.close();
    }

    await page.goto('/jara-mall');
    await expect(grid(page)).toHaveCount(8);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(grid(page)).toHaveCount(16);
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link').nth(1).click();
    await expect(page.locator('.pill.active')).not.toHaveText('All');
    await snap(page, 'catalogue-mall');

    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'Flash Sale Events' })).toBeVisible();
    await expect(page.locator('.product-card', { hasText: name })).toBeVisible();
    await snap(page, 'catalogue-events');
    await page.goto('/gifts');
    await expect(page.getByRole('heading', { name: 'Gift Ideas' })).toBeVisible();
    await snap(page, 'catalogue-gifts');
    await page.goto('/seller-profile');
    await expect(page.getByRole('heading', { name: DEMO.vendor.name })).toBeVisible();
    await snap(page, 'catalogue-seller-profile');

    // Delete with confirmation.
    await page.goto('/products?tab=mine');
    await page.locator('.product-card', { hasText: name }).locator('a').click();
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Delete product' }).click();
    await expectToast(page, 'Product deleted successfully!');
    await expect(page.locator('.product-card', { hasText: name })).toHaveCount(0);
  });

  test('admin price change through the API shows on the product page', async ({ page }) => {
    const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
    const product = (await api<{ data: ApiProduct[] }>('/products/active?per_page=1&type=hot')).body.data[0];
    const newPrice = product.price_ngn + 1234;
    const res = await api(`/products/${product.id}`, {
      method: 'POST',
      token,
      body: { _method: 'PUT', price: newPrice },
    });
    expect(res.status).toBe(200);
    await page.goto(`/product/${product.id}`);
    const shown = `₦${newPrice.toLocaleString('en-US')}`;
    await expect(page.getByTestId('product-price')).toHaveText(shown);
  });

  test('customer: wishlist and review on a product; /products is unauthorized', async ({ page }) => {
    await login(page, DEMO.customer.email, DEMO.customer.password);
    await page.goto('/products');
    await expect(page).toHaveURL(/\/unauthorized$/);

    // A product the customer may not review yet: someone else's, with stock left for a purchase and the cart below,
    // and no line of theirs at To Review (the seed's orders could hold one).
    const customer = await apiSession(DEMO.customer.email, DEMO.customer.password);
    const toReview = await api<ListResponse<Order>>(
      `/orders/user/${customer.userId}?status=${ORDER_STATUS.TO_REVIEW}&per_page=100`,
      {
        token: customer.token,
      },
    );
    expect(toReview.status).toBe(200);
    const bought = new Set(toReview.body.data.flatMap((order) => order.items.map((line) => line.product_id)));
    const candidates = (await api<{ data: ApiProduct[] }>('/products/active?per_page=50&type=new')).body.data;
    const product = candidates.find((p) => p.user_id !== customer.userId && p.stock_quantity >= 2 && !bought.has(p.id));
    if (!product) throw new Error('No product the demo customer can buy and has not bought');
    await page.goto(`/product/${product.id}`);
    const toggle = page.getByRole('button', { name: /Wishlist/ });
    const wasOn = (await toggle.getAttribute('aria-pressed')) === 'true';
    await toggle.click();
    await expectToast(page, wasOn ? 'Removed from wishlist!' : 'Added to wishlist!');
    await expect(toggle).toHaveAttribute('aria-pressed', wasOn ? 'false' : 'true');
    await toggle.click();
    await expectToast(page, wasOn ? 'Added to wishlist!' : 'Removed from wishlist!');

    // Not bought: no review form, a note that points to the To Review tab.
    const note = page.getByTestId('review-note');
    await expect(note).toContainText(MSG.orders.reviewNotAllowed);
    await expect(note.getByRole('link', { name: MSG.orders.reviewOrdersLink })).toHaveAttribute(
      'href',
      '/my-orders?tab=to-review',
    );
    await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
    await snap(page, 'catalogue-product-review-note');

    // Bought and received (through the API): a wallet order, marked shipped by the admin, received by the customer.
    await fundWallet(customer.userId, String(Math.ceil(product.price_kobo / 100) + 100));
    const order = await placeOrder(customer.token, [{ product_id: product.id, quantity: 1 }]);
    await moveOrder(await apiLogin(DEMO.admin.email, DEMO.admin.password), order.id, ORDER_STATUS.TO_RECEIVE);
    await moveOrder(customer.token, order.id, ORDER_STATUS.TO_REVIEW);
    await page.reload();
    await expect(page.getByTestId('review-note')).toHaveCount(0);
    await expect(page.locator('.review-form input[name="order_id"]')).toHaveValue(String(order.id));
    await page.getByLabel('4 stars').check();
    await page.getByLabel('Comment').fill('Solid product, fast delivery to Lagos.');
    await snap(page, 'catalogue-product-review-form');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(page, 'Thank you for your review!');
    await expect(page.locator('.review', { hasText: 'Solid product, fast delivery to Lagos.' })).toBeVisible();
    // The order's one line is reviewed: the form gives way to a note.
    await expect(page.getByTestId('review-note')).toContainText(MSG.orders.reviewAlreadyLeft);
    await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);

    // The account header's badge follows the cart.
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/dashboard');
    await expect(page.getByTestId('cart-badge')).toHaveText('1');

    // The cart page: exact kobo totals that follow the quantity controls, and the badge with them.
    const [line] = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
    await page.goto('/cart');
    await expect(page.getByTestId('cart-total')).toHaveText(formatNaira(line.price_kobo));
    await page.getByRole('button', { name: `Increase quantity of ${line.name}` }).click();
    await expect(page.getByTestId('cart-total')).toHaveText(formatNaira(line.price_kobo * 2));
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toBeVisible();
    await snap(page, 'storefront-cart');
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  });
});
