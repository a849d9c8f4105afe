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
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) })
    .click();
}

/** A back-office toast (antd notification) with this text. */
export const toast = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text });

/**
 * Closes open toasts so they do not cover the screenshots. A toast may be entering or leaving (its close button not
 * clickable for a moment) and antd pauses a toast's own timer while the pointer rests on it, which is where the pointer
 * is after closing the toast above it: so close what is there, move the pointer away, and try again until none is left.
 */
export async function dismissToasts(page: Page) {
  const notices = page.locator('.ant-notification-notice');
  await expect(async () => {
    const close = page.locator('.ant-notification-notice-close');
    if ((await close.count()) > 0)
      await close
        .first()
        .click({ timeout: 1000 })
        .catch(() => undefined);
    await page.mouse.move(0, 0);
    await expect(notices).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 20_000 });
}
