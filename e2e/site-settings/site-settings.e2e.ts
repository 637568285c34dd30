import { addDays, formatIsoDate, SITE_SETTINGS_DEFAULTS } from '@aipm/contracts';
import { expect, type Page, test } from '@playwright/test';

import { expectFitsPhone, expectNoAxeViolations, openArea } from '../crawler-admin/areas';
import { loginAsAdmin, toast } from '../support/admin';
import { DESKTOP_ONLY } from '../support/viewport';

/*
 * The administrator changes the next cohort in 网站设置 and the public page shows it on a following load, without a
 * redeploy (docs/product/public-site.md#site-settings-on-the-site). Journeys share one system: the defaults are
 * put back at the end.
 */

async function openSiteSettings(page: Page, isMobile: boolean) {
  await loginAsAdmin(page);
  await openArea(page, isMobile, '网站设置');
  await expect(monthInput(page)).toBeVisible();
}

const monthInput = (page: Page) => page.getByLabel('开班月份');
const badge = (page: Page) => page.locator('.hero__badge');
/** A cohort month still to come whenever the journey runs: the page names no past date (it says 近期 instead). */
const COHORT_YEAR = new Date().getUTCFullYear() + 1;

/** The web server keeps a read for a few seconds (ADR 025): reload until the page shows `text`. */
async function expectOnHomePage(page: Page, check: (page: Page) => Promise<void>) {
  await expect(async () => {
    await page.goto('/');
    await check(page);
  }).toPass({ timeout: 20_000, intervals: [1_000] });
}

test.describe('网站设置 (site settings)', () => {
  test.describe.configure({ mode: 'serial' });
  let changed = false;

  test.afterEach(async ({ page }) => {
    if (!changed) return;
    changed = false;
    expect((await page.request.put('/api/admin/site-settings', { data: SITE_SETTINGS_DEFAULTS })).ok()).toBe(true);
  });

  test('changes the next cohort in the back office and sees it on /, then puts the defaults back', DESKTOP_ONLY, async ({ page, isMobile }) => {
    test.setTimeout(120_000);
    // The page before: the defaults of docs/product/public-site.md#site-settings-on-the-site, and this year in the
    // copyright line.
    await page.goto('/');
    // The default month (September 2025) is past: the page names no past date (docs/product/public-site.md#hero).
    await expect(badge(page)).toHaveText('近期开班 · 长沙');
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    await expect(page.locator('.site-footer__bottom')).toContainText(`© ${year} `);

    await openSiteSettings(page, isMobile);
    await expect(monthInput(page)).toHaveValue('2025-09');
    // The form starts from the defaults, which are what GET answers on a fresh system.
    expect((await (await page.request.get('/api/admin/site-settings')).json()).data).toEqual(SITE_SETTINGS_DEFAULTS);
    await monthInput(page).fill(`${COHORT_YEAR}-03`);
    await page.getByRole('radio', { name: '中旬' }).check();
    await page.getByRole('spinbutton', { name: '最低费用' }).fill('21800');
    await page.getByRole('textbox', { name: '销售电话' }).fill('0731-8123 4567');
    await page.getByRole('spinbutton', { name: '线索保存期限（月）' }).fill('18');
    await expect(page.getByTestId('site-settings-preview')).toHaveText(`官网将显示：${COHORT_YEAR} 年 3 月中旬开班 · 每期 21,800 – 29,800 元`);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    changed = true;
    await expect(toast(page, '保存成功：网站设置已更新')).toBeVisible();

    await expectOnHomePage(page, async (home) => {
      await expect(badge(home)).toHaveText(`${COHORT_YEAR} 年 3 月中旬开班 · 长沙`, { timeout: 1_000 });
    });
    await expect(page.getByText('每期费用 21,800 – 29,800 元，根据入学评估确定。')).toBeVisible();
    await expect(page.locator('#contact').getByRole('link', { name: '0731-8123 4567' })).toHaveAttribute('href', 'tel:073181234567');
    await expect(page.locator('.site-footer').getByRole('link', { name: '0731-8123 4567' })).toBeVisible();
    // The FAQ's answer too, and the English page in its own words.
    await expect(page.getByText(new RegExp(`下一期于 ${COHORT_YEAR} 年 3 月中旬在长沙开班`))).toBeAttached();
    await page.goto('/?lng=en');
    await expect(badge(page)).toHaveText(`Next cohort: mid March ${COHORT_YEAR} · Changsha`);
    // The language choice is a cookie the back office follows too: back to Chinese.
    await page.goto('/?lng=zh');
    // The privacy policy quotes the phone and the retention period the retention job erases by.
    await page.goto('/privacy-policy');
    await expect(page.getByText('未成为学员的报名与咨询信息，自最后一次联系起保存 18 个月，期满后自动删除；')).toBeVisible();
    await expect(page.getByText(/或致电 0731-8123 4567 提出请求/)).toBeVisible();

    // Back to the defaults from the back office.
    await openSiteSettings(page, isMobile);
    await expect(monthInput(page)).toHaveValue(`${COHORT_YEAR}-03`);
    await expect(page.getByRole('spinbutton', { name: '线索保存期限（月）' })).toHaveValue('18');
    await page.getByRole('button', { name: '填入默认值' }).click();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(toast(page, '保存成功：网站设置已更新')).toBeVisible();
    changed = false;
    await expectOnHomePage(page, async (home) => {
      await expect(badge(home)).toHaveText('近期开班 · 长沙', { timeout: 1_000 });
    });
  });

  test("takes 结业率 and 累计学员 from the outcomes report, with the cohort and the date, then puts the texts back", DESKTOP_ONLY, async ({ page, isMobile }) => {
    test.setTimeout(120_000);
    // A cohort that finished two weeks ago with its one student graduated: the most recently finished cohort while
    // this lane runs. From the API: this journey is about the settings and the page.
    await loginAsAdmin(page);
    const post = async (path: string, data: object) => {
      const response = await page.request.post(path, { data });
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { data: { id: string; endDate?: string } }).data;
    };
    const name = `首页数据${Date.now() % 100000}期`;
    const cohort = await post('/api/admin/cohorts', { name, startDate: addDays(formatIsoDate(new Date()), -60), capacity: 5, status: 'finished' });
    const student = await post('/api/admin/students', { name: `首页数据学员${Date.now() % 100000}`, phone: `135${String(Date.now()).slice(-8)}`, cohortId: cohort.id, enrollmentDate: addDays(formatIsoDate(new Date()), -61) });
    expect((await page.request.patch(`/api/admin/students/${student.id}`, { data: { status: 'graduated', graduationDate: cohort.endDate } })).ok()).toBe(true);
    const [year, month, day] = cohort.endDate!.split('-').map(Number);
    try {
      await openArea(page, isMobile, '网站设置');
      const completion = page.getByRole('radiogroup', { name: '结业率' });
      await expect(completion).toHaveAccessibleDescription(`就业报告当前：100%（${name}，${year}年${month}月${day}日结业）`);
      await expect(page.getByRole('radiogroup', { name: '累计学员' })).toHaveAccessibleDescription(/^就业报告当前：[\d,]+ 人（截至 \d{4}年\d{1,2}月\d{1,2}日）$/);
      await completion.getByRole('radio', { name: '就业报告实测（最近结业的一期）' }).check();
      await page.getByRole('radiogroup', { name: '累计学员' }).getByRole('radio', { name: '就业报告实测' }).check();
      await page.getByRole('button', { name: '保存', exact: true }).click();
      changed = true;
      await expect(toast(page, '保存成功：网站设置已更新')).toBeVisible();

      // The page: the measured value above its label, what it was measured on below; the others as written.
      const stat = (home: Page, label: string) => home.locator('.hero__stat').filter({ has: home.locator('dt', { hasText: label }) }).locator('dd');
      await expectOnHomePage(page, async (home) => {
        await expect(stat(home, '结业率')).toHaveText(['100%', `${name} · ${year}年${month}月${day}日结业`], { timeout: 1_000 });
      });
      const figures = (await (await page.request.get('/api/admin/outcomes-report/hero-figures')).json()).data as { students: { count: number } };
      await expect(stat(page, '累计学员')).toHaveText([figures.students.count.toLocaleString('en-US'), /^截至 \d{4}年\d{1,2}月\d{1,2}日$/]);
      await expect(stat(page, '学员满意度')).toHaveText(['98%']);
      await page.goto('/?lng=en');
      await expect(stat(page, 'Completion rate')).toHaveText(['100%', new RegExp(`^${name}, finished \\d{1,2} \\w{3} ${year}$`)]);
      await page.goto('/?lng=zh');
    } finally {
      expect((await page.request.delete(`/api/admin/students/${student.id}`)).ok()).toBe(true);
      expect((await page.request.delete(`/api/admin/cohorts/${cohort.id}`)).ok()).toBe(true);
    }
    // Back to the texts: the page shows the spec's figures again.
    expect((await page.request.put('/api/admin/site-settings', { data: SITE_SETTINGS_DEFAULTS })).ok()).toBe(true);
    changed = false;
    await expectOnHomePage(page, async (home) => {
      await expect(home.locator('.hero__stat dd')).toHaveText(['1000+', '50+', '98%', '95%'], { timeout: 1_000 });
    });
  });

  test('says what is wrong beside the field, from the rules and from the API', DESKTOP_ONLY, async ({ page, isMobile }) => {
    await openSiteSettings(page, isMobile);
    const feeMax = page.getByRole('spinbutton', { name: '最高费用' });
    await feeMax.fill('100');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(feeMax).toHaveAttribute('aria-invalid', 'true');
    await expect(feeMax).toHaveAccessibleDescription('最高费用不能低于最低费用');
    await expectNoAxeViolations(page);
  });

  test('has no axe violations and fits a 375 px phone', async ({ page, isMobile }) => {
    await openSiteSettings(page, isMobile);
    await expectNoAxeViolations(page);
    if (!isMobile) return;
    await expectFitsPhone(
      page,
      monthInput(page),
      page.getByRole('radio', { name: '下旬' }),
      page.getByRole('spinbutton', { name: '最高费用' }),
      page.getByRole('textbox', { name: '地址（英文页面）' }),
      page.getByRole('radio', { name: '就业报告实测（最近结业的一期）' }),
      page.getByRole('button', { name: '保存', exact: true }),
      page.getByRole('button', { name: '填入默认值' }),
    );
  });
});
