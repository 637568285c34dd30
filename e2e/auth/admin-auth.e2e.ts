import { expect, type Page, test } from '@playwright/test';
import { asKnownBrowser, E2E_ADMIN, loginAsAdmin, scrollDashboardTo, toast, welcomeLine } from '../support/admin';
import { DESKTOP_ONLY } from '../support/viewport';

const NEW_PASSWORD = 'e2e-Password-2';

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('邮箱').fill(email);
  await page.getByRole('textbox', { name: '密码' }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(toast(page, '登出成功')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

/**
 * The administrator's journeys in order on one fresh system (docs/product/back-office.md#sign-in-page and the
 * sections after it). Both viewports run them on the same database: the first run (desktop) creates the
 * administrator, the second logs in.
 */
test.describe.serial('administrator sign-in', () => {
  test('first run creates the administrator and lands on the dashboard', async ({ page }) => {
    const { hasAdmin } = await (await page.request.get('/api/admin/check')).json();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);

    if (!hasAdmin) {
      await expect(page.getByRole('heading', { name: '创建管理员账户' })).toBeVisible();
      await page.getByLabel('邮箱').fill(E2E_ADMIN.email);
      await page.getByRole('textbox', { name: '密码', exact: true }).fill(E2E_ADMIN.password);
      // The client checks of docs/product/validation.md#administrator-sign-up come first.
      await page.getByRole('textbox', { name: '确认密码' }).fill('something-else');
      await page.getByRole('button', { name: '创建账户' }).click();
      await expect(toast(page, '两次输入的密码不一致')).toBeVisible();
      await page.getByRole('textbox', { name: '确认密码' }).fill(E2E_ADMIN.password);
      // The show/hide toggle reveals the password.
      await page.getByRole('button', { name: '显示密码: 密码', exact: true }).click();
      await expect(page.getByRole('textbox', { name: '密码', exact: true })).toHaveAttribute('type', 'text');
      await page.getByRole('button', { name: '创建账户' }).click();
      await expect(toast(page, '管理员账户创建成功')).toBeVisible();
    } else {
      await asKnownBrowser(page);
      await expect(page.getByRole('heading', { name: '管理员登录' })).toBeVisible();
      await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(toast(page, '登录成功')).toBeVisible();
    }

    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(welcomeLine(page)).toBeVisible();
    for (const card of ['总注册数', '咨询消息', '今日注册']) await expect(page.getByText(card, { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('stat-totalRegistrations')).toContainText(/\d+/);
  });

  test('shows the seven areas of the back office', async ({ page, isMobile }) => {
    await loginAsAdmin(page);
    if (isMobile) await page.getByRole('button', { name: '打开菜单' }).click();
    for (const area of ['学员注册', '学员管理', '咨询消息', '招聘爬虫', '已发布职位', '通知设置', '爬虫配置']) {
      await expect(page.getByRole('menuitem', { name: area })).toBeVisible();
    }
    await page.getByRole('menuitem', { name: '招聘爬虫' }).click();
    await expect(page).toHaveURL(/\/admin\/crawler$/);
    await expect(page.getByRole('heading', { level: 1, name: '招聘爬虫' })).toBeVisible();
  });

  test('names the menu button in a tooltip, for a pointer and for the keyboard', DESKTOP_ONLY, async ({ page }) => {
    // The tooltip's box (MUI's Popper) is fetched when a tooltip first opens (apps/admin/src/vendor/popper-on-demand.tsx).
    await loginAsAdmin(page);
    const toggle = page.getByRole('button', { name: '关闭菜单' });
    await toggle.hover();
    await expect(page.getByRole('tooltip', { name: '关闭菜单' })).toBeVisible();
    await page.mouse.move(600, 400);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await toggle.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('tooltip', { name: '关闭菜单' })).toBeVisible();
  });

  test('logs out, and the dashboard then sends to the login page', DESKTOP_ONLY, async ({ page }) => {
    await loginAsAdmin(page);
    await logOut(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: '管理员登录' })).toBeVisible();
  });

  test('stays signed in when a read begun before a second sign-in comes back 401', DESKTOP_ONLY, async ({ page, context }) => {
    // Two tabs, or a sign-in while the dashboard loads: the new sign-in rotates the session, and a read that
    // carried the old one is answered 401. The page may go to login, but it must not end the new session.
    await loginAsAdmin(page);
    const before = (await context.cookies()).find((cookie) => cookie.name === 'aipm.sid');
    expect(before).toBeDefined();
    let rotated!: () => void;
    const rotation = new Promise<void>((resolve) => (rotated = resolve));
    await page.route('**/api/admin/stats/charts', async (route) => {
      await rotation;
      // The dashboard's charts read as the browser began it: with the session it had then.
      const answer = await fetch(route.request().url(), { headers: { cookie: `aipm.sid=${before!.value}` } });
      await route.fulfill({ status: answer.status, contentType: 'application/json', body: await answer.text() });
    });
    const held = page.waitForRequest('**/api/admin/stats/charts');
    await page.goto('/admin');
    await scrollDashboardTo(page, 'charts');
    await held;
    const signIn = await page.request.post('/api/admin/login', { data: E2E_ADMIN });
    expect(signIn.ok()).toBe(true);
    const answered = page.waitForResponse('**/api/admin/stats/charts');
    rotated();
    expect((await answered).status()).toBe(401);
    await expect(page).toHaveURL(/\/admin\/login$/);

    expect((await page.request.get('/api/admin/verify')).ok()).toBe(true);
    await page.unroute('**/api/admin/stats/charts');
    await page.goto('/admin');
    await expect(welcomeLine(page)).toBeVisible();
  });

  test('says "verifying" while the session check is pending', DESKTOP_ONLY, async ({ page }) => {
    await loginAsAdmin(page);
    // The page's own early check asks /session (it answers the check too); react-admin's later ones, /verify.
    await page.route('**/api/admin/{verify,session}', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/admin');
    await expect(page.getByText('正在验证管理员权限...')).toBeVisible();
    await expect(welcomeLine(page)).toBeVisible();
  });

  test('refuses a wrong password with the spec toast, then logs in', DESKTOP_ONLY, async ({ page }) => {
    // The owner mistyping in their own browser: repeated twenty times, a stranger's browser would meet the gate.
    await asKnownBrowser(page);
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: '管理员登录' })).toBeVisible();
    await fillLogin(page, E2E_ADMIN.email, 'not-the-password');
    await expect(toast(page, '登录失败：邮箱或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await fillLogin(page, E2E_ADMIN.email.toUpperCase(), E2E_ADMIN.password);
    await expect(toast(page, '登录成功')).toBeVisible();
    await expect(welcomeLine(page)).toBeVisible();
  });

  test('changes the password, and the new one is the one that works', DESKTOP_ONLY, async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByRole('button', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByRole('textbox', { name: '当前密码' }).fill(E2E_ADMIN.password);
    await dialog.getByRole('textbox', { name: '新密码', exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('textbox', { name: '确认新密码' }).fill('does-not-match');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expect(toast(page, '新密码和确认密码不一致')).toBeVisible();

    await dialog.getByRole('textbox', { name: '确认新密码' }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expect(toast(page, '密码修改成功')).toBeVisible();
    await expect(dialog).toBeHidden();

    await logOut(page);
    await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(toast(page, '登录失败：邮箱或密码错误')).toBeVisible();
    await fillLogin(page, E2E_ADMIN.email, NEW_PASSWORD);
    await expect(welcomeLine(page)).toBeVisible();

    // Put the shared password back for the other viewport and later journeys.
    const restored = await page.request.post('/api/admin/change-password', { data: { currentPassword: NEW_PASSWORD, newPassword: E2E_ADMIN.password } });
    expect(restored.ok()).toBe(true);
  });

  test('switches the back office to English, and opens in English after', DESKTOP_ONLY, async ({ page, baseURL }) => {
    // The English catalogue is a chunk of its own, fetched for English only (apps/admin/src/i18n/english-on-demand.ts).
    await loginAsAdmin(page);
    await page.getByRole('button', { name: '中文' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByText('Total registrations')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    // The language picked is kept: the next visit opens in it.
    await page.reload();
    await expect(page.getByText('Total registrations')).toBeVisible();
    await expect(welcomeLine(page)).toHaveText(`Welcome, ${E2E_ADMIN.email}`);
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible();

    // A first visit from the English public site (its lng cookie, nothing picked yet) opens in English too.
    await page.evaluate(() => localStorage.removeItem('RaStore.locale'));
    await page.context().addCookies([{ name: 'lng', value: 'en', url: baseURL! }]);
    await page.goto('/admin/registrations');
    await expect(page.getByRole('menuitem', { name: 'Registrations' })).toBeVisible();
    await expect(welcomeLine(page)).toHaveText(`Welcome, ${E2E_ADMIN.email}`);
  });
});
