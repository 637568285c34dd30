import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Opens a back-office area from the menu (behind the menu button on phones). */
export async function openArea(page: Page, isMobile: boolean, label: string): Promise<void> {
  if (isMobile) await page.getByRole('button', { name: '打开菜单' }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

/**
 * axe with WCAG 2.1 A/AA and best practice: on the whole page (react-admin's frame included), or within
 * `include` (a dialog: the page behind it, dimmed by the backdrop, was checked without it).
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  // A hover, a ripple or a label still moving blends colours: judge the settled page.
  await page.mouse.move(0, 0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`) }))).toEqual([]);
}

/** At 375 px nothing makes the page itself scroll sideways, and `locator` lies within the viewport. */
export async function expectFitsPhone(page: Page, ...locators: ReturnType<Page['locator']>[]): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const locator of locators) {
    const box = await locator.boundingBox();
    expect(box, `${locator} is not laid out`).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  }
}
