import type { DashboardCharts } from '@aipm/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

import { expectFitsPhone, expectNoAxeViolations } from '../crawler-admin/areas';
import { chinaDay, clearLeads } from '../leads-admin/leads';
import { loginAsAdmin, scrollDashboardTo, welcomeLine } from '../support/admin';
import { PHONE_ONLY } from '../support/viewport';

/*
 * docs/product/back-office.md#charts: the dashboard's charts show what the system holds. Everything is seeded the
 * way the product is used: leads through the public form calls (with a first-touch source), follow-up through the
 * admin API, a crawl of the zhipin fixture, a student's payment. Journeys share one system, so the crawl and
 * payment charts are checked by how much they grew, and the lead charts start from no leads (the leads journey
 * clears them too).
 */

async function charts(request: APIRequestContext): Promise<DashboardCharts> {
  const response = await request.get('/api/admin/stats/charts');
  expect(response.ok(), `charts answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: DashboardCharts }).data;
}

let visitor = 10 + Math.floor(Math.random() * 200);
/** One public form call from its own visitor address (the forms allow 5 a minute per address). */
async function submitLead(request: APIRequestContext, path: '/api/registrations' | '/api/contact', data: Record<string, unknown>): Promise<string> {
  visitor += 1;
  const response = await request.post(path, { data, headers: { 'X-Forwarded-For': `198.51.100.${(visitor % 250) + 1}` } });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

const phone = () => `13${Math.floor(100_000_000 + Math.random() * 899_999_999)}`;

/** Three registrations and two messages of today, from three sources, followed up to each stage. */
async function seedLeads(request: APIRequestContext): Promise<void> {
  const register = (source: Record<string, string>) =>
    submitLead(request, '/api/registrations', { name: '图表学员', phone: phone(), school: '中南大学', major: '计算机', agreement: true, source });
  const wechatA = await register({ utm_source: 'wechat', landingPath: '/' });
  const wechatB = await register({ utm_source: 'wechat' });
  await register({ referrer: 'https://www.baidu.com/s?wd=ai' });
  const asked = await submitLead(request, '/api/contact', { name: '图表咨询', phone: phone(), subject: 'course', message: '开班时间？', source: { utm_source: 'wechat' } });
  await submitLead(request, '/api/contact', { name: '图表咨询', phone: phone(), subject: 'pricing', message: '费用？', source: { landingPath: '/' } });
  for (const [path, id, status] of [
    ['/api/registrations', wechatA, 'enrolled'],
    ['/api/registrations', wechatB, 'contacted'],
    ['/api/contact', asked, 'contacted'],
  ] as const) {
    const changed = await request.patch(`${path}/${id}`, { data: { status } });
    expect(changed.ok(), `${path}/${id} answered ${changed.status()}`).toBe(true);
  }
}

const card = (page: Page, testId: string) => page.getByTestId(testId);

/**
 * Reopens the dashboard of a page already signed in. (Signing in again once raced the first dashboard's
 * requests, whose rolling cookie could land after the new one; the cookie no longer rolls, ADR 007.)
 */
async function openDashboard(page: Page) {
  await page.goto('/admin');
  await expect(welcomeLine(page)).toBeVisible({ timeout: 30_000 });
  await scrollDashboardTo(page, 'charts');
  // The charts are a lazy chunk of their own: on a machine busy with other work it can take a while.
  await expect(page.getByRole('heading', { level: 2, name: '经营概览' })).toBeVisible({ timeout: 30_000 });
  // The charts' answer has arrived when no card is busy.
  await expect(page.locator('[data-testid^="chart-"][aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

/** Shows a card's data table by keyboard (focus the toggle, press Enter) and answers the table. */
async function showTable(page: Page, testId: string) {
  const toggle = card(page, testId).getByRole('button', { name: '显示数据表' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(card(page, testId).getByRole('button', { name: '隐藏数据表' })).toHaveAttribute('aria-expanded', 'true');
  return card(page, testId).getByRole('table');
}

const row = (table: ReturnType<Page['getByRole']>, label: string) => table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: label, exact: true }) });

test.describe('经营概览 (dashboard charts)', () => {
  test.describe.configure({ mode: 'serial' });

  // At 375 px only: a phone's first screen ends above the charts.
  test('draws the charts on a phone only as they come near its screen', PHONE_ONLY, async ({ page }) => {
    await loginAsAdmin(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/stats/charts')) asked.push(request.url());
    });
    await page.goto('/admin');
    await expect(welcomeLine(page)).toBeVisible({ timeout: 30_000 });
    // The first screen is there, with its figures; the charts' place is below it, neither drawn nor asked for.
    await expect(page.getByTestId('stat-totalRegistrations')).toContainText(/\d+/, { timeout: 30_000 });
    await expect(page.getByTestId('charts-place')).toBeAttached();
    await expect(page.getByTestId('charts-place')).not.toBeInViewport();
    await expect(page.getByRole('heading', { level: 2, name: '经营概览' })).toHaveCount(0);
    expect(asked).toEqual([]);

    await scrollDashboardTo(page, 'charts');
    await expect(page.getByRole('heading', { level: 2, name: '经营概览' })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-testid^="chart-"][aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    expect(asked).toHaveLength(1);
  });

  test('shows the empty state of the lead charts when there are no leads', async ({ page, isMobile }) => {
    test.setTimeout(90_000);
    await loginAsAdmin(page);
    await clearLeads(page.request);
    await openDashboard(page);
    await expect(card(page, 'chart-leads-per-day').getByTestId('chart-empty')).toHaveText('近 30 天暂无注册或咨询');
    await expect(card(page, 'chart-lead-sources').getByTestId('chart-empty')).toHaveText('近 30 天暂无线索来源');
    await expect(card(page, 'chart-funnel').getByTestId('chart-empty')).toHaveText('近 30 天暂无线索可统计');
    // No picture and no table toggle where there is nothing to draw.
    await expect(card(page, 'chart-leads-per-day').getByRole('figure')).toHaveCount(0);
    await expect(card(page, 'chart-leads-per-day').getByRole('button', { name: '显示数据表' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    if (isMobile) await expectFitsPhone(page, card(page, 'chart-funnel'));
  });

  test('draws the seeded leads, sources, funnel, crawl yield and payments, with data tables and axe 0', async ({ page, isMobile }) => {
    test.setTimeout(240_000);
    await loginAsAdmin(page);
    await clearLeads(page.request);
    await seedLeads(page.request);
    const before = await charts(page.request);

    // A crawl of the zhipin fixture (the worker's real run) and a completed payment of today.
    const crawl = await page.request.post('/api/admin/crawl/run', {
      data: { site: 'zhipin', keywords: ['AI产品经理'], city: '长沙', maxResults: 50, taskName: `E2E 图表 ${Date.now()}` },
      timeout: 150_000,
    });
    expect(crawl.ok(), await crawl.text()).toBe(true);
    const student = await page.request.post('/api/admin/students', { data: { name: '图表学员', phone: phone() } });
    expect(student.ok(), await student.text()).toBe(true);
    const studentId = ((await student.json()) as { data: { id: string } }).data.id;
    const paid = await page.request.post('/api/admin/payments', { data: { studentId, amount: 1_234_567, paymentDate: chinaDay(), paymentMethod: 'wechat' } });
    expect(paid.ok(), await paid.text()).toBe(true);

    const after = await charts(page.request);
    const today = after.days.length - 1;
    expect(after.days[today]).toBe(chinaDay());
    // The leads are exactly the seeded ones (cleared first).
    expect(after.leadsPerDay.registrations[today]).toBe(3);
    expect(after.leadsPerDay.messages[today]).toBe(2);
    expect(after.funnel).toEqual([
      { stage: 'new', registrations: 3, messages: 2 },
      { stage: 'contacted', registrations: 2, messages: 1 },
      { stage: 'enrolled', registrations: 1, messages: 0 },
    ]);
    expect(after.leadSources).toEqual([
      { kind: 'utm', name: 'wechat', registrations: 2, messages: 1 },
      { kind: 'direct', name: null, registrations: 0, messages: 1 },
      { kind: 'referrer', name: 'baidu.com', registrations: 1, messages: 0 },
    ]);
    // The crawl and the payment add to what other journeys left.
    const zhipin = (data: DashboardCharts) => data.crawlYield.find((series) => series.site === 'zhipin');
    expect(zhipin(after)!.runs[today]).toBe((zhipin(before)?.runs[today] ?? 0) + 1);
    expect(zhipin(after)!.found[today]).toBeGreaterThan(zhipin(before)?.found[today] ?? 0);
    const cny = (data: DashboardCharts) => data.paymentsPerMonth.find((series) => series.currency === 'CNY');
    const thisMonth = after.months.length - 1;
    expect(cny(after)!.amounts[thisMonth]).toBe((cny(before)?.amounts[thisMonth] ?? 0) + 1_234_567);

    await openDashboard(page);
    // Each chart is a figure named by its heading and described by its summary sentence.
    const leadsFigure = card(page, 'chart-leads-per-day').getByRole('figure', { name: '近 30 天每日线索' });
    await expect(leadsFigure).toBeVisible();
    await expect(leadsFigure.locator('svg').first()).toBeVisible();
    // Every seventh of the 30 days is labelled under the axis (3月1日 …), not only the first; a phone may drop labels that collide.
    const dayLabels = leadsFigure.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
    if (!isMobile) await expect(dayLabels).toHaveCount(5);
    await expect(dayLabels.first()).toHaveText(/^\d{1,2}月\d{1,2}日$/);
    await expect(card(page, 'chart-leads-per-day')).toContainText('共 3 条注册、2 条咨询');
    await expect(card(page, 'chart-funnel')).toContainText('另有 0 条标记为无效');

    const leadsTable = await showTable(page, 'chart-leads-per-day');
    await expect(leadsTable.getByRole('row')).toHaveCount(31);
    await expect(row(leadsTable, chinaDay())).toHaveText(`${chinaDay()}32`);
    const sources = await showTable(page, 'chart-lead-sources');
    await expect(sources.getByRole('row')).toHaveText(['来源注册咨询', 'wechat21', '直接访问01', 'baidu.com（来源网站）10']);
    const funnel = await showTable(page, 'chart-funnel');
    await expect(funnel.getByRole('row')).toHaveText(['阶段注册咨询合计', '全部线索325', '已联系213', '已报名入学101']);
    const crawlTable = await showTable(page, 'chart-crawl-yield');
    const zhipinToday = zhipin(after)!;
    await expect(crawlTable.getByRole('columnheader', { name: 'BOSS直聘 · 找到职位' })).toBeVisible();
    await expect(row(crawlTable, chinaDay())).toContainText(`${zhipinToday.found[today]}${zhipinToday.runs[today]}`);
    const payments = await showTable(page, 'chart-payments');
    await expect(row(payments, after.months[thisMonth]!)).toContainText(new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(cny(after)!.amounts[thisMonth]! / 100));
    await expect(card(page, 'chart-payments')).toContainText('¥');

    // A keyboard-focused MUI button pulses for ever, which the axe helper would wait out: judge the page unfocused.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expectNoAxeViolations(page);
    if (isMobile) {
      // One column: the cards stack, each as wide as the page allows, and nothing scrolls sideways.
      const boxes = await Promise.all(['chart-leads-per-day', 'chart-lead-sources'].map(async (id) => (await card(page, id).boundingBox())!));
      expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
      await expectFitsPhone(page, card(page, 'chart-leads-per-day'), card(page, 'chart-payments'));
    }
  });
});
