import { maskPhone } from '@aipm/contracts';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { loginAsAdmin, toast } from '../support/admin';

/** A lead as a visitor leaves it, from an address of its own (the e2e system trusts X-Forwarded-For from loopback). */
async function leaveLead(request: APIRequestContext, path: '/api/registrations' | '/api/contact', data: Record<string, unknown>): Promise<string> {
  const visitor = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const response = await request.post(path, { data, headers: { 'X-Forwarded-For': visitor } });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/**
 * 转为学员 (docs/product/students.md#enrol-a-lead): a registration becomes a student from its page, the form filled
 * with its data; the card and the lead link each other; the same person's consultation message is then refused
 * with a link to that student. Each width uses its own person.
 */
test('back office: a registration enrolled as a student in one step, and the same person refused twice', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const name = `入学${testInfo.project.name}${Date.now() % 100000}`;
  const phone = `135${String(Date.now()).slice(-8)}`;
  const registration = await leaveLead(request, '/api/registrations', { name, phone, school: '中南大学', major: '软件工程', goals: '转型', agreement: true });
  const message = await leaveLead(request, '/api/contact', { name, phone, subject: 'course', message: '想报名九月班' });
  await loginAsAdmin(page, { at: `/admin/registrations/${registration}` });

  await page.getByRole('link', { name: '转为学员' }).click();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: '保存' }) });
  await expect(page.getByText(`来自报名记录：${name}`)).toBeVisible();
  await expect(form.getByRole('textbox', { name: /^姓名/ })).toHaveValue(name);
  await expect(form.getByRole('textbox', { name: /^手机号码/ })).toHaveValue(maskPhone(phone));
  await expect(form.getByRole('textbox', { name: /^学校/ })).toHaveValue('中南大学');
  await form.getByRole('button', { name: '保存' }).click();

  await expect(toast(page, '已转为学员')).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: '报名记录' }).click();
  await expect(page.getByTestId('lead-details')).toContainText('已报名入学');
  await expect(page.getByRole('link', { name: '查看学员' })).toBeVisible();

  // The same phone in a consultation message: one person, enrolled once.
  await page.goto(`/admin/messages/${message}`);
  await page.getByRole('link', { name: '转为学员' }).click();
  await expect(page.getByText(`来自咨询消息：${name}`)).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '此人已是学员，不能重复转为学员。' })).toBeVisible();
  await page.getByRole('link', { name: '查看已有学员' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
});
