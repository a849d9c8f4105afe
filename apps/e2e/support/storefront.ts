import { expect, type Page } from '@playwright/test';

/** How long a sign-in may take to land on /dashboard on a busy machine. */
export const SIGNED_IN_TIMEOUT = 15_000;

/**
 * Waits until the page has hydrated (Remix's client router is running): a form whose own script validates (the
 * contact form) must not be clicked while the click can still fall between the server's HTML and React.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));
}

/** Fills and sends the storefront's login form (without waiting for where it leads). */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs in through the storefront and waits for /dashboard. */
export async function login(page: Page, email: string, password: string) {
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: SIGNED_IN_TIMEOUT });
}

/** A toast (top right) with this text is showing; earlier toasts may still be on screen. */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator('.toast', { hasText: text }).last()).toBeVisible();
}
