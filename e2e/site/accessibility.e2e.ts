import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/site';
import { DESKTOP_ONLY } from '../support/viewport';

/*
 * The landing page changes with the width (its header, menu and grids have media queries in global.css), so it
 * is scanned at both. The legal pages and the 404 have one layout at every width (the frame of `_legal.tsx` and
 * `NotFound`, whose classes no media query names): the same markup and colours, scanned once, at 1280 px.
 */
const PAGES: Array<[string, typeof DESKTOP_ONLY | Record<string, never>]> = [
  ['/', {}],
  ['/privacy-policy', DESKTOP_ONLY],
  ['/terms-of-service', DESKTOP_ONLY],
  ['/cookie-policy', DESKTOP_ONLY],
  ['/no-such-page', DESKTOP_ONLY],
];

for (const language of ['zh', 'en'] as const) {
  test.describe(`axe (${language})`, () => {
    test.use({ locale: language === 'zh' ? 'zh-CN' : 'en-US' });

    for (const [path, widths] of PAGES) {
      test(`${path} has no violations`, widths, async ({ page }) => {
        await page.goto(path);
        // Let hydration finish so the scan sees the interactive page.
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }

    test('an open pop-up and the open menu have no violations', async ({ page }) => {
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      if ((page.viewportSize()?.width ?? 1280) <= 768) {
        await page.locator('button.menu-toggle').click();
        const menu = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'best-practice']).analyze();
        expect(menu.violations.map((violation) => violation.id)).toEqual([]);
        await page.locator('button.menu-toggle').click();
      }
      await page.locator('.site-footer a[href="/privacy-policy"]').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const results = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'best-practice']).analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    });
  });
}
