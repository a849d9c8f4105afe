import { expect, test, type Page } from '@playwright/test';
import {
  FULFILMENT_MSG,
  LINE_ACTIONS,
  MSG,
  ORDER_STATUS,
  formatNaira,
  splitCommission,
  type Order,
} from '@jara/contracts';
import { api, apiLogin, createVerifiedUser, DEMO } from '../support/env';
import { apiSession, createProduct, fundWallet, moveOrder, placeOrder, type ApiSession } from '../support/orders';
import { snap } from '../support/screens';
import { login } from '../support/storefront';

// A vendor's own place (issue 22): their dashboard (sales today and this week, orders to fulfil, pending and
// available earnings, low stock), the menu's "Orders to fulfil" where a mixed-seller order offers no Mark as Shipped,
// notifications that open their order, the statement of sales, My Products' status filter and stock sort.
// snap() also runs axe-core at 390 and 1280 px.

const COMMISSION_BPS = 1000;

function stamp(): string {
  return Date.now().toString(36).slice(-5);
}

/** A fresh vendor: a verified customer whom the admin makes a vendor (PUT /users/{id}). */
async function freshVendor(name: string): Promise<{ email: string; password: string; session: ApiSession }> {
  const user = await createVerifiedUser('vendor');
  const before = await apiSession(user.email, user.password);
  const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const res = await api(`/users/${before.userId}`, { method: 'PUT', token: admin, body: { role: 'vendor', name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...user, session: await apiSession(user.email, user.password) };
}

async function sidebarLink(page: Page, name: string) {
  // On phones the sidebar is behind the menu button; the link is in the DOM either way.
  return page.locator('.account-sidebar').getByRole('link', { name, exact: true });
}

test.describe("a vendor's own place", () => {
  test('dashboard, orders to fulfil without a refused move, notifications to the order, statement, My Products', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const id = stamp();
    const vendor = await freshVendor(`Adaeze Crafts ${id}`);
    const lamp = await createProduct(vendor.session.token, { name: `E2E Brass Lamp ${id}`, price: '2000', stock: 3 });
    const kettle = await createProduct(vendor.session.token, {
      name: `E2E Steel Kettle ${id}`,
      price: '10000',
      stock: 20,
    });
    const hidden = await createProduct(vendor.session.token, { name: `E2E Old Basket ${id}`, price: '1500', stock: 9 });
    const off = await api(`/products/${hidden.id}`, {
      method: 'PUT',
      token: vendor.session.token,
      body: { status: 0 },
    });
    expect(off.status).toBe(200);
    const demoVendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const fan = await createProduct(demoVendor.token, { name: `E2E Standing Fan ${id}`, price: '30000', stock: 5 });

    // A buyer pays two orders from the wallet: two kettles (the vendor's alone) and a lamp with another seller's fan.
    const buyerUser = await createVerifiedUser('buyer');
    const buyer = await apiSession(buyerUser.email, buyerUser.password);
    await fundWallet(buyer.userId, '100000');
    const own = await placeOrder(buyer.token, [{ product_id: kettle.id, quantity: 2 }]);
    const mixed = await placeOrder(buyer.token, [
      { product_id: lamp.id, quantity: 1 },
      { product_id: fan.id, quantity: 1 },
    ]);
    expect(own.status).toBe(ORDER_STATUS.TO_SHIP);
    expect(mixed.status).toBe(ORDER_STATUS.TO_SHIP);

    // ------------------------------------------------------------------ the vendor's dashboard
    await login(page, vendor.email, vendor.password);
    await expect(page.getByRole('heading', { name: MSG.vendor.dashboardTitle, level: 1 })).toBeVisible();
    const sold = 2 * 1_000_000 + 200_000;
    await expect(page.getByTestId('sales-today')).toHaveText(formatNaira(sold));
    await expect(page.getByTestId('sales-week')).toHaveText(formatNaira(sold));
    await expect(page.getByTestId('to-fulfil')).toHaveText('2');
    await expect(page.getByTestId('pending-earnings')).toHaveText(formatNaira(0));
    await expect(page.getByTestId('available-earnings')).toHaveText(formatNaira(0));
    const lowStock = page.getByTestId('low-stock');
    await expect(lowStock.getByRole('row')).toHaveCount(2); // the header and the lamp (2 left); the basket is inactive
    await expect(lowStock).toContainText(lamp.name);
    await expect(lowStock.getByRole('row').nth(1)).toContainText('2');
    // The shopper's dashboard is not shown to a vendor.
    await expect(page.getByRole('heading', { name: 'Fresh picks for the season' })).toHaveCount(0);
    await snap(page, 'vendor-dashboard');

    // ------------------------------------------------------------------ the menu's Orders to fulfil
    await expect(await sidebarLink(page, MSG.orders.toFulfil)).toHaveAttribute('href', '/orders');
    await page.locator('.vendor-dashboard nav').getByRole('link', { name: MSG.vendor.toFulfil, exact: true }).click();
    await expect(page).toHaveURL(/\/orders\?view=sales&status=1$/);
    const ownRow = page.getByTestId('order-row').filter({ hasText: own.order_no });
    const mixedRow = page.getByTestId('order-row').filter({ hasText: mixed.order_no });
    await expect(ownRow.getByRole('button', { name: `Mark as Shipped: ${own.order_no}` })).toBeVisible();
    // The mixed order: no whole-order move the API would refuse; the vendor acts on their own lines (decision 031).
    await expect(mixedRow.getByRole('button', { name: `Mark as Shipped: ${mixed.order_no}` })).toHaveCount(0);
    await expect(mixedRow.getByTestId('mixed-order-note')).toHaveText(FULFILMENT_MSG.mixedHint);
    await expect(mixedRow.getByRole('button', { name: `${LINE_ACTIONS.ready}: ${mixed.order_no}` })).toBeVisible();
    await snap(page, 'vendor-orders-to-fulfil');

    // ------------------------------------------------------------------ a notification opens its order
    await page.goto('/notifications');
    const soldNote = page.getByTestId('notification').filter({ hasText: MSG.orders.soldText(mixed.order_no) });
    await expect(soldNote).toBeVisible();
    await expect(soldNote.locator('.unread-dot')).toBeVisible();
    await snap(page, 'vendor-notifications');
    await soldNote.getByRole('button', { name: `View: ${MSG.orders.soldTitle}` }).click();
    await expect(page).toHaveURL(new RegExp(`/order-summary\\?id=${mixed.id}$`));
    await expect(page.getByText(mixed.order_no).first()).toBeVisible();
    // Only the vendor's lamp line is on their view of the order.
    await expect(page.getByText(lamp.name).first()).toBeVisible();
    await expect(page.getByText(fan.name)).toHaveCount(0);
    await page.goto('/notifications');
    await expect(
      page
        .getByTestId('notification')
        .filter({ hasText: MSG.orders.soldText(mixed.order_no) })
        .locator('.unread-dot'),
    ).toHaveCount(0);
    // The bell opens the other order.
    await page.locator('.notification-bell summary').click();
    await page
      .locator('.notification-panel li', { hasText: MSG.orders.soldText(own.order_no) })
      .getByRole('button', { name: MSG.orders.soldTitle })
      .click();
    await expect(page).toHaveURL(new RegExp(`/order-summary\\?id=${own.id}$`));

    // ------------------------------------------------------------------ the statement: sales, commission, credits
    // Jara ships the mixed order; the buyer receives it: the lamp's credit is pending until the return window ends.
    const admin = await apiSession(DEMO.admin.email, DEMO.admin.password);
    await moveOrder(admin.token, mixed.id, ORDER_STATUS.TO_RECEIVE);
    const received: Order = await moveOrder(buyer.token, mixed.id, ORDER_STATUS.TO_REVIEW);
    expect(received.status).toBe(ORDER_STATUS.TO_REVIEW);
    const lampSplit = splitCommission(200_000, COMMISSION_BPS);
    await page.goto('/transactions');
    await expect(page.getByRole('link', { name: MSG.vendor.statement, exact: true }).first()).toHaveAttribute(
      'aria-current',
      'page',
    );
    const rows = page.getByTestId('statement-row');
    await expect(rows).toHaveCount(2);
    const lampRow = rows.filter({ hasText: lamp.name });
    await expect(lampRow).toHaveAttribute('data-status', 'pending');
    await expect(lampRow).toContainText(formatNaira(200_000));
    await expect(lampRow).toContainText(formatNaira(lampSplit.commission));
    await expect(lampRow).toContainText(formatNaira(lampSplit.vendor));
    await expect(lampRow).toContainText('Available from');
    const kettleRow = rows.filter({ hasText: kettle.name });
    await expect(kettleRow).toHaveAttribute('data-status', 'awaiting');
    await expect(kettleRow).toContainText(`2 × ${kettle.name}`);
    await snap(page, 'vendor-statement');
    // The dashboard now shows the pending credit.
    await page.goto('/dashboard');
    await expect(page.getByTestId('pending-earnings')).toHaveText(formatNaira(lampSplit.vendor));
    await expect(page.getByTestId('to-fulfil')).toHaveText('1');

    // ------------------------------------------------------------------ My Products: status filter, stock sort
    await page.goto('/products?tab=mine');
    await page.getByLabel('Status').selectOption('0');
    await expect(page).toHaveURL(/status=0/);
    await expect(page.locator('.product-card-name')).toHaveText([hidden.name]);
    await page.getByLabel('Status').selectOption('1');
    await expect(page).toHaveURL(/status=1/);
    await page.getByLabel('Sort by').selectOption('stock_asc');
    await expect(page).toHaveURL(/sort=stock_asc/);
    await expect(page.locator('.product-card-name')).toHaveText([lamp.name, kettle.name]);
    await page.getByLabel('Search by name').fill('Kettle');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('.product-card-name')).toHaveText([kettle.name]);
    await snap(page, 'vendor-my-products');
  });

  test("a buyer's notifications open the order and the invoice they are about", async ({ page }) => {
    test.setTimeout(120_000);
    const user = await createVerifiedUser('buyer');
    const buyer = await apiSession(user.email, user.password);
    await fundWallet(buyer.userId, '5000');
    const demoVendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
    const mat = await createProduct(demoVendor.token, { name: `E2E Raffia Mat ${stamp()}`, price: '1200', stock: 4 });
    const order = await placeOrder(buyer.token, [{ product_id: mat.id, quantity: 1 }]);

    await login(page, user.email, user.password);
    await page.goto('/notifications');
    const placed = page
      .getByTestId('notification')
      .filter({ hasText: MSG.orders.placedText(order.order_no, formatNaira(order.total_minor)) });
    await expect(placed).toBeVisible();
    await snap(page, 'buyer-notifications');
    await placed.getByRole('button', { name: `View: ${MSG.orders.placedTitle}` }).click();
    await expect(page).toHaveURL(new RegExp(`/order-summary\\?id=${order.id}$`));
    await expect(page.getByText(order.order_no).first()).toBeVisible();

    // The order's invoice notification opens the invoice.
    expect(order.invoice?.id).toBeTruthy();
    await page.goto('/notifications');
    await page
      .getByTestId('notification')
      .filter({ hasText: MSG.money.invoiceIssuedTitle })
      .first()
      .getByRole('button', { name: `View: ${MSG.money.invoiceIssuedTitle}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${order.invoice?.id}$`));
  });
});
