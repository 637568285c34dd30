import { maskPhone } from '@aipm/contracts';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { loginAsAdmin } from '../support/admin';

/*
 * 客户主页 (docs/product/back-office.md#person-page) at 1280 px and 375 px: a visitor registers twice (a new number the
 * second time, the same email) and writes a message; the administrator sees one person with three records, from the
 * list and from a lead's page.
 */

const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

async function submit(request: APIRequestContext, path: string, data: Record<string, unknown>, visitor: string): Promise<void> {
  const response = await request.post(path, { data, headers: { 'X-Forwarded-For': visitor } });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
}

test.describe.serial('back office: the person page', () => {
  test('shows one person with their three records on one timeline, reached from the list and from a lead', async ({ page, request, isMobile }, testInfo) => {
    const tag = `${testInfo.project.name}${Date.now().toString(36)}`.toLowerCase();
    const name = `戊${tag}`;
    const phone = `135${digits(8)}`;
    const otherPhone = `135${digits(8)}`;
    const email = `wu.${tag}@example.cn`;
    // Its own visitor address (TEST-NET-2): the form rate limit of the other journeys stays theirs.
    const visitor = `198.51.100.${(Date.now() % 250) + 1}`;
    await submit(request, '/api/registrations', { name, phone, email, school: '中南大学', major: '软件工程', goals: '转行', agreement: true }, visitor);
    await submit(request, '/api/registrations', { name, phone: otherPhone, email, school: '中南大学', major: '软件工程', agreement: true }, visitor);
    await submit(request, '/api/contact', { name, phone, subject: 'pricing', message: '学费可以分期吗？' }, visitor);

    await loginAsAdmin(page, { at: '/admin/registrations' });
    await page.getByPlaceholder('搜索姓名、手机、邮箱、学校').fill(tag);
    const rows = page.locator('tbody tr, .lead-cards > li').filter({ hasText: name });
    await expect(rows).toHaveCount(2);
    // Each registration's person has three records (the other registration by email, the message by phone).
    await expect(rows.first().getByTestId('person-records')).toHaveText('3 条记录');

    if (isMobile) {
      // A phone's card is a link already: the chip is a label there, and the lead's page has the button.
      await rows.first().click();
      await page.getByRole('link', { name: '查看此人全部记录' }).click();
    } else {
      await rows.first().getByRole('link', { name: '此人共有 3 条记录，打开客户主页' }).click();
    }

    await expect(page).toHaveURL(/\/admin\/people\/registrations\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('person-records-list').getByRole('link')).toHaveCount(3);
    // Phones stay masked on the page.
    await expect(page.getByText(maskPhone(phone)).first()).toBeVisible();
    await expect(page.locator('body')).not.toContainText(phone);
    const timeline = page.getByTestId('person-timeline').getByRole('listitem');
    await expect(timeline.filter({ hasText: '提交报名' })).toHaveCount(2);
    await expect(timeline.filter({ hasText: '发送咨询' })).toHaveCount(1);
    await expect(timeline.filter({ hasText: '同意协议' })).toHaveCount(2);
    // Newest first: the message came last.
    await expect(timeline.first()).toContainText(/发送咨询|新线索来电通知/);

    // From the message's own record, the same person.
    await page.getByTestId('person-records-list').getByRole('link', { name: /^咨询/ }).click();
    await expect(page).toHaveURL(/\/admin\/messages\/[0-9a-f-]+$/);
    await page.getByRole('link', { name: '查看此人全部记录' }).click();
    await expect(page).toHaveURL(/\/admin\/people\/messages\/[0-9a-f-]+$/);
    await expect(page.getByTestId('person-records-list').getByRole('link')).toHaveCount(3);

    // Keyboard: the records and each entry's record are links in the tab order.
    await page.getByTestId('person-records-list').getByRole('link').first().focus();
    await expect(page.getByTestId('person-records-list').getByRole('link').first()).toBeFocused();
    // 375 px: nothing wider than the screen.
    const width = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});
