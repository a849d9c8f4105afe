import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import {
  AMOUNT_DECIMALS_MESSAGE,
  formatNaira,
  fromMinorUnits,
  MSG,
  type Category,
  type Product,
} from '@jara/contracts';
import { api, apiLogin, DEMO, E2E } from '../support/env';
import { snap } from '../support/screens';
import { choose, dismissToasts, loginAsAdmin, toast } from '../support/admin';

// The back office catalogue (spec 2.20 product list and edit panel, 2.23 Category Management).
test.use({ baseURL: E2E.admin });

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
  page.on('requestfailed', (request) =>
    console.log(`[browser] request failed ${request.url()} ${request.failure()?.errorText}`),
  );
});

/** A 2x2 PNG, for the image upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** The API's multipart update (POST /products/{id} with _method=PUT), for setup steps. */
async function updateProduct(id: number, fields: Record<string, string>, token: string): Promise<number> {
  const form = new FormData();
  form.append('_method', 'PUT');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const res = await fetch(`${E2E.api}/products/${id}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status;
}

async function newestActiveProduct(token: string, skip = 0): Promise<Product> {
  const res = await api<{ data: Product[] }>(
    `/products?status=1&_sort=created_at&_order=desc&_start=${skip}&_end=${skip + 1}`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data[0];
}

const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The last of the seed's 14 categories (tools/cli seeders): the highest seeded id, with demo products in it. */
const SEEDED_CATEGORY = 'Garden & Outdoors';

test('the product list shows active products by default; an inactive one moves under Inactive', async ({ page }) => {
  const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const product = await newestActiveProduct(token, 3);
  await loginAsAdmin(page);

  // The dashboard counts the catalogue.
  await expect(
    page.locator('.ant-statistic', { hasText: 'Categories' }).locator('.ant-statistic-content-value'),
  ).toHaveText(/^\d+$/);

  await page.getByRole('link', { name: 'Products' }).first().click();
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(10);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(
    page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Filter by status' }) }),
  ).toContainText('Active');
  // Prices come from price_kobo (₦1,234,567 style); only active products by default.
  await expect(page.locator('tr.ant-table-row td', { hasText: /^₦[\d,]+(\.\d\d)?$/ }).first()).toBeVisible();
  await expect(page.locator('tr.ant-table-row .ant-tag', { hasText: 'Inactive' })).toHaveCount(0);
  await dismissToasts(page);
  await snap(page, 'admin-products');

  // Server-side sort by price: the first row is the dearest active product.
  await choose(page, page, 'Sort by', 'Price: high to low');
  const dearest = await api<{ data: Product[] }>('/products?status=1&_sort=price_ngn&_order=desc&_start=0&_end=1', {
    token,
  });
  await expect(page.locator('tr.ant-table-row').first()).toContainText(dearest.body.data[0].name);

  // Search by name finds it; set inactive through the API, it leaves the default list and shows under Inactive.
  const search = page.getByPlaceholder('Search products by name');
  await search.fill(product.name);
  await search.press('Enter');
  await expect(row(page, product.name).first()).toBeVisible();
  try {
    expect(await updateProduct(product.id, { status: '0' }, token)).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
    // Its own name cell is gone (a variant of it, "<name> – Size M", may still be listed: the seed has variants).
    await expect(
      page.locator('.ant-table-tbody td').filter({ hasText: new RegExp(`^${escapeRegExp(product.name)}$`) }),
    ).toHaveCount(0);
    await choose(page, page, 'Filter by status', 'Inactive');
    await expect(row(page, product.name).first()).toBeVisible();
    await expect(row(page, product.name).first().locator('.ant-tag')).toHaveText('Inactive');
    await choose(page, page, 'Filter by status', 'All');
    await expect(row(page, product.name).first()).toBeVisible();

    // Nothing matches: the spec's empty text.
    await search.fill('no such product zzzz');
    await search.press('Enter');
    await expect(page.getByText(MSG.product.noneYet)).toBeVisible();
  } finally {
    await updateProduct(product.id, { status: '1' }, token);
  }
});

test('admin edits a product: price, rating (5.5 refused, 4.2 saved) and image', async ({ page }) => {
  const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const product = await newestActiveProduct(token);
  await loginAsAdmin(page);
  await page.goto('/products');
  await row(page, product.name)
    .first()
    .getByRole('button', { name: `View ${product.name}` })
    .click();

  // The show page lists every field.
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  const details = page.locator('.ant-descriptions');
  for (const label of [
    'Seller',
    'SKU',
    'Stock quantity',
    'Flash sale starts',
    'Flash sale ends',
    'Created',
    'Category',
  ]) {
    await expect(details.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  // A seeded product always has a seller and an SKU (JR-<category>-<n>): both are shown.
  expect(product.seller?.name).toBeTruthy();
  expect(product.sku).toMatch(/^JR-\d{2}-\d{4}$/);
  await expect(details).toContainText(String(product.seller?.name));
  await expect(details).toContainText(String(product.sku));
  await dismissToasts(page);
  await snap(page, 'admin-product-show');

  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/edit/${product.id}$`));
  const price = page.getByLabel('Price (₦)');
  // The form holds the exact naira text made from price_kobo (no float), and refuses a third decimal.
  await expect(price).toHaveValue(fromMinorUnits(product.price_kobo).replace(/\.00$/, ''));
  await price.fill('123456.505');
  await expect(page.getByText(AMOUNT_DECIMALS_MESSAGE)).toBeVisible();
  const newPrice = 123456.5;
  await price.fill(String(newPrice));
  await expect(page.getByTestId('price-preview')).toHaveText('₦123,456.50');

  // An upload accepts images only; a PNG is sent as the multipart `image`.
  await page.locator('input[type=file]').setInputFiles({ name: 'e2e.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.ant-upload-list-item', { hasText: 'e2e.png' })).toBeVisible();
  await dismissToasts(page);
  await snap(page, 'admin-product-edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, MSG.product.updated)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/products/show/${product.id}$`));
  await expect(page.locator('.ant-descriptions')).toContainText('₦123,456.50');
  const saved = await api<{ data: Product }>(`/products/${product.id}`, { token });
  expect(saved.body.data.price_ngn).toBe(newPrice);
  expect(saved.body.data.price_kobo).toBe(12345650);
  expect(saved.body.data.image_url).not.toBe(product.image_url);

  // The storefront (started with the back office by npm run e2e) shows the new price.
  const shop = await page.context().newPage();
  await shop.goto(`${E2E.storefront}/product/${product.id}`);
  await expect(shop.getByText(formatNaira(12345650)).first()).toBeVisible();
  await shop.close();

  // A rating above 5 is refused with the message under the field; 4.2 is saved.
  await page.getByRole('button', { name: 'Edit' }).click();
  const rating = page.getByLabel('Average rating');
  await rating.fill('5.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-form-item', { has: rating }).locator('.ant-form-item-explain-error')).toHaveText(
    'Rating cannot be above 5.',
  );
  await expect(page).toHaveURL(new RegExp(`/products/edit/${product.id}$`));
  await dismissToasts(page);
  await snap(page, 'admin-product-edit-error');
  await rating.fill('4.2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, MSG.product.updated).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/products/show/${product.id}$`));
  const rated = await api<{ data: Product }>(`/products/${product.id}`, { token });
  expect(rated.body.data.average_rating).toBeCloseTo(4.2, 5);
  expect(rated.body.data.price_ngn).toBe(newPrice);
});

test('a refused update shows the failure toast and the server field errors under the fields', async ({ page }) => {
  const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const product = await newestActiveProduct(token, 1);
  await loginAsAdmin(page);
  await page.goto(`/products/edit/${product.id}`);
  await expect(page.getByLabel('Description')).toHaveValue(product.description);
  // The API's 422 envelope for a value the form itself lets through.
  await page.route(`**/products/${product.id}`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'The given data was invalid.',
            errors: { description: ['The description is not allowed.'] },
          }),
        })
      : route.continue(),
  );
  await page.getByLabel('Description').fill('Refused text');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Failed to update product')).toBeVisible();
  await expect(
    page.locator('.ant-form-item', { has: page.getByLabel('Description') }).locator('.ant-form-item-explain-error'),
  ).toHaveText('The description is not allowed.');
  await expect(page).toHaveURL(new RegExp(`/products/edit/${product.id}$`));
  const unchanged = await api<{ data: Product }>(`/products/${product.id}`, { token });
  expect(unchanged.body.data.description).toBe(product.description);
});

test('category management: create, duplicate, edit, delete and the in-use refusal', async ({ page }) => {
  const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const name = `E2E Category ${randomBytes(3).toString('hex')}`;
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Categories' }).first().click();
  await expect(page.getByRole('heading', { name: 'Category Management' })).toBeVisible();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(10);
  await expect(page.getByText(/^Page 1 of 2$/)).toBeVisible();
  for (const header of ['S/N', 'Name', 'Status', 'Created At', 'Updated At']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }

  // Create.
  const form = page.locator('form');
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(toast(page, MSG.categories.created)).toBeVisible();
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, name).locator('td').first()).toHaveText('1');
  await expect(form.getByLabel('Name')).toHaveValue('');

  // The same name again: the API's 422 message under the field.
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(form.locator('.ant-form-item-explain-error')).toHaveText('A category with this name already exists.');
  await dismissToasts(page);
  await snap(page, 'admin-categories');
  await form.getByLabel('Name').fill('');

  // Edit: the same form, filled with the record.
  await row(page, name).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByText('Edit category')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue(name);
  await form.getByLabel('Name').fill(`${name} edited`);
  await choose(page, form, 'Status', 'Inactive');
  await dismissToasts(page);
  await snap(page, 'admin-categories-edit');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, MSG.categories.updated)).toBeVisible();
  await expect(row(page, `${name} edited`).locator('.ant-tag')).toHaveText('Inactive');
  await expect(page.getByText('Add category')).toBeVisible();

  // Delete the unused one, with the spec's confirmation.
  await row(page, `${name} edited`).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText(MSG.categories.deleteConfirm);
  await expect(confirm.getByRole('button', { name: MSG.categories.cancel })).toBeVisible();
  await confirm.getByRole('button', { name: MSG.categories.deleteConfirmYes }).click();
  await expect(toast(page, MSG.categories.deleted)).toBeVisible();
  await expect(row(page, `${name} edited`)).toHaveCount(0);

  // A category with products is refused with the API's 409 message: the seed's newest category (first on page 1)
  // holds about 20 of the demo products.
  const cats = await api<{ data: Category[] }>('/categories?all=1&_sort=id&_order=desc&_start=0&_end=10', { token });
  const inUse = cats.body.data.find((category) => category.name === SEEDED_CATEGORY);
  expect(inUse).toBeDefined();
  const used = await api<{ meta: { total: number } }>(`/products?category_id=${inUse?.id}&_start=0&_end=1`, { token });
  expect(used.body.meta.total).toBeGreaterThan(0);
  await row(page, SEEDED_CATEGORY).getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: MSG.categories.deleteConfirmYes }).click();
  await expect(
    toast(page, 'This category has products and cannot be deleted. Move or delete its products first.'),
  ).toBeVisible();
  await expect(row(page, SEEDED_CATEGORY)).toBeVisible();
  const still = await api<{ data: Category }>(`/categories/${inUse?.id}`, { token });
  expect(still.status).toBe(200);

  // Pages of 10.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 2 of 2$/)).toBeVisible();
});
