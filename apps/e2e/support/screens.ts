import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const SCREENSHOT_DIR = join(__dirname, '..', 'artifacts', 'screenshots');
export const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** WCAG 2.0/2.1 A and AA rules, as axe-core names them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Fails with a readable list when axe-core finds any WCAG 2 A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  if (violations.length) {
    const lines = violations.map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    );
    throw new Error(`${name}: ${violations.length} accessibility violation(s) (WCAG 2 A/AA)\n${lines.join('\n')}`);
  }
}

/** E2E_SCREENSHOTS=0 (CI) keeps every check of snap() but writes no PNG: the pictures are for people to look at. */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/**
 * Waits (up to 2 s) until no finite CSS animation or transition is running: a dialog still fading in has
 * half-transparent text, which axe reports as low contrast. Endless ones (spinners) are ignored.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 2000 },
    )
    .catch(() => undefined);
}

/**
 * Saves full-page screenshots of the current page at phone (390 px) and desktop (1280 px) widths,
 * as <name>-390.png and <name>-1280.png, fails if the page scrolls sideways on the phone, and runs axe-core
 * (WCAG 2 A/AA) at both widths: zero violations.
 */
export async function snap(page: Page, name: string, options: { allowHorizontalScroll?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ['390', WIDTHS.phone],
    ['1280', WIDTHS.desktop],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await settleAnimations(page);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${label}.png`), fullPage: true });
    await expectAccessible(page, `${name} at ${label} px`);
    if (label === '390' && !options.allowHorizontalScroll) {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 1) throw new Error(`${name} scrolls horizontally at 390 px by ${overflow} px`);
    }
  }
  if (original) await page.setViewportSize(original);
}
