import { expectPublicJobsAfterChange } from '../support/public-jobs';
import { expect, test } from '../support/site';

import { replaceJobs, type SeedJob } from './jobs-database';
import { DESKTOP_ONLY } from '../support/viewport';

const HOUR = 3_600_000;

function seedJobs(count: number): SeedJob[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => ({
    title: `AI 产品经理 E2E ${index + 1}`,
    company: `长沙智算 ${index + 1}`,
    salaryMin: 15000,
    salaryMax: 25000,
    skillTags: ['LLM', 'PRD', 'SQL', 'RAG', 'Agent'],
    sourceUrl: `https://jobs.example.com/e2e-${index + 1}`,
    description: '负责大模型应用产品规划。',
    postedAt: new Date(now - 3 * HOUR),
    // Newest first: job 1 is the most recently published.
    publishedAt: new Date(now - index * 60_000),
  }));
}

test.describe('jobs block', () => {
  test.describe.configure({ mode: 'serial' });

  test('renders the newest six jobs in the server HTML, with JobPosting JSON-LD', DESKTOP_ONLY, async ({ request }) => {
    await replaceJobs([...seedJobs(7), { title: 'Inactive job', company: 'Hidden', sourceUrl: 'https://jobs.example.com/hidden', isActive: false }]);
    // `/` answers renders up to about a second old (the page cache, ADR 032): load until the seed shows.
    let html = '';
    await expect(async () => {
      html = await (await request.get('/', { headers: { 'Accept-Language': 'zh-CN' } })).text();
      expect(html.match(/class="card job-card"/g) ?? []).toHaveLength(6);
      expect(html).toContain('AI 产品经理 E2E 1');
      expect(html).not.toContain('Inactive job');
    }).toPass({ timeout: 10_000, intervals: [250, 500, 1_000] });
    const cards = html.match(/class="card job-card"/g) ?? [];
    expect(cards).toHaveLength(6);
    expect(html).toContain('AI 产品经理 E2E 1');
    expect(html).not.toContain('AI 产品经理 E2E 7');
    expect(html).not.toContain('Inactive job');
    expect(html).toContain('1.5万 - 2.5万元');
    expect(html).toContain('3小时前');
    expect((html.match(/"@type":"JobPosting"/g) ?? []).length).toBe(6);
  });

  for (const language of ['zh', 'en'] as const) {
    test.describe(language, () => {
    test.use({ locale: language === 'zh' ? 'zh-CN' : 'en-US' });
    test(`shows cards with 3 tags +N, view-all and apply in a new tab (${language})`, async ({ page }) => {
      await replaceJobs(seedJobs(7));
      await page.goto('/#jobs');
      const cards = page.locator('#jobs article.job-card');
      await expect(cards).toHaveCount(6);
      const first = cards.first();
      await expect(first.locator('.tag:not(.tag--more)')).toHaveCount(3);
      await expect(first.locator('.tag--more')).toContainText('+2');
      await expect(first.locator('.job-card__salary')).toHaveText(language === 'zh' ? '1.5万 - 2.5万元' : '15K - 25K RMB');
      await expect(first.locator('time')).toHaveText(language === 'zh' ? '3小时前' : '3 hours ago');
      const apply = first.locator('a.button');
      await expect(apply).toHaveAttribute('target', '_blank');
      await expect(apply).toHaveAttribute('rel', /noopener/);
      await expect(apply).toHaveAttribute('href', 'https://jobs.example.com/e2e-1');

      await page.locator('#jobs .center button').click();
      await expect(cards).toHaveCount(7);
      await expect(page.locator('#jobs .center button')).toHaveCount(0);
    });
    });
  }

  test('refreshes to the current list and shows the empty text', DESKTOP_ONLY, async ({ page }) => {
    await replaceJobs(seedJobs(2));
    await expectPublicJobsAfterChange(page, (jobs) => expect(jobs.locator('article.job-card')).toHaveCount(2, { timeout: 1_000 }));
    await expect(page.locator('#jobs .center button')).toHaveCount(0);
    await replaceJobs([]);
    await page.locator('#jobs .jobs__toolbar button').click();
    await expect(page.locator('#jobs .jobs__message')).toHaveText('暂无职位信息，请稍后再来看看。');
  });

  test('shows the error with a retry when the API fails, and recovers', DESKTOP_ONLY, async ({ page }) => {
    await replaceJobs(seedJobs(1));
    await expectPublicJobsAfterChange(page, (jobs) => expect(jobs.locator('article.job-card')).toHaveCount(1, { timeout: 1_000 }));
    let fail = true;
    await page.route('**/api/jobs?*', (route) => (fail ? route.fulfill({ status: 500, body: 'down' }) : route.continue()));
    await page.locator('#jobs .jobs__toolbar button').click();
    await expect(page.locator('#jobs [role="alert"]')).toBeVisible();
    fail = false;
    await page.locator('#jobs [role="alert"] button').click();
    await expect(page.locator('#jobs article.job-card')).toHaveCount(1);
  });

  test('shows one skeleton card per requested job while loading', DESKTOP_ONLY, async ({ page }) => {
    await replaceJobs(seedJobs(1));
    await expectPublicJobsAfterChange(page, (jobs) => expect(jobs.locator('article.job-card')).toHaveCount(1, { timeout: 1_000 }));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/jobs?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('#jobs .jobs__toolbar button').click();
    await expect(page.locator('#jobs [data-testid="job-skeleton"]')).toHaveCount(6);
    release();
    await expect(page.locator('#jobs article.job-card')).toHaveCount(1);
  });
});
