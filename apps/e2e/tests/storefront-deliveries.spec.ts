import { expect, test, type Locator, type Page } from '@playwright/test';
import { MSG, cargoFeeCents, formatDollars, type Delivery, type ListResponse } from '@jara/contracts';
import { findDelivery, moveDelivery, proceedDelivery, readRates, setRates } from '../support/deliveries';
import { api, apiLogin, createVerifiedUser, DEMO, E2E } from '../support/env';
import { apiSession, fundWallet } from '../support/orders';
import { snap } from '../support/screens';
import { expectToast, login } from '../support/storefront';

// Delivery journeys on the storefront (spec 2.19, 2.22, 2.24, issue 11): the public shipping request, a customer's
// warehouse delivery from creation to a paid cargo fee, the tracker's timeline, the admin tracking table and the
// Logistics Settings tab. Admin moves (Delivered to Warehouse, Proceed) are setup steps through the API here; the
// back office has its own journeys. snap() also runs axe-core (WCAG 2 A/AA) at 390 and 1280 px.

const AIR_WAREHOUSE = 'Guangzhou Air Cargo Warehouse';

function stamp(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1000)}`;
}

function dialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

function row(page: Page, trackingNo: string): Locator {
  return page.locator(`[data-testid="delivery-row"][data-tracking-no="${trackingNo}"]`);
}

/** A fresh customer with a name and a phone (the delivery table shows them), signed in through the API. */
async function newCustomer(prefix: string, name: string, phone: string) {
  const user = await createVerifiedUser(prefix);
  const session = await apiSession(user.email, user.password);
  const profile = await api('/user/update-profile', { token: session.token, body: { name, phone } });
  expect(profile.status, 'update profile').toBe(200);
  return { ...user, ...session };
}

test.describe('deliveries: requests, payment and tracking', () => {
  test('a guest files a request; a customer creates a delivery, pays its cargo fee from the wallet and tracks it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const id = stamp();

    // A guest on /foreign-logistics: hero, Why Choose Us, and the create-request dialog.
    await page.goto('/foreign-logistics');
    await expect(page.getByRole('heading', { level: 1, name: 'Foreign Logistics' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Choose Us' })).toBeVisible();
    await snap(page, 'deliveries-foreign-landing');
    await page.getByRole('link', { name: MSG.deliveries.createRequest }).first().click();
    const request = dialog(page, MSG.deliveries.createRequest);
    await expect(request).toBeVisible();
    await request.getByLabel('Full name').fill('Bola Adebayo');
    await request.getByLabel('Phone').fill('0803 555 0101');
    await request.getByLabel('Tracking ID').fill(`YT-GUEST-${id}`);
    await request.getByLabel('Shipping type').selectOption('air_cargo');
    // Only the warehouses of the chosen shipping type are offered.
    await expect(request.getByLabel('Warehouse').locator('option')).toHaveText(['Choose a warehouse', AIR_WAREHOUSE]);
    await request.getByLabel('Warehouse').selectOption({ label: AIR_WAREHOUSE });
    await snap(page, 'deliveries-request-dialog');
    await request.getByRole('button', { name: 'Submit request' }).click();
    await expect(request.getByText(MSG.deliveries.shippingRequestCreated)).toBeVisible();
    const guestNo = ((await request.getByTestId('request-tracking-no').textContent()) ?? '').trim();
    expect(guestNo).not.toBe('');
    await snap(page, 'deliveries-request-done');
    await request.getByRole('link', { name: 'Track this parcel' }).click();
    await expect(page).toHaveURL(/\/tracker\?no=/);
    await expect(page.getByTestId('tracking-result')).toContainText(guestNo);
    await expect(page.getByTestId('timeline').locator('li')).toHaveCount(1);
    await expect(page.getByTestId('timeline')).toContainText('Pending Delivery');

    // A customer creates a warehouse delivery from the account screen.
    const customer = await newCustomer('shipper', 'Kemi Okafor', '08035550202');
    await login(page, customer.email, customer.password);
    await page.goto('/account-foreign-logistics');
    await expect(page.getByRole('heading', { level: 1, name: 'Foreign Logistics' })).toBeVisible();
    await expect(page.getByText(MSG.deliveries.empty)).toBeVisible();
    await page.getByRole('link', { name: MSG.deliveries.createDelivery }).click();
    const create = dialog(page, MSG.deliveries.createDialogTitle);
    await expect(create).toBeVisible();
    const externalNo = `YT-${id}`;
    await create.getByLabel('Tracking ID').fill(externalNo);
    await create.getByLabel('Shipping type').selectOption('air_cargo');
    await create.getByLabel('Warehouse').selectOption({ label: AIR_WAREHOUSE });
    await create.getByLabel('Bought from Jara Mall').check();
    await snap(page, 'deliveries-create-dialog');
    await create.getByRole('button', { name: MSG.deliveries.createDelivery }).click();
    await expectToast(page, MSG.deliveries.warehouseCreated);
    await expect(create).toBeHidden();
    const first = page.getByTestId('delivery-row').first();
    await expect(first).toContainText(externalNo);
    await expect(first).toContainText('Kemi Okafor');
    await expect(first).toContainText('Air Cargo');
    await expect(first.getByTestId('delivery-status')).toHaveText('Pending Delivery');
    await expect(first.getByTestId('payment-cell')).toHaveText(MSG.deliveries.notAvailable);
    await expect(page.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
    await expect(page.getByTestId('page-of')).toHaveText('Page 1 of 1');
    const trackingNo = (await first.getAttribute('data-tracking-no')) ?? '';
    expect(trackingNo).not.toBe('');
    // Date in long US format with a 12-hour time.
    await expect(first.locator('td[data-label="Date"]')).toHaveText(
      /^[A-Z][a-z]+ \d{1,2}, \d{4},? (at )?\d{1,2}:\d{2}\s?[AP]M$/,
    );
    await snap(page, 'deliveries-account-foreign');

    // The admin marks it Delivered to Warehouse (setup): Process Payment appears, the fee is not set yet.
    const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
    const delivery = await findDelivery(admin, trackingNo);
    await moveDelivery(admin, delivery.id, 2);
    await page.reload();
    const mine = row(page, trackingNo);
    await mine.getByRole('link', { name: new RegExp(MSG.deliveries.processPayment) }).click();
    const details = dialog(page, MSG.deliveries.paymentDetails);
    await expect(details).toBeVisible();
    await expect(details.getByTestId('fee-not-set')).toHaveText(MSG.deliveries.feeNotSet);
    await expect(details.getByRole('link', { name: MSG.deliveries.makePayment })).toHaveCount(0);
    await snap(page, 'deliveries-payment-details-no-fee');
    await details.getByRole('link', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    // The admin proceeds with a weight (setup): the server computes the fee and raises its USD invoice.
    const rates = await readRates();
    const fee = cargoFeeCents('air_cargo', { weight: 2.5 }, rates);
    expect(fee).toBeGreaterThan(0);
    const proceeded = await proceedDelivery(admin, delivery.id, { shipping_type: 'air_cargo', weight: 2.5 });
    expect(proceeded.amount_minor).toBe(fee);
    expect(proceeded.invoice?.status).toBe('pending');
    await fundWallet(customer.userId, String(Math.ceil(fee / 100) + 10), 'e2e: cargo fee funds', 'USD');

    await page.reload();
    await mine.getByRole('link', { name: new RegExp(MSG.deliveries.processPayment) }).click();
    await expect(details.getByTestId('payment-fee')).toHaveText(formatDollars(fee));
    await expect(details).toContainText(proceeded.invoice?.reference ?? '');
    await expect(details).toContainText('2.5 kg');
    await expect(details).toContainText(proceeded.shipping?.name ?? 'no title');
    await snap(page, 'deliveries-payment-details');
    await details.getByRole('link', { name: MSG.deliveries.makePayment }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${proceeded.invoice?.id}$`));
    await expect(page.getByTestId('invoice-amount')).toHaveText(formatDollars(fee));
    await page.getByRole('button', { name: /from wallet/ }).click();
    await expectToast(page, 'Invoice paid successfully');

    // The row now shows the fee paid; the tracker shows the timeline, oldest first.
    await page.goto('/account-foreign-logistics');
    await expect(row(page, trackingNo).getByTestId('payment-cell')).toHaveText(MSG.deliveries.paid);
    await row(page, trackingNo).getByRole('link', { name: trackingNo }).click();
    await expect(page).toHaveURL(/\/account-tracker\?no=/);
    await expect(page.getByTestId('tracking-result')).toContainText('Delivered to Warehouse');

    await page.goto(`/tracker?no=${encodeURIComponent(trackingNo.toLowerCase())}`);
    const timeline = page.getByTestId('timeline').locator('li');
    await expect(timeline).toHaveCount(2);
    await expect(timeline.nth(0)).toContainText('Pending Delivery');
    await expect(timeline.nth(1)).toContainText('Delivered to Warehouse');
    await expect(page.getByTestId('tracking-result').getByTestId('delivery-status')).toHaveText(
      'Delivered to Warehouse',
    );
    await expect(page.getByTestId('tracking-result')).toContainText('Air Cargo');
    await snap(page, 'deliveries-tracker');
  });

  test('validation: the request dialogs, the tracker and a request without JavaScript', async ({ page, browser }) => {
    // Public request: every required field is named.
    await page.goto('/foreign-logistics?request=1');
    const request = dialog(page, MSG.deliveries.createRequest);
    await request.getByRole('button', { name: 'Submit request' }).click();
    await expect(request.getByTestId('request-error')).toHaveText(MSG.deliveries.publicRequiredFields);
    for (const label of ['Full name', 'Phone', 'Tracking ID', 'Shipping type', 'Warehouse'])
      await expect(request.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(request.getByLabel('E-mail (optional)')).not.toHaveAttribute('aria-invalid', 'true');
    await snap(page, 'deliveries-request-errors');
    // Escape closes the dialog (the URL loses ?request=1).
    await page.keyboard.press('Escape');
    await expect(request).toBeHidden();
    await expect(page).toHaveURL(/\/foreign-logistics$/);

    // The tracker: disabled while empty, trimmed, and the server's answer for an unknown number.
    await page.goto('/tracker');
    await expect(page.getByRole('heading', { level: 1, name: MSG.tracking.title })).toBeVisible();
    const search = page.getByRole('button', { name: MSG.tracking.search });
    await expect(search).toBeDisabled();
    await page.getByLabel('Tracking number').fill('   ');
    await expect(search).toBeDisabled();
    await page.getByLabel('Tracking number').fill('  jr-none-0000  ');
    await expect(search).toBeEnabled();
    await page.getByLabel('Tracking number').press('Enter');
    await expect(page).toHaveURL(/no=/);
    await expect(page.getByTestId('tracking-error')).toHaveText(MSG.deliveries.trackingNotFound);
    await snap(page, 'deliveries-tracker-not-found');
    await page.goto('/tracker?no=%20%20');
    await expect(page.getByTestId('tracking-error')).toHaveText(MSG.deliveries.trackingNoRequired);

    // Signed in: Create Warehouse Delivery says 'Please provide all required fields'.
    await login(page, DEMO.customer.email, DEMO.customer.password);
    await page.goto('/account-local-logistics?create=1');
    const create = dialog(page, MSG.deliveries.createDialogTitle);
    await expect(create.getByLabel('Shipping type')).toHaveCount(0); // local: no shipping type
    await create.getByRole('button', { name: MSG.deliveries.createDelivery }).click();
    await expect(create.getByTestId('request-error')).toHaveText(MSG.deliveries.requiredFields);
    await expect(create.getByLabel('Tracking ID')).toHaveAttribute('aria-invalid', 'true');
    await expect(create.getByLabel('Warehouse')).toHaveAttribute('aria-invalid', 'true');
    await expect(create.getByLabel('Warehouse').locator('option')).toHaveText([
      'Choose a warehouse',
      'Lagos Hub (Ikeja)',
    ]);
    await snap(page, 'deliveries-create-errors');

    // Without JavaScript the request dialog is a page state and the form posts to the server.
    const context = await browser.newContext({ baseURL: E2E.storefront, javaScriptEnabled: false });
    const plain = await context.newPage();
    try {
      await plain.goto('/local-logistics');
      await plain.getByRole('link', { name: MSG.deliveries.createRequest }).first().click();
      await expect(plain).toHaveURL(/request=1/);
      const form = plain.getByRole('dialog', { name: MSG.deliveries.createRequest });
      await form.getByRole('button', { name: 'Submit request' }).click();
      await expect(form.getByTestId('request-error')).toHaveText(MSG.deliveries.publicRequiredFields);
      await expect(form.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
      await form.getByLabel('Full name').fill('Ngozi Eze');
      await form.getByLabel('Phone').fill('0809 555 0303');
      await form.getByLabel('Tracking ID').fill(`LOCAL-${stamp()}`);
      await form.getByLabel('Warehouse').selectOption({ label: 'Lagos Hub (Ikeja)' });
      await form.getByRole('button', { name: 'Submit request' }).click();
      await expect(form.getByText(MSG.deliveries.shippingRequestCreated)).toBeVisible();
      await expect(form.getByTestId('request-tracking-no')).toHaveText(/\S+/);
    } finally {
      await context.close();
    }
  });
});

test.describe('deliveries: admin screens', () => {
  test('the admin tracking table filters, sorts and pages; the delivery table shows the Action column', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
    const all = await api<ListResponse<Delivery>>('/trackings?per_page=5', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBeGreaterThan(5);
    const known = all.body.data[0];

    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/account-tracker');
    await expect(page.getByRole('heading', { level: 1, name: MSG.tracking.title })).toBeVisible();
    const table = page.getByTestId('tracking-table');
    await expect(table.locator('tbody tr')).toHaveCount(5);
    await expect(page.getByTestId('page-of')).toHaveText(`Page 1 of ${Math.ceil(all.body.meta.total / 5)}`);
    await snap(page, 'deliveries-admin-tracking-table');

    // Filter by tracking number.
    await page.getByLabel('Tracking number').fill(known.tracking_no.slice(0, -1));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/tracking_no_like=/);
    await expect(table.locator('tbody tr').first()).toContainText(known.tracking_no);

    // Filter by status.
    await page.goto('/account-tracker');
    await page.getByLabel('Status').selectOption({ label: 'Delivered to Warehouse' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/status=2/);
    const statuses = table.locator('tbody [data-testid="delivery-status"]');
    await expect(statuses.first()).toHaveText('Delivered to Warehouse');
    for (const text of await statuses.allTextContents()) expect(text).toBe('Delivered to Warehouse');

    // Sort by weight, descending on the second click; measured rows come in order.
    await page.goto('/account-tracker');
    await table.getByRole('link', { name: /^Weight/ }).click();
    await expect(page).toHaveURL(/sort=weight&order=asc/);
    await table.getByRole('link', { name: /^Weight/ }).click();
    await expect(page).toHaveURL(/sort=weight&order=desc/);
    await expect(table.getByRole('columnheader', { name: /Weight/ })).toHaveAttribute('aria-sort', 'descending');
    const weights = (await table.getByTestId('cell-weight').allTextContents())
      .filter((t) => t !== '—')
      .map((t) => Number.parseFloat(t.replace(/,/g, '')));
    expect(weights.length).toBeGreaterThan(0);
    expect([...weights].sort((a, b) => b - a)).toEqual(weights);
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=weight/);
    await expect(page.getByTestId('page-of')).toHaveText(/^Page 2 of /);
    await snap(page, 'deliveries-admin-tracking-sorted');

    // Nothing found.
    await page.goto('/account-tracker?tracking_no_like=NO-SUCH-NUMBER');
    await expect(page.getByText(MSG.tracking.empty)).toBeVisible();

    // The delivery table: every customer's rows, the Action column with the back office's links, search and pages.
    await page.goto('/account-foreign-logistics');
    await expect(page.getByRole('columnheader', { name: 'Action' })).toBeVisible();
    const rows = page.getByTestId('delivery-row');
    await expect(rows).toHaveCount(10);
    const pendingAction = page.getByRole('link', { name: /^Delivered to Warehouse:/ }).first();
    if (await pendingAction.count())
      await expect(pendingAction).toHaveAttribute('href', new RegExp(`^${E2E.admin}/deliveries/\\d+$`));
    await expect(page.getByRole('link', { name: /^Proceed:/ }).first()).toHaveAttribute(
      'href',
      new RegExp(`^${E2E.admin}/deliveries/\\d+$`),
    );
    await snap(page, 'deliveries-account-admin');
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page.getByTestId('page-of')).toHaveText(/^Page 2 of /);
    const target = (await rows.first().getAttribute('data-tracking-no')) ?? '';
    await page.getByRole('searchbox', { name: 'Search deliveries' }).fill(target);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-tracking-no', target);
    await page.getByRole('searchbox', { name: 'Search deliveries' }).fill('zz-nothing-matches-zz');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(MSG.deliveries.empty)).toBeVisible();
  });

  test('the Logistics Settings tab (admins only) checks and saves the cargo rates, also without JavaScript', async ({
    page,
    browser,
  }) => {
    const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
    const before = await readRates();
    try {
      await login(page, DEMO.admin.email, DEMO.admin.password);
      await page.goto('/settings');
      const tab = page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Logistics Settings' });
      await tab.click();
      await expect(page).toHaveURL(/\/settings\/logistics$/);
      const sea = page.getByLabel('Cost per cm³ (sea cargo, $)');
      const air = page.getByLabel('Cost per kg (air cargo, $)');
      await expect(sea).toHaveAttribute('step', '0.01');
      await expect(sea).toHaveAttribute('min', '0');
      const seaError = page.locator('#field-cost_per_cmb3-error');
      await sea.fill('-1');
      await page.getByRole('button', { name: MSG.logisticsSettings.save }).click();
      await expect(seaError).toHaveText(MSG.logisticsSettings.negative);
      await expectToast(page, MSG.logisticsSettings.updateFailed);
      await sea.fill('');
      await page.getByRole('button', { name: MSG.logisticsSettings.save }).click();
      await expect(seaError).toHaveText(MSG.logisticsSettings.invalidNumbers);
      await snap(page, 'deliveries-settings-errors');

      await sea.fill('0.02');
      await air.fill('9.75');
      await page.getByRole('button', { name: MSG.logisticsSettings.save }).click();
      await expectToast(page, MSG.logisticsSettings.updated);
      await expect(page).toHaveURL(/\/settings\/logistics$/);
      await expect(tab).toHaveAttribute('aria-current', 'page');
      const saved = await readRates();
      expect(Number(saved.cost_per_cmb3)).toBe(0.02);
      expect(Number(saved.cost_per_kg)).toBe(9.75);
      await expect(air).toHaveValue('9.75');
      await snap(page, 'deliveries-settings-admin');

      // Without JavaScript, by its URL: the server checks the form (the spec's messages) and saves it.
      const context = await browser.newContext({
        baseURL: E2E.storefront,
        javaScriptEnabled: false,
        storageState: await page.context().storageState(),
      });
      const plain = await context.newPage();
      try {
        await plain.goto('/settings/logistics');
        await plain.getByLabel('Cost per cm³ (sea cargo, $)').fill('-1');
        await plain.getByRole('button', { name: MSG.logisticsSettings.save }).click();
        await expect(plain.locator('#field-cost_per_cmb3-error')).toHaveText(MSG.logisticsSettings.negative);
        expect(Number((await readRates()).cost_per_cmb3)).toBe(0.02);
        await plain.getByLabel('Cost per cm³ (sea cargo, $)').fill('0.03');
        await plain.getByRole('button', { name: MSG.logisticsSettings.save }).click();
        await expect(plain).toHaveURL(/\/settings\/logistics$/);
        await expect(plain.locator('.toast', { hasText: MSG.logisticsSettings.updated })).toBeVisible();
        await expect(plain.getByLabel('Cost per cm³ (sea cargo, $)')).toHaveValue('0.03');
        expect(Number((await readRates()).cost_per_cmb3)).toBe(0.03);
      } finally {
        await context.close();
      }
    } finally {
      await setRates(admin, { cost_per_cmb3: before.cost_per_cmb3, cost_per_kg: before.cost_per_kg });
    }
  });
});
