import { expect, type Locator, type Page, test } from '@playwright/test';

import { loginAsAdmin, toast } from '../support/admin';
import { chooseOption } from '../support/select';
import { created, expectNoAxeViolations, random, studentBrowser } from './student-journeys';

/*
 * A student's portal from the school's first step to the accepted offer (docs/product/student-portal.md,
 * docs/product/outcomes.md#offers-reported-by-students): the administrator gives a student of a running cohort a
 * 学员登录 on the student card; the student, on a phone-sized browser of their own, signs in, sees the cohort with
 * today, the payments and the tool account, and reports an offer with a PDF; the administrator accepts it on the
 * card, and the student sees it accepted.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
/** China's calendar day, offset by days (the cohort's and the offer's dates). */
const chinaDay = (offsetDays = 0) => new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Nothing wider than the screen (WeChat's browser at 375 px has no sideways scroll). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

function field(form: Locator, label: string) {
  return form.getByLabel(label, { exact: true });
}

test('student portal: a login made on the card, the record, an offer reported with a PDF, accepted by the school', async ({ page: admin, browser }, testInfo) => {
  test.setTimeout(240_000);
  const suffix = `${testInfo.project.name.replace(/\W/g, '')}${Date.now() % 1_000_000}${random(100)}`;
  const name = `录用${suffix}`;
  const username = `offer${suffix}`.toLowerCase();
  const password = `pass-${suffix}`;
  const employer = `长沙智能科技${suffix}`;

  await loginAsAdmin(admin, { at: '/admin/students' });
  const studentId = await test.step('the school: a student of a running cohort, a paid contract and a VPN account', async () => {
    const cohortId = await created(admin, '/api/admin/cohorts', { name: `门户期${suffix}`, startDate: chinaDay(-2), capacity: 30, status: 'running' });
    const id = await created(admin, '/api/admin/students', { name, phone: `139${String(Date.now()).slice(-8)}`, enrollmentDate: chinaDay(-2), cohortId });
    const contractId = await created(admin, '/api/admin/contracts', {
      studentId: id,
      contractNumber: `HT-${suffix}`,
      courseName: 'AI 产品经理训练营',
      contractAmount: 1_980_000,
      startDate: chinaDay(-2),
      endDate: chinaDay(33),
      guaranteed: true,
    });
    await created(admin, '/api/admin/payments', { studentId: id, contractId, amount: 1_000_000, paymentDate: chinaDay(-2), paymentMethod: 'wechat' });
    await created(admin, '/api/admin/student-accounts', { studentId: id, kind: 'vpn', username: `vpn-${suffix}` });
    return id;
  });

  await test.step('the administrator gives the student a 学员登录 on the card', async () => {
    await admin.goto(`/admin/students/${studentId}/show`);
    await admin.getByTestId('student-accounts').getByRole('link', { name: '添加账号' }).click();
    const form = admin.locator('form').filter({ has: admin.getByRole('button', { name: '保存' }) });
    await expect(form.getByRole('combobox', { name: '学员' })).toHaveValue(name);
    await chooseOption(form.getByRole('combobox', { name: '类型' }), '学员登录');
    await form.getByRole('textbox', { name: '用户名', exact: true }).fill(username);
    await form.getByRole('textbox', { name: '邮箱', exact: true }).fill(`${username}@example.cn`);
    await form.getByRole('textbox', { name: '密码', exact: true }).fill(password);
    await form.getByRole('button', { name: '保存' }).click();
    await expect(admin.getByTestId('student-accounts')).toContainText(username);
  });

  const page = await studentBrowser(browser, testInfo);
  await test.step('the student signs in and sees the cohort with today, the payments and the tool account', async () => {
    await openHydrated(page, '/student');
    const form = page.locator('main form');
    await form.getByLabel('用户名或邮箱', { exact: true }).fill(username);
    await form.getByLabel('密码', { exact: true }).fill(password);
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/student\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`你好，${name}`);
    await expect(page.locator('#cohort')).toContainText(`门户期${suffix}`);
    await expect(page.locator('#cohort [aria-current="date"]')).toHaveCount(1);
    await expect(page.getByTestId('payments-total')).toContainText('¥10,000.00');
    await expect(page.locator('#tools')).toContainText(`vpn-${suffix}`);
    await expect(page.getByTestId('offer-counts')).toHaveText('待审核 0 · 已接受 0 · 已退回 0');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  await test.step('the student reports an offer with its PDF', async () => {
    await page.getByRole('link', { name: '查看或提交录用报告' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('录用报告');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.locator('#reports')).toContainText('还没有录用报告');
    const form = page.locator('#report form');
    await form.getByLabel('工作类型').selectOption('in_field_full_time');
    await field(form, '接受录用日期').fill(chinaDay(-1));
    await field(form, '用人单位').fill(employer);
    await field(form, '职位').fill('AI 产品经理');
    await field(form, '工作城市').fill('长沙');
    await field(form, '入职日期').fill(chinaDay(7));
    await field(form, '月基本工资（元）').fill('15,000');
    await field(form, '每年发薪月数').fill('14');
    // Without the file the school would have nothing to check: refused beside the field, what was typed kept.
    await form.getByRole('button', { name: '提交报告' }).click();
    await expect(page.locator('#evidence-error')).toHaveText('请至少上传一个证明材料');
    await expect(field(form, '用人单位')).toHaveValue(employer);
    await form.getByLabel('证明材料', { exact: true }).setInputFiles({ name: '录用通知书.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: '提交报告' }).click();
    await expect(page.getByRole('status')).toHaveText('已提交，等待学校审核。');
    const report = page.getByTestId('offer-report');
    await expect(report).toHaveCount(1);
    await expect(report).toContainText(`${employer} · AI 产品经理 · 长沙`);
    await expect(report.getByTestId('offer-state')).toHaveText('待审核');
    await expect(report).toContainText('月薪 ¥15,000.00 × 14 + 津贴 ¥0.00，合同年薪 ¥210,000.00');
    await expect(report).toContainText('证明材料 1 个');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  await test.step('the administrator accepts it on the card, the PDF under its own name', async () => {
    await admin.goto(`/admin/students/${studentId}/show`);
    const outcome = admin.getByTestId('outcome').filter({ hasText: employer });
    await expect(outcome.getByTestId('outcome-review')).toContainText('学员报告待审核');
    await expect(outcome.getByRole('link', { name: /录用通知书：录用通知书\.pdf/ })).toBeVisible();
    await outcome.getByRole('button', { name: /^接受录用报告/ }).click();
    await expect(toast(admin, '已接受该录用报告')).toBeVisible();
    await expect(outcome.getByTestId('outcome-review')).toContainText('学员报告已接受');
  });

  await test.step('the student sees it accepted', async () => {
    await openHydrated(page, '/student/offers');
    await expect(page.getByTestId('offer-report').getByTestId('offer-state')).toHaveText('已接受');
    await openHydrated(page, '/student/home');
    await expect(page.getByTestId('offer-counts')).toHaveText('待审核 0 · 已接受 1 · 已退回 0');
  });
});

test('student portal: the offer report works without JavaScript, its refusals beside their fields', async ({ page: admin, browser }, testInfo) => {
  test.setTimeout(120_000);
  const suffix = `${testInfo.project.name.replace(/\W/g, '')}${Date.now() % 1_000_000}${random(100)}`;
  const username = `nojs${suffix}`.toLowerCase();
  const password = `pass-${suffix}`;
  await loginAsAdmin(admin, { at: '/admin/students' });
  const studentId = await created(admin, '/api/admin/students', { name: `无脚本${suffix}`, phone: `138${String(Date.now()).slice(-8)}`, enrollmentDate: chinaDay(-30) });
  await created(admin, '/api/admin/student-accounts', { studentId, kind: 'student_login', username, email: `${username}@example.cn`, password });

  const page = await studentBrowser(browser, testInfo, { javaScriptEnabled: false });
  await page.goto('/student');
  await page.getByLabel('用户名或邮箱', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/student\/home$/);
  await page.goto('/student/offers');

  const form = page.locator('#report form');
  const fill = async (monthlyBase: string) => {
    await field(form, '接受录用日期').fill(chinaDay(-3));
    await field(form, '用人单位').fill(`无脚本公司${suffix}`);
    await field(form, '职位').fill('产品助理');
    await field(form, '工作城市').fill('长沙');
    await field(form, '入职日期').fill(chinaDay(4));
    await field(form, '月基本工资（元）').fill(monthlyBase);
    await field(form, '每年发薪月数').fill('13');
    await form.getByLabel('证明材料', { exact: true }).setInputFiles({ name: '劳动合同.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByLabel('证明材料类型').selectOption('labour_contract');
  };
  // An amount that is none: the page's own refusal, the rest kept (the file is chosen again).
  await fill('一万');
  await form.getByRole('button', { name: '提交报告' }).click();
  await expect(page.locator('#monthlyBase-error')).toHaveText('请输入有效的金额');
  await expect(field(form, '用人单位')).toHaveValue(`无脚本公司${suffix}`);
  await expect(field(form, '月基本工资（元）')).toHaveAttribute('aria-invalid', 'true');

  await fill('9000.50');
  await form.getByRole('button', { name: '提交报告' }).click();
  await expect(page).toHaveURL(/\/student\/offers\?submitted=1$/);
  await expect(page.getByRole('status')).toHaveText('已提交，等待学校审核。');
  const report = page.getByTestId('offer-report');
  await expect(report).toContainText(`无脚本公司${suffix} · 产品助理 · 长沙`);
  await expect(report.getByTestId('offer-state')).toHaveText('待审核');
  await expect(report).toContainText('月薪 ¥9,000.50 × 13');
  // The evidence reached the school under its own name and kind.
  const outcomes = await admin.request.get(`/api/admin/outcomes?filter=${encodeURIComponent(JSON.stringify({ studentId }))}`);
  const [outcome] = ((await outcomes.json()) as { data: Array<{ evidence: Array<{ originalName: string; kind: string }> }> }).data;
  expect(outcome!.evidence).toEqual([expect.objectContaining({ originalName: '劳动合同.pdf', kind: 'labour_contract' })]);
  await page.context().close();
});
