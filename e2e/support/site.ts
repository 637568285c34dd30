import { expect, test as base } from '@playwright/test';

/**
 * The public site renders on the server and hydrates when the browser is idle; a click that lands before
 * hydration does nothing. With JavaScript on, `page.goto` here also waits for the root's hydration mark.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
        return response;
      };
    }
    await use(page);
  },
});

export { expect };
