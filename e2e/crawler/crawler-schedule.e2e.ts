import { expect, test } from '@playwright/test';

import { loginAsAdmin } from '../support/admin';
import { DESKTOP_ONLY } from '../support/viewport';
import { dailyCronAtNextMinute, openCrawler } from './crawler';

/*
 * A task's schedule (docs/product/crawler.md#schedules) firing through the real job scheduler. It touches
 * only its own task, so it runs beside other journeys: most of it is waiting for the minute to come.
 */
test('schedule a task in the 定时 dialog and see the schedule fire a run', DESKTOP_ONLY, async ({ page, isMobile }) => {
  // Up to a minute and a quarter for the firing, then a crawl of three fixture pages at the default delay (3 s).
  test.setTimeout(180_000);
  await loginAsAdmin(page);
  const name = `E2E 定时 ${Date.now()}`;
  const created = await page.request.post('/api/admin/crawl-tasks', {
    data: { name, keywords: ['AI产品经理'], targetUrls: ['https://we.51job.com/pc/search?keyword=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&jobArea=190200&searchType=2'], waitTime: 3000 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await openCrawler(page, isMobile);

  const task = page.getByRole('article', { name });
  await expect(task.getByTestId('crawl-task-status')).toHaveText('待处理');
  await task.getByRole('button', { name: `定时抓取：${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `定时抓取：${name}` });
  // Too often is refused beside the field, with the API's reason.
  await dialog.getByRole('textbox', { name: /Cron/ }).fill('*/5 * * * *');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('定时抓取的间隔不能少于15分钟')).toBeVisible();
  const { cron, firesAt } = dailyCronAtNextMinute(15_000);
  await dialog.getByRole('textbox', { name: /Cron/ }).fill(cron);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(task.getByTestId('crawl-task-schedule')).toContainText(`定时：${cron}（北京时间）`);

  // The scheduler fires at that minute: the pushed events bring the run to the open page. On a
  // quiet machine the three fixture pages can finish before the card paints 运行中, so either
  // state proves the firing (a task that never ran reads 待处理).
  await expect(task.getByTestId('crawl-task-status')).toHaveText(/^(运行中|已完成)$/, { timeout: Math.max(0, firesAt.getTime() - Date.now()) + 45_000 });
  const firedAfterMs = Date.now() - firesAt.getTime();
  await expect(task.getByTestId('crawl-task-status')).toHaveText('已完成', { timeout: 90_000 });
  await expect(task.getByTestId('crawl-task-stats')).toContainText('上次定时运行统计：3 页 · 找到 30 个职位');
  // Tomorrow at the same time next.
  await expect(task.getByTestId('crawl-task-schedule')).toContainText('下次运行');
  console.log(`scheduled run: seen running or done ${(firedAfterMs / 1000).toFixed(1)} s after ${cron} (Asia/Shanghai) came`);

  await task.getByRole('button', { name: `定时抓取：${name}` }).click();
  await dialog.getByRole('button', { name: '取消定时' }).click();
  await expect(task.getByTestId('crawl-task-schedule')).toHaveCount(0);
});
