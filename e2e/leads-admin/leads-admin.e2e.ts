import { readFile } from 'node:fs/promises';
import { maskPhone } from '@aipm/contracts';
import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin, toast } from '../support/admin';
import { chinaDay, chinaMinute, clearLeads, SEARCH_MESSAGES, SEARCH_REGISTRATIONS, search, type SeededLeads, seedLeads } from './leads';
import { DESKTOP_ONLY } from '../support/viewport';
import { chooseOption } from '../support/select';
import { withDatabase } from '../site/jobs-database';

/** "YYYY-MM-DDTHH:mm" in China time, `minutes` from now: what the follow-up's due-time field takes. */

/** Opens an area from the menu (behind the menu button on phones). */
async function openArea(page: Page, isMobile: boolean, label: string) {
  if (isMobile) await page.getByRole('button', { name: '打开菜单' }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

/** The leads in the list: table rows from 600 px up, the cards of the simple list on phones. */
const LEAD_ITEMS = 'tbody tr, .lead-cards > li';

function leadItem(page: Page, name: string) {
  return page.locator(LEAD_ITEMS).filter({ hasText: name });
}

const chooseFilter = (page: Page, label: string | RegExp, option: string) => chooseOption(page.getByRole('combobox', { name: label }), option);

/**
 * Picks a status that asks for its reason (无效, 已流失): the dialog opens at once and, being modal, takes the select
 * out of the accessibility tree, so chooseOption's last check (the select shows the option) cannot be made here.
 */
async function pickStatusWithReason(page: Page, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: /状态/ });
  await select.focus();
  await select.press('ArrowDown');
  const menu = page.getByRole('listbox');
  await expect(menu).toBeVisible();
  await menu.getByRole('option', { name: option, exact: true }).click();
  await expect(menu).toBeHidden();
}

async function addDateFilter(page: Page, label: string, day: string) {
  if (!(await page.getByLabel(label).isVisible())) {
    await page.getByRole('button', { name: '添加筛选' }).click();
    await page.getByRole('menuitemcheckbox', { name: label }).click();
  }
  const input = page.getByLabel(label);
  await input.fill(day);
  // Debounced like the search: a filter added before the list has asked for this one is dropped when it does
  // (react-admin sets the filters with the displayed ones it had), so wait for the request first.
  const source = await input.getAttribute('name');
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`"${source}":"${day}"`);
}


/**
 * The administrator's work on the leads the public forms bring in. Each viewport runs the whole story on the
 * shared system: it clears the leads, sees the empty texts, seeds its own leads through the public calls,
 * then reads, searches, filters, follows up, exports and erases them.
 */
test.describe.serial('back office: registrations and consultation messages', () => {
  let leads: SeededLeads;

  test('shows 暂无注册信息 and 暂无咨询消息 when there is no lead', async ({ page, isMobile }) => {
    await loginAsAdmin(page);
    await clearLeads(page.request);
    await openArea(page, isMobile, '学员注册');
    await expect(page.getByText('暂无注册信息', { exact: true })).toBeVisible();
    await openArea(page, isMobile, '咨询消息');
    await expect(page.getByText('暂无咨询消息', { exact: true })).toBeVisible();
  });

  test('lists the leads of the public forms with the card fields, a repeat counted on the first lead', async ({ page, request, isMobile }, testInfo) => {
    // Seeding may wait out the form rate limit (one minute) when the other viewport seeded just before.
    test.setTimeout(180_000);
    leads = await seedLeads(request, testInfo.project.name);
    await loginAsAdmin(page);
    // The dashboard counts the same data: three leads (the repeat is not one), two messages, all today.
    await expect(page.getByTestId('stat-totalRegistrations')).toHaveText(/3$/);
    await expect(page.getByTestId('stat-totalMessages')).toHaveText(/2$/);
    await expect(page.getByTestId('stat-todayRegistrations')).toHaveText(/3$/);

    await openArea(page, isMobile, '学员注册');
    const first = leadItem(page, leads.repeat.name);
    // Phones are masked in the lists (PIPL).
    await expect(first).toContainText(maskPhone(leads.repeat.phone));
    await expect(first).not.toContainText(leads.repeat.phone);
    await expect(first).toContainText(/\d{4}年\d{2}月\d{2}日 \d{2}:\d{2}/);
    await expect(first.getByTestId('lead-status')).toHaveText('新报名');
    await expect(first.getByTestId('lead-repeat')).toHaveText('重复提交 1 次');
    await expect(leadItem(page, leads.second.name)).toContainText('湖南大学');
    await expect(leadItem(page, leads.third.name).getByTestId('lead-repeat')).toHaveCount(0);
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(3);

    await openArea(page, isMobile, '咨询消息');
    await expect(leadItem(page, leads.repeat.name).getByTestId('lead-subject')).toHaveText('课程咨询');
    await expect(leadItem(page, leads.asker.name).getByTestId('lead-subject')).toHaveText('技术问题');
    await expect(leadItem(page, leads.asker.name)).toContainText(maskPhone(leads.asker.phone));
  });

  test('changes a status on the lead page, and the badge follows', DESKTOP_ONLY, async ({ page }) => {
    await loginAsAdmin(page, { at: '/admin/registrations' });
    await leadItem(page, leads.repeat.name).getByText(leads.repeat.name).click();
    const details = page.getByTestId('lead-details');
    await expect(details).toContainText(leads.repeat.email);
    await expect(details).toContainText('重复提交 1 次');
    await chooseFilter(page, /状态/, '已联系');
    await page.getByRole('textbox', { name: '备注' }).fill('已电话沟通，周末再联系');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '已更新')).toBeVisible();

    await expect(page).toHaveURL(/\/admin\/registrations(\?.*)?$/);
    await expect(leadItem(page, leads.repeat.name).getByTestId('lead-status')).toHaveText('已联系');
    await expect(leadItem(page, leads.second.name).getByTestId('lead-status')).toHaveText('新报名');
  });

  test('schedules a follow-up two minutes ahead, is reminded when it falls due, and records the call’s result', DESKTOP_ONLY, async ({ page }) => {
    await loginAsAdmin(page, { at: '/admin/registrations' });
    await leadItem(page, leads.second.name).getByText(leads.second.name).click();
    const panel = page.getByTestId('lead-follow-ups');
    await expect(panel).toContainText('还没有跟进任务。');

    // A time already past is refused with the rule's words.
    await panel.getByLabel(/到期时间/).fill(chinaMinute(-10));
    await panel.getByRole('button', { name: '安排跟进' }).click();
    await expect(panel).toContainText('到期时间不能早于现在，请选择未来的时间');

    const note = `回电 ${leads.tag}`;
    await panel.getByLabel(/到期时间/).fill(chinaMinute(2));
    await panel.getByRole('textbox', { name: '说明（选填）' }).fill(note);
    await panel.getByRole('button', { name: '安排跟进' }).click();
    await expect(toast(page, '已安排跟进')).toBeVisible();
    await expect(panel.getByTestId('lead-follow-up-row')).toContainText(/电话/);

    // The dashboard opens on 今日待办; the reminders' stream is open from here on.
    await page.goto('/admin');
    const today = page.getByTestId('today-agenda-card');
    await expect(today.getByRole('heading', { name: '今日待办' })).toBeVisible();
    // Time moves instead of the test waiting two minutes: the due time comes 3 s ahead, and scheduling another
    // follow-up (a week ahead, on another lead) makes the API look at the due times again, as any change does.
    await withDatabase((client) => client.query(`UPDATE follow_ups SET "dueAt" = now() + interval '3 seconds' WHERE note = $1`, [note]));
    const other = (await (await page.request.get('/api/registrations?filter=' + encodeURIComponent(JSON.stringify({ q: leads.third.name })))).json()) as { data: { id: string }[] };
    const scheduled = await page.request.post('/api/admin/follow-ups', {
      data: { leadType: 'registration', leadId: other.data[0]!.id, dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), kind: 'wechat' },
    });
    expect(scheduled.status()).toBe(201);

    // Desktop notifications are not allowed in this browser: the reminder is a toast, and 今日待办 is read again.
    await expect(toast(page, new RegExp(`跟进到期：${leads.second.name}（电话） · ${note}`))).toBeVisible({ timeout: 20_000 });
    const row = today.getByTestId('today-due-row').filter({ hasText: leads.second.name });
    await expect(row).toContainText(note);
    await expect(row.getByRole('link', { name: `打开 ${leads.second.name} 的个人页` })).toHaveAttribute('href', /\/people\/registrations\//);

    await row.getByRole('button', { name: '完成' }).click();
    const dialog = page.getByRole('dialog', { name: /记录跟进结果/ });
    await dialog.getByRole('textbox', { name: /跟进结果/ }).fill('已沟通，周末来面谈');
    await dialog.getByRole('button', { name: '保存结果' }).click();
    await expect(toast(page, '跟进已完成')).toBeVisible();
    await expect(today.getByTestId('today-due-row').filter({ hasText: leads.second.name })).toHaveCount(0);
  });

  test('marks a lead 已流失 with a reason from the dialog, and shows the reason on the lead', DESKTOP_ONLY, async ({ page }) => {
    await loginAsAdmin(page, { at: '/admin/registrations' });
    await leadItem(page, leads.third.name).getByText(leads.third.name).click();
    await expect(page.getByTestId('lead-details')).toContainText('尚未联系');

    // Cancelling the dialog puts the status back.
    await pickStatusWithReason(page, '已流失');
    const dialog = page.getByRole('dialog', { name: '标记为「已流失」' });
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: /状态/ })).toHaveText('新报名');

    await pickStatusWithReason(page, '已流失');
    await expect(dialog.getByRole('button', { name: '确定' })).toBeDisabled();
    await dialog.getByRole('radio', { name: '选择了其他机构' }).check();
    await dialog.getByRole('textbox', { name: '补充说明（选填）' }).fill('报了别家的周末班');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByTestId('lead-status-reason')).toContainText('原因：选择了其他机构');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '已更新')).toBeVisible();

    await expect(leadItem(page, leads.third.name).getByTestId('lead-status')).toHaveText('已流失');
    await leadItem(page, leads.third.name).getByText(leads.third.name).click();
    await expect(page.getByTestId('lead-status-reason')).toContainText('原因：选择了其他机构');
    await expect(page.getByTestId('lead-status-reason')).toContainText('说明：报了别家的周末班');

    // Back to 新报名 (the journeys after this one count it so): another status clears the reason.
    await chooseFilter(page, /状态/, '新报名');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(leadItem(page, leads.third.name).getByTestId('lead-status')).toHaveText('新报名');
    await leadItem(page, leads.third.name).getByText(leads.third.name).click();
    await expect(page.getByTestId('lead-status-reason')).toHaveCount(0);
  });

  test('searches and filters by status, subject and date on the server', DESKTOP_ONLY, async ({ page }) => {
    await loginAsAdmin(page, { at: '/admin/registrations' });
    await search(page, SEARCH_REGISTRATIONS, leads.second.phone.slice(-6));
    await expect(leadItem(page, leads.second.name)).toBeVisible();
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(1);

    await search(page, SEARCH_REGISTRATIONS, leads.tag);
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(3);
    await chooseFilter(page, '状态', '已联系');
    await expect(leadItem(page, leads.repeat.name)).toBeVisible();
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(1);
    await chooseFilter(page, '状态', '新报名');
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(2);

    // Created today (China time): in today's range, not in one that ended yesterday.
    await addDateFilter(page, '起始日期', chinaDay(-7));
    await addDateFilter(page, '截止日期', chinaDay(-1));
    await expect(page.getByText(/当前筛选条件下没有找到/)).toBeVisible();
    await addDateFilter(page, '截止日期', chinaDay(0));
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(2);

    await page.goto('/admin/messages');
    await search(page, SEARCH_MESSAGES, leads.tag);
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(2);
    await chooseFilter(page, '咨询主题', '技术问题');
    await expect(leadItem(page, leads.asker.name)).toBeVisible();
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(1);
  });

  test('exports every matching row as CSV from the API', DESKTOP_ONLY, async ({ page }) => {
    await loginAsAdmin(page, { at: '/admin/registrations' });
    await search(page, SEARCH_REGISTRATIONS, leads.tag);
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(3);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV 导出' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^registrations-\d{8}\.csv$/);
    const bytes = await readFile(await download.path());
    // UTF-8 with a BOM, so Excel on Chinese Windows reads it right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('报名时间,姓名,手机号码,邮箱,学校,专业,学习目标,状态,原因,原因说明,首次联系时间,备注,跟进日期,重复提交次数,来源,媒介,活动,来源页面,协议版本,ID');
    expect(lines).toHaveLength(4);
    const row = lines.find((line) => line.includes(leads.repeat.name)) ?? '';
    // Masked in the file too (PIPL).
    expect(row).toContain(maskPhone(leads.repeat.phone));
    expect(bytes.toString('utf8')).not.toContain(leads.repeat.phone);
    // The status as its label, not its code, then no reason, and the first contact the status change stamped
    // (docs/product/back-office.md#csv-export).
    expect(row).toMatch(/,已联系,,,\d{4}-\d\d-\d\d \d\d:\d\d,已电话沟通，周末再联系,/);
    expect(row.split(',')[13]).toBe('1');
    for (const who of [leads.second, leads.third]) expect(lines.some((line) => line.includes(who.name) && line.includes(maskPhone(who.phone)))).toBe(true);

    // The export follows the filters on screen.
    await chooseFilter(page, '状态', '已联系');
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(1);
    const [filtered] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV 导出' }).click()]);
    const filteredLines = (await readFile(await filtered.path())).toString('utf8').trimEnd().split('\r\n');
    expect(filteredLines).toHaveLength(2);
    expect(filteredLines[1]).toContain(leads.repeat.name);
  });

  test("shows a masked phone in full on request and exports everything about the person as one file", DESKTOP_ONLY, async ({ page }) => {
    await loginAsAdmin(page, { at: '/admin/registrations' });
    await leadItem(page, leads.repeat.name).getByText(leads.repeat.name).click();
    const details = page.getByTestId('lead-details');
    await expect(details).toContainText(maskPhone(leads.repeat.phone));
    await details.getByRole('button', { name: '显示完整手机号码（将记入操作日志）' }).click();
    await expect(details).toContainText(leads.repeat.phone);
    await details.getByRole('button', { name: '隐藏完整手机号码' }).click();
    await expect(details).not.toContainText(leads.repeat.phone);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出此人全部数据' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^person-\d{8}\.json$/);
    const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      registrations: Array<{ name: string; phone: string }>;
      messages: Array<{ subject: string }>;
      consents: unknown[];
      notifications: unknown[];
    };
    // The registration (its repeat counted on it), the consultation message and the consent, phones in full.
    expect(file.registrations.map((row) => [row.name, row.phone])).toEqual([[leads.repeat.name, leads.repeat.phone]]);
    expect(file.messages.map((row) => row.subject)).toEqual(['course']);
    expect(file.consents).toHaveLength(1);
    expect(file.notifications).toHaveLength(2);
    await expect(toast(page, /^已导出 person-\d{8}\.json：1 条注册信息，1 条咨询消息，0 名学员$/)).toBeVisible();
  });

  test("erases a person's registrations and messages after a confirmation", DESKTOP_ONLY, async ({ page }) => {
    await loginAsAdmin(page, { at: '/admin/registrations' });
    await leadItem(page, leads.repeat.name).getByText(leads.repeat.name).click();
    await page.getByRole('button', { name: '删除此人全部记录' }).click();
    const dialog = page.getByRole('dialog', { name: '删除此联系人的全部记录？' });
    await expect(dialog).toContainText(maskPhone(leads.repeat.phone));
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('lead-details')).toContainText(leads.repeat.name);

    await page.getByRole('button', { name: '删除此人全部记录' }).click();
    await dialog.getByRole('button', { name: '永久删除' }).click();
    await expect(toast(page, '已删除该联系人的全部记录：1 条注册信息，1 条咨询消息，0 名学员（含合同、缴费、账户和文件）')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/registrations(\?.*)?$/);
    await search(page, SEARCH_REGISTRATIONS, leads.tag);
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(2);
    await expect(leadItem(page, leads.repeat.name)).toHaveCount(0);

    await page.goto('/admin/messages');
    await search(page, SEARCH_MESSAGES, leads.tag);
    await expect(leadItem(page, leads.asker.name)).toBeVisible();
    await expect(page.locator(LEAD_ITEMS)).toHaveCount(1);
  });
});
