import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import {
  ACCEPT_RETURN_ACTION,
  MSG,
  ORDER_STATUS,
  formatNaira,
  fromMinorUnits,
  type Order,
  type OrderStats,
  type WalletAccount,
} from '@jara/contracts';
import { api, apiLogin, createVerifiedUser, DEMO, E2E } from '../support/env';
import {
  apiSession,
  createProduct,
  E2E_ADDRESS,
  fundWallet,
  moveOrder,
  placeOrder,
  type ApiProduct,
} from '../support/orders';
import { snap } from '../support/screens';
import { choose, dismissToasts, loginAsAdmin, toast } from '../support/admin';

// The back office's orders (issue 10, decision 011): the list and its filters, one order with its lines, invoice
// and status history, the admin's status changes (ship, accept a return with its refund), and the dashboard's
// order charts. Orders are placed through the real API by fresh customers paying from a funded wallet.
test.use({ baseURL: E2E.admin });

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
});

const row = (scope: Page | Locator, text: string) => scope.locator('tr.ant-table-row', { hasText: text });

interface Buyer {
  email: string;
  token: string;
  id: number;
}

/** Two fresh products of the demo vendor with known stock, so reruns never run short. */
async function vendorProducts(): Promise<[ApiProduct, ApiProduct]> {
  const vendor = await apiSession(DEMO.vendor.email, DEMO.vendor.password);
  const tag = randomBytes(3).toString('hex');
  return [
    await createProduct(vendor.token, { name: `E2E Blender ${tag}`, price: '25000', stock: 20 }),
    await createProduct(vendor.token, { name: `E2E Ankara Fabric ${tag}`, price: '12500.50', stock: 20 }),
  ];
}

/**
 * A wallet-paid order (To Ship) of two lines, 2 of the first product and 1 of the second, by a fresh customer whose
 * wallet is funded first (support/orders.ts).
 */
async function placePaidOrder(): Promise<{ buyer: Buyer; order: Order; products: [ApiProduct, ApiProduct] }> {
  const products = await vendorProducts();
  const { email, password } = await createVerifiedUser('orders');
  const session = await apiSession(email, password);
  await fundWallet(session.userId, fromMinorUnits((products[0].price_kobo * 2 + products[1].price_kobo) * 2));
  const order = await placeOrder(
    session.token,
    [
      { product_id: products[0].id, quantity: 2 },
      { product_id: products[1].id, quantity: 1 },
    ],
    { notes: 'Please call before delivery.' },
  );
  expect(order.status).toBe(ORDER_STATUS.TO_SHIP);
  return { buyer: { email, token: session.token, id: session.userId }, order, products };
}

const timelineItems = (page: Page) => page.getByTestId('order-history').locator('.ant-timeline-item');

test('admin filters orders by status and number, opens one and marks it shipped', async ({ page }) => {
  const adminToken = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const { order, products, buyer } = await placePaidOrder();

  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Orders' }).first().click();
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  await expect(row(page, order.order_no)).toBeVisible();
  await dismissToasts(page);
  await snap(page, 'admin-orders');

  // Status: To Ship (repeatable; one chosen), then the order number.
  await choose(page, page, 'Filter by status', 'To Ship');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status/);
  await expect(page.locator('tr.ant-table-row .ant-tag').first()).toHaveText('To Ship');
  await expect(page.locator('tr.ant-table-row .ant-tag', { hasText: /^(?!To Ship$)/ })).toHaveCount(0);
  const search = page.getByPlaceholder('Find by order no.');
  await search.fill(order.order_no);
  await search.press('Enter');
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  const line = row(page, order.order_no);
  await expect(line).toContainText(formatNaira(order.total_minor));
  await expect(line).toContainText('Wallet');
  await expect(line).toContainText(buyer.email);
  // The status filter repeats: To Ship or To Pay still finds it; To Pay alone does not.
  await choose(page, page, 'Filter by status', 'To Pay');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status/);
  await expect(line).toBeVisible();
  const statusSelect = page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Filter by status' }) });
  await page.mouse.move(0, 0); // no column tooltip left over the filters
  await statusSelect
    .locator('.ant-select-selection-item', { hasText: 'To Ship' })
    .locator('.ant-select-selection-item-remove')
    .click();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(0);
  await expect(page.getByText(MSG.orders.none)).toBeVisible();
  await statusSelect
    .locator('.ant-select-selection-item', { hasText: 'To Pay' })
    .locator('.ant-select-selection-item-remove')
    .click();
  await expect(line).toBeVisible();

  // Placed between the order's day and the same day (Lagos calendar days, as the API compares them).
  const day = new Date(Date.parse(order.created_at) + 3_600_000).toISOString().slice(0, 10);
  await page.getByPlaceholder('From date').click();
  const cell = page.locator(`.ant-picker-dropdown:visible td[title="${day}"]`).first();
  await cell.click();
  await cell.click();
  await expect(page).toHaveURL(/created_at/);
  await expect(page.getByPlaceholder('From date')).toHaveValue(day);
  await expect(page.getByPlaceholder('To date')).toHaveValue(day);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(line).toBeVisible();

  // Open it.
  await line.getByRole('button', { name: `View order ${order.order_no}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/show/${order.id}$`));
  await expect(page.getByRole('heading', { name: `Order ${order.order_no}` })).toBeVisible();
  const lines = page.getByTestId('order-lines');
  await expect(lines).toContainText(products[0].name);
  await expect(lines).toContainText(products[1].name);
  // The commission split is the admin's to see (a buyer's answer leaves it out): read the lines as the admin.
  const asAdmin = (await api<{ data: Order }>(`/orders/${order.id}`, { token: adminToken })).body.data;
  for (const item of asAdmin.items) {
    expect(item.vendor_credit_minor, 'the admin sees the split').toEqual(expect.any(Number));
    await expect(row(lines, item.product_name)).toContainText(formatNaira(item.line_total_minor));
    await expect(row(lines, item.product_name)).toContainText(formatNaira(item.commission_minor));
    await expect(row(lines, item.product_name)).toContainText(formatNaira(item.vendor_credit_minor));
    await expect(row(lines, item.product_name)).toContainText('Not yet');
  }
  await expect(page.getByTestId('order-total')).toHaveText(formatNaira(order.total_minor));
  await expect(page.getByTestId('order-address')).toContainText(E2E_ADDRESS.street_address);
  await expect(page.getByText('Please call before delivery.')).toBeVisible();
  expect(order.invoice, 'a wallet order has its paid invoice').not.toBeNull();
  const invoiceLink = page.getByTestId('order-invoice');
  await expect(invoiceLink).toHaveText(order.invoice?.reference ?? '');
  await expect(page.getByTestId('order-summary').locator('.ant-tag', { hasText: 'Paid' })).toBeVisible();
  const before = await timelineItems(page).count();
  expect(before).toBeGreaterThanOrEqual(1);
  // Only the admin's moves from To Ship.
  await expect(page.getByRole('button', { name: 'Mark as Shipped' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: ACCEPT_RETURN_ACTION })).toHaveCount(0);
  await dismissToasts(page);
  await snap(page, 'admin-order-show');

  // Mark as shipped, with a note.
  await page.getByRole('button', { name: 'Mark as Shipped' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The order moves from To Ship to To Receive.');
  await dialog.getByLabel('Note (optional)').fill('Sent with GIG Logistics, waybill E2E-1');
  await snap(page, 'admin-order-status-confirm');
  await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(toast(page, MSG.orders.statusUpdated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-page-header-heading-tags .ant-tag')).toHaveText('To Receive');
  await expect(timelineItems(page)).toHaveCount(before + 1);
  const last = timelineItems(page).last();
  await expect(last).toContainText('To Ship → To Receive');
  await expect(last).toContainText('Sent with GIG Logistics, waybill E2E-1');
  await expect(last).toContainText(DEMO.admin.name);
  await expect(page.getByRole('button', { name: 'Mark as Shipped' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm Receipt' })).toBeVisible();
  const stored = await api<{ data: Order }>(`/orders/${order.id}`, { token: adminToken });
  expect(stored.body.data.status).toBe(ORDER_STATUS.TO_RECEIVE);

  // The invoice link opens the invoice.
  await invoiceLink.click();
  await expect(page).toHaveURL(new RegExp(`/invoices/show/${order.invoice?.id}$`));
  await expect(page.getByTestId('invoice-reference')).toHaveText(order.invoice?.reference ?? '');
});

test('a refused status change shows the API message and the order as it is now', async ({ page }) => {
  const adminToken = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const { order } = await placePaidOrder();
  await loginAsAdmin(page);
  await page.goto(`/orders/show/${order.id}`);
  await expect(page.getByRole('button', { name: 'Mark as Shipped' })).toBeVisible();
  // Meanwhile the order is shipped elsewhere (another admin, the vendor).
  await moveOrder(adminToken, order.id, ORDER_STATUS.TO_RECEIVE);
  await page.getByRole('button', { name: 'Mark as Shipped' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
  const refused = toast(page, MSG.orders.statusUpdateFailed);
  await expect(refused).toBeVisible();
  await expect(dialog.locator('.ant-alert-error')).toBeVisible();
  await snap(page, 'admin-order-status-refused');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(page.locator('.ant-page-header-heading-tags .ant-tag')).toHaveText('To Receive');
  await expect(page.getByRole('button', { name: 'Confirm Receipt' })).toBeVisible();
});

test('an unpaid bank transfer order offers Mark as Paid and Cancel Order; marking it paid pays its invoice', async ({
  page,
}) => {
  const [product] = await vendorProducts();
  const { email, password } = await createVerifiedUser('orders-bank');
  const buyer = await apiSession(email, password);
  const order = await placeOrder(buyer.token, [{ product_id: product.id, quantity: 1 }], {
    payment_method: 'bank_transfer',
  });
  expect(order.status).toBe(ORDER_STATUS.TO_PAY);

  await loginAsAdmin(page);
  await page.goto(`/orders/show/${order.id}`);
  await expect(page.locator('.ant-page-header-heading-tags .ant-tag')).toHaveText('To Pay');
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText('Bank Transfer');
  await expect(summary.locator('.ant-tag', { hasText: 'Pending' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as Paid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as Shipped' })).toHaveCount(0);
  await dismissToasts(page);
  await snap(page, 'admin-order-unpaid');

  await page.getByRole('button', { name: 'Mark as Paid' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The order moves from To Pay to To Ship.');
  await dialog.getByLabel('Note (optional)').fill('Transfer seen on the GTBank statement');
  await dialog.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(toast(page, MSG.orders.statusUpdated)).toBeVisible();
  await expect(page.locator('.ant-page-header-heading-tags .ant-tag')).toHaveText('To Ship');
  await expect(summary.locator('.ant-tag', { hasText: 'Paid' })).toBeVisible();
  await expect(timelineItems(page).last()).toContainText('To Pay → To Ship');
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark as Shipped' })).toBeVisible();
});

test('admin accepts a requested return: the buyer is refunded and the order shows Returned', async ({ page }) => {
  const adminToken = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const { order, buyer } = await placePaidOrder();
  await moveOrder(adminToken, order.id, ORDER_STATUS.TO_RECEIVE);
  await moveOrder(adminToken, order.id, ORDER_STATUS.TO_REVIEW);
  const reason = 'The blender arrived with a cracked jug.';
  const asked = await moveOrder(buyer.token, order.id, ORDER_STATUS.RETURNED, reason);
  expect(asked.status, 'a buyer’s return request leaves the order To Review').toBe(ORDER_STATUS.TO_REVIEW);
  expect(asked.return_requested_at).toBeTruthy();
  const walletBefore = await api<{ data: WalletAccount }>(`/wallets/${buyer.id}`, { token: adminToken });

  await loginAsAdmin(page);
  await page.goto('/orders');
  const search = page.getByPlaceholder('Search by customer e-mail');
  await search.fill(buyer.email);
  await search.press('Enter');
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await row(page, order.order_no).getByRole('link', { name: order.order_no }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.order_no}` })).toBeVisible();
  // Settled at 2 -> 3: each line shows when its vendor was credited.
  await expect(page.getByTestId('order-lines').getByText('Not yet')).toHaveCount(0);
  const request = page.getByTestId('return-request');
  await expect(request).toContainText(reason);
  await expect(request).toContainText(formatNaira(order.total_minor));
  await dismissToasts(page);
  await snap(page, 'admin-order-return-requested');

  await page.getByRole('button', { name: ACCEPT_RETURN_ACTION }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('return-request-summary')).toContainText(reason);
  await expect(dialog).toContainText(`The buyer will be refunded ${formatNaira(order.total_minor)}`);
  await snap(page, 'admin-order-accept-return');
  await dialog.getByRole('button', { name: ACCEPT_RETURN_ACTION }).click();
  await expect(toast(page, MSG.orders.statusUpdated)).toBeVisible();
  await expect(page.locator('.ant-page-header-heading-tags .ant-tag')).toHaveText('Returned');
  await expect(timelineItems(page).last()).toContainText('To Review → Returned');
  await expect(page.getByTestId('order-history')).toContainText('Return requested by the buyer');
  await expect(page.getByTestId('order-lines').getByText('Reversed')).toHaveCount(2);
  await expect(page.getByRole('button', { name: ACCEPT_RETURN_ACTION })).toHaveCount(0);
  await expect(page.getByTestId('return-request')).toHaveCount(0);

  const walletAfter = await api<{ data: WalletAccount }>(`/wallets/${buyer.id}`, { token: adminToken });
  expect(walletAfter.body.data.ngn_minor - walletBefore.body.data.ngn_minor).toBe(order.total_minor);
  await dismissToasts(page);
  await snap(page, 'admin-order-returned');
});

test('the dashboard charts the last 30 days of orders with the API’s numbers', async ({ page }) => {
  const adminToken = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  // At least one order today, so every chart has something to draw.
  await placePaidOrder();

  await loginAsAdmin(page);
  const shownOrders = page.getByTestId('stat-orders').locator('.ant-statistic-content-value');
  await expect(shownOrders).toHaveText(/^\d+$/);
  // The stats are cached for a minute: read the API after the page did (no order is placed in between), so both
  // answer from the same computation or the API's is the fresher one of equal data.
  const res = await api<{ data: OrderStats }>('/admin/order-stats?days=30', { token: adminToken });
  expect(res.status).toBe(200);
  const stats = res.body.data;
  expect(stats.orders).toBeGreaterThan(0);
  await expect(shownOrders).toHaveText(String(stats.orders));
  await expect(page.getByTestId('stat-revenue')).toContainText(formatNaira(stats.revenue_minor));
  await expect(page.getByTestId('stat-commission')).toContainText(formatNaira(stats.commission_minor));
  for (const [id, title] of [
    ['chart-revenue', 'Revenue per day'],
    ['chart-orders', 'Orders per day'],
    ['chart-status', 'Orders by status'],
    ['chart-top-products', 'Top products'],
    ['chart-top-vendors', 'Top vendors'],
  ] as const) {
    const card = page.getByTestId(id);
    await expect(card.getByRole('heading', { name: title })).toBeVisible();
    await expect(card.locator('.recharts-surface')).toBeVisible();
    await expect(card.locator('table caption')).toHaveText(title);
  }
  // The numbers behind the pictures: per day, by status, top product and vendor.
  const today = stats.per_day.filter((d) => d.orders > 0).at(-1);
  expect(today).toBeDefined();
  await expect(page.getByTestId('chart-revenue').locator('table')).toContainText(
    formatNaira(today?.revenue_minor ?? 0),
  );
  for (const s of stats.by_status.filter((s) => s.count > 0)) {
    await expect(page.getByTestId('chart-status').locator('tr', { hasText: s.label })).toContainText(String(s.count));
  }
  await expect(page.getByTestId('chart-top-products').locator('table')).toContainText(stats.top_products[0].name);
  await expect(page.getByTestId('chart-top-vendors').locator('table')).toContainText(
    formatNaira(stats.top_vendors[0].revenue_minor),
  );
  // The pictures draw bars.
  await expect(page.getByTestId('chart-status').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('chart-top-products').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await dismissToasts(page);
  await snap(page, 'admin-dashboard-orders');
});
