import { expect, type Page, test } from '@playwright/test';

import { loginAsAdmin, toast } from '../support/admin';
import { expectPublicJobsAfterChange } from '../support/public-jobs';
import { replaceJobs, type SeedJob } from '../site/jobs-database';
import { expectFitsPhone, expectNoAxeViolations, openArea } from './areas';
import { DESKTOP_ONLY, PHONE_ONLY } from '../support/viewport';

const TOGGLED = 'E2E 停用后消失的职位';
const KEPT = 'E2E 一直显示的职位';

function seed(): SeedJob[] {
  const now = Date.now();
  return [
    {
      title: TOGGLED,
      company: '长沙智算科技有限公司',
      salaryMin: 15000,
      salaryMax: 25000,
      skillTags: ['AI', 'PRD', 'SQL', 'RAG', 'Axure', 'Prompt', 'Agent'],
      sourceUrl: 'https://jobs.example.com/e2e-toggled',
      publishedAt: new Date(now),
    },
    { title: KEPT, company: '湖南星图网络科技有限公司', salaryMin: null, salaryMax: null, skillTags: ['LLM'], sourceUrl: 'https://jobs.example.com/e2e-kept', publishedAt: new Date(now - 60_000) },
  ];
}

/** Refresh: the browser's own GET /api/jobs, through its HTTP cache. */
async function refreshPublicJobs(page: Page) {
  const answered = page.waitForResponse((response) => response.url().includes('/api/jobs?'));
  await page.locator('#jobs').getByRole('button', { name: '刷新' }).click();
  await answered;
  await expect(page.locator('#jobs [aria-busy="false"]')).toBeAttached();
}

async function confirm(page: Page, text: string, button: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

test.describe('已发布职位 (published jobs)', () => {
  test.describe.configure({ mode: 'serial' });

  test('deactivate, activate and delete behind the confirms, each seen on the public jobs page', DESKTOP_ONLY, async ({ page, isMobile }) => {
    // Seven page loads of the public site and the back office, on a machine shared with other work.
    test.setTimeout(180_000);
    await replaceJobs(seed());
    // The visitor has the list, in the page and in the browser's HTTP cache (the refresh button's fetch). The seed
    // reaches the page within the page cache's second (ADR 032).
    const jobs = await expectPublicJobsAfterChange(page, (block) => expect(block).toContainText(TOGGLED, { timeout: 1_000 }));
    await refreshPublicJobs(page);
    await expect(jobs).toContainText(TOGGLED);

    await loginAsAdmin(page);
    await openArea(page, isMobile, '已发布职位');
    await expect(page.getByTestId('published-jobs-total')).toHaveText('共 2 个职位');
    const card = page.getByRole('article', { name: TOGGLED });
    await expect(card.getByTestId('published-job-facts')).toContainText('1.5万 - 2.5万');
    await expect(card.getByTestId('skill-tags').getByText('Axure')).toBeVisible();
    await expect(card.getByTestId('skill-tags-more')).toHaveText('+2');
    await expect(page.getByRole('article', { name: KEPT }).getByTestId('published-job-facts')).toContainText('面议');

    await card.getByRole('switch').click();
    await confirm(page, '确定要停用此职位吗？', '停用');
    await expect(toast(page, '更新成功')).toBeVisible();
    await expect(card.getByTestId('published-job-state')).toHaveText('已停用');

    // Gone from the public page (within the page cache's second): in the server's render and through the browser's cache alike.
    await expectPublicJobsAfterChange(page, async (block) => {
      await expect(block).toContainText(KEPT, { timeout: 1_000 });
      await expect(block).not.toContainText(TOGGLED, { timeout: 1_000 });
    });
    await refreshPublicJobs(page);
    await expect(jobs).toContainText(KEPT);
    await expect(jobs).not.toContainText(TOGGLED);

    await page.goto('/admin/published-jobs');
    await page.getByRole('article', { name: TOGGLED }).getByRole('switch').click();
    await confirm(page, '确定要激活此职位吗？', '激活');
    await expect(toast(page, '更新成功')).toBeVisible();
    await expectPublicJobsAfterChange(page, (block) => expect(block).toContainText(TOGGLED, { timeout: 1_000 }));

    await page.goto('/admin/published-jobs');
    await page.getByRole('article', { name: TOGGLED }).getByRole('button', { name: /删除/ }).click();
    await confirm(page, `确定要删除职位"${TOGGLED}"吗？此操作不可恢复。`, '删除');
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(page.getByTestId('published-jobs-total')).toHaveText('共 1 个职位');
    await expect(page.getByRole('article', { name: TOGGLED })).toHaveCount(0);
    await expectPublicJobsAfterChange(page, async (block) => {
      await expect(block).toContainText(KEPT, { timeout: 1_000 });
      await expect(block).not.toContainText(TOGGLED, { timeout: 1_000 });
    });
  });

  test('has no axe violations, with its confirm open too', async ({ page, isMobile }) => {
    await replaceJobs(seed());
    await loginAsAdmin(page);
    await openArea(page, isMobile, '已发布职位');
    await expect(page.getByTestId('published-jobs-total')).toHaveText('共 2 个职位');
    await expectNoAxeViolations(page);
    await page.getByRole('article', { name: KEPT }).getByRole('button', { name: /删除/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
  });

  test('fits a 375 px phone: the list, the toggle and the delete within the screen', PHONE_ONLY, async ({ page, isMobile }) => {
    await replaceJobs(seed());
    await loginAsAdmin(page);
    await openArea(page, isMobile, '已发布职位');
    const card = page.getByRole('article', { name: TOGGLED });
    await expect(card).toBeVisible();
    await expectFitsPhone(page, page.getByTestId('published-jobs-list'), card.locator('label', { has: page.getByRole('switch') }), card.getByRole('button', { name: /删除/ }), card.getByTestId('skill-tags-more'));
  });
});
