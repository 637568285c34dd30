import { createRemixStub } from '@remix-run/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

import { TranslationProvider } from '~/i18n/TranslationProvider';
import { LandingContentProvider } from '~/landing-content/LandingContentProvider';
import type { LeadFormResult } from '~/leads/lead-form';
import { aPublicSite } from '../../../test/support/public-site';
import { createTestTranslator, testLandingTexts } from '../../../test/support/render-with-i18n';

import { ContactSection, RegistrationSection } from './LeadForms';

/**
 * jsdom has no Request (and undici does not load there); the router builds one per action call with the form
 * as URLSearchParams, and the stub action below only reads that form back.
 */
class FormRequest {
  readonly url: string;
  readonly method: string;
  readonly signal?: AbortSignal;
  private readonly body: URLSearchParams;

  constructor(url: string, init: { method?: string; body?: URLSearchParams; signal?: AbortSignal } = {}) {
    this.url = url;
    this.method = init.method ?? 'GET';
    this.signal = init.signal;
    this.body = init.body ?? new URLSearchParams();
  }

  async formData(): Promise<FormData> {
    const form = new FormData();
    for (const [name, value] of this.body) form.append(name, value);
    return form;
  }
}
globalThis.Request ??= FormRequest as unknown as typeof Request;

type Submission = Record<string, string>;

/** Renders `element` on an index route whose action records each submission and answers with `answer`. */
function renderForms(element: ReactElement, answer: (submission: Submission) => LeadFormResult | Promise<LeadFormResult>) {
  const submissions: Submission[] = [];
  const Stub = createRemixStub([
    {
      path: '/',
      children: [
        {
          index: true,
          Component: () => element,
          action: async ({ request }) => {
            const submission = Object.fromEntries(await request.formData()) as Submission;
            submissions.push(submission);
            return answer(submission);
          },
        },
      ],
    },
  ]);
  render(
    <TranslationProvider initial={createTestTranslator('zh')}>
      <LandingContentProvider content={testLandingTexts('zh')}>
        <Stub />
      </LandingContentProvider>
    </TranslationProvider>,
  );
  return submissions;
}

const registered: LeadFormResult = { intent: 'registration', ok: true, toast: { text: '报名成功！我们将在24小时内与您联系', variant: 'default' }, errors: {}, values: {} };

async function fillRegistration(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^姓名/), '张三');
  await user.type(screen.getByLabelText(/^手机号/), '13800138000');
  await user.type(screen.getByLabelText(/^学校/), '中南大学');
  await user.type(screen.getByLabelText(/^专业/), '软件工程');
}

const agreementBox = () => within(document.querySelector<HTMLElement>('#registration form')!).getByRole('checkbox', { name: /我已阅读并同意/ });
const submitButton = () => screen.getByRole('button', { name: '提交报名' });

/** Ticks the open agreement dialog's own box and agrees. */
async function agreeInDialog(user: ReturnType<typeof userEvent.setup>) {
  const dialog = screen.getByRole('dialog', { name: '用户协议与隐私政策' });
  await user.click(within(dialog).getByRole('checkbox'));
  await user.click(within(dialog).getByRole('button', { name: '同意' }));
}

describe(RegistrationSection.name, () => {
  it('holds a submission without the agreement, and sends it once the dialog is agreed to', async () => {
    const user = userEvent.setup();
    const submissions = renderForms(<RegistrationSection />, () => registered);
    await fillRegistration(user);
    await user.click(submitButton());

    const dialog = screen.getByRole('dialog', { name: '用户协议与隐私政策' });
    expect(submissions).toHaveLength(0);
    expect(within(dialog).getByRole('heading', { name: '服务条款' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: '隐私政策' })).toBeInTheDocument();
    // Agreeing before ticking the dialog's box is refused with the destructive must-agree notice, announced.
    const agree = within(dialog).getByRole('button', { name: '同意' });
    await user.click(agree);
    const notice = within(dialog).getByRole('status');
    expect(notice).toHaveTextContent('请阅读并同意服务条款请先勾选同意协议条款');
    expect(notice.querySelector('.toast--destructive')).not.toBeNull();
    expect(submissions).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBe(dialog);

    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(agree);

    expect(await screen.findByText('报名成功！我们将在24小时内与您联系')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(submissions).toEqual([
      expect.objectContaining({ intent: 'registration', name: '张三', phone: '13800138000', school: '中南大学', major: '软件工程', agreement: 'true', website: '' }),
    ]);
    // Success resets the form, the agreement included.
    expect(screen.getByLabelText(/^姓名/)).toHaveValue('');
    expect(agreementBox()).not.toBeChecked();
  });

  it('discards the held submission on cancel; ticking the box opens the dialog, whose agreement ticks it', async () => {
    const user = userEvent.setup();
    const submissions = renderForms(<RegistrationSection />, () => registered);
    await fillRegistration(user);
    await user.click(submitButton());
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(agreementBox()).not.toBeChecked();
    expect(submissions).toHaveLength(0);

    // Ticking the box opens the dialog (docs/product/lead-capture.md#agreement); cancelling leaves it clear.
    await user.click(agreementBox());
    expect(screen.getByRole('dialog', { name: '用户协议与隐私政策' })).toBeInTheDocument();
    expect(agreementBox()).not.toBeChecked();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(agreementBox()).not.toBeChecked();
    // Focus came back to the box: Space (the keyboard's tick) opens it too; agreeing there ticks the box.
    expect(agreementBox()).toHaveFocus();
    await user.keyboard(' ');
    await agreeInDialog(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(agreementBox()).toBeChecked();
    expect(agreementBox()).toHaveFocus();
    // Unticking needs no dialog.
    await user.click(agreementBox());
    expect(agreementBox()).not.toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(agreementBox());
    await agreeInDialog(user);
    expect(submissions).toHaveLength(0);

    await user.click(submitButton());
    expect(await screen.findByText('报名成功！我们将在24小时内与您联系')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(submissions).toEqual([expect.objectContaining({ name: '张三', agreement: 'true' })]);
  });

  it('shows the field errors of an empty form instead of opening the agreement dialog', async () => {
    const user = userEvent.setup();
    const submissions = renderForms(<RegistrationSection />, () => ({
      intent: 'registration',
      ok: false,
      toast: { title: '注册失败', text: '姓名不能为空', variant: 'destructive' },
      errors: { name: '姓名不能为空', phone: '手机号码不能为空', school: '请填写在读/毕业学校', major: '请填写就读专业', agreement: '请阅读并同意用户协议和隐私政策' },
      values: {},
    }));
    await user.click(submitButton());

    expect(await screen.findByText('注册失败')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The action checked the fields: the form went without the agreement.
    expect(submissions).toEqual([expect.not.objectContaining({ agreement: 'true' })]);
    expect(screen.getByLabelText(/^姓名/)).toHaveAccessibleDescription('姓名不能为空');
    expect(screen.getByLabelText(/^学校/)).toHaveAccessibleDescription('请填写在读/毕业学校');

    // A malformed email is a field error too, even with every required field filled.
    await fillRegistration(user);
    await user.type(screen.getByLabelText(/^邮箱/), 'not-an-email');
    await user.click(submitButton());
    await screen.findByRole('button', { name: '提交报名' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(submissions).toHaveLength(2);
  });

  it('opens the dialog from the user-agreement and privacy-policy links', async () => {
    const user = userEvent.setup();
    renderForms(<RegistrationSection />, () => registered);
    for (const name of ['《用户协议》', '《隐私政策》']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', name === '《用户协议》' ? '/terms-of-service' : '/privacy-policy');
      await user.click(link);
      expect(screen.getByRole('dialog', { name: '用户协议与隐私政策' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '取消' }));
    }
  });

  it('disables the button while submitting and shows the server errors beside the fields', async () => {
    const user = userEvent.setup();
    let answer!: (result: LeadFormResult) => void;
    renderForms(<RegistrationSection />, () => new Promise<LeadFormResult>((resolve) => (answer = resolve)));
    await fillRegistration(user);
    await user.click(agreementBox());
    await agreeInDialog(user);
    await user.click(submitButton());

    const busy = await screen.findByRole('button', { name: '提交中...' });
    expect(busy).toBeDisabled();
    answer({
      intent: 'registration',
      ok: false,
      toast: { title: '注册失败', text: '请输入有效的手机号码：中国大陆11位手机号，或以+开头的国际号码', variant: 'destructive' },
      errors: { phone: '请输入有效的手机号码：中国大陆11位手机号，或以+开头的国际号码', email: '请输入有效的邮箱地址' },
      values: {},
    });

    expect(await screen.findByText('注册失败')).toBeInTheDocument();
    const phone = screen.getByLabelText(/^手机号/);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('请输入有效的手机号码：中国大陆11位手机号，或以+开头的国际号码');
    expect(screen.getByLabelText(/^邮箱/)).toHaveAccessibleDescription('请输入有效的邮箱地址');
    expect(screen.getByLabelText(/^姓名/)).not.toHaveAttribute('aria-invalid');
    // A failure keeps what was typed.
    expect(phone).toHaveValue('13800138000');
    expect(submitButton()).toBeEnabled();
  });

  it('keeps the honeypot out of the tab order and the accessibility tree', async () => {
    renderForms(<RegistrationSection />, () => registered);
    const trap = document.querySelector<HTMLInputElement>('#registration input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /网站/ })).not.toBeInTheDocument();
  });
});

describe(ContactSection.name, () => {
  it('sends the form with its subject and resets it after success', async () => {
    const user = userEvent.setup();
    const submissions = renderForms(<ContactSection site={aPublicSite({ wechatId: 'wx-test' })} />, () => ({
      intent: 'contact',
      ok: true,
      toast: { title: '消息发送成功！', text: '我们将在24小时内回复您，谢谢！', variant: 'default' },
      errors: {},
      values: {},
    }));
    const subject = screen.getByLabelText(/^咨询主题/);
    expect(within(subject).getAllByRole('option').map((option) => option.textContent)).toEqual(['请选择', '课程咨询', '费用咨询', '企业合作', '技术问题', '其他']);
    await user.type(screen.getByLabelText(/^姓名/), '李四');
    await user.type(screen.getByLabelText(/^手机号/), '13900139000');
    await user.selectOptions(subject, 'enterprise');
    await user.type(screen.getByLabelText(/^留言内容/), '企业内训');
    await user.click(screen.getByRole('button', { name: '发送留言' }));

    expect(await screen.findByText('消息发送成功！')).toBeInTheDocument();
    expect(screen.getByText('我们将在24小时内回复您，谢谢！')).toBeInTheDocument();
    expect(submissions).toEqual([{ intent: 'contact', name: '李四', email: '', phone: '13900139000', subject: 'enterprise', message: '企业内训', website: '' }]);
    expect(screen.getByLabelText(/^咨询主题/)).toHaveValue('');
    expect(screen.getByLabelText(/^姓名/)).toHaveValue('');
  });
});
