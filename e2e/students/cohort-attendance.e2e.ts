import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin, toast } from '../support/admin';

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('#main-content').withTags(['wcag2a', 'wcag2aa', 'best-practice']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
}

/**
 * 期次 and 考勤 (docs/product/cohorts.md): the administrator adds a cohort (the calendar previewed as the form
 * changes), a student joins it, three class days are marked from the cohort's register, and the student's card
 * shows the attendance rate. The cohort ran in March 2026, so its register opens on its last class day. Each
 * width uses its own cohort and student.
 */
test('back office: a cohort with its calendar, three days of attendance and the rate on the card', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const suffix = `${testInfo.project.name}${Date.now() % 100000}`;
  const cohortName = `期次${suffix}`;
  await loginAsAdmin(page, { at: '/admin/cohorts/create' });

  const form = page.locator('form').filter({ has: page.getByRole('button', { name: '保存' }) });
  await form.getByRole('textbox', { name: /^期次名称/ }).fill(cohortName);
  await form.getByLabel(/^开课日期/).fill('2026-03-02');
  // 03-04 off: every later class day moves one day on, the last from 04-05 to 04-06.
  await form.getByRole('button', { name: '添加' }).click();
  await form.getByLabel(/^休息日/).first().fill('2026-03-04');
  const calendar = page.getByTestId('cohort-calendar');
  await expect(calendar).toContainText('共 35 个上课日：2026-03-02 至 2026-04-06');
  await expect(calendar).toContainText('模块 01：2026-03-02 – 2026-03-03（2 天）');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('tab', { name: '期次' })).toHaveAttribute('aria-selected', 'true');

  // A student of the cohort, added through the API: this journey is about the register, not the student form.
  const cohorts = await page.request.get('/api/admin/cohorts', { params: { filter: JSON.stringify({ q: cohortName }) } });
  const [cohort] = ((await cohorts.json()) as { data: Array<{ id: string; endDate: string }> }).data;
  expect(cohort?.endDate).toBe('2026-04-06');
  const studentName = `考勤${suffix}`;
  const added = await page.request.post('/api/admin/students', { data: { name: studentName, phone: `133${String(Date.now()).slice(-8)}`, cohortId: cohort!.id } });
  expect(added.ok(), await added.text()).toBe(true);
  const studentId = ((await added.json()) as { data: { id: string } }).data.id;

  await page.goto(`/admin/cohorts/${cohort!.id}`);
  await page.getByRole('link', { name: '考勤' }).click();
  await expect(page.getByRole('heading', { name: `${cohortName} · 考勤` })).toBeVisible();
  const day = page.getByRole('combobox', { name: '上课日' });
  await expect(day).toContainText('2026-04-06 · 模块 07 第 4 天');
  const marks = page.getByRole('radiogroup', { name: studentName });
  const row = page.getByTestId('attendance-row').filter({ has: marks });

  await marks.getByRole('radio', { name: '出勤' }).check();
  await expect(row).toContainText('已保存');
  await page.getByRole('button', { name: '前一个上课日' }).click();
  await expect(day).toContainText('2026-04-05 · 模块 07 第 3 天');
  await marks.getByRole('radio', { name: '迟到' }).check();
  await expect(row).toContainText('已保存');
  await page.getByRole('button', { name: '前一个上课日' }).click();
  await expect(day).toContainText('2026-04-04 · 模块 07 第 2 天');
  await marks.getByRole('radio', { name: '缺勤' }).check();
  await expect(row).toContainText('已保存');
  await expectNoAxeViolations(page);

  await page.goto(`/admin/students/${studentId}/show`);
  await expect(page.getByText('出勤率：66%（2/3 天）')).toBeVisible();
  await expect(page.getByRole('link', { name: cohortName })).toBeVisible();
  await expect(toast(page, /失败/)).toHaveCount(0);
});
