import { expect, test } from '@playwright/test';

import { E2E_FIXTURE_ORIGINS } from '../../playwright.config';
import { loginAsAdmin, toast } from '../support/admin';
import { DESKTOP_ONLY } from '../support/viewport';
import { expectNoAxeViolations, openArea } from './areas';

/**
 * 登录 through the live view (docs/product/crawler.md#live-view): the worker's Chromium on the imitation BOSS直聘's
 * QR sign-in, shown in the back office; the phone's scan is the fixture's scan call; 完成并保存 stores the session.
 */
test.describe('站点登录会话 (site sessions and the live view)', () => {
  test('the administrator signs in to the imitation BOSS直聘 through the live view, and its session is stored', DESKTOP_ONLY, async ({ page, isMobile }) => {
    await loginAsAdmin(page);
    await openArea(page, isMobile, '爬虫配置');
    const boss = page.getByTestId('site-session-zhipin');
    await boss.getByRole('button', { name: '在实时画面中登录BOSS直聘' }).click();

    const dialog = page.getByRole('dialog', { name: '登录BOSS直聘（抓取服务器上的浏览器）' });
    // The worker's tab on the sign-in page, as frames from the event stream.
    await expect(dialog.getByRole('img', { name: /^BOSS直聘当前页面：http:\/\/127\.0\.0\.1:\d+\/web\/user\// })).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolations(page, '[role="dialog"]');

    // The phone scans the code: the page's poll then receives the session cookie.
    const signIns = async () => ((await (await page.request.get(`${E2E_FIXTURE_ORIGINS.zhipin}/web/user/qr/signed-in`)).json()) as { count: number }).count;
    const before = await signIns();
    expect((await page.request.post(`${E2E_FIXTURE_ORIGINS.zhipin}/web/user/qr/scan`)).ok()).toBe(true);
    // The sign-in page polls every 300 ms: once a poll has received the cookie, its script keeps the token.
    await expect.poll(signIns, { timeout: 20_000 }).toBeGreaterThan(before);

    // Keyboard: the picture is reached with Tab, and Esc leaves it for the buttons.
    const picture = dialog.getByRole('application', { name: 'BOSS直聘的实时画面' });
    await picture.focus();
    await page.keyboard.press('Escape');
    const done = dialog.getByRole('button', { name: '完成并保存' });
    await expect(done).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(toast(page, /^已保存BOSS直聘的登录会话（\d+ 个 Cookie）$/)).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();
    await expect(boss.getByText('已保存').first()).toBeVisible();
    await expect(boss.getByText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}（0 天前）$/)).toBeVisible();
  });
});
