import { expect, test } from '@playwright/test';
import { snap } from '../support/screens';

test.describe('logistics (public)', () => {
  test('Ready to Ship lists the warehouses with a copy-all button and the shipping options by type', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/ready-to-ship');
    await expect(page.getByRole('heading', { level: 1, name: 'Ready to Ship' })).toBeVisible();
    const warehouses = page.getByTestId('warehouses');
    await expect(warehouses.getByRole('heading', { name: 'Guangzhou Sea Cargo Warehouse' })).toBeVisible();
    await expect(warehouses).toContainText('Baiyun District, Guangzhou');
    const options = page.getByTestId('shipping-options');
    // The three seeded titles (other journeys may have added more).
    for (const name of ['Container GZ-LOS 2026-47', 'Container YW-LOS 2026-48', 'Flight CAN-LOS 1122'])
      await expect(options.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await expect(options).toContainText('Transit');
    await snap(page, 'logistics-ready-to-ship');

    await page.getByRole('button', { name: 'Copy all addresses' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Huadu District, Guangzhou');
    await expect(page.getByRole('button', { name: 'Copy all addresses' })).toBeVisible({ timeout: 5000 });

    await page.getByRole('link', { name: 'Air Cargo' }).click();
    await expect(page).toHaveURL(/type=air_cargo/);
    await expect(options.getByRole('row', { name: /Flight CAN-LOS 1122/ })).toBeVisible();
    await expect(options.getByRole('row', { name: /Container GZ-LOS 2026-47/ })).toHaveCount(0); // sea titles hidden
    await expect(page.getByRole('link', { name: 'Air Cargo' })).toHaveAttribute('aria-current', 'page');
  });
});
