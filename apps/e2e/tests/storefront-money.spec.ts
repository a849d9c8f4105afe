import { expect, test } from '@playwright/test';
import { api, apiLogin, createVerifiedUser, DEMO } from '../support/env';
import { snap } from '../support/screens';
import { expectToast, login } from '../support/storefront';

// Money journeys (spec 2.27, 2.28, issue 9): funding the wallet through the test-mode checkout, paying an invoice
// from the wallet (once, even when the form is sent twice) or by card through the test checkout, the converters,
// and screenshots of the screens (snap() also runs axe-core, WCAG 2 A/AA, at both widths).

interface LoginBody {
  token: string;
  user: { id: number; email: string };
}

interface InvoiceBody {
  id: number;
  reference: string;
  status: string;
  description: string;
  amount_minor: number;
}

/** Setup, not under test: funds a wallet through the API and the test-mode gateway. */
async function fundThroughApi(token: string, amount: string): Promise<void> {
  const start = await api<{ data: { reference: string } }>('/wallet/fund', {
    token,
    body: { amount, currency: 'NGN' },
  });
  expect(start.status, 'POST /wallet/fund').toBeLessThan(300);
  const reference = start.body.data.reference;
  const done = await api(`/payments/test/${encodeURIComponent(reference)}/complete`, { method: 'POST', token });
  expect(done.status, 'complete the test payment').toBeLessThan(300);
  const verified = await api<{ data: { status: string } }>(
    `/wallet/fund/verify?reference=${encodeURIComponent(reference)}`,
    { token },
  );
  expect(verified.body.data.status).toBe('completed');
}

test.describe('wallet', () => {
  test('a customer funds the wallet through the test-mode checkout and sees the balance and a completed row', async ({
    page,
  }) => {
    const user = await createVerifiedUser('wallet');
    await login(page, user.email, user.password);
    await page.goto('/fund');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet & Invoices' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wallet', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('usd-balance')).toHaveText('$0.00');
    await expect(page.getByTestId('local-balance')).toHaveText('₦0');
    await expect(page.getByText('No transaction history found.')).toBeVisible();

    // Field errors come from the action (the form has noValidate).
    await page.getByLabel('Amount', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Fund Wallet' }).click();
    await expect(page.getByText('Please enter an amount greater than 0.')).toBeVisible();

    await page.getByLabel('Amount', { exact: true }).fill('20000');
    await page.getByLabel('Currency', { exact: true }).selectOption('NGN');
    await page.getByRole('button', { name: 'Fund Wallet' }).click();

    // The test-mode checkout: clearly marked, with amount and reference.
    await expect(page).toHaveURL(/\/pay\/test\?reference=/);
    await expect(page.getByText('Test mode — no real money moves')).toBeVisible();
    await expect(page.getByTestId('checkout-amount')).toHaveText('₦20,000');
    const reference = new URL(page.url()).searchParams.get('reference') ?? '';
    await expect(page.getByTestId('checkout-reference')).toHaveText(reference);
    await snap(page, 'money-test-checkout');
    await page.getByRole('button', { name: 'Pay now' }).click();

    // Back on /fund: verified, toast, clean URL, new balance and a completed history row.
    await expect(page).toHaveURL(/\/fund$/);
    await expectToast(page, 'Wallet funded successfully');
    await expect(page.getByTestId('local-balance')).toHaveText('₦20,000');
    const row = page.getByTestId('wallet-history').locator('tbody tr').first();
    await expect(row).toContainText('+₦20,000');
    await expect(row).toContainText(reference);
    await expect(row.locator('.status-pill')).toHaveText('Completed');
    await expect(row.locator('.status-pill')).toHaveClass(/tone-success/);

    // Local balance in another currency and the percent converter (spec 9), live in the browser.
    await page.getByLabel('Show in').selectOption('USD');
    await expect(page.getByTestId('local-balance')).toHaveText('$13.33');
    await page.getByLabel('Show in').selectOption('NGN');
    await page.getByLabel(/^Percent of/).fill('10');
    await expect(page.getByTestId('percent-result')).toContainText('2,000.00 NGN');
    await expect(page.getByTestId('percent-result').locator('output')).toHaveText('1.33 USD');
    await page.getByRole('button', { name: 'Swap direction' }).click();
    await expect(page.getByTestId('percent-result').locator('output')).toHaveText('0.00 NGN');

    // The same answers without JavaScript: the GET form is computed by the loader.
    const html = await (await page.request.get('/fund?tab=wallet&local=USD&percent=10&direction=local-to-usd')).text();
    expect(html).toContain('$13.33');
    expect(html).toContain('1.33 USD');

    // A cancelled test payment leaves the balance alone.
    await page.getByLabel('Amount', { exact: true }).fill('500');
    await page.getByRole('button', { name: 'Fund Wallet' }).click();
    await expect(page).toHaveURL(/\/pay\/test\?reference=/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/fund$/);
    await expectToast(page, /funding failed|cancel/i);
    await expect(page.getByTestId('local-balance')).toHaveText('₦20,000');
  });
});

test.describe('invoices', () => {
  test('an invoice is paid from the wallet once, and the balance goes down', async ({ page }) => {
    const user = await createVerifiedUser('invoice');
    const signedIn = await api<LoginBody>('/auth/login', { body: { email: user.email, password: user.password } });
    const token = signedIn.body.token;
    const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
    const raised = await api<{ data: InvoiceBody }>('/invoices', {
      token: admin,
      body: { user_id: signedIn.body.user.id, amount: '7500', currency: 'NGN', description: 'Customs clearance (e2e)' },
    });
    expect(raised.status).toBe(201);
    const invoice = raised.body.data;

    await login(page, user.email, user.password);
    await page.goto('/fund?tab=invoices');
    await expect(page.getByRole('link', { name: 'Invoices', exact: true })).toHaveAttribute('aria-current', 'page');
    const row = page.getByTestId('invoices').locator('tbody tr', { hasText: invoice.reference });
    await expect(row).toContainText('₦7,500');
    await expect(row).toContainText(user.email);
    await expect(row).toContainText('Other charge');
    await expect(row.locator('.status-pill')).toHaveText('Pending');
    await expect(row.locator('.status-pill')).toHaveClass(/tone-warning/);
    await row.getByRole('link', { name: /Make Payment/ }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Customs clearance (e2e)' })).toBeVisible();
    await expect(page.getByTestId('invoice-amount')).toHaveText('₦7,500');
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦0');

    // An empty wallet: the API's 422 is shown with a way to fund it.
    await page.getByRole('button', { name: 'Pay ₦7,500 from wallet' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Insufficient wallet balance.' }).first()).toBeVisible();

    await fundThroughApi(token, '10000');
    await page.reload();
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦10,000');
    const key = await page
      .locator('form', { has: page.getByRole('button', { name: /from wallet/ }) })
      .locator('input[name="idempotency_key"]')
      .inputValue();
    await page.getByRole('button', { name: 'Pay ₦7,500 from wallet' }).click();
    await expectToast(page, 'Invoice paid successfully');
    await expect(page.getByTestId('invoice').locator('.invoice-total .status-pill')).toHaveText('Paid');
    await expect(page.getByRole('heading', { name: 'Make Payment' })).toHaveCount(0);

    // The same form sent again (a double submit) pays nothing more.
    const again = await page.request.post(`/invoices/${invoice.id}`, {
      form: { method: 'wallet', idempotency_key: key },
      maxRedirects: 0,
    });
    expect([200, 302, 303]).toContain(again.status());
    await page.goto('/fund');
    await expect(page.getByTestId('local-balance')).toHaveText('₦2,500');
    const debit = page.getByTestId('wallet-history').locator('tbody tr', { hasText: '−₦7,500' });
    await expect(debit).toHaveCount(1);
    await expect(debit.locator('.status-pill')).toHaveText('Completed');

    await page.goto('/fund?tab=invoices');
    await expect(
      page.getByTestId('invoices').locator('tbody tr', { hasText: invoice.reference }).locator('.status-pill'),
    ).toHaveText('Paid');

    // By card: the test-mode checkout shows the invoice; Cancel leaves it unpaid, Pay now pays it.
    const second = await api<{ data: InvoiceBody }>('/invoices', {
      token: admin,
      body: { user_id: signedIn.body.user.id, amount: '1250.50', currency: 'NGN', description: 'Storage fee (e2e)' },
    });
    expect(second.status).toBe(201);
    await page.goto(`/invoices/${second.body.data.id}`);
    await page.getByRole('button', { name: 'Pay with Paystack' }).click();
    await expect(page).toHaveURL(/\/pay\/test\?reference=/);
    await expect(page.getByTestId('checkout-amount')).toHaveText('₦1,250.50');
    await expect(page.getByText(second.body.data.reference)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${second.body.data.id}$`));
    await expectToast(page, 'This invoice is not paid yet');
    await page.getByRole('button', { name: 'Pay with Paystack' }).click();
    await expect(page).toHaveURL(/\/pay\/test\?reference=/);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${second.body.data.id}$`));
    await expectToast(page, 'Invoice paid successfully');
    await expect(page.getByTestId('invoice').locator('.invoice-total .status-pill')).toHaveText('Paid');
    await page.goto('/fund');
    await expect(page.getByTestId('local-balance')).toHaveText('₦2,500');

    // Printable view without the shell, and another user's invoice is a not-found page.
    await page.goto(`/invoices/${invoice.id}?print=1`);
    await expect(page.locator('.account-sidebar')).toBeHidden();
    await expect(page.getByTestId('invoice')).toBeVisible();
    const others = await api<{ data: InvoiceBody[] }>('/invoices/user', {
      token: await apiLogin(DEMO.customer.email, DEMO.customer.password),
    });
    const foreign = others.body.data[0];
    if (foreign) {
      const response = await page.goto(`/invoices/${foreign.id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Invoice not found.' })).toBeVisible();
    }
    const missing = await page.goto('/invoices/99999999');
    expect(missing?.status()).toBe(404);
  });
});

test.describe('converter', () => {
  test('the public converter converts 60000 NGN to 40.00 USD, live and without JavaScript', async ({ page }) => {
    await page.goto('/converter');
    await expect(page.getByRole('heading', { level: 1, name: 'Currency Converter' })).toBeVisible();
    await expect(page.getByLabel('From')).toHaveValue('NGN');
    await expect(page.getByLabel('To')).toHaveValue('USD');
    await expect(page.locator('.converter img.currency-flag')).toHaveCount(2);
    await expect(page.locator('.converter img.currency-flag').first()).toHaveAttribute('src', /^data:image\/svg\+xml,/);

    await page.getByLabel('Amount').fill('60000');
    await expect(page.getByTestId('converter-result').locator('output')).toHaveText('40.00 USD');
    await page.getByRole('button', { name: 'Swap currencies' }).click();
    await expect(page.getByLabel('From')).toHaveValue('USD');
    await expect(page.getByTestId('converter-result').locator('output')).toHaveText('90,000,000.00 NGN');
    await page.getByLabel('Amount').fill('-5');
    await expect(page.getByTestId('converter-result')).toContainText('Please enter an amount of 0 or more.');

    // No JavaScript: the loader computes the result, and swap=1 redirects to the swapped pair.
    const html = await (await page.request.get('/converter?amount=60000&from=NGN&to=USD')).text();
    expect(html).toContain('40.00 USD');
    const swapped = await page.request.get('/converter?amount=40&from=NGN&to=USD&swap=1', { maxRedirects: 0 });
    expect(swapped.status()).toBe(302);
    expect(swapped.headers().location).toBe('/converter?amount=40&from=USD&to=NGN');

    // An unknown currency (an old link) has no rate.
    await page.goto('/converter?amount=5&from=NGN&to=XYZ');
    await expect(page.getByTestId('converter-result')).toContainText('Rate not available');
  });

  test('signed-in users have the converter at /user-converter', async ({ page }) => {
    await login(page, DEMO.vendor.email, DEMO.vendor.password);
    await page.goto('/user-converter');
    await expect(page.getByRole('heading', { level: 1, name: 'Converter' })).toBeVisible();
    await page.getByLabel('Amount').fill('130');
    await page.getByLabel('From').selectOption('ZAR');
    await page.getByLabel('To').selectOption('CNY');
    await expect(page.getByTestId('converter-result').locator('output')).toHaveText('52.00 CNY');
  });
});

test.describe('screenshots', () => {
  test('/fund (both tabs), /invoices/{id} and /converter at 390 and 1280 px', async ({ page }) => {
    const token = await apiLogin(DEMO.customer.email, DEMO.customer.password);
    const invoices = await api<{ data: InvoiceBody[] }>('/invoices/user', { token });
    const storage = invoices.body.data.find((i) => i.description === 'Storage fee (demo)');
    expect(storage, "the seed's 'Storage fee (demo)' invoice").toBeTruthy();

    await login(page, DEMO.customer.email, DEMO.customer.password);
    await page.goto('/fund');
    await expect(page.getByTestId('usd-balance')).toBeVisible();
    await snap(page, 'money-fund-wallet');
    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    await expect(page).toHaveURL(/tab=invoices/);
    await expect(page.getByTestId('invoices')).toContainText('Storage fee (demo)');
    await snap(page, 'money-fund-invoices');
    await page.goto(`/invoices/${storage?.id}`);
    await expect(page.getByTestId('invoice')).toContainText('Storage fee (demo)');
    await snap(page, 'money-invoice');
    await page.goto(`/invoices/${storage?.id}?print=1`);
    await snap(page, 'money-invoice-print');
    await page.goto('/converter?amount=60000&from=NGN&to=USD');
    await expect(page.getByTestId('converter-result').locator('output')).toHaveText('40.00 USD');
    await snap(page, 'money-converter');
  });
});
