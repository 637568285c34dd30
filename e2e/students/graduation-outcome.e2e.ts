import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin, toast } from '../support/admin';
import { chooseOption } from '../support/select';

/** A minimal PDF: the API checks an upload by its first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

async function expectNoAxeViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'best-practice']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
}

/**
 * 结业情况 and 就业结果 (docs/product/outcomes.md): a student of a cohort that ended on 2026-04-05 is marked graduated
 * on that day (on time), then an offer is recorded with its salary in parts and an offer-letter PDF; the card shows
 * the computed annual figures and the evidence opens as the PDF. The cohort and the student come from the API: this
 * journey is about graduation and outcomes. Each width uses its own.
 */
test('back office: a graduate on time, an offer with its salary in parts and its evidence', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const suffix = `${testInfo.project.name}${Date.now() % 100000}`;
  await loginAsAdmin(page, { at: '/admin/students' });
  const cohort = await page.request.post('/api/admin/cohorts', { data: { name: `结业${suffix}`, startDate: '2026-03-02', capacity: 10 } });
  expect(cohort.ok(), await cohort.text()).toBe(true);
  const cohortId = ((await cohort.json()) as { data: { id: string } }).data.id;
  const studentName = `就业${suffix}`;
  const added = await page.request.post('/api/admin/students', {
    data: { name: studentName, phone: `136${String(Date.now()).slice(-8)}`, cohortId, enrollmentDate: '2026-03-02' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const studentId = ((await added.json()) as { data: { id: string } }).data.id;

  // Graduated needs its date: the form asks for it, then the card says on time (the cohort's last day).
  await page.goto(`/admin/students/${studentId}`);
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: '保存' }) });
  await chooseOption(form.getByRole('combobox', { name: /^状态/ }), '已毕业');
  await form.getByLabel(/^毕业日期/).fill('2026-04-05');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('graduation-line')).toHaveText('结业情况：按期结业 2026-04-05');

  const section = page.getByTestId('outcomes-section');
  await expect(section).toContainText('暂无就业结果');
  await section.getByRole('button', { name: '记录就业结果' }).click();
  const dialog = page.getByRole('dialog', { name: '记录就业结果' });
  await dialog.getByLabel(/^结果日期/).fill('2026-05-10');
  await dialog.getByRole('textbox', { name: /^用人单位/ }).fill('长沙某科技有限公司');
  await dialog.getByRole('textbox', { name: /^职位/ }).fill('AI 产品经理');
  await dialog.getByRole('textbox', { name: /^工作城市/ }).fill('长沙');
  await dialog.getByLabel(/^入职日期/).fill('2026-06-01');
  await dialog.getByRole('textbox', { name: /^月基本工资/ }).fill('15000');
  await dialog.getByRole('textbox', { name: /^每年发薪月数/ }).fill('14');
  await dialog.getByRole('textbox', { name: /^固定年度津贴/ }).fill('12000');
  await expect(dialog.getByTestId('outcome-computed')).toHaveText('年基本工资 ¥210,000.00，合同年薪 ¥222,000.00');

  // Without evidence the API refuses, and says why beside the evidence.
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('除“仍在求职”外，就业结果须附证明材料');
  await dialog.getByTestId('outcome-evidence-input').setInputFiles({ name: '录用通知书.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByTestId('outcome-evidence')).toContainText('录用通知书.pdf');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '就业结果已保存')).toBeVisible();
  await expect(dialog).toBeHidden();

  const outcome = section.getByTestId('outcome');
  await expect(outcome).toContainText('2026-05-10 · 对口全职 · 长沙某科技有限公司 · AI 产品经理 · 长沙');
  await expect(outcome).toContainText('月薪 ¥15,000.00 × 14 + 津贴 ¥12,000.00 · 年基本工资 ¥210,000.00，合同年薪 ¥222,000.00');
  const evidence = outcome.getByRole('link', { name: /录用通知书：录用通知书\.pdf/ });
  const file = await page.request.get((await evidence.getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  // Evidence is the outcome's: it is not among the card's other files.
  await expect(page.getByRole('link', { name: '查看 录用通知书.pdf' })).toHaveCount(0);
  await expectNoAxeViolations(page, '#main-content');
  await expect(toast(page, /失败/)).toHaveCount(0);
});
