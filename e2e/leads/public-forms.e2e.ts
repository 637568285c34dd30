import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { E2E_ADMIN } from '../support/admin';
import { expect, test } from '../support/site';
import { DESKTOP_ONLY } from '../support/viewport';

/*
 * The landing page's registration and contact forms, end to end: browser → Remix action → API → database,
 * checked back through the administrator's API. The forms allow 5 submissions per client address and form
 * per minute. The browser runs on loopback here, which the e2e system trusts as its proxy (TRUST_PROXY), so
 * each journey claims its own address (a real visitor's claim is dropped: they are not a trusted proxy).
 */

const AGREEMENT_VERSION = '2025-08-13';
const MESSAGES = {
  registered: '报名成功！我们将在24小时内与您联系',
  registrationFailed: '注册失败',
  contactSent: '消息发送成功！',
  contactSentDescription: '我们将在24小时内回复您，谢谢！',
  contactFailed: '发送失败',
  nameRequired: '姓名不能为空',
  registrationPhoneRequired: '手机号码不能为空',
  contactPhoneRequired: '请输入手机号码',
  invalidPhone: '请输入有效的手机号码：中国大陆11位手机号，或以+开头的国际号码',
  invalidEmail: '请输入有效的邮箱地址',
  schoolRequired: '请填写在读/毕业学校',
  majorRequired: '请填写就读专业',
  subjectRequired: '请选择咨询主题',
  agreementRequired: '您必须同意用户协议和隐私政策才能提交',
  agreeFirst: '请先勾选同意协议条款',
  tooManySubmissions: '提交过于频繁，请稍后再试',
} as const;

const random = (below: number) => Math.floor(Math.random() * below);
/** A client address of this journey alone: its own rate-limit allowance. */
const visitorAddress = () => `10.${random(256)}.${random(256)}.${1 + random(254)}`;
/** A mainland mobile of this journey alone (the same phone within 24 hours would be a repeat, not a lead). */
const uniquePhone = () => `13${String(random(1e9)).padStart(9, '0')}`;

interface Person {
  name: string;
  phone: string;
  email: string;
}
function person(label: string): Person {
  const phone = uniquePhone();
  return { name: `${label}${phone.slice(-4)}`, phone, email: `Lead.${phone}@Example.CN` };
}

async function claimAddress(page: Page): Promise<string> {
  const address = visitorAddress();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  return address;
}

const registrationForm = (page: Page) => page.locator('#registration form');
const contactForm = (page: Page) => page.locator('#contact form');
const agreementDialog = (page: Page) => page.getByRole('dialog', { name: '用户协议与隐私政策' });
const toastIn = (page: Page, section: 'registration' | 'contact') => page.locator(`#${section} .toast`);

async function fillRegistration(form: Locator, who: Person): Promise<void> {
  await form.getByLabel('姓名').fill(who.name);
  await form.getByLabel('手机号').fill(who.phone);
  await form.getByLabel('邮箱').fill(who.email);
  await form.getByLabel('学校').fill('中南大学');
  await form.getByLabel('专业').fill('软件工程');
  await form.getByLabel('学习目标').fill('转行做 AI 产品经理');
}

async function fillContact(form: Locator, who: Person, subject = '企业合作'): Promise<void> {
  await form.getByLabel('姓名').fill(who.name);
  await form.getByLabel('邮箱').fill(who.email);
  await form.getByLabel('手机号').fill(who.phone);
  await form.getByLabel('咨询主题').selectOption({ label: subject });
  await form.getByLabel('留言内容').fill('想了解企业内训方案');
}

/** Administrator session on its own request context (creates the account on a fresh system, like loginAsAdmin). */
async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  const { hasAdmin } = (await (await request.get('/api/admin/check')).json()) as { hasAdmin: boolean };
  const response = await request.post(hasAdmin ? '/api/admin/login' : '/api/admin/register', { data: E2E_ADMIN });
  expect(response.ok(), `admin sign-in answered ${response.status()}`).toBe(true);
}

async function leadsOf<T>(request: APIRequestContext, resource: 'registrations' | 'contact', phone: string): Promise<T[]> {
  await signInAsAdmin(request);
  const response = await request.get(`/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ q: phone }))}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: T[] }).data;
}

interface StoredRegistration {
  name: string;
  phone: string;
  email: string | null;
  school: string;
  major: string;
  goals: string | null;
  repeatCount: number;
  source: Record<string, string> | null;
  agreement: { version: string; agreedAt: string; ip: string | null; userAgent: string | null } | null;
}
interface StoredMessage {
  name: string;
  phone: string;
  email: string | null;
  subject: string;
  message: string | null;
  source: Record<string, string> | null;
}

async function expectNoAxeViolations(page: Page, selector: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectReset(form: Locator): Promise<void> {
  await expect(form.getByLabel('姓名')).toHaveValue('');
  await expect(form.getByLabel('手机号')).toHaveValue('');
}

test.describe('public forms', () => {
  test('registers without the agreement: the dialog holds the data, cancel drops it, agreeing sends it', async ({ page, request }) => {
    const address = await claimAddress(page);
    const who = person('注册甲');
    await page.goto('/?utm_source=e2e&utm_medium=test&utm_campaign=forms', { referer: 'https://www.baidu.com/' });
    const form = registrationForm(page);
    await fillRegistration(form, who);

    await form.getByRole('button', { name: '提交报名' }).click();
    const dialog = agreementDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: '服务条款' })).toBeVisible();
    // Agreeing before ticking the dialog's box: the destructive must-agree notice, in the dialog; nothing sent.
    await dialog.getByRole('button', { name: '同意' }).click();
    await expect(dialog.locator('.toast--destructive')).toContainText(MESSAGES.agreeFirst);
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByRole('checkbox')).not.toBeChecked();
    await expect(toastIn(page, 'registration')).toHaveCount(0);

    await form.getByRole('button', { name: '提交报名' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '同意' }).click();

    await expect(toastIn(page, 'registration')).toHaveText(MESSAGES.registered);
    await expectReset(form);
    await expect(form.getByRole('checkbox')).not.toBeChecked();
    // The page did not reload: the fetcher sent the form.
    await expect(page).toHaveURL(/utm_campaign=forms$/);

    const [row, ...others] = await leadsOf<StoredRegistration>(request, 'registrations', who.phone);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      name: who.name,
      email: who.email.toLowerCase(),
      school: '中南大学',
      major: '软件工程',
      goals: '转行做 AI 产品经理',
      // The cancelled submission was never sent: no repeat.
      repeatCount: 0,
      source: { utm_source: 'e2e', utm_medium: 'test', utm_campaign: 'forms', referrer: 'https://www.baidu.com/', landingPath: '/' },
      agreement: { version: AGREEMENT_VERSION, ip: address, userAgent: expect.stringContaining('Chrome') },
    });
  });

  test('registers with the agreement ticked first, keeping the first-touch source of the first visit', DESKTOP_ONLY, async ({ page, request }) => {
    await claimAddress(page);
    const who = person('注册乙');
    await page.goto('/?utm_source=first-visit');
    await page.goto('/?utm_source=second-visit');
    const form = registrationForm(page);

    // Ticking the box opens the dialog; agreeing there ticks it (docs/product/lead-capture.md#agreement).
    await form.getByRole('checkbox').click();
    const dialog = agreementDialog(page);
    await expect(dialog).toBeVisible();
    await expect(form.getByRole('checkbox')).not.toBeChecked();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '同意' }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByRole('checkbox')).toBeChecked();

    // The links open the dialog.
    await form.getByRole('link', { name: '《隐私政策》' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: '隐私政策', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await fillRegistration(form, { ...who, email: '' });
    await form.getByRole('button', { name: '提交报名' }).click();
    await expect(dialog).toBeHidden();
    await expect(toastIn(page, 'registration')).toHaveText(MESSAGES.registered);
    await expectReset(form);

    const [row] = await leadsOf<StoredRegistration>(request, 'registrations', who.phone);
    expect(row).toMatchObject({ name: who.name, email: null, source: { utm_source: 'first-visit', landingPath: '/' }, agreement: { version: AGREEMENT_VERSION } });
  });

  test('sends a consultation message; the consultation button leads to the contact form', DESKTOP_ONLY, async ({ page, request }) => {
    await claimAddress(page);
    const who = person('咨询甲');
    await page.goto('/');
    await registrationForm(page).getByRole('link', { name: '先咨询一下' }).click();
    await expect(page).toHaveURL(/#contact$/);
    const form = contactForm(page);
    await expect(form).toBeInViewport();

    await expect(form.getByLabel('咨询主题')).toHaveValue('');
    await fillContact(form, who);
    await form.getByRole('button', { name: '发送留言' }).click();
    const toast = toastIn(page, 'contact');
    await expect(toast).toContainText(MESSAGES.contactSent);
    await expect(toast).toContainText(MESSAGES.contactSentDescription);
    await expectReset(form);
    await expect(form.getByLabel('咨询主题')).toHaveValue('');

    const [row, ...others] = await leadsOf<StoredMessage>(request, 'contact', who.phone);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ name: who.name, email: who.email.toLowerCase(), subject: 'enterprise', message: '想了解企业内训方案', source: { landingPath: '/' } });
  });

  test('shows the spec messages beside invalid fields, and keeps what was typed', DESKTOP_ONLY, async ({ page }) => {
    await claimAddress(page);
    await page.goto('/');
    const form = registrationForm(page);

    // An empty form shows the fields' messages, not the agreement dialog (docs/product/lead-capture.md#agreement).
    await form.getByRole('button', { name: '提交报名' }).click();
    await expect(form.getByLabel('姓名')).toHaveAccessibleDescription(MESSAGES.nameRequired);
    await expect(form.getByLabel('学校')).toHaveAccessibleDescription(MESSAGES.schoolRequired);
    await expect(agreementDialog(page)).toBeHidden();
    // So does a complete form with a wrong phone: the number is refused before anyone is asked to agree.
    await form.getByLabel('姓名').fill('张三');
    await form.getByLabel('手机号').fill('138-1234-567');
    await form.getByLabel('学校').fill('中南大学');
    await form.getByLabel('专业').fill('计算机');
    await form.getByRole('button', { name: '提交报名' }).click();
    await expect(form.getByLabel('手机号')).toHaveAccessibleDescription(MESSAGES.invalidPhone);
    await expect(agreementDialog(page)).toBeHidden();
    for (const label of ['姓名', '学校', '专业']) await form.getByLabel(label).fill('');

    // Ticked through the dialog, as ticking the box now opens it (docs/product/lead-capture.md#agreement).
    await form.getByRole('checkbox').click();
    const dialog = agreementDialog(page);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '同意' }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByRole('checkbox')).toBeChecked();

    await form.getByLabel('手机号').fill('12345');
    await form.getByLabel('邮箱').fill('not-an-email');
    await form.getByRole('button', { name: '提交报名' }).click();
    const toast = toastIn(page, 'registration');
    await expect(toast).toContainText(MESSAGES.registrationFailed);
    await expect(toast).toContainText(MESSAGES.nameRequired);
    const expected: Array<[string, string]> = [
      ['姓名', MESSAGES.nameRequired],
      ['手机号', MESSAGES.invalidPhone],
      ['邮箱', MESSAGES.invalidEmail],
      ['学校', MESSAGES.schoolRequired],
      ['专业', MESSAGES.majorRequired],
    ];
    for (const [label, message] of expected) {
      const field = form.getByLabel(label);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
    }
    await expect(form.getByLabel('手机号')).toHaveValue('12345');
    await expect(form.getByLabel('学习目标')).not.toHaveAttribute('aria-invalid');
    await expectNoAxeViolations(page, '#registration');

    await form.getByLabel('手机号').fill('');
    await form.getByLabel('姓名').fill('王五');
    await form.getByRole('button', { name: '提交报名' }).click();
    await expect(form.getByLabel('手机号')).toHaveAccessibleDescription(MESSAGES.registrationPhoneRequired);
    await expect(form.getByLabel('姓名')).not.toHaveAttribute('aria-invalid');

    const contact = contactForm(page);
    await contact.getByRole('button', { name: '发送留言' }).click();
    await expect(toastIn(page, 'contact')).toContainText(MESSAGES.contactFailed);
    await expect(contact.getByLabel('姓名')).toHaveAccessibleDescription(MESSAGES.nameRequired);
    await expect(contact.getByLabel('手机号')).toHaveAccessibleDescription(MESSAGES.contactPhoneRequired);
    await expect(contact.getByLabel('咨询主题')).toHaveAccessibleDescription(MESSAGES.subjectRequired);
    // One toast at a time: the contact notice replaced the registration one.
    await expect(toastIn(page, 'registration')).toHaveCount(0);
  });

  test('answers the sixth submission within a minute with the rate-limit message', DESKTOP_ONLY, async ({ page }) => {
    const address = await claimAddress(page);
    // The allowance is a sliding minute (ADR 039): six requests in a row exceed it whenever they start.
    for (let index = 0; index < 5; index += 1) {
      const who = person('限流');
      const response = await page.request.post('/api/contact', {
        headers: { 'X-Forwarded-For': address },
        data: { name: who.name, phone: who.phone, subject: 'other' },
      });
      expect(response.status()).toBe(201);
    }
    // The same visitor through the page: the action forwards the visitor's address, so the API counts it as theirs.
    await page.goto('/#contact');
    const form = contactForm(page);
    const who = person('限流');
    await fillContact(form, who, '其他');
    await form.getByRole('button', { name: '发送留言' }).click();
    const toast = toastIn(page, 'contact');
    await expect(toast).toContainText(MESSAGES.contactFailed);
    await expect(toast).toContainText(MESSAGES.tooManySubmissions);
    await expect(form.getByLabel('姓名')).toHaveValue(who.name);
  });
});

test.describe('public forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('register and send a message through the Remix action, messages and values kept on the page', DESKTOP_ONLY, async ({ page, request }) => {
    const address = await claimAddress(page);
    const who = person('无脚本');
    await page.goto('/?utm_source=nojs');

    // The registration without the agreement comes back with the message beside the box and the values kept.
    let form = registrationForm(page);
    await fillRegistration(form, who);
    await form.getByRole('button', { name: '提交报名' }).click();
    await expect(page).toHaveURL(/#registration$/);
    form = registrationForm(page);
    await expect(form.getByRole('checkbox')).toHaveAccessibleDescription(MESSAGES.agreementRequired);
    await expect(toastIn(page, 'registration')).toContainText(MESSAGES.agreementRequired);
    await expect(form.getByLabel('姓名')).toHaveValue(who.name);
    await expect(form.getByLabel('学习目标')).toHaveValue('转行做 AI 产品经理');

    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '提交报名' }).click();
    await expect(toastIn(page, 'registration')).toHaveText(MESSAGES.registered);
    await expectReset(registrationForm(page));

    // Contact: an invalid phone first, then fixed.
    let contact = contactForm(page);
    await fillContact(contact, { ...who, phone: '0731-8888' });
    await contact.getByRole('button', { name: '发送留言' }).click();
    await expect(page).toHaveURL(/#contact$/);
    contact = contactForm(page);
    await expect(contact.getByLabel('手机号')).toHaveAccessibleDescription(MESSAGES.invalidPhone);
    await expect(contact.getByLabel('姓名')).toHaveValue(who.name);
    await expect(contact.getByLabel('咨询主题')).toHaveValue('enterprise');
    await contact.getByLabel('手机号').fill(who.phone);
    await contact.getByRole('button', { name: '发送留言' }).click();
    await expect(toastIn(page, 'contact')).toContainText(MESSAGES.contactSent);
    await expectReset(contactForm(page));

    const [registration] = await leadsOf<StoredRegistration>(request, 'registrations', who.phone);
    expect(registration).toMatchObject({ name: who.name, source: { utm_source: 'nojs', landingPath: '/' }, agreement: { ip: address } });
    const [message] = await leadsOf<StoredMessage>(request, 'contact', who.phone);
    expect(message).toMatchObject({ name: who.name, subject: 'enterprise', source: { utm_source: 'nojs' } });
  });
});
