import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, E2E } from '../support/env';
import { login } from '../support/storefront';
import { adminToken, namedCustomer, openSupport } from '../support/care';
import { apiSession, createProduct, fundWallet, moveOrder, placeOrder } from '../support/orders';

// Issue 14, item 3 (web apps): text people type (a product's name and description, a review, a support request,
// a profile name) carrying script and HTML fragments is shown by the storefront and the back office as the literal
// text: visible as typed, no dialog, no element built from it, no script run from it. The API stores it as typed
// (apps/api/test/security/fuzz.e2e-spec.ts); React escapes it and neither app renders it as HTML.

/** Closes a <script> (as JSON-LD or an inline state would need), then markup that would run or show if parsed. */
const PAYLOAD = `</script><script id=xss-s>window.__xss=1</script><img id=xss-i src=x onerror=alert(1)><b id=xss-b>B</b> & "q"`;
const INJECTED = '#xss-s, #xss-i, #xss-b';

/** Records dialogs (none may open) and, on every page, whether the payload's script set its marker. */
function watch(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

async function expectInert(page: Page, seen: { dialogs: string[] }) {
  await expect(page.locator(INJECTED)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
}

test.describe('script and HTML in people’s text show as text', () => {
  // Several pages and a sign-in per test: room for a busy machine.
  test.describe.configure({ timeout: 120_000 });
  let productId = 0;
  let supportId = 0;
  let customer: Awaited<ReturnType<typeof namedCustomer>>;
  const review = `Loved it ${PAYLOAD}`;
  const subject = `Help ${PAYLOAD}`.slice(0, 120);

  test.beforeAll(async () => {
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const product = await createProduct(vendor.token, {
      name: PAYLOAD,
      description: `About ${PAYLOAD}`,
      price: '1500',
      stock: 5,
    });
    productId = product.id;
    customer = await namedCustomer('xss', PAYLOAD);
    // A bought and received product may be reviewed.
    await fundWallet(customer.userId, '1500');
    const order = await placeOrder(customer.token, [{ product_id: productId, quantity: 1 }]);
    await moveOrder(await adminToken(), order.id, 2);
    await moveOrder(customer.token, order.id, 3);
    const reviewed = await api(`/products/${productId}/reviews`, {
      token: customer.token,
      body: { rating: 5, comment: review, order_id: order.id },
    });
    expect(reviewed.status).toBe(201);
    supportId = (await openSupport(customer.token, subject, `Message ${PAYLOAD}`)).id;
    // Stored exactly as typed.
    const stored = await api<{ data: { name: string } }>(`/products/${productId}`);
    expect(stored.body.data.name).toBe(PAYLOAD);
  });

  // The product would otherwise lead its category for the journeys that run after this file (its stock runs low).
  test.afterAll(async () => {
    const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const hidden = await api(`/products/${productId}`, { method: 'PUT', token: vendor.token, body: { status: 0 } });
    expect(hidden.status).toBe(200);
  });

  test('storefront: the product page shows the name, description and review as typed', async ({ page }) => {
    const seen = watch(page);
    await page.goto(`/product/${productId}`);
    await expect(page.getByRole('heading', { name: PAYLOAD })).toBeVisible();
    await expect(page.getByText(`About ${PAYLOAD}`)).toBeVisible();
    await expect(page.getByText(review)).toBeVisible();
    await expectInert(page, seen);
    // The catalogue's card shows it too.
    await page.goto(`/all_products?q=${encodeURIComponent('xss-s')}`);
    await expect(page.getByText(PAYLOAD).first()).toBeVisible();
    await expectInert(page, seen);
  });

  test('storefront: the signed-in customer sees their name and support request as typed', async ({ page }) => {
    const seen = watch(page);
    await login(page, customer.email, customer.password);
    await expect(page.locator('.profile-name').first()).toHaveText(PAYLOAD);
    await expectInert(page, seen);
    await page.goto(`/support?open=${supportId}`);
    await expect(page.getByText(subject).first()).toBeVisible();
    await expect(page.getByText(`Message ${PAYLOAD}`).first()).toBeVisible();
    await expectInert(page, seen);
  });

  test.describe('back office', () => {
    test.use({ baseURL: E2E.admin });

    test('back office: the product and the support request show the text as typed', async ({ page }) => {
      const seen = watch(page);
      // The back office's sign-in (support/admin.ts), with room for a busy machine.
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible({ timeout: 30_000 });
      await page.getByLabel('E-mail').fill(DEMO.admin.email);
      await page.getByLabel('Password').fill(DEMO.admin.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
      await page.goto(`/products/show/${productId}`);
      await expect(page.getByText(PAYLOAD).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(`About ${PAYLOAD}`)).toBeVisible();
      await expectInert(page, seen);
      await page.goto(`/supports/${supportId}`);
      await expect(page.getByText(subject).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(`Message ${PAYLOAD}`).first()).toBeVisible();
      // The customer's name (their profile name) heads their message.
      await expect(page.getByTestId('support-message').first()).toContainText(PAYLOAD);
      await expectInert(page, seen);
      await page.goto('/products');
      await expect(page.getByText(PAYLOAD).first()).toBeVisible({ timeout: 30_000 });
      await expectInert(page, seen);
    });
  });
});
