import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO } from './env';

/** Signs in to the back office with the e-mail and password form. */
export async function adminLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in as the demo admin and waits for the dashboard. */
export async function loginAsAdmin(page: Page) {
  await adminLogin(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** Picks an option in the antd Select whose input has the given accessible name. */
export async function choose(page: Page, scope: Page | Locator, name: string, option: string) {
  // The input sits under the selected value, so click the select itself.
  await scope.locator('.ant-select', { has: page.getByRole('combobox', { name }) }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) }).click();
}

/** A back-office toast (antd notification) with this text. */
export const toast = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text });

/** Closes open toasts so they do not cover the screenshots. */
export async function dismissToasts(page: Page) {
  const close = page.locator('.ant-notification-notice-close');
  for (let i = 0; i < 5 && (await close.count()) > 0; i++) {
    // A toast may be closing by itself already; then the click simply finds nothing.
    await close.first().click({ timeout: 1000 }).catch(() => undefined);
  }
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 8000 });
}
