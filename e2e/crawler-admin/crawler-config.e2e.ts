import { expect, type Page, test } from '@playwright/test';

import { loginAsAdmin, toast } from '../support/admin';
import { expectFitsPhone, expectNoAxeViolations, openArea } from './areas';
import { DESKTOP_ONLY, PHONE_ONLY } from '../support/viewport';

const SITES = ['zhaopin', 'zhipin', 'job51', 'liepin', 'lagou'];

async function openSettings(page: Page, isMobile: boolean) {
  await loginAsAdmin(page);
  await openArea(page, isMobile, '爬虫配置');
  await expect(delayInput(page)).toBeVisible();
}

const delayInput = (page: Page) => page.getByRole('spinbutton', { name: '请求间隔（毫秒）' });
const cookieRow = (page: Page, key: string) => page.getByTestId(`cookie-${key}`);
const save = (page: Page) => page.getByRole('button', { name: '保存设置' }).click();

test.describe('爬虫配置 (crawler settings)', () => {
  test.describe.configure({ mode: 'serial' });

  test('saves a cookie (shown masked), the delay and a switch; removes the cookie; shows the API’s field error', DESKTOP_ONLY, async ({ page, isMobile }) => {
    await openSettings(page, isMobile);
    // A fresh system: the defaults of docs/product/crawler.md#crawler-settings.
    await expect(delayInput(page)).toHaveValue('3000');
    for (const name of ['轮换浏览器标识（User-Agent）', 'JavaScript 渲染', '反检测模式']) await expect(page.getByRole('switch', { name })).toBeChecked();

    const zhaopin = cookieRow(page, 'zhaopin_cookie');
    await expect(zhaopin.getByTestId('cookie-state')).toHaveText('未设置');
    await zhaopin.getByRole('button', { name: '替换' }).click();
    await zhaopin.getByRole('textbox', { name: '新的 智联招聘 Cookie' }).fill('e2e_zp_session=0123456789abcdef');
    await delayInput(page).fill('1000');
    await page.getByRole('switch', { name: '轮换浏览器标识（User-Agent）' }).click();
    await save(page);
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(zhaopin.getByTestId('cookie-state')).toHaveText('已保存：e2e_********cdef');

    // Stored, not only shown: a new visit reads the same.
    await page.reload();
    await expect(delayInput(page)).toHaveValue('1000');
    await expect(page.getByRole('switch', { name: '轮换浏览器标识（User-Agent）' })).not.toBeChecked();
    await expect(cookieRow(page, 'zhaopin_cookie').getByTestId('cookie-state')).toHaveText('已保存：e2e_********cdef');
    const request = await page.request.get('/api/admin/crawler-config');
    expect(JSON.stringify(await request.json())).not.toContain('0123456789abcdef');

    // The API refuses a negative delay: its error stands beside the input.
    await delayInput(page).fill('-1');
    await save(page);
    await expect(toast(page, /^保存失败：/)).toBeVisible();
    await expect(delayInput(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(delayInput(page)).toHaveAccessibleDescription(/请求间隔/);

    // Back to the defaults, and the cookie removed.
    await delayInput(page).fill('3000');
    await page.getByRole('switch', { name: '轮换浏览器标识（User-Agent）' }).click();
    await cookieRow(page, 'zhaopin_cookie').getByRole('button', { name: '移除' }).click();
    await expect(cookieRow(page, 'zhaopin_cookie').getByTestId('cookie-state')).toHaveText('保存后将移除');
    await save(page);
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(cookieRow(page, 'zhaopin_cookie').getByTestId('cookie-state')).toHaveText('未设置');
    await expect(delayInput(page)).toHaveAttribute('aria-invalid', 'false');
  });

  test('tests the settings against the fixture job sites: 测试完成 and a report per site', DESKTOP_ONLY, async ({ page, isMobile }) => {
    test.setTimeout(120_000);
    await openSettings(page, isMobile);
    await page.getByRole('button', { name: '测试连接' }).click();
    await expect(page.getByText('正在测试，最多需要约一分钟…')).toBeVisible();
    await expect(toast(page, '测试完成')).toBeVisible({ timeout: 60_000 });
    const report = page.getByTestId('crawler-test-report');
    await expect(report).toContainText('Chromium：已启动');
    for (const site of SITES) {
      const row = page.getByTestId(`report-${site}`);
      await expect(row).toContainText('正常，列出职位');
      // The site's name is the row's header; then reachable, HTTP status, outcome, …
      await expect(row.getByRole('cell').nth(0)).toHaveText('是');
      await expect(row.getByRole('cell').nth(1)).toHaveText('200');
    }
    await expectNoAxeViolations(page);
  });

  test('has no axe violations', async ({ page, isMobile }) => {
    await openSettings(page, isMobile);
    await cookieRow(page, 'job51_cookie').getByRole('button', { name: '替换' }).click();
    await expectNoAxeViolations(page);
  });

  test('fits a 375 px phone: cookies, delay, switches and both buttons within the screen', PHONE_ONLY, async ({ page, isMobile }) => {
    await openSettings(page, isMobile);
    await cookieRow(page, 'zhaopin_cookie').getByRole('button', { name: '替换' }).click();
    await expectFitsPhone(
      page,
      cookieRow(page, 'zhaopin_cookie'),
      page.getByRole('textbox', { name: '新的 智联招聘 Cookie' }),
      delayInput(page),
      // The switch's label: MUI's input itself is wider than the switch it draws, and starts left of it.
      page.locator('label', { has: page.getByRole('switch', { name: '反检测模式' }) }),
      page.getByRole('button', { name: '保存设置' }),
      page.getByRole('button', { name: '测试连接' }),
    );
  });
});
