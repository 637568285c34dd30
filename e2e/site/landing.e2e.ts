import type { Page } from '@playwright/test';
import { expect, test } from '../support/site';
import { DESKTOP_ONLY, PHONE_ONLY } from '../support/viewport';

const SECTION_ORDER = ['home', 'about', 'features', 'training-goals', 'instructors', 'courses', 'services', 'results', 'faq', 'pricing', 'registration', 'contact', 'jobs'];
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768;

async function inViewport(page: Page, id: string): Promise<boolean> {
  return page.evaluate((anchor) => {
    const box = document.getElementById(anchor)!.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  }, id);
}

for (const language of ['zh', 'en'] as const) {
  test.describe(`landing page (${language})`, () => {
    test.use({ locale: language === 'zh' ? 'zh-CN' : 'en-US' });

    test('has every section in the spec order, each with its anchor', DESKTOP_ONLY, async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const ids = await page.locator('main > section[id]').evaluateAll((sections) => sections.map((section) => section.id));
      expect(ids).toEqual(SECTION_ORDER);
      await expect(page.locator('footer.site-footer')).toBeVisible();
      await expect(page.locator('.hero__stat dd')).toHaveText(['1000+', '50+', '98%', '95%']);
      await expect(page.locator('.partner-wall img')).toHaveCount(18);
    });

    test('makes the header more opaque past 100 px of scroll', DESKTOP_ONLY, async ({ page }) => {
      await page.goto('/');
      const header = page.locator('header.site-header');
      await expect(header).toHaveAttribute('data-scrolled', 'false');
      const before = await header.evaluate((element) => getComputedStyle(element).backgroundColor);
      await page.evaluate(() => window.scrollTo(0, 150));
      await expect(header).toHaveAttribute('data-scrolled', 'true');
      await expect.poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(before);
      await page.evaluate(() => window.scrollTo(0, 50));
      await expect(header).toHaveAttribute('data-scrolled', 'false');
    });

    test('scrolls from the hero buttons to courses and contact', async ({ page }) => {
      await page.goto('/');
      await page.locator('.hero__actions a').first().click();
      await expect(page).toHaveURL(/#courses$/);
      await expect.poll(() => inViewport(page, 'courses')).toBe(true);
      await page.goto('/');
      await page.locator('.hero__actions a').nth(1).click();
      await expect(page).toHaveURL(/#contact$/);
      await expect.poll(() => inViewport(page, 'contact')).toBe(true);
    });

    test('opens the menu on small screens and closes it on choice', PHONE_ONLY, async ({ page }) => {
      await page.goto('/');
      const toggle = page.locator('button.menu-toggle');
      const list = page.locator('.site-nav__list');
      await expect(list).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(list.getByRole('link')).toHaveCount(7);
      await list.locator('a[href="#registration"]').click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(list).toBeHidden();
      await expect.poll(() => inViewport(page, 'registration')).toBe(true);
    });

    test('shows the header entries inline on large screens', DESKTOP_ONLY, async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('button.menu-toggle')).toBeHidden();
      // docs/product/public-site.md#header: the six section buttons and the register button.
      await expect(page.locator('.site-nav__list a:visible')).toHaveCount(7);
      await expect(page.locator('.site-nav__list a:visible').last()).toHaveAttribute('href', '#registration');
    });

    test('keeps every header button on one line on tablets and small laptops', DESKTOP_ONLY, async ({ page }) => {
      for (const width of [800, 1024, 1200]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        const tops = await page.locator('.site-nav__list a:visible').evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
        expect(tops, `${width} px`).toHaveLength(7);
        // Text links and the register button differ in padding only: all on one row, none wrapped.
        expect(Math.max(...tops) - Math.min(...tops), `${width} px`).toBeLessThan(12);
        const header = await page.locator('.site-header').boundingBox();
        expect(header?.height, `${width} px`).toBeLessThanOrEqual(72);
      }
    });

    test('shows courses as a list with a detail panel, or as an accordion on small screens', async ({ page }) => {
      await page.goto('/#courses');
      if (isMobile(page)) {
        const triggers = page.locator('.courses__accordion .accordion__trigger');
        await expect(triggers).toHaveCount(7);
        await expect(page.locator('.courses__accordion [aria-expanded="true"]')).toHaveCount(0);
        await triggers.nth(2).click();
        await expect(triggers.nth(2)).toHaveAttribute('aria-expanded', 'true');
        await expect(page.locator('#course-panel-03')).toBeVisible();
        await triggers.nth(5).click();
        await expect(page.locator('#course-panel-03')).toBeHidden();
        await expect(page.locator('#course-panel-06')).toBeVisible();
        await triggers.nth(5).click();
        await expect(page.locator('.courses__accordion [aria-expanded="true"]')).toHaveCount(0);
      } else {
        const items = page.locator('.courses__item');
        await expect(items).toHaveCount(7);
        await expect(items.first()).toHaveAttribute('aria-pressed', 'true');
        await expect(page.locator('#course-detail h3')).toContainText('01');
        await items.nth(5).click();
        await expect(page.locator('#course-detail h3')).toContainText('06');
        await expect(page.locator('#course-detail')).toContainText(language === 'zh' ? '9 天' : '9 days');
      }
    });

    test('reveals and hides the seven other instructors', DESKTOP_ONLY, async ({ page }) => {
      await page.goto('/#instructors');
      const more = page.locator('#instructors-more');
      await expect(more).toBeHidden();
      const toggle = page.locator('button[aria-controls="instructors-more"]');
      await toggle.click();
      await expect(more.locator('li')).toHaveCount(7);
      await expect(more).toBeVisible();
      await toggle.click();
      await expect(more).toBeHidden();
    });

    test('sends the standard plan to registration and enterprise to contact', DESKTOP_ONLY, async ({ page }) => {
      await page.goto('/#pricing');
      await page.locator('.plan--recommended a.button').click();
      await expect(page).toHaveURL(/#registration$/);
      await page.locator('.plan:not(.plan--recommended) a.button').click();
      await expect(page).toHaveURL(/#contact$/);
    });

    test('keeps one FAQ item open, the first at start', DESKTOP_ONLY, async ({ page }) => {
      await page.goto('/#faq');
      const triggers = page.locator('#faq .accordion__trigger');
      await expect(triggers).toHaveCount(4);
      await expect(triggers.first()).toHaveAttribute('aria-expanded', 'true');
      await triggers.nth(3).click();
      await expect(triggers.first()).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('#faq-panel-3')).toBeVisible();
      await triggers.nth(3).click();
      await expect(page.locator('#faq [aria-expanded="true"]')).toHaveCount(0);
    });

    test('opens footer pop-ups with generated QR codes, closing on the backdrop and returning focus', async ({ page }) => {
      await page.goto('/');
      const official = page.locator('.site-footer a[href="/qr/official-account.svg"]');
      await official.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect.poll(() => dialog.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await page.locator('.dialog-backdrop').click({ position: { x: 5, y: 5 } });
      await expect(dialog).toBeHidden();
      await expect(official).toBeFocused();

      await page.locator('.site-footer a[href="/cookie-policy"]').click();
      await expect(page.getByRole('dialog')).toContainText(language === 'zh' ? '1 年' : '1 year');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.locator('.site-footer a[href^="https://beian.miit.gov.cn"]')).toHaveAttribute('target', '_blank');
    });

    test('shows the WeChat QR code on large screens and copies the ID on small ones', async ({ page, context }) => {
      await page.goto('/');
      if (isMobile(page)) {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.locator('.site-footer a[href="/qr/wechat.svg"]').click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(page.locator('.toast')).toContainText('aipm-bootcamp');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('aipm-bootcamp');
      } else {
        await page.locator('.site-footer a[href="/qr/wechat.svg"]').click();
        await expect(page.getByRole('dialog')).toContainText('aipm-bootcamp');
        await page.getByRole('dialog').getByRole('button').click();
        await expect(page.getByRole('dialog')).toBeHidden();
      }
    });
  });
}

test.describe('language switcher', () => {
  test('switches to English, keeps the choice in the cookie and localStorage, and the next render follows it', DESKTOP_ONLY, async ({ page, context }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    await page.locator('.language-switcher a[hreflang="en"]').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#home-title')).toHaveText('Become an AI product manager in 35 days');
    await expect(page).toHaveTitle(/AI Product Manager Bootcamp/);
    expect((await context.cookies()).find((cookie) => cookie.name === 'lng')?.value).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('lng'))).toBe('en');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.locator('.language-switcher a[hreflang="zh"]').click();
    await expect(page.locator('#home-title')).toHaveText('35 天，成为 AI 产品经理');
  });

  test('links the hreflang alternates and the canonical URL', DESKTOP_ONLY, async ({ page }) => {
    await page.goto('/?lng=en');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/\?lng=en$/);
    await expect(page.locator('link[rel="alternate"][hreflang="zh-CN"]')).toHaveAttribute('href', /\/$/);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/\?lng=en$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /AI Product Manager Bootcamp/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows every FAQ answer, course module and instructor, and switches language by link', DESKTOP_ONLY, async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#faq-panel-3')).toBeVisible();
    await expect(page.locator('#course-panel-07')).toBeVisible();
    await expect(page.locator('#instructors-more')).toBeVisible();
    await expect(page.locator('.site-nav__list a[href="#pricing"]')).toBeVisible();
    await page.locator('.language-switcher a[hreflang="en"]').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/privacy-policy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('first paint before JavaScript', () => {
  for (const path of ['/', '/privacy-policy']) {
    test(`${path} requests its scripts and translations only after its first frame, then hydrates`, DESKTOP_ONLY, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // Before any of the page's own scripts: the time of the first frame that has the page's heading in it.
      await page.addInitScript(() => {
        const watch = () =>
          requestAnimationFrame(() => {
            if (document.querySelector('main h1')) (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
            else watch();
          });
        watch();
      });
      // The fixture's goto waits for hydration: the scripts were released and ran.
      await page.goto(path);
      const { firstFrameAt, assets } = await page.evaluate(() => ({
        firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
        assets: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.+\.(js|json)$/.test(entry.name))
          .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
      }));
      expect(firstFrameAt).toBeGreaterThan(0);
      expect(assets.some(({ name }) => name.endsWith('.json'))).toBe(true);
      expect(assets.some(({ name }) => name.includes('entry.client'))).toBe(true);
      expect(assets.filter(({ startTime }) => startTime < firstFrameAt)).toEqual([]);
      // Nothing is left held back, and the Content-Security-Policy admitted the released module script (no error).
      expect(await page.locator('script[type="text/x-after-paint"]').count()).toBe(0);
      expect(problems).toEqual([]);
    });
  }
});

test('hydrates on a browser that never has an idle moment for it', DESKTOP_ONLY, async ({ page }) => {
  // A main thread that never goes idle (a busy phone, a starved headless shell: 2 loads in 80 on this machine)
  // runs an idle callback only when its `timeout` is up, and never one that has none.
  await page.addInitScript(() => {
    window.requestIdleCallback = (callback, options) => {
      if (options?.timeout === undefined) return 0;
      return window.setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options.timeout);
    };
  });
  // The fixture's goto waits for the hydration mark.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
});

test.describe('styles', () => {
  for (const path of ['/', '/privacy-policy']) {
    test(`${path} carries its stylesheet inline, before and after hydration${path === '/' ? '' : ' and a client navigation'}`, DESKTOP_ONLY, async ({ page }) => {
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
      });
      const styleLength = () => page.locator('#site-styles').evaluate((style) => style.textContent?.length ?? 0);
      // The fixture's goto waits for hydration: React has taken the document over by now.
      await page.goto(path);
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
      // React hydrates the <style> without rewriting it: the rules are still in the document and applied.
      expect(await styleLength()).toBeGreaterThan(5_000);
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
      if (path !== '/') {
        // A client-side navigation re-renders the root layout: the stylesheet stays.
        await page.locator('main a[href="/"]').first().click();
        await page.waitForURL((url) => url.pathname === '/');
        await expect(page.locator('#main')).toBeVisible();
        expect(await styleLength()).toBeGreaterThan(5_000);
      }
      expect(stylesheets).toEqual([]);
    });
  }
});
