import { CRAWLER_OPS_PATHS, type SiteHealth } from '@aipm/contracts';
import { expect, type Page, test } from '@playwright/test';

import { loginAsAdmin } from '../support/admin';
import { expectFitsPhone, expectNoAxeViolations, openArea } from './areas';
import { DESKTOP_ONLY, PHONE_ONLY } from '../support/viewport';

/**
 * In the browser: the site-health card (docs/product/crawler.md#site-health) and the queue board
 * (docs/product/crawler.md#queue-board) one click from the menu.
 */
async function openSettings(page: Page, isMobile: boolean) {
  await loginAsAdmin(page);
  await openArea(page, isMobile, '爬虫配置');
  await expect(page.getByRole('heading', { name: '站点健康' })).toBeVisible();
}

const siteHealth = (page: Page, site: string) => page.getByTestId(`site-health-${site}`);

test.describe('crawler operations', () => {
  test.describe.configure({ mode: 'serial' });

  test('a crawl of the fixture site shows in the site-health card, and its task takes a schedule', DESKTOP_ONLY, async ({ page }) => {
    test.setTimeout(150_000);
    await loginAsAdmin(page);
    // Journeys that ran before may have crawled zhipin too (the card counts the site's last 20 runs, all of them
    // successful here): this crawl is one more.
    const health = await page.request.get(CRAWLER_OPS_PATHS.siteHealth);
    expect(health.ok()).toBe(true);
    const sitesBefore = ((await health.json()) as { data: SiteHealth[] }).data;
    const runsBefore = sitesBefore.find((site) => site.site === 'zhipin')?.runs ?? 0;
    // lagou is not crawled here: its record stays as it was (the jobs lane's 等待验证 journey crawls all five sites).
    const lagouRunsBefore = sitesBefore.find((site) => site.site === 'lagou')?.runs ?? 0;
    expect(runsBefore).toBeLessThan(20);
    // The automated crawl (docs/product/crawler.md#automated-search) waits for the worker: a task, a run on the
    // zhipin fixture, a crawl_runs row.
    const crawl = await page.request.post('/api/admin/crawl/run', {
      data: { site: 'zhipin', keywords: ['AI产品经理'], city: '长沙', maxResults: 50, taskName: 'E2E 站点健康' },
      timeout: 120_000,
    });
    expect(crawl.ok(), await crawl.text()).toBe(true);
    const { data } = (await crawl.json()) as { data: { taskId: string; finished: boolean; jobs: unknown[] } };
    expect(data.finished).toBe(true);
    expect(data.jobs.length).toBeGreaterThan(0);

    await openArea(page, false, '爬虫配置');
    const zhipin = siteHealth(page, 'zhipin');
    await expect(zhipin.getByRole('heading', { name: 'BOSS直聘' })).toBeVisible();
    await expect(zhipin).toContainText('正常');
    await expect(zhipin).toContainText(`100%（最近 ${runsBefore + 1} 次）`);
    if (lagouRunsBefore === 0) await expect(siteHealth(page, 'lagou')).toContainText('暂无抓取记录');
    else await expect(siteHealth(page, 'lagou')).toContainText(`（最近 ${lagouRunsBefore} 次）`);

    const scheduled = await page.request.put(`/api/admin/crawl-tasks/${data.taskId}/schedule`, { data: { cron: '0 9 * * 1-5' } });
    expect(scheduled.ok(), await scheduled.text()).toBe(true);
    const { data: task } = (await scheduled.json()) as { data: { schedule: string; nextRunAt: string } };
    expect(task.schedule).toBe('0 9 * * 1-5');
    expect(new Date(task.nextRunAt).getUTCHours()).toBe(1);
    const refused = await page.request.put(`/api/admin/crawl-tasks/${data.taskId}/schedule`, { data: { cron: '*/5 * * * *' } });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('SCHEDULE_TOO_FREQUENT');
    expect((await page.request.delete(`/api/admin/crawl-tasks/${data.taskId}/schedule`)).ok()).toBe(true);
  });

  test('opens the queue board from the menu in a new tab, in the same session, with nothing from another host', async ({ page, isMobile }) => {
    await loginAsAdmin(page);
    if (isMobile) await page.getByRole('button', { name: '打开菜单' }).click();
    const origin = new URL(page.url()).origin;
    const requested: string[] = [];
    page.context().on('request', (request) => requested.push(request.url()));
    const [board] = await Promise.all([page.waitForEvent('popup'), page.getByRole('menuitem', { name: '任务队列（在新标签页打开）' }).click()]);
    await board.waitForLoadState('load');
    expect(new URL(board.url()).pathname).toBe('/api/admin/queues');
    // Bull Board's own page draws the queues (its scripts ran under the page's policy).
    for (const queue of ['crawl', 'maintenance']) await expect(board.getByText(queue, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    expect(requested.filter((url) => url.startsWith('http') && new URL(url).origin !== origin)).toEqual([]);

    // Signed out, the same address is refused.
    const anonymous = await board.context().browser()!.newContext();
    const refused = await anonymous.request.get(`${origin}/api/admin/queues`);
    expect(refused.status()).toBe(401);
    await anonymous.close();
  });

  test('has no axe violations on the settings page with the site-health card', async ({ page, isMobile }) => {
    await openSettings(page, isMobile);
    await expect(siteHealth(page, 'zhaopin')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('fits a 375 px phone: one site per row', PHONE_ONLY, async ({ page, isMobile }) => {
    await openSettings(page, isMobile);
    await expectFitsPhone(page, siteHealth(page, 'zhaopin'), siteHealth(page, 'lagou'), page.getByRole('region', { name: '站点健康' }).getByRole('button', { name: '刷新站点健康' }));
  });
});
