import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const SCREENSHOT_DIR = join(__dirname, '..', 'artifacts', 'screenshots');
export const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/**
 * Saves full-page screenshots of the current page at phone (390 px) and desktop (1280 px) widths,
 * as <name>-390.png and <name>-1280.png, and fails if the page scrolls sideways on the phone.
 */
export async function snap(page: Page, name: string, options: { allowHorizontalScroll?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [['390', WIDTHS.phone], ['1280', WIDTHS.desktop]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${label}.png`), fullPage: true });
    if (label === '390' && !options.allowHorizontalScroll) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 1) throw new Error(`${name} scrolls horizontally at 390 px by ${overflow} px`);
    }
  }
  if (original) await page.setViewportSize(original);
}
