import { addDays, formatIsoDate } from '@aipm/contracts';
import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin, toast } from '../support/admin';
import { chooseOption } from '../support/select';
// axe on the settled page: a button whose colour was still changing after the upload failed contrast once in CI.
import { expectNoAxeViolations } from '../crawler-admin/areas';

/** A minimal PDF: the API checks an upload by its first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** Creates through the API and answers the new record's id. */
async function created(page: Page, path: string, data: object): Promise<{ id: string; endDate?: string }> {
  const response = await page.request.post(path, { data });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { id: string; endDate?: string } }).data;
}

/**
 * 结业情况, 就业结果 and 薪资保障 (docs/product/outcomes.md, docs/product/guarantee.md): a student of a cohort that began
 * 60 days ago, with a guaranteed ¥19,800 contract paid in full, is marked graduated on the cohort's last day (on
 * time); the ledger says 期内 with the whole fee exposed. An offer is then recorded with its salary in parts and an
 * offer-letter PDF; the card shows the computed annual figures, the evidence opens as the PDF, and the ledger moves
 * to 已达标 and the outcomes report counts the placement. The cohort, the student, the contract and the payment come
 * from the API: this journey is about graduation, outcomes, the ledger and the report. Each width uses its own.
 */
test('back office: a graduate on time, an offer with its salary in parts and evidence, the guarantee met and the report', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const suffix = `${testInfo.project.name}${Date.now() % 100000}`;
  const start = addDays(formatIsoDate(new Date()), -60);
  await loginAsAdmin(page, { at: '/admin/students' });
  const cohort = await created(page, '/api/admin/cohorts', { name: `结业${suffix}`, startDate: start, capacity: 10 });
  const lastDay = cohort.endDate!;
  const studentName = `就业${suffix}`;
  const { id: studentId } = await created(page, '/api/admin/students', { name: studentName, phone: `136${String(Date.now()).slice(-8)}`, cohortId: cohort.id, enrollmentDate: start });
  const contractNumber = `HT-${suffix}`;
  const contract = await created(page, '/api/admin/contracts', {
    studentId,
    contractNumber,
    courseName: 'AI 产品经理训练营',
    contractAmount: 1_980_000,
    startDate: start,
    endDate: lastDay,
    guaranteed: true,
  });
  await created(page, '/api/admin/payments', { studentId, contractId: contract.id, amount: 1_980_000, paymentDate: start });

  // Graduated needs its date: the form asks for it, then the card says on time (the cohort's last day).
  await page.goto(`/admin/students/${studentId}`);
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: '保存' }) });
  await chooseOption(form.getByRole('combobox', { name: /^状态/ }), '已毕业');
  await form.getByLabel(/^毕业日期/).fill(lastDay);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('graduation-line')).toHaveText(`结业情况：按期结业 ${lastDay}`);
  const cardUrl = page.url();

  // The ledger, searched for the contract (other journeys' contracts share it): in window, the whole fee exposed.
  const openLedger = async () => {
    await page.goto('/admin/guarantee');
    await page.getByRole('textbox', { name: '搜索合同编号或学员姓名' }).fill(contractNumber);
  };
  await openLedger();
  const ledgerRow = (phone: boolean) => (phone ? page.getByRole('listitem').filter({ hasText: contractNumber }) : page.getByRole('row').filter({ hasText: contractNumber }));
  const phone = testInfo.project.name.startsWith('mobile');
  await expect(ledgerRow(phone).getByTestId('guarantee-status')).toHaveText('期内');
  if (!phone) await expect(ledgerRow(phone)).toContainText('¥19,800.00');
  await expectNoAxeViolations(page, '#main-content');

  // The report: the cohort's one graduate, on time, not yet placed.
  const reportRow = page.getByTestId('report-row').filter({ has: page.getByRole('rowheader', { name: `结业${suffix}` }) });
  const figure = (name: string) => reportRow.getByRole('button', { name: new RegExp(`^查看名单：结业${suffix} · ${name}`) });
  await page.goto('/admin/outcomes-report');
  await expect(figure('按期结业')).toHaveText('1');
  await expect(figure('180天内对口就业')).toHaveText('0');
  await expectNoAxeViolations(page, '#main-content');
  await page.goto(cardUrl);

  const section = page.getByTestId('outcomes-section');
  await expect(section).toContainText('暂无就业结果');
  await section.getByRole('button', { name: '记录就业结果' }).click();
  const dialog = page.getByRole('dialog', { name: '记录就业结果' });
  const offerDate = addDays(lastDay, 10);
  await dialog.getByLabel(/^结果日期/).fill(offerDate);
  await dialog.getByRole('textbox', { name: /^用人单位/ }).fill('长沙某科技有限公司');
  await dialog.getByRole('textbox', { name: /^职位/ }).fill('AI 产品经理');
  await dialog.getByRole('textbox', { name: /^工作城市/ }).fill('长沙');
  await dialog.getByLabel(/^入职日期/).fill(addDays(offerDate, 7));
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
  await expect(outcome).toContainText(`${offerDate} · 对口全职 · 长沙某科技有限公司 · AI 产品经理 · 长沙`);
  await expect(outcome).toContainText('月薪 ¥15,000.00 × 14 + 津贴 ¥12,000.00 · 年基本工资 ¥210,000.00，合同年薪 ¥222,000.00');
  const evidence = outcome.getByRole('link', { name: /录用通知书：录用通知书\.pdf/ });
  const file = await page.request.get((await evidence.getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  // Evidence is the outcome's: it is not among the card's other files.
  await expect(page.getByRole('link', { name: '查看 录用通知书.pdf' })).toHaveCount(0);
  await expectNoAxeViolations(page, '#main-content');

  // ¥222,000 reaches the ¥200,000 target (and not 1.5 ×): the promise is met, nothing owed.
  await openLedger();
  await expect(ledgerRow(phone).getByTestId('guarantee-status')).toHaveText('已达标');

  // …and the report counts the placement, with the student a click away.
  await page.goto('/admin/outcomes-report');
  await expect(figure('180天内对口就业')).toHaveText('1');
  await expect(figure('年基本工资中位数')).toHaveText('¥210,000.00（1 人）');
  await expect(figure('达到目标年薪')).toHaveText('1（100%）');
  await figure('180天内对口就业').click();
  await expect(page.getByRole('dialog').getByRole('link', { name: studentName })).toBeVisible();
  await expect(toast(page, /失败/)).toHaveCount(0);
});
