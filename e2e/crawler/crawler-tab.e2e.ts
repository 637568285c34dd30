import { expect, type Page, test } from '@playwright/test';

import { expectFitsPhone, expectNoAxeViolations } from '../crawler-admin/areas';
import { loginAsAdmin, toast } from '../support/admin';
import { expectPublicJobsAfterChange } from '../support/public-jobs';
import { DESKTOP_ONLY, PHONE_ONLY } from '../support/viewport';
import { openCrawler } from './crawler';
import { chooseOption } from '../support/select';
import { E2E_FIXTURE_ORIGINS } from '../../playwright.config';

/** The confirm dialog of docs/product/crawler.md#published-jobs: its text, then its button. */
async function confirmWith(page: Page, text: string, button: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

test.describe('招聘爬虫 (crawler tab)', () => {
  test.describe.configure({ mode: 'serial' });

  // The journey sets the delay to 0; later journeys (爬虫配置) expect the default of
  // docs/product/crawler.md#crawler-settings, pass or fail.
  let delayChanged = false;
  test.afterEach(async ({ page }) => {
    if (!delayChanged) return;
    delayChanged = false;
    expect((await page.request.post('/api/admin/crawler-config', { data: { request_delay: 3000 } })).ok()).toBe(true);
  });

  test('create a task, run it and watch its pushed progress reach the end, approve, publish, see it on the public page, deactivate and delete it, clear history', DESKTOP_ONLY, async ({ page, isMobile }) => {
    // After other journeys found the same fixture postings, the task's 查看结果 lists what it found, whoever
    // found it first (crawl_result_sightings, ADR 028). Its phone layout is the 375 px journey's.
    test.setTimeout(240_000);
    await loginAsAdmin(page);
    // No pause between the fixture pages: the journey measures the crawl, not the politeness delay.
    expect((await page.request.post('/api/admin/crawler-config', { data: { request_delay: 0 } })).ok()).toBe(true);
    delayChanged = true;
    await openCrawler(page, isMobile);

    const name = `E2E 长沙 AI产品经理 ${Date.now()}`;
    await page.getByRole('button', { name: '创建任务' }).click();
    const dialog = page.getByRole('dialog', { name: '创建抓取任务' });
    await dialog.getByRole('button', { name: '创建任务' }).click();
    await expect(dialog.getByText('任务名称不能为空')).toBeVisible();
    await expect(dialog.getByText('关键词不能为空')).toBeVisible();
    await dialog.getByRole('textbox', { name: '任务名称' }).fill(name);
    await dialog.getByRole('textbox', { name: '关键词' }).fill('AI产品经理');
    await dialog.getByRole('checkbox', { name: '前程无忧' }).check();
    await expect(dialog.getByTestId('task-preview-count')).toHaveText('2 个搜索页（1 个关键词 × 2 个网站 × 1 个城市）');
    // The suite's worker runs with CRAWLER_SITE_ORIGINS on the fixture sites: the preview lists the addresses it really loads.
    await expect(dialog.getByTestId('task-preview').getByRole('listitem')).toHaveText([
      new RegExp(`^${E2E_FIXTURE_ORIGINS.zhaopin}/\\?jl=749&kw=AI`),
      new RegExp(`^${E2E_FIXTURE_ORIGINS.job51}/pc/search\\?keyword=AI`),
    ]);
    await expect(dialog.getByTestId('task-preview-rerouted')).toContainText('抓取进程把 智联招聘、前程无忧 改到了 CRAWLER_SITE_ORIGINS 中的地址');
    await dialog.getByRole('spinbutton', { name: '页面等待时间（毫秒）' }).fill('3000');
    await dialog.getByRole('button', { name: '创建任务' }).click();
    await expect(toast(page, '创建成功')).toBeVisible();

    const task = page.getByRole('article', { name });
    await expect(task.getByTestId('crawl-task-status')).toHaveText('待处理');
    // docs/product/crawler.md#task-card: the card shows the fixed max results of 100.
    await expect(task.getByTestId('crawl-task-max-results')).toHaveText('最大结果数：100');
    const started = Date.now();
    await task.getByRole('button', { name: `运行任务“${name}”` }).click();
    await expect(toast(page, '运行成功：任务已开始运行')).toBeVisible();
    await expect(task.getByRole('button', { name: '运行中' })).toBeDisabled();
    await expect(task.getByTestId('crawl-task-status')).toHaveText('运行中');
    // Pushed by the server page by page; the bar ends full when the run completes.
    const bar = task.getByRole('progressbar', { name: `任务“${name}”的进度` });
    await expect(bar).toBeVisible();
    await expect(task.getByTestId('crawl-task-status')).toHaveText('已完成', { timeout: 150_000 });
    const wallSeconds = (Date.now() - started) / 1000;
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(task.getByTestId('crawl-task-progress-text')).toHaveText(/^已完成 6 \/ 6 页，已找到 60 个职位$/);
    await expect(task.getByTestId('crawl-task-stats')).toContainText('6 页 · 找到 60 个职位');
    await expect(task.getByRole('button', { name: `运行任务“${name}”` })).toBeEnabled();
    const stats = (await task.getByTestId('crawl-task-stats').textContent()) ?? '';
    console.log(`crawler tab run (${isMobile ? '375' : '1280'} px): ${stats.trim()} — ${wallSeconds.toFixed(1)} s from the run button to 已完成 (2 fixture sites × 3 pages)`);

    // Its results: the latest 20 of the task, each waiting for review.
    await task.getByRole('button', { name: `查看结果：${name}` }).click();
    // The two fixture sites list the same 30 postings: one review item each (ADR 020), not 60.
    await expect(page.getByTestId('crawl-results-count')).toHaveText(/^显示最新 20 条，共 \d+ 条$/);
    const items = Number(/共 (\d+) 条/.exec((await page.getByTestId('crawl-results-count').textContent()) ?? '')?.[1]);
    expect(items).toBeGreaterThanOrEqual(20);
    expect(items).toBeLessThanOrEqual(30);
    // The first posting waiting for review (a posting published by an earlier run stays published).
    const first = page.getByTestId('crawl-result').filter({ has: page.getByTestId('crawl-result-status').filter({ hasText: '待审核' }) }).first();
    const title = ((await first.getByRole('heading').textContent()) ?? '').trim();
    expect(title).not.toBe('');
    const result = page.getByRole('article', { name: title }).first();
    await expect(result.getByTestId('crawl-result-status')).toHaveText('待审核');
    await result.getByRole('button', { name: `批准“${title}”` }).click();
    await expect(toast(page, '批准成功')).toBeVisible();
    await expect(result.getByTestId('crawl-result-status')).toHaveText('已批准');
    await result.getByRole('button', { name: `发布“${title}”` }).click();
    await expect(toast(page, '发布成功：职位已发布到网站首页')).toBeVisible();
    await expect(result.getByTestId('crawl-result-status')).toHaveText('已发布');
    await expect(result.getByRole('button')).toHaveCount(0);

    // On the public page (within the page cache's second, ADR 032).
    await expectPublicJobsAfterChange(page, (jobs) => expect(jobs).toContainText(title, { timeout: 1_000 }));

    // 已发布职位: deactivated, it is gone from the public page; then deleted.
    await page.goto('/admin/published-jobs');
    const published = page.getByRole('article', { name: title }).first();
    await published.getByRole('switch').click();
    await confirmWith(page, '确定要停用此职位吗？', '停用');
    await expect(toast(page, '更新成功')).toBeVisible();
    await expect(published.getByTestId('published-job-state')).toHaveText('已停用');
    await expectPublicJobsAfterChange(page, (jobs) => expect(jobs).not.toContainText(title, { timeout: 1_000 }));
    await page.goto('/admin/published-jobs');
    const stopped = page.getByRole('article', { name: title }).first();
    await stopped.getByRole('button', { name: /删除/ }).click();
    await confirmWith(page, `确定要删除职位"${title}"吗？此操作不可恢复。`, '删除');
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);

    // Clear history: the unpublished results go, the published one stays.
    await page.goto('/admin/crawler');
    await page.getByRole('button', { name: '清除历史' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('确定要清除未发布的历史记录吗？已发布的职位将保留。');
    await confirm.getByRole('button', { name: '清除历史' }).click();
    await expect(toast(page, /^清除成功：已清除 \d+ 条未发布的记录$/)).toBeVisible();
    await chooseOption(page.getByRole('combobox', { name: '状态' }), '待审核');
    await expect(page.getByTestId('crawl-results-count')).toHaveText('显示最新 0 条，共 0 条');
    // The published posting among every published result: the latest 20 need not hold it, since a posting is dated
    // by its first sighting and other journeys publish newer ones; nor need this task's, since a journey that ran
    // before may have found the posting first (its copy here was unpublished, and cleared).
    await chooseOption(page.getByRole('combobox', { name: '状态' }), '已发布');
    await page.getByRole('switch', { name: '显示全部' }).check();
    await expect(page.getByRole('article', { name: title }).first().getByTestId('crawl-result-status')).toHaveText('已发布');
  });

  test('has no axe violations, with the task dialog open too', async ({ page, isMobile }) => {
    // Two axe runs over a page of MUI on a machine shared with other work.
    test.setTimeout(180_000);
    await openCrawler(page, isMobile);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: '创建任务' }).click();
    const dialog = page.getByRole('dialog', { name: '创建抓取任务' });
    await dialog.getByRole('textbox', { name: '关键词' }).fill('AI产品经理');
    await expect(dialog.getByTestId('task-preview')).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
  });

  test('fits a 375 px phone: the status, the task list, the results and the task dialog within the screen', PHONE_ONLY, async ({ page, isMobile }) => {
    test.setTimeout(120_000);
    await openCrawler(page, isMobile);
    await expectFitsPhone(page, page.getByTestId('crawl-service-status'), page.getByRole('button', { name: '创建任务' }), page.getByRole('button', { name: '清除历史' }), page.getByRole('button', { name: '开始抓取' }));
    await page.getByRole('button', { name: '创建任务' }).click();
    const dialog = page.getByRole('dialog', { name: '创建抓取任务' });
    await dialog.getByRole('textbox', { name: '关键词' }).fill('AI产品经理');
    await expectFitsPhone(page, dialog.getByTestId('task-preview'), dialog.getByRole('button', { name: '创建任务' }));
  });
});
