import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Response, test, type TestInfo } from '@playwright/test';

import { loginAsAdmin } from '../support/admin';
import { created, expectNoAxeViolations, random, studentBrowser } from './student-journeys';

/*
 * The student's own sign-in (docs/product/student-portal.md): the administrator seeds a student and its 学员登录
 * through the API, and the student, in a browser of their own at the journey's width, signs in at /student, sees
 * their name, changes the password, signs out and back in. Wrong passwords and a suspended login get their words;
 * the sign-in form also works without JavaScript, and none of the pages is ever cached.
 */

const WORDS = {
  signInTitle: '学员登录',
  login: '用户名或邮箱',
  password: '密码',
  signIn: '登录',
  signOut: '退出登录',
  currentPassword: '当前密码',
  newPassword: '新密码（至少6个字符）',
  confirmPassword: '再次输入新密码',
  save: '保存新密码',
  passwordChanged: '密码修改成功',
  wrongCredentials: '用户名/邮箱或密码错误',
  suspended: '该账户已停用，请联系管理员',
  wrongCurrent: '当前密码错误',
  passwordsDiffer: '两次输入的新密码不一致',
} as const;

/** Opens a student page and, with JavaScript on, waits for the root's hydration mark (as e2e/support/site.ts does). */
async function open(page: Page, path: string, { javaScript = true } = {}): Promise<Response> {
  const response = await page.goto(path);
  expect(response, `no answer for ${path}`).not.toBeNull();
  if (javaScript) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response!;
}

/** Never cached: by the browser, a proxy or the front door's page cache (apps/web/server/src/page-cache.ts). */
function expectNotCached(response: Response, what: string) {
  expect(response.headers()['cache-control'], `${what}: Cache-Control`).toBe('no-store');
}

async function signIn(page: Page, login: string, password: string) {
  const form = page.locator('main form');
  await form.getByLabel(WORDS.login, { exact: true }).fill(login);
  await form.getByLabel(WORDS.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: WORDS.signIn, exact: true }).click();
}

/** A student with a 学员登录 of its own, seeded through the administrator's API. */
async function seedStudent(admin: Page, testInfo: TestInfo, label: string) {
  const suffix = `${testInfo.project.name.replace(/\W/g, '')}${Date.now() % 1_000_000}${random(100)}`;
  const name = `${label}${suffix}`;
  const studentId = await created(admin, '/api/admin/students', { name, phone: `137${String(Date.now()).slice(-8)}` });
  const username = `stu${suffix}`.toLowerCase();
  const password = `first-${suffix}`;
  const accountId = await created(admin, '/api/admin/student-accounts', { studentId, kind: 'student_login', username, email: `${username}@example.cn`, password });
  return { studentId, accountId, name, username, password };
}

test('student portal: sign in by username, see the name, change the password, sign out and in again', async ({ page: admin, browser }, testInfo) => {
  test.setTimeout(180_000);
  await loginAsAdmin(admin, { at: '/admin/students' });
  const student = await seedStudent(admin, testInfo, '学员门户');
  const page = await studentBrowser(browser, testInfo);

  await test.step('the sign-in page: never cached, accessible', async () => {
    const answer = await open(page, '/student');
    expect(answer.status()).toBe(200);
    expectNotCached(answer, '/student');
    await expect(page.getByRole('heading', { level: 1, name: WORDS.signInTitle })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('a wrong password is refused in the API’s words', async () => {
    await signIn(page, student.username, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(WORDS.wrongCredentials);
    // Still the sign-in page: a form posts to its index route as `/student?index`, Remix's way of naming it.
    await expect(page).toHaveURL(/\/student(\?index)?$/);
    await expectNoAxeViolations(page);
  });

  await test.step('signs in by username and sees their name', async () => {
    await signIn(page, student.username, student.password);
    await expect(page).toHaveURL(/\/student\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`你好，${student.name}`);
    expectNotCached(await open(page, '/student/home'), '/student/home');
    await expectNoAxeViolations(page);
  });

  const newPassword = `second-${student.password}`;
  await test.step('changes the password', async () => {
    const form = page.locator('main form').filter({ has: page.getByRole('button', { name: WORDS.save }) });
    // A wrong current password and two differing new ones are refused on the page.
    await form.getByLabel(WORDS.currentPassword).fill('not-the-password');
    await form.getByLabel(WORDS.newPassword).fill(newPassword);
    await form.getByLabel(WORDS.confirmPassword).fill(newPassword);
    await form.getByRole('button', { name: WORDS.save }).click();
    await expect(form.getByRole('alert')).toHaveText(WORDS.wrongCurrent);
    await form.getByLabel(WORDS.currentPassword).fill(student.password);
    await form.getByLabel(WORDS.newPassword).fill(newPassword);
    await form.getByLabel(WORDS.confirmPassword).fill(`${newPassword}x`);
    await form.getByRole('button', { name: WORDS.save }).click();
    await expect(form.getByRole('alert')).toHaveText(WORDS.passwordsDiffer);
    await form.getByLabel(WORDS.currentPassword).fill(student.password);
    await form.getByLabel(WORDS.newPassword).fill(newPassword);
    await form.getByLabel(WORDS.confirmPassword).fill(newPassword);
    await form.getByRole('button', { name: WORDS.save }).click();
    await expect(form.getByRole('status')).toHaveText(WORDS.passwordChanged);
    // Still signed in with the session's new id: a reload keeps the page.
    await open(page, '/student/home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`你好，${student.name}`);
  });

  await test.step('signs out, and back in with the new password only', async () => {
    await page.getByRole('button', { name: WORDS.signOut }).click();
    await expect(page).toHaveURL(/\/student$/);
    // Signed out: the student's page sends the browser back to the sign-in.
    await open(page, '/student/home');
    await expect(page).toHaveURL(/\/student$/);
    await signIn(page, student.username, student.password);
    await expect(page.getByRole('alert')).toHaveText(WORDS.wrongCredentials);
    await signIn(page, student.username, newPassword);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`你好，${student.name}`);
  });

  await test.step('a suspended login is refused with its own words, after the right password only', async () => {
    const suspended = await admin.request.patch(`/api/admin/student-accounts/${student.accountId}`, { data: { status: 'suspended' } });
    expect(suspended.ok(), await suspended.text()).toBe(true);
    // The store signs a suspended login out on its next request.
    await open(page, '/student/home');
    await expect(page).toHaveURL(/\/student$/);
    await signIn(page, student.username, newPassword);
    await expect(page.getByRole('alert')).toHaveText(WORDS.suspended);
    await signIn(page, student.username, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(WORDS.wrongCredentials);
  });

  await page.context().close();
});

test('student portal: the sign-in form works without JavaScript, by email too', async ({ page: admin, browser }, testInfo) => {
  test.setTimeout(120_000);
  await loginAsAdmin(admin, { at: '/admin/students' });
  const student = await seedStudent(admin, testInfo, '无脚本');
  const page = await studentBrowser(browser, testInfo, { javaScriptEnabled: false });

  const answer = await open(page, '/student', { javaScript: false });
  expectNotCached(answer, '/student without JavaScript');
  await signIn(page, `${student.username}@example.cn`, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(WORDS.wrongCredentials);
  await signIn(page, `${student.username}@example.cn`, student.password);
  await expect(page).toHaveURL(/\/student\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`你好，${student.name}`);
  await page.getByRole('button', { name: WORDS.signOut }).click();
  await expect(page).toHaveURL(/\/student$/);
  await expect(page.getByRole('heading', { level: 1, name: WORDS.signInTitle })).toBeVisible();
  await page.context().close();
});

test('student portal: the administrator makes a reset link in the back office; the student sets a new password with it', async ({ page: admin, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  await loginAsAdmin(admin, { at: '/admin/students' });
  const student = await seedStudent(admin, testInfo, '重置');
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  const link = await test.step('the administrator makes the link from the keyboard and copies it', async () => {
    await admin.goto(`/admin/students/${student.studentId}/show`);
    const accounts = admin.getByTestId('student-accounts');
    await expect(accounts).toContainText(`学员登录：${student.username}`, { timeout: 30_000 });
    const make = accounts.getByRole('button', { name: `为 ${student.username} 生成重置链接` });
    await make.focus();
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog', { name: `${student.username} 的重置链接` });
    const field = dialog.getByRole('textbox', { name: '重置链接' });
    // The whole link: the site's origin and the one-time token (256 bits, base64url).
    await expect(field).toHaveValue(new RegExp(`^${baseURL!.replace(/[.:/]/g, '\\$&')}/student/reset/[A-Za-z0-9_-]{43}$`));
    await expect(dialog.getByTestId('reset-link-expiry')).toContainText(/^有效期至 \d{4}年\d{2}月\d{2}日 \d{2}:\d{2}（中国时间），仅可使用一次/);
    const results = await new AxeBuilder({ page: admin }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'best-practice']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    const value = await field.inputValue();
    await dialog.getByRole('button', { name: '复制链接' }).click();
    await expect(admin.getByText('链接已复制')).toBeVisible();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await admin.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    return value;
  });

  const page = await studentBrowser(browser, testInfo);
  const newPassword = `reset-${student.password}`;
  await test.step('the student opens it and sets a new password', async () => {
    const answer = await open(page, new URL(link).pathname);
    expectNotCached(answer, 'the reset page');
    await expect(page.getByRole('heading', { level: 1, name: '重置密码' })).toBeVisible();
    await expectNoAxeViolations(page);
    const form = page.locator('main form');
    await form.getByLabel(WORDS.newPassword).fill(newPassword);
    await form.getByLabel(WORDS.confirmPassword).fill(newPassword);
    await form.getByRole('button', { name: '设置新密码' }).click();
    await expect(page.getByRole('status')).toContainText('密码已重置，请使用新密码登录。');
  });

  await test.step('the link works once; the student signs in with the new password', async () => {
    await open(page, new URL(link).pathname);
    const form = page.locator('main form');
    await form.getByLabel(WORDS.newPassword).fill(`${newPassword}2`);
    await form.getByLabel(WORDS.confirmPassword).fill(`${newPassword}2`);
    await form.getByRole('button', { name: '设置新密码' }).click();
    await expect(page.getByRole('alert')).toHaveText('该重置链接已使用过，请向管理员索取新的链接');

    await open(page, '/student');
    await signIn(page, student.username, student.password);
    await expect(page.getByRole('alert')).toHaveText(WORDS.wrongCredentials);
    await signIn(page, student.username, newPassword);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`你好，${student.name}`);
  });
  await page.context().close();
});
