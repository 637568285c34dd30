import { maskPhone } from '@aipm/contracts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { withDatabase } from '../site/jobs-database';
import { loginAsAdmin, toast } from '../support/admin';
import { chooseOption } from '../support/select';
import { letterTag } from '../support/tag';
import { chinaMinute, SEARCH_REGISTRATIONS, search } from './leads';

/*
 * The sales day at 1280 px and 375 px (docs/product/back-office.md#person-page, #duplicates, #follow-ups,
 * #lead-follow-up-figures): a visitor registers twice (a new number the second time, the same email) and writes a
 * message; the administrator sees one person with three records, from the list and from a lead's page; merges the
 * message into the first registration on 疑似重复, undoes, merges again; schedules a follow-up two minutes ahead, is
 * reminded when it falls due, records the call's result, marks the lead contacted, and sees the funnel of the
 * visitor's source and the week's first-contact figure move.
 */


/** A row's figures, by column header, of one of the dashboard's follow-up tables. */
async function figures(table: Locator, row: Locator): Promise<Record<string, string>> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const cells = await row.getByRole('cell').allInnerTexts();
  return Object.fromEntries(headers.map((header, index) => [header.trim(), (cells[index] ?? '').trim()]));
}

/** The dashboard, read afresh: the funnel row of `source` and the newest week of the first-contact table. */
async function followUpFigures(page: Page, source: string) {
  await page.goto('/admin');
  const card = page.getByTestId('lead-follow-up-card');
  const funnel = card.getByTestId('source-funnel-table');
  const funnelRow = funnel.getByRole('row').filter({ hasText: source });
  await expect(funnelRow).toHaveCount(1);
  const weeks = card.getByTestId('first-contact-table');
  const newestWeek = weeks.getByRole('row').nth(1);
  await expect(newestWeek).toBeVisible();
  return { funnel: await figures(funnel, funnelRow), week: await figures(weeks, newestWeek) };
}

/** The visitor's two registrations, oldest first, as the list reads them. */
async function registrationsOf(page: Page, tag: string): Promise<Array<{ id: string }>> {
  const answer = await page.request.get(`/api/registrations?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`);
  const found = (await answer.json()) as { data: Array<{ id: string; createdAt: string }> };
  expect(found.data).toHaveLength(2);
  return found.data.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

async function submit(request: APIRequestContext, path: string, data: Record<string, unknown>, visitor: string): Promise<void> {
  const response = await request.post(path, { data, headers: { 'X-Forwarded-For': visitor } });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
}

test.describe.serial('back office: the sales day', () => {
  test('one person with three records, merged, undone and merged again; a follow-up reminded and done; the funnel and first-contact figures move', async ({ page, request, isMobile }, testInfo) => {
    test.setTimeout(150_000);
    const tag = letterTag(testInfo.project.name);
    const name = `戊${tag}`;
    const phone = `135${digits(8)}`;
    const otherPhone = `135${digits(8)}`;
    const email = `wu.${tag}@example.cn`;
    // Its own visitor address (TEST-NET-2): the form rate limit of the other journeys stays theirs.
    const visitor = `198.51.100.${(Date.now() % 250) + 1}`;
    // The visitor came from an ad of their own: the funnel's row for this source is theirs alone.
    const utmSource = `journey-${tag}`;
    const source = { utm_source: utmSource, landingPath: '/' };
    await submit(request, '/api/registrations', { name, phone, email, school: '中南大学', major: '软件工程', goals: '转行', agreement: true, source }, visitor);
    await submit(request, '/api/registrations', { name, phone: otherPhone, email, school: '中南大学', major: '软件工程', agreement: true, source }, visitor);
    await submit(request, '/api/contact', { name, phone, subject: 'pricing', message: '学费可以分期吗？', source }, visitor);

    await loginAsAdmin(page, { at: '/admin/registrations' });
    // The first page already shows this run's rows (the newest): the link is clicked once the search has applied.
    await search(page, SEARCH_REGISTRATIONS, tag);
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
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await fits();

    // 疑似重复 (docs/product/back-office.md#duplicates): the first registration and the message share the phone.
    await page.goto('/admin/messages');
    await page.getByTestId('duplicates-link').click();
    await expect(page).toHaveURL(/\/admin\/people\/duplicates$/);
    const group = page.locator('section').filter({ hasText: name }).filter({ hasText: '同一手机号' });
    await expect(group).toHaveCount(1);
    await expect(group).toContainText(maskPhone(phone));
    await expect(page.locator('body')).not.toContainText(phone);
    await fits();
    // The oldest is kept, the message merged into it; by keyboard: the merge button is reached and pressed.
    await expect(group.getByRole('radio', { name: '保留这条: 记录 1' })).toBeChecked();
    await group.getByRole('button', { name: '合并' }).focus();
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({ hasText: '已合并' });
    await expect(status).toContainText('已合并。被合并的记录已从列表中隐藏。');
    await expect(group).toHaveCount(0);
    await fits();

    // Undone: the group is back as it was; merged again.
    await status.getByRole('button', { name: '撤销合并' }).click();
    await expect(toast(page, '已撤销合并，两条记录已恢复原样')).toBeVisible();
    await expect(group).toHaveCount(1);
    await group.getByRole('button', { name: '合并' }).click();
    await expect(status).toBeVisible();
    await expect(group).toHaveCount(0);

    // The message left the list (on a fresh system the list is then empty and shows its empty state, so the list's
    // own read says it); the person page still shows it, with its history.
    const messages = (await (await page.request.get(`/api/contact?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`)).json()) as { data: unknown[] };
    expect(messages.data).toHaveLength(0);
    await page.goto(`/admin/people/registrations/${(await registrationsOf(page, tag))[0]!.id}`);
    await expect(page.getByTestId('person-records-list').getByRole('link')).toHaveCount(3);

    // The figures before anyone called: the source's leads are all waiting.
    const before = await followUpFigures(page, utmSource);
    expect(before.funnel['已联系']).toBe('0');

    // A follow-up on the first registration, two minutes ahead.
    const [first, second] = await registrationsOf(page, tag);
    await page.goto(`/admin/registrations/${first!.id}`);
    const panel = page.getByTestId('lead-follow-ups');
    const note = `回电 ${tag}`;
    await panel.getByLabel(/到期时间/).fill(chinaMinute(2));
    await panel.getByRole('textbox', { name: '说明（选填）' }).fill(note);
    // By keyboard: on the emulated phone a click's hit test lands beside this button once it has been scrolled to.
    await panel.getByRole('button', { name: '安排跟进' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, '已安排跟进')).toBeVisible();

    // The dashboard opens on 今日待办, and the reminders' stream is open. Time moves instead of the test waiting two
    // minutes: the due time comes 3 s ahead, and another follow-up (a week ahead, on the second registration) makes
    // the API look at the due times again, as any change does.
    await page.goto('/admin');
    const today = page.getByTestId('today-agenda-card');
    await expect(today.getByRole('heading', { name: '今日待办' })).toBeVisible();
    await withDatabase((client) => client.query(`UPDATE follow_ups SET "dueAt" = now() + interval '3 seconds' WHERE note = $1`, [note]));
    const scheduled = await page.request.post('/api/admin/follow-ups', {
      data: { leadType: 'registration', leadId: second!.id, dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), kind: 'wechat' },
    });
    expect(scheduled.status()).toBe(201);
    // Desktop notifications are not allowed in this browser: the reminder is a toast, and 今日待办 is read again.
    await expect(toast(page, new RegExp(`跟进到期：${name}（电话） · ${note}`))).toBeVisible({ timeout: 20_000 });
    const due = today.getByTestId('today-due-row').filter({ hasText: note });
    await expect(due).toHaveCount(1);
    await fits();

    // The call's result.
    await due.getByRole('button', { name: '完成' }).click();
    const dialog = page.getByRole('dialog', { name: /记录跟进结果/ });
    await dialog.getByRole('textbox', { name: /跟进结果/ }).fill('已沟通，周末来面谈');
    await dialog.getByRole('button', { name: '保存结果' }).click();
    await expect(toast(page, '跟进已完成')).toBeVisible();
    await expect(today.getByTestId('today-due-row').filter({ hasText: note })).toHaveCount(0);

    // Marked contacted: the first contact is stamped now.
    await page.goto(`/admin/registrations/${first!.id}`);
    await chooseOption(page.getByRole('combobox', { name: /状态/ }), '已联系');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '已更新')).toBeVisible();

    // The funnel of this source and the week's first-contact figure moved.
    const after = await followUpFigures(page, utmSource);
    expect(after.funnel['已联系']).toBe('1');
    expect(after.funnel['到达']).toBe(before.funnel['到达']);
    expect(Number(after.week['已联系'])).toBeGreaterThanOrEqual(Number(before.week['已联系']) + 1);
    expect(after.week['中位用时']).not.toBe('—');
    await fits();
  });
});
