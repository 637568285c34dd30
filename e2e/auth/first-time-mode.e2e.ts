import { expect, test } from '@playwright/test';
import { toast, welcomeLine } from '../support/admin';
import { type RunningSystem, startSystem } from '../support/system';
import { DESKTOP_ONLY } from '../support/viewport';

const SEEDED = { email: 'owner@aipm.test', initialPassword: 'Initial-Password-1', newPassword: 'Owner-Password-2' };

/**
 * The password dialog's first-time variant (docs/product/back-office.md#first-time-password): a system started
 * with ADMIN_EMAIL and ADMIN_INITIAL_PASSWORD creates the administrator, whose first sign-in opens the
 * set-password dialog until the password changes.
 */
// The journey does not depend on the viewport, and each run starts a whole second system: once is enough.
test.describe('first-time mode', DESKTOP_ONLY, () => {
  // Starting a second system next to the first is the one step here that can fail for reasons outside the
  // product (port races on a loaded machine); one retry keeps that from failing the suite.
  test.describe.configure({ retries: 1 });
  let system: RunningSystem;

  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructured fixtures argument
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(200_000);
    const basePort = Number(process.env.E2E_PORT ?? 3900);
    system = await startSystem({
      port: basePort + 1 + testInfo.parallelIndex,
      dataDir: `${process.env.E2E_DATA_DIR ?? '.data/e2e'}-first-time-${testInfo.project.name}`,
      env: { ADMIN_EMAIL: SEEDED.email, ADMIN_INITIAL_PASSWORD: SEEDED.initialPassword },
    });
  });

  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructured fixtures argument
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('second-system.log', { body: system?.output() ?? '' });
  });

  test.afterAll(async () => {
    await system?.stop();
  });

  test('the seeded administrator must set a new password at first sign-in', async ({ page }) => {
    await page.goto(`${system.url}/admin/login`);
    // The administrator exists already: login mode, no sign-up.
    await expect(page.getByRole('heading', { name: '管理员登录' })).toBeVisible();
    await page.getByLabel('邮箱').fill(SEEDED.email);
    await page.getByRole('textbox', { name: '密码' }).fill(SEEDED.initialPassword);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    // The react-admin chunk loads after sign-in, from a second system booting beside the first: as in loginAsAdmin.
    await expect(welcomeLine(page, SEEDED.email)).toBeVisible({ timeout: 30_000 });

    const dialog = page.getByRole('dialog', { name: '设置新密码' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('首次登录，请将初始密码更换为您自己的新密码')).toBeVisible();
    // It cannot be dismissed.
    await expect(dialog.getByRole('button', { name: '取消' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await dialog.getByRole('textbox', { name: '初始密码' }).fill(SEEDED.initialPassword);
    await dialog.getByRole('textbox', { name: '新密码', exact: true }).fill('short');
    await dialog.getByRole('textbox', { name: '确认新密码' }).fill('short');
    await dialog.getByRole('button', { name: '设置密码' }).click();
    await expect(toast(page, '新密码至少需要8位字符')).toBeVisible();

    await dialog.getByRole('textbox', { name: '新密码', exact: true }).fill(SEEDED.newPassword);
    await dialog.getByRole('textbox', { name: '确认新密码' }).fill(SEEDED.newPassword);
    await dialog.getByRole('button', { name: '设置密码' }).click();
    await expect(toast(page, '密码修改成功')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The flag is cleared: the next visit opens the dashboard without the dialog.
    await page.reload();
    await expect(welcomeLine(page, SEEDED.email)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
