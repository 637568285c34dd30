import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginAsAdmin, toast } from '../support/admin';
import { chooseOption } from '../support/select';

/** Opens 学员管理 from the menu (behind the menu button on phones). */
async function openStudents(page: Page, isMobile: boolean) {
  if (isMobile) {
    // react-admin hides its app bar while a phone scrolls down and shows it again on the way up, as a user does.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: '打开菜单' }).click();
  }
  await page.getByRole('menuitem', { name: '学员管理' }).click();
}

/**
 * At 375 px a toast opens under the pointer left on a bottom button (保存), and a hovered toast never hides:
 * react-admin then holds every later toast behind it and it covers the bottom of the screen (what timed the
 * phone run out before).
 */
async function movePointerOffToasts(page: Page) {
  await page.mouse.move(0, 0);
}

/**
 * The form of a create or edit page, once it is on screen. react-router switches pages inside a React
 * transition, so after a click on 添加学员 or 新建 the list stays on screen (and usable) until the new page has
 * rendered, which takes seconds on a loaded phone run: typing then went into the list's search box, whose
 * label (搜索姓名、手机、邮箱、学校) contains 姓名 and 学校, and its filter navigated back to the list. Hence the
 * exact labels inside this form only.
 */
async function editForm(scope: Page | Locator) {
  // A filter's inner locator is matched inside each form, so it starts from the page, never from the scope.
  const page = 'keyboard' in scope ? scope : scope.page();
  const form = scope.locator('form').filter({ has: page.getByRole('button', { name: '保存' }) });
  await expect(form).toBeVisible();
  return form;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('#main-content').withTags(['wcag2a', 'wcag2aa', 'best-practice']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html} ${node.failureSummary}`).join(', ')}`)).toEqual([]);
}

/** A real 1×1 PNG (the photo must render) and a minimal PDF: the API checks both by their first bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/**
 * The administrator records a student, uploads a photo and a file and views it by its name (the three-step upload
 * through the front door's storage proxy), books payments and sees the total, deletes one, then adds a contract with
 * its file (listed on the 合同 tab, shown under the contract on the card) and a student account. Each viewport uses
 * its own names.
 */
test('back office: a student with photo, contract file and payments, a contract and accounts', async ({ page, isMobile }, testInfo) => {
  // About 40 s on an idle machine. This is the longest journey (some 90 browser steps); at a load average of 20
  // on 2 cores each step took 1-5 s and the phone run needed just over 4 minutes, every step passing.
  test.setTimeout(480_000);
  const suffix = `${testInfo.project.name}${Date.now() % 100000}`;
  const name = `学员${suffix}`;
  const phone = `136${String(Date.now()).slice(-8)}`;
  await loginAsAdmin(page);
  await openStudents(page, isMobile);
  await expect(page.getByRole('tab', { name: '学员信息' })).toBeVisible();

  await test.step('add a student', async () => {
    // A dialog over the list (docs/product/students.md#add-or-edit-a-student); saving opens the card.
    await page.getByRole('button', { name: '添加学员' }).first().click();
    const form = await editForm(page.getByRole('dialog', { name: '添加学员' }));
    // react-admin's form resets to its defaults in an effect after it first renders: on a loaded runner a value
    // typed in between was lost once. Fill until every value has held.
    const values: Array<[string, string]> = [['姓名', name], ['手机号码', phone], ['学校', '中南大学']];
    await expect(async () => {
      for (const [label, value] of values) await form.getByRole('textbox', { name: label, exact: true }).fill(value);
      for (const [label, value] of values) await expect(form.getByRole('textbox', { name: label, exact: true })).toHaveValue(value, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await form.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '学员添加成功')).toBeVisible();
    await movePointerOffToasts(page);
  });

  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  const studentCard = page.url();
  await expect(page.getByTestId('student-status')).toHaveText('在学');
  // The add form has no tool fields any more: tool accounts are accounts of a kind (docs/product/students.md#student-accounts).
  await expect(page.getByTestId('student-accounts')).toContainText('暂无账号');

  await test.step('add a tool account from the card', async () => {
    await page.getByTestId('student-accounts').getByRole('link', { name: '添加账号' }).click();
    const form = await editForm(page);
    // The student is chosen already; a tool account has no password.
    await expect(form.getByRole('combobox', { name: '学员' })).toHaveValue(name);
    await chooseOption(form.getByRole('combobox', { name: '类型' }), 'VPN');
    await expect(form.getByLabel('密码')).toHaveCount(0);
    await form.getByRole('textbox', { name: '账号', exact: true }).fill(`vpn-${suffix}`);
    await form.getByRole('button', { name: '保存' }).click();
    await movePointerOffToasts(page);
    // Back on the card, under 工具账号.
    await expect(page.getByTestId('student-accounts')).toContainText(`VPN：vpn-${suffix}`);
  });

  await test.step('upload a photo', async () => {
    // Presigned URL, the browser's PUT through /storage, confirm; then shown round from the private bucket.
    await page.getByTestId('photo-file-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, '文件上传成功（1个文件）')).toBeVisible();
    const photo = page.getByTestId('student-photo');
    await expect(photo).toHaveAttribute('src', /^\/api\/admin\/files\/photos\//);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  });

  await test.step('upload a file, see its name, view it, delete it', async () => {
    // No contract yet: the upload goes to 其他文件 (docs/product/students.md#contract-files).
    await expect(page.getByTestId('upload-destination').getByRole('combobox')).toHaveText('其他文件');
    await page.getByTestId('contract-file-input').setInputFiles({ name: '合同.pdf', mimeType: 'application/pdf', buffer: PDF });
    // The photo's toast may still be on screen: the file's row, by its original name, tells this upload is through.
    const other = page.getByTestId('file-group-other');
    await expect(other.getByText('合同.pdf', { exact: true })).toBeVisible();
    const view = other.getByRole('link', { name: '查看 合同.pdf' });
    const viewed = page
      .context()
      .waitForEvent('response', (response) => response.request().method() === 'GET' && /\/storage\/[^/]+\/contracts\//.test(new URL(response.url()).pathname));
    const popup = page.waitForEvent('popup');
    await view.click();
    const file = await viewed;
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    await (await popup).close();
    await expectNoAxeViolations(page);

    // Deleted behind a confirm (the API deletes the object; uploads.e2e-spec checks the store).
    await page.getByRole('button', { name: '删除文件 合同.pdf' }).click();
    await expect(page.getByRole('dialog')).toContainText('确定要删除文件 合同.pdf 吗？');
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect(page.getByText('暂无合同文件')).toBeVisible();
    await expect(page.getByRole('link', { name: '查看 合同.pdf' })).toHaveCount(0);
  });

  await test.step('add two payments, see the total, delete one', async () => {
    const payments = page.getByTestId('payments-section');
    const add = async (yuan: string, count: number) => {
      await payments.getByRole('textbox', { name: '金额（元）' }).fill(yuan);
      // Mid-screen, as a thumb would bring it: at the bottom edge of a phone the last toast covers it.
      const submit = payments.getByRole('button', { name: '添加缴费' });
      await submit.evaluate((button) => button.scrollIntoView({ block: 'center' }));
      await submit.click();
      await movePointerOffToasts(page);
      await expect(payments.getByRole('listitem')).toHaveCount(count);
    };
    await add('10,000', 1);
    await expect(toast(page, '缴费记录添加成功')).toBeVisible();
    await add('9800.50', 2);
    await expect(payments.getByTestId('payments-total')).toHaveText('合计: ¥19,800.50');

    await payments.getByRole('button', { name: /^删除 PAY-\d{8}-[A-Z0-9]{6}$/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect(toast(page, '缴费记录删除成功')).toBeVisible();
    await expect(payments.getByTestId('payments-total')).toHaveText(/合计: ¥(10,000\.00|9,800\.50)/);
  });

  /** Opens a sub-tab's create page: on phones 新建 is react-admin's round button at the bottom right (named by its aria-label). */
  const createOn = async (tab: string) => {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('link', { name: '新建', exact: true }).click();
    const form = await editForm(page);
    await chooseStudent(form);
    return form;
  };

  /**
   * Chooses the student in a create form's 学员 autocomplete until the choice holds. Under test:flaky's load the
   * chosen student was once gone again by 保存 (1 run in 20; the cause was not caught), so the steps call this
   * again just before saving: it does nothing when the student is still there.
   */
  const chooseStudent = async (form: Locator) => {
    const student = form.getByRole('combobox', { name: '学员' });
    await expect(async () => {
      if ((await student.inputValue()) !== name) {
        await student.fill(name);
        await page.getByRole('option', { name }).click({ timeout: 5_000 });
      }
      await expect(student).toHaveValue(name, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  };

  await test.step('create a contract with its signed file', async () => {
    await openStudents(page, isMobile);
    const form = await createOn('合同');
    await form.getByRole('textbox', { name: '合同编号', exact: true }).fill(`HT-${suffix}`);
    await form.getByRole('textbox', { name: '课程名称', exact: true }).fill('AI产品经理训练营');
    await form.getByRole('textbox', { name: '合同金额（元）', exact: true }).fill('19800');
    await form.getByLabel('开始日期').fill('2025-09-20');
    await form.getByLabel('结束日期').fill('2025-10-25');
    // The contract's own files, by the same three-step upload; kept in the form until 保存.
    await form.getByTestId('contract-form-file-input').setInputFiles({ name: '签约.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(form.getByTestId('contract-file-field').getByRole('link', { name: '查看 签约.pdf' })).toHaveAttribute('href', /^\/api\/admin\/files\/contracts\//);
    await movePointerOffToasts(page);
    await chooseStudent(form);
    await form.getByRole('button', { name: '保存' }).click();
    await movePointerOffToasts(page);
    // The 合同 tab lists the contract (it said 暂无合同 while files stood in for contracts).
    await expect(page.getByText(`HT-${suffix}`)).toBeVisible();
    await expect(page.getByText('¥0.00 / ¥19,800.00').first()).toBeVisible();
    await expect(page.getByText('暂无合同，点击添加合同开始')).toHaveCount(0);
  });

  await test.step("see the contract's file on the card, under the contract", async () => {
    await page.goto(studentCard);
    // A full load of the back office: its chunks took over 10 s on a loaded runner.
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible({ timeout: 30_000 });
    const group = page.getByRole('heading', { name: `HT-${suffix} · AI产品经理训练营` });
    await expect(group).toBeVisible();
    const files = page.getByTestId('contract-files');
    await expect(files.getByText('签约.pdf', { exact: true })).toBeVisible();
    await expect(files.getByRole('link', { name: '查看 签约.pdf' })).toBeVisible();
    // The student's only active contract is where the next upload goes.
    await expect(page.getByTestId('upload-destination').getByRole('combobox')).toHaveText(`HT-${suffix} · AI产品经理训练营`);
    await expectNoAxeViolations(page);
  });

  await test.step('create a student account', async () => {
    await openStudents(page, isMobile);
    const form = await createOn('账户');
    await form.getByRole('textbox', { name: '用户名', exact: true }).fill(`user${suffix}`);
    await form.getByRole('textbox', { name: '邮箱', exact: true }).fill(`user${suffix}@example.com`);
    // 学员登录 by default: the password is asked.
    await expect(form.getByRole('combobox', { name: '类型' })).toHaveText('学员登录');
    await form.getByRole('textbox', { name: '密码', exact: true }).fill('secret1');
    await chooseStudent(form);
    await form.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText(`user${suffix}@example.com`)).toBeVisible();
    // The 账户 tab lists every account with its 类型: the login and the VPN account made on the card.
    if (isMobile) {
      await expect(page.getByText(`学员登录：user${suffix}`)).toBeVisible();
      await expect(page.getByText(`VPN：vpn-${suffix}`)).toBeVisible();
    } else {
      await expect(page.getByRole('row').filter({ hasText: `user${suffix}@example.com` })).toContainText('学员登录');
      await expect(page.getByRole('row').filter({ hasText: `vpn-${suffix}` })).toContainText('VPN');
    }
    await expectNoAxeViolations(page);
  });
});
