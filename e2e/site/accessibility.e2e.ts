import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/site';

const PAGES = ['/', '/privacy-policy', '/terms-of-service', '/cookie-policy', '/no-such-page'];

for (const language of ['zh', 'en'] as const) {
  test.describe(`axe (${language})`, () => {
    test.use({ locale: language === 'zh' ? 'zh-CN' : 'en-US' });

    for (const path of PAGES) {
      test(`${path} has no violations`, async ({ page }) => {
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
