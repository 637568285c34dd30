import { DEFAULT_REQUEST_DELAY_MS, PACE_KEY_SUFFIX, taskSearchUrls } from '@aipm/contracts';
import { KEY_PREFIX } from '@aipm/queue';
import { expect, test } from '@playwright/test';

import { E2E_FIXTURE_ORIGINS } from '../../playwright.config';
import { loginAsAdmin, toast } from '../support/admin';
import { withSystemRedis } from '../support/system-redis';
import { DESKTOP_ONLY } from '../support/viewport';
import { expectNoAxeViolations, openArea } from './areas';

const SITES = ['zhaopin', 'zhipin', 'job51', 'liepin', 'lagou'] as const;
/** Where the fixture's slider sits in the 1280×800 page (tools/fixture-sites SLIDER_TARGETS). */
const SLIDER = { start: { x: 20, y: 320 }, end: { x: 390, y: 320 } };

/**
 * 等待验证 (docs/product/crawler.md#waiting-for-a-check, ADR 078): the administrator signs in to the imitation
 * BOSS直聘 through the live view (its QR code scanned by the fixture's scan call, standing for the phone); a five-site
 * task meets a slider on page 3 of BOSS直聘; only that site waits while the other four finish; the administrator drags
 * the slider in the live view of that very page, and the run completes with every page read once.
 */
test.describe('等待验证 (a crawl paused for a human check)', () => {
  test('the administrator signs in through the live view, then solves a slider there while the other four sites finish', DESKTOP_ONLY, async ({ page, isMobile }) => {
    test.setTimeout(240_000);
    const keyword = `验证${Date.now()}`;
    await loginAsAdmin(page);

    // No pause between the fixture pages (the journey is about the check, not the politeness delay); the jobs lane
    // (playwright.config.ts) keeps other crawls away while the delay is 0 and BOSS直聘's imitation shows a slider.
    expect((await page.request.post('/api/admin/crawler-config', { data: { request_delay: 0 } })).ok()).toBe(true);
    // BOSS直聘 at its normal pace: the captcha of each run steps the site's pace up (ADR 064), and a pace an earlier
    // run of this journey left (paused, after three) would stop the site at page 3 instead of waiting there.
    await withSystemRedis((redis) => redis.del(`${KEY_PREFIX}:${PACE_KEY_SUFFIX}:zhipin`));
    expect((await page.request.post(`${E2E_FIXTURE_ORIGINS.zhipin}/__fixture/mode?mode=captcha&fromPage=3`)).ok()).toBe(true);
    try {
      // The five sites' search pages as the task form builds them (the worker reroutes them to the fixture sites).
      const targetUrls = taskSearchUrls({ keywords: [keyword], sites: [...SITES], cities: ['长沙'] }).map(({ url }) => url);
      // 15 pages of 10 postings: a 最大结果数 above the 150 they hold, or the run would stop (and end the check) at 100.
      const created = await page.request.post('/api/admin/crawl-tasks', { data: { name: `五站点 ${keyword}`, keywords: [keyword], targetUrls, maxResults: 200 } });
      expect(created.ok()).toBe(true);
      const taskId = ((await created.json()) as { data: { id: string } }).data.id;

      // Signed in through the live view before the run: the session the crawl then carries. (The task exists first:
      // the back office reads the task list once, docs/product/back-office.md#no-retries-and-no-polling, and a task made
      // behind its back would not be on it.)
      await openArea(page, isMobile, '爬虫配置');
      const boss = page.getByTestId('site-session-zhipin');
      await boss.getByRole('button', { name: '在实时画面中登录BOSS直聘' }).click();
      const signIn = page.getByRole('dialog', { name: '登录BOSS直聘（抓取服务器上的浏览器）' });
      await expect(signIn.getByRole('img', { name: /^BOSS直聘当前页面：http:\/\/127\.0\.0\.1:\d+\/web\/user\// })).toBeVisible({ timeout: 30_000 });
      const signIns = async () => ((await (await page.request.get(`${E2E_FIXTURE_ORIGINS.zhipin}/web/user/qr/signed-in`)).json()) as { count: number }).count;
      const signedInBefore = await signIns();
      expect((await page.request.post(`${E2E_FIXTURE_ORIGINS.zhipin}/web/user/qr/scan`)).ok()).toBe(true);
      await expect.poll(signIns, { timeout: 20_000 }).toBeGreaterThan(signedInBefore);
      await signIn.getByRole('button', { name: '完成并保存' }).click();
      await expect(toast(page, /^已保存BOSS直聘的登录会话（\d+ 个 Cookie）$/)).toBeVisible({ timeout: 30_000 });

      await openArea(page, isMobile, '招聘爬虫');
      const card = page.getByTestId('crawl-task').filter({ hasText: `五站点 ${keyword}` });
      await card.getByRole('button', { name: `运行任务“五站点 ${keyword}”` }).click();
      await expect(toast(page, '运行成功：任务已开始运行')).toBeVisible();

      // Only BOSS直聘 waits, on its page 3; the card says so, pushed by the server.
      await expect(card.getByTestId('crawl-task-waiting-check')).toHaveText('等待验证', { timeout: 120_000 });
      await expect(card.getByTestId('crawl-task-check')).toContainText('等待验证：BOSS直聘第 3 页（出现验证码），其他站点继续抓取');
      await expect(card.getByTestId('crawl-task-status')).toHaveText('运行中');

      await card.getByRole('button', { name: `在实时画面中处理BOSS直聘的验证：五站点 ${keyword}` }).click();
      const dialog = page.getByRole('dialog', { name: '处理验证：BOSS直聘第 3 页（抓取中的页面）' });
      const picture = dialog.getByRole('img', { name: /^BOSS直聘当前页面：http:\/\/127\.0\.0\.1:\d+\/web\/user\/safe\/verify-slider/ });
      await expect(picture).toBeVisible({ timeout: 30_000 });
      await expectNoAxeViolations(page, '[role="dialog"]');

      // The drag, on the picture scaled from the page's 1280×800. (The fixture counts every pass since it started.)
      const sliderPasses = async () => ((await (await page.request.get(`${E2E_FIXTURE_ORIGINS.zhipin}/__fixture/served`)).json()) as { sliderPasses: number }).sliderPasses;
      const passedBefore = await sliderPasses();
      const box = (await picture.boundingBox())!;
      const at = (point: { x: number; y: number }) => ({ x: box.x + (point.x / 1280) * box.width, y: box.y + (point.y / 800) * box.height });
      await page.mouse.move(at(SLIDER.start).x, at(SLIDER.start).y);
      await page.mouse.down();
      await page.mouse.move(at(SLIDER.end).x, at(SLIDER.end).y, { steps: 12 });
      await page.mouse.up();
      await expect.poll(sliderPasses, { timeout: 20_000 }).toBe(passedBefore + 1);

      // Meanwhile the other four sites have finished their pages.
      await expect
        .poll(async () => {
          const task = ((await (await page.request.get('/api/admin/crawl-tasks')).json()) as { data: Array<{ id: string; lastRunStats: { sites?: Record<string, { pagesDone: number }> } | null }> }).data.find((row) => row.id === taskId);
          return SITES.filter((site) => site !== 'zhipin').every((site) => task?.lastRunStats?.sites?.[site]?.pagesDone === 3);
        }, { timeout: 120_000 })
        .toBe(true);

      await dialog.getByRole('button', { name: '完成并继续抓取' }).click();
      await expect(toast(page, '已提交验证，BOSS直聘从第 3 页继续抓取')).toBeVisible({ timeout: 30_000 });
      await expect(card.getByTestId('crawl-task-status')).toHaveText('已完成', { timeout: 120_000 });
      await expect(card.getByTestId('crawl-task-waiting-check')).toHaveCount(0);
      // Every page read once: 5 sites × 3 pages, no duplicates.
      await expect(card.getByTestId('crawl-task-stats')).toContainText(/15 页 · 找到 \d+ 个职位 · 新增 \d+ · 重复 0/);
      const served = (await (await page.request.get(`${E2E_FIXTURE_ORIGINS.zhipin}/__fixture/served`)).json()) as { search: number[] };
      expect(served.search.filter((number) => number < 3).length).toBeGreaterThanOrEqual(2);
    } finally {
      await page.request.post(`${E2E_FIXTURE_ORIGINS.zhipin}/__fixture/mode?mode=normal`);
      // A run left waiting (this journey failed before the slider was passed) holds two of the worker's tabs for 30
      // minutes: closing its view lets it read the page again, now answered, and finish.
      const tasks = ((await (await page.request.get('/api/admin/crawl-tasks')).json()) as { data: Array<{ name: string; lastRunStats: { humanChecks?: Record<string, { viewId: string }> } | null }> }).data;
      const waiting = tasks.find((task) => task.name === `五站点 ${keyword}`)?.lastRunStats?.humanChecks?.zhipin;
      if (waiting) await page.request.post(`/api/admin/crawler/live-view/${waiting.viewId}/close`);
      // Later journeys (爬虫配置) expect the default of docs/product/crawler.md#crawler-settings.
      await page.request.post('/api/admin/crawler-config', { data: { request_delay: DEFAULT_REQUEST_DELAY_MS } });
    }
  });
});
