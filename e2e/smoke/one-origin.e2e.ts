import { expect, test } from '@playwright/test';
import { DESKTOP_ONLY } from '../support/viewport';

/** The one origin as a visitor meets it: the site, the back office and the API on one host. */
test.describe('one origin', () => {
  test('serves the public site in Chinese by default', DESKTOP_ONLY, async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('answers an unknown path with the 404 page', DESKTOP_ONLY, async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('serves the back office under /admin, deep links included', DESKTOP_ONLY, async ({ page }) => {
    const response = await page.goto('/admin/login');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.locator('#root')).not.toBeEmpty();
    // The sign-in page fills the window edge to edge: no browser margin around it before react-admin's own styles load.
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
  });

  test('runs the site and the back office under their Content-Security-Policy without a violation', DESKTOP_ONLY, async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) => console.error(`Content-Security-Policy: ${event.violatedDirective} ${event.blockedURI}`)),
    );
    for (const path of ['/', '/privacy-policy?lng=en', '/admin/login']) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response?.headers()['x-frame-options']).toBe('DENY');
      if (!path.startsWith('/admin')) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    }
    await expect(page.locator('input[type="password"]').first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('forwards /api to a healthy API', DESKTOP_ONLY, async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });

  test('gets the English site', DESKTOP_ONLY, async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
