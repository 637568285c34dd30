import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, expect, type Page, type TestInfo } from '@playwright/test';

/* What the student portal's journeys share: the student's own browser, seeding through the API, the axe check. */

export const random = (below: number) => Math.floor(Math.random() * below);

/**
 * A client address of this run alone (the e2e system trusts X-Forwarded-For from loopback): the wrong passwords
 * sent here count against this visitor's sign-in allowance, never another journey's or another repeat's.
 */
export const visitorAddress = () => `10.${random(256)}.${random(256)}.${1 + random(254)}`;

/** The student's own browser at the project's width (its viewport, phone or not), apart from the administrator's. */
export async function studentBrowser(browser: Browser, testInfo: TestInfo, options: BrowserContextOptions = {}): Promise<Page> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale } = testInfo.project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() }, ...options });
  return context.newPage();
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary}`).join(', ')}`)).toEqual([]);
}

/** Creates through the administrator's API and answers the new record's id. */
export async function created(page: Page, path: string, data: object): Promise<string> {
  const response = await page.request.post(path, { data });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { id: string } }).data.id;
}
