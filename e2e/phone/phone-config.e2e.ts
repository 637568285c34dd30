import { expect, type Page, test } from '@playwright/test';

import { expectFitsPhone, expectNoAxeViolations, openArea } from '../crawler-admin/areas';
import { loginAsAdmin, toast } from '../support/admin';
import { E2E_PHONE } from '../support/phone';
import { DESKTOP_ONLY, PHONE_ONLY } from '../support/viewport';
import { chooseOption } from '../support/select';

interface StandInCall {
  calledNumber?: string;
  to?: string;
  ttsParam?: Record<string, string>;
}

async function standInCalls(page: Page, url: string): Promise<StandInCall[]> {
  const state = await page.request.get(`${url}/__state`);
  return ((await state.json()) as { calls: StandInCall[] }).calls;
}

async function openPhoneSettings(page: Page, isMobile: boolean) {
  await loginAsAdmin(page);
  await openArea(page, isMobile, '通知设置');
  await expect(page.getByTestId('phone-aliyun-status')).toContainText('配置完整');
}

test.describe('通知设置 › 电话通知 (phone notification settings)', () => {
  test.describe.configure({ mode: 'serial' });

  test('shows both lines complete, places a test call through each, and lists them in the log', DESKTOP_ONLY, async ({ page, isMobile }) => {
    await openPhoneSettings(page, isMobile);
    const aliyunBefore = (await standInCalls(page, E2E_PHONE.aliyun.url)).length;

    // Keyboard only: the primary's test call, then the backup's tab and its test call.
    const testCall = page.getByRole('button', { name: '拨打测试电话' });
    await testCall.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, '测试电话已拨出，请留意销售电话')).toBeVisible();
    const aliyunCalls = await standInCalls(page, E2E_PHONE.aliyun.url);
    expect(aliyunCalls).toHaveLength(aliyunBefore + 1);
    expect(aliyunCalls.at(-1)).toMatchObject({ calledNumber: E2E_PHONE.salesNumber, ttsParam: { kind: '测试' } });

    await page.getByRole('tab', { name: '阿里云语音（主线路）' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('backup-mainland-note')).toContainText('不支持拨打中国大陆号码');
    await expect(page.getByTestId('phone-twilio-status')).toContainText('配置完整');
    await page.getByRole('button', { name: '发送测试电话' }).click();
    await expect(toast(page, '测试成功：测试电话已通过备用线路拨出')).toBeVisible();
    expect((await standInCalls(page, E2E_PHONE.twilio.url)).at(-1)).toMatchObject({ to: E2E_PHONE.twilio.backupTo });

    const log = page.getByRole('region', { name: '通知记录' });
    await expect(log.getByRole('row').filter({ hasText: 'Twilio' }).first()).toContainText('已拨出');
    await expect(log.getByRole('row').filter({ hasText: '阿里云' }).first()).toContainText('测试电话');
    await expect(log.getByRole('row').filter({ hasText: '阿里云' }).first()).toContainText('¥0.13');

    // The log filters by line, on the server: only Twilio's attempts are left.
    await chooseOption(log.getByRole('combobox', { name: '线路' }), 'Twilio');
    await expect(log.getByRole('row').filter({ hasText: '阿里云' })).toHaveCount(0);
    await expect(log.getByRole('row').filter({ hasText: 'Twilio' }).first()).toBeVisible();
  });

  test('has no axe violations on either line', async ({ page, isMobile }) => {
    await openPhoneSettings(page, isMobile);
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Twilio（备用线路）' }).click();
    await expect(page.getByTestId('phone-twilio-status')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('fits a 375 px phone: status, tests and log within the screen, and places both test calls by touch', PHONE_ONLY, async ({ page, isMobile }) => {
    await openPhoneSettings(page, isMobile);
    await expectFitsPhone(
      page,
      page.getByTestId('phone-aliyun-status'),
      page.getByRole('button', { name: '测试连接' }),
      page.getByRole('button', { name: '拨打测试电话' }),
      page.getByRole('region', { name: '通知记录' }),
    );

    // What the desktop journey does by keyboard, by touch: a test call through each line, then both in the log.
    const aliyunBefore = (await standInCalls(page, E2E_PHONE.aliyun.url)).length;
    await page.getByRole('button', { name: '拨打测试电话' }).tap();
    await expect(toast(page, '测试电话已拨出，请留意销售电话')).toBeVisible();
    expect(await standInCalls(page, E2E_PHONE.aliyun.url)).toHaveLength(aliyunBefore + 1);
    await page.getByRole('tab', { name: 'Twilio（备用线路）' }).tap();
    await expect(page.getByTestId('backup-mainland-note')).toContainText('不支持拨打中国大陆号码');
    await page.getByRole('button', { name: '发送测试电话' }).tap();
    await expect(toast(page, '测试成功：测试电话已通过备用线路拨出')).toBeVisible();
    const log = page.getByRole('region', { name: '通知记录' });
    await expect(log.getByText(/^Twilio · /).first()).toBeVisible();
    await expect(log.getByText(/^阿里云 · /).first()).toBeVisible();
  });
});
