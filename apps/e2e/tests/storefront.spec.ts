import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@jara/contracts';
import { api, apiLogin, DEMO, E2E, readCode, uniqueEmail } from '../support/env';
import { SCREENSHOT_DIR, snap } from '../support/screens';
import { hydrated } from '../support/storefront';

// Storefront journeys (issue items 1-7): public pages, sign-up + code + verify + login, guards, the signed-in
// shell, notifications, settings and the contact form. Runs against the built app (tools/scripts/e2e.mjs).

const SIGNED_IN_PAGES_TIMEOUT = 15_000;

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** A toast (top right) with this text is showing; earlier toasts may still be on screen. */
async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator('.toast', { hasText: text }).last()).toBeVisible();
}

async function expectNoTokenInBrowser(page: Page) {
  // The token lives in an httpOnly cookie: no script can read it and no page or loader data contains it.
  const cookie = await page.evaluate(() => document.cookie);
  expect(cookie).not.toContain('__jara_session');
  expect(cookie).not.toContain('eyJ');
  const html = await page.content();
  expect(html).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
  const storage = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }));
  expect(storage).not.toContain('eyJ');
}

test.describe('public storefront', () => {
  test('home, about, faq, help, coming-soon pages, /home redirect and the 404 page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Jara/);
    const header = page.locator('header.public-header');
    for (const label of ['Home', 'About', 'Contact', 'FAQ']) {
      await expect(
        header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }),
      ).toBeVisible();
    }
    await expect(header.locator('.public-header-actions').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.locator('.public-header-actions').getByRole('link', { name: 'Sign Up' })).toBeVisible();
    for (const label of ['Foreign Logistics', 'Local Logistics', 'Converter', 'Ready to Ship', 'Tracker']) {
      await expect(
        header.getByRole('navigation', { name: 'Our Services' }).getByRole('link', { name: label }),
      ).toBeVisible();
    }
    // 'All Categories' lists the active categories by name: the seed's 14, 'Phones & Tablets' among them.
    const categories = header.locator('.public-header-actions .categories-dropdown');
    await categories.locator('summary').click();
    await expect(categories.getByRole('menuitem', { name: 'Phones & Tablets', exact: true })).toBeVisible();
    await expect(categories.getByRole('menuitem', { name: 'Garden & Outdoors', exact: true })).toBeVisible();
    await expect(categories.getByText('No categories yet.')).toHaveCount(0);
    await categories.locator('summary').click();
    await snap(page, 'storefront-home');

    // Mobile slide-in menu with its two sections.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Open menu').click();
    const drawer = page.getByRole('complementary', { name: 'Mobile menu' });
    await expect(drawer.getByRole('heading', { name: 'Main Menu' })).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Our Services' })).toBeVisible();
    await page.waitForTimeout(300); // let the slide-in finish
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'storefront-mobile-menu-390.png') });
    await drawer.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(drawer).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/home');
    await expect(page).toHaveURL(`${E2E.storefront}/`);

    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About Jara' })).toBeVisible();
    await snap(page, 'storefront-about');

    await page.goto('/faq');
    const questions = page.locator('.accordion-item');
    await expect(questions).toHaveCount(5);
    await questions.nth(2).locator('summary').click();
    await expect(questions.nth(2)).toContainText('within 7 days');
    await snap(page, 'storefront-faq');

    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Get help signing in' })).toBeVisible();
    await snap(page, 'storefront-help');

    // (/tracker became a real screen in issue 11: storefront-deliveries.spec.ts.)
    await page.goto('/tracker');
    await expect(page.getByRole('heading', { level: 1, name: 'Track Your Product' })).toBeVisible();

    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await snap(page, 'storefront-404');

    const denied = await page.goto('/unauthorized');
    expect(denied?.status()).toBe(403);
    await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
    await snap(page, 'storefront-unauthorized');
  });

  test('the contact form validates and stores a message', async ({ page, browser }) => {
    // Without JavaScript the form posts to the action, which answers the API's CreateContactMessageDto messages.
    const plain = await browser.newContext({ baseURL: E2E.storefront, javaScriptEnabled: false });
    try {
      const noJs = await plain.newPage();
      await noJs.goto('/contact');
      await noJs.getByLabel('E-mail').fill('not-an-email');
      await noJs.getByRole('button', { name: 'Send message' }).click();
      await expect(noJs.getByText('Please enter your full name.')).toBeVisible();
      await expect(noJs.getByText('Please enter a valid email address.')).toBeVisible();
      await expect(noJs.getByLabel('E-mail')).toHaveValue('not-an-email');
    } finally {
      await plain.close();
    }

    await page.goto('/contact');
    await hydrated(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter your full name.')).toBeVisible();
    await expect(page.getByText('Please enter your email.')).toBeVisible();
    await expect(page.getByText('Please enter a message.')).toBeVisible();
    await snap(page, 'storefront-contact-errors');

    const email = uniqueEmail('contact');
    await page.getByLabel('Full name').fill('Ada Obi');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Message').fill('Where is my parcel JR-1234?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('.form-success')).toContainText('Your message has been sent');
    await expectToast(page, 'Your message has been sent');
    await snap(page, 'storefront-contact-sent');

    const token = await apiLogin(DEMO.admin.email, DEMO.admin.password);
    const list = await api<{ data: Array<{ email: string; full_name: string; message: string }> }>(
      `/contact-messages?q=${encodeURIComponent(email)}`,
      { token },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.some((row) => row.email === email && row.full_name === 'Ada Obi')).toBe(true);
  });
});

test.describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  test("every answer carries X-Request-Id: a new UUID, or a proxy's id when it looks like one", async ({
    page,
    request,
  }) => {
    const first = await page.goto('/');
    const second = await page.goto('/about');
    const ids = [first?.headers()['x-request-id'], second?.headers()['x-request-id']];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);

    // A reverse proxy's id is kept when it matches the API's pattern; anything else is replaced.
    const kept = await request.get('/faq', { headers: { 'X-Request-Id': 'proxy-7f3a.e2e:0001' } });
    expect(kept.status()).toBe(200);
    expect(kept.headers()['x-request-id']).toBe('proxy-7f3a.e2e:0001');
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(101)]) {
      const replaced = await request.get('/faq', { headers: { 'X-Request-Id': bad } });
      expect(replaced.headers()['x-request-id']).toMatch(UUID);
    }

    // Files and refusals too, not only pages.
    expect((await request.get('/favicon.svg')).headers()['x-request-id']).toMatch(UUID);
    const refused = await request.post('/login', {
      headers: { origin: 'http://evil.example' },
      form: { email: 'a@b.c' },
    });
    expect(refused.status()).toBe(403);
    expect(refused.headers()['x-request-id']).toMatch(UUID);

    // The API answers the id it was given (the storefront sends its own on every call: api.server.spec.ts).
    const fromApi = await fetch(`${E2E.api}/health`, { headers: { 'X-Request-Id': 'proxy-7f3a.e2e:0001' } });
    expect(fromApi.headers.get('x-request-id')).toBe('proxy-7f3a.e2e:0001');
  });
});

test.describe('sign-in flows', () => {
  test('sign-up with a name, code from the outbox, verify signs in, greeting by first name, welcome notification', async ({
    page,
  }) => {
    const email = uniqueEmail('signup');
    const password = 'secret123';

    await page.goto('/sign_up');
    await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    // The API's RegisterDto: e-mail and password required, the name optional (without it, the e-mail's handle).
    await expect(page.getByText('Please enter your email.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
    await expect(page.getByLabel('Full name (optional)')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Full name').fill('Adaeze Nwosu');
    await page.getByLabel('E-mail').fill(email);
    await expect(page.getByText('Please enter your email.')).toHaveCount(0);
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('placeholder', 'At least 6 characters');
    await expect(page.getByRole('main').getByRole('link', { name: 'Get help signing in' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Continue with/ })).toBeVisible();
    await snap(page, 'storefront-sign-up');

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page).toHaveURL(/\/verify_otp$/);
    await expectToast(page, 'Registration successful!');
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBe(email);
    await expect(page.getByLabel('Verification code')).toHaveAttribute('maxlength', '6');

    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('Please enter a 6-digit code.')).toBeVisible();
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectToast(page, 'Invalid code');
    await snap(page, 'storefront-verify-otp');

    // The duplicate address is refused with the server's field error under the e-mail field.
    const dup = await page.context().newPage();
    await dup.goto('/sign_up');
    await dup.getByLabel('Full name').fill('Adaeze Nwosu');
    await dup.getByLabel('E-mail').fill(email);
    await dup.getByLabel('Password').fill(password);
    await dup.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(dup.locator('.field-error')).toHaveText('The email has already been taken.');
    await dup.close();

    const code = await readCode(email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    // Verified means signed in (issue 22): the dashboard, greeted by the first name; one toast, the stale error gone.
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: SIGNED_IN_PAGES_TIMEOUT });
    await expectToast(page, 'Your account has been verified!');
    await expect(page.locator('.toast')).toHaveCount(1);
    await expect(page.locator('.hi')).toHaveText('Hi Adaeze');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBeNull();
    await expectNoTokenInBrowser(page);

    // A public page now shows 'My Account' instead of Sign In / Sign Up.
    await page.goto('/about');
    await expect(page.locator('.public-header-actions').getByRole('link', { name: 'My Account' })).toBeVisible();
    await expect(page.locator('.public-header-actions').getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    // The welcome notification: bell dropdown, then the page with mark-as-read and delete.
    await page.goto('/dashboard');
    await page.locator('.notification-bell > summary').click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect(panel).toContainText('Welcome to Jara');
    await page.goto('/notifications');
    const card = page.getByTestId('notification').first();
    await expect(card).toContainText('Welcome to Jara');
    await snap(page, 'storefront-notifications');
    await card.getByRole('button', { name: 'Mark as read' }).click();
    await expect(card.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No notifications available')).toBeVisible();
    await snap(page, 'storefront-notifications-empty');
  });

  test('login validates, shows server errors, and sends unverified users to /verify_otp', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page.getByText('Please sign in to continue')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('type', 'email');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Please enter your email.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
    await page.getByLabel('Password').fill('x');
    await expect(page.getByText('Please enter your password.')).toHaveCount(0);
    await expect(page.getByText('Or', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Signup here' })).toBeVisible();
    await snap(page, 'storefront-login');

    await login(page, DEMO.customer.email, 'wrong-password');
    await expectToast(page, 'Invalid email or password.');

    // Google without GOOGLE_CLIENT_ID has no token to get.
    await page.getByRole('button', { name: /Continue with/ }).click();
    await expectToast(page, 'Google login failed. No access token found.');

    const email = uniqueEmail('unverified');
    expect((await api('/auth/register', { body: { email, password: 'secret123' } })).status).toBe(201);
    await login(page, email, 'secret123');
    await expect(page).toHaveURL(/\/verify_otp$/);
    await expect(page.getByText(email)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBe(email);
    // One answer whatever the account's state (the API does not say whether a code actually went out).
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expectToast(page, 'A new code has been sent.');
  });

  test('a cross-site POST to /login is refused with 403 and signs no one in; the same POST from the site works', async ({
    playwright,
  }) => {
    const request = await playwright.request.newContext({ baseURL: E2E.storefront });
    const form = {
      intent: 'login',
      email: DEMO.customer.email,
      password: DEMO.customer.password,
      redirectTo: '/dashboard',
    };
    const evil = { Origin: 'http://evil.example' };
    try {
      // The fetcher / JavaScript form path (?_data): refused by the storefront's check before the action runs.
      const data = await request.post('/login?_data=routes%2F_public.login', { form, headers: evil, maxRedirects: 0 });
      expect(data.status()).toBe(403);
      expect(data.headers()['set-cookie']).toBeUndefined();
      // A form post that names another site only in its Referer, and a resource route (logout).
      const byReferer = await request.post('/login', {
        form,
        headers: { Referer: 'http://evil.example/page' },
        maxRedirects: 0,
      });
      expect(byReferer.status()).toBe(403);
      expect(byReferer.headers()['set-cookie']).toBeUndefined();
      expect((await request.post('/logout', { headers: evil, maxRedirects: 0 })).status()).toBe(403);
      // A document form post with a foreign Origin is refused by the storefront's server before Remix runs.
      const document = await request.post('/login', { form, headers: evil, maxRedirects: 0 });
      expect(document.status()).toBe(403);
      expect(await document.text()).toContain('sent from another site');
      expect(document.headers()['location']).toBeUndefined();
      expect(document.headers()['set-cookie']).toBeUndefined();

      const same = await request.post('/login', { form, headers: { Origin: E2E.storefront }, maxRedirects: 0 });
      expect(same.status()).toBe(302);
      expect(same.headers()['location']).toBe('/dashboard');
      expect(same.headers()['set-cookie']).toContain('__jara_session=');
    } finally {
      await request.dispose();
    }
  });

  test("login with redirectTo=/%09/evil.example lands on the site's own /dashboard", async ({ page, playwright }) => {
    // The server's answer: a tab-smuggled target (browsers drop the tab and read //evil.example) becomes /dashboard.
    const request = await playwright.request.newContext({ baseURL: E2E.storefront });
    try {
      const form = {
        intent: 'login',
        email: DEMO.customer.email,
        password: DEMO.customer.password,
        redirectTo: '/\t/evil.example',
      };
      const res = await request.post('/login', { form, headers: { Origin: E2E.storefront }, maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers()['location']).toBe('/dashboard');
    } finally {
      await request.dispose();
    }

    // The browser journey: the query's %09 reaches the form as a tab.
    await page.goto('/login?redirectTo=/%09/evil.example');
    await page.getByLabel('E-mail').fill(DEMO.customer.email);
    await page.getByLabel('Password').fill(DEMO.customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(`${E2E.storefront}/dashboard`, { timeout: SIGNED_IN_PAGES_TIMEOUT });
    await expect(page.locator('.hi')).toHaveText('Hi Chioma');
  });
});

test.describe('signed-in shell', () => {
  test('customer: greeting, sidebar, cart badge, guards, settings and logout', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await page.getByLabel('E-mail').fill(DEMO.customer.email);
    await page.getByLabel('Password').fill(DEMO.customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: SIGNED_IN_PAGES_TIMEOUT });

    await expect(page.locator('.hi')).toHaveText('Hi Chioma');
    await expect(page.locator('.greeting-line')).toHaveText(
      /^\w+day, \w+ \d{1,2}, \d{4} · Good (Morning|Afternoon|Evening)$/,
    );
    const sidebar = page.getByRole('complementary', { name: 'Account' });
    await expect(sidebar.getByRole('link', { name: 'My Orders' })).toBeAttached();
    await expect(sidebar.getByRole('link', { name: 'Manage Products' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'Shipping Management' })).toHaveCount(0);
    await expectNoTokenInBrowser(page);
    await snap(page, 'storefront-dashboard-customer');

    // Cart badge: the sum of quantities kept in localStorage 'cart'; empty hides it.
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    await page.evaluate(() =>
      localStorage.setItem(
        'cart',
        JSON.stringify([
          { id: 1, name: 'A', quantity: 2 },
          { id: 2, name: 'B', quantity: 3 },
        ]),
      ),
    );
    await page.reload();
    await expect(page.getByTestId('cart-badge')).toHaveText('5');

    // Profile popup.
    await page.getByLabel('Profile menu').click();
    await expect(page.locator('.profile-panel')).toContainText('Chioma Adeyemi');
    await expect(page.locator('.profile-panel')).toContainText('+2348010000003');
    await page.getByRole('link', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(/\/settings$/);

    // Phone drawer.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.account-menu-button').click();
    await expect(sidebar).toBeInViewport();
    await page.waitForTimeout(300); // let the slide-in finish
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'storefront-account-drawer-390.png') });
    await sidebar.getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(sidebar).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });

    // Guards: admin-only and admin+vendor routes.
    await page.goto('/user-manager');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await page.goto('/products');
    await expect(page).toHaveURL(/\/unauthorized$/);

    // The Support Center inside the shell (issue 12; its journeys are in storefront-care.spec.ts).
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Support Center' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();

    // Settings: one nested route per tab (the old ?q= links still land on theirs), Account Settings save, Profile
    // shows the new value. Logistics Settings shows a customer the rates read-only; a forged save is sent away.
    const settingsTab = (name: string) =>
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name, exact: true });
    await page.goto('/settings?q=profile');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(settingsTab('Profile')).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.profile-row[data-field="address"] dd')).toHaveText(/.+/);
    await expect(page.getByText('@customer', { exact: true })).toBeVisible();
    await expect(page.locator('input[type=file][name=image]')).toHaveAttribute('accept', 'image/*');
    await snap(page, 'storefront-settings-profile');

    await page.goto('/settings?q=kyc');
    await expect(page).toHaveURL(/\/settings\/kyc$/);
    await expect(settingsTab('KYC')).toHaveAttribute('aria-current', 'page');
    await snap(page, 'storefront-settings-kyc');
    // The spec's fourth tab: a customer reads the rates (disabled fields, no Save) and cannot change them.
    await settingsTab('Logistics Settings').click();
    await expect(page).toHaveURL(/\/settings\/logistics$/);
    await expect(page.getByText(MSG.logisticsSettings.readOnly)).toBeVisible();
    await expect(page.getByLabel('Cost per kg (air cargo, $)')).toBeDisabled();
    await expect(page.getByRole('button', { name: MSG.logisticsSettings.save })).toHaveCount(0);
    const forged = await page.request.post('/settings/logistics', {
      headers: { origin: E2E.storefront },
      form: { cost_per_cmb3: '0', cost_per_kg: '0' },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(302);
    expect(forged.headers()['location']).toBe('/unauthorized');

    await page.goto('/settings?q=account');
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(settingsTab('Account Settings')).toHaveAttribute('aria-current', 'page');
    const address = `${Math.floor(Math.random() * 900) + 100} Ring Road`;
    await page.getByLabel('Address').fill(address);
    await page.getByLabel('E-mail', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Failed to update profile');
    await expect(page.locator('#field-email-error')).toBeVisible();
    await snap(page, 'storefront-settings-account');
    await page.getByLabel('E-mail', { exact: true }).fill(DEMO.customer.email);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated successfully');
    await expect(page).toHaveURL(/\/settings\/account$/);
    await settingsTab('Profile').click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.locator('.profile-row[data-field="address"] dd')).toHaveText(address);

    // Logout clears the session.
    await page.getByRole('complementary', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });

  test('vendor sees Manage Products; admins are sent to the back office', async ({ page }) => {
    await login(page, DEMO.vendor.email, DEMO.vendor.password);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: SIGNED_IN_PAGES_TIMEOUT });
    await expect(page.locator('.hi')).toHaveText('Hi Emeka');
    const sidebar = page.getByRole('complementary', { name: 'Account' });
    await expect(sidebar.getByRole('link', { name: 'Manage Products' })).toBeAttached();
    await expect(sidebar.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);
    await sidebar.locator('.sidebar-group > summary').click();
    await expect(sidebar.getByRole('link', { name: 'Foreign Logistics' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Shipping Management' })).toHaveCount(0);
    await snap(page, 'storefront-dashboard-vendor');
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
    await page.goto('/settings/kyc');
    await expect(page.getByText('Vendors are not required to submit KYC.')).toBeVisible();

    await page.context().clearCookies();
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: SIGNED_IN_PAGES_TIMEOUT });
    await expect(sidebar.getByRole('link', { name: 'Manage Users' })).toBeAttached();
    const res = await page.request.get('/user-manager', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()['location']).toMatch(/\/users$/);
  });
});
