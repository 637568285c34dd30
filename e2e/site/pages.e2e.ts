import { expect, test } from '../support/site';
import { DESKTOP_ONLY } from '../support/viewport';

const LEGAL = [
  { path: '/privacy-policy', zh: '隐私政策', en: 'Privacy Policy', zhText: ['长沙智启未来文化教育有限公司', 'privacy@aipm-bootcamp.cn', '保存期限', '导出'], enText: ['Changsha Zhiqi', 'privacy@aipm-bootcamp.cn', 'How long we keep it', 'export'] },
  { path: '/terms-of-service', zh: '服务条款', en: 'Terms of Service', zhText: ['开课前 7 天以上申请退款的，全额退款', '扣除 10% 费用', '不得转让'], enText: ['More than 7 days before the start: full refund', '10% deduction', 'cannot be transferred'] },
  { path: '/cookie-policy', zh: 'Cookie 政策', en: 'Cookie Policy', zhText: ['会话', '无操作 12 小时后失效', '30 天', '1 年'], enText: ['Session', '12 hours without activity', '30 days', '1 year'] },
];

for (const language of ['zh', 'en'] as const) {
  test.describe(`public pages (${language})`, () => {
    test.use({ locale: language === 'zh' ? 'zh-CN' : 'en-US' });

    for (const page of LEGAL) {
      test(`${page.path} carries its real content, last updated 13 Aug 2025`, DESKTOP_ONLY, async ({ page: browser }) => {
        const response = await browser.goto(page.path);
        expect(response?.status()).toBe(200);
        await expect(browser.getByRole('heading', { level: 1 })).toHaveText(page[language]);
        await expect(browser.locator('main')).toContainText(language === 'zh' ? '最后更新：2025年8月13日' : 'Last updated: 13 Aug 2025');
        for (const text of language === 'zh' ? page.zhText : page.enText) await expect(browser.locator('main')).toContainText(text);
      });
    }

    test('answers any other path with 404 and the spec wording', DESKTOP_ONLY, async ({ page }) => {
      const response = await page.goto('/courses/unknown');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
      await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    });
  });
}

test('serves robots.txt and sitemap.xml', DESKTOP_ONLY, async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  const sitemap = await request.get('/sitemap.xml');
  expect((await sitemap.text()).match(/<loc>/g)).toHaveLength(4);
});

test('loads every asset of the landing page from the site itself', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
});
