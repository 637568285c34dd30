import '../../test/support/jsdom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { ResetLinkButton } from './ResetLinkButton';

const SLOW = { timeout: 5000 };
jest.setTimeout(60_000);

const ACCOUNT = { id: 'a2', username: 'lisi' };
const TOKEN = 'Zm9vYmFyYmF6cXV4LXRva2VuLW9mLTQzLWNoYXJhY3RlcnM';
// 10:30 UTC is 18:30 in China, where the business and its dates are (docs/product/constants.md#dates-and-times).
const made = { status: 201, body: { success: true, message: '重置链接已生成，24小时内有效，仅可使用一次', data: { path: `/student/reset/${TOKEN}`, expiresAt: '2026-11-30T10:30:00.000Z' } } };

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn(writeText) }, configurable: true });
  return navigator.clipboard.writeText as jest.Mock;
}

describe(ResetLinkButton.name, () => {
  it('makes the link from the keyboard and shows it whole, with its expiry, and copies it', async () => {
    const calls = answerFetch({ 'POST /api/admin/student-accounts/a2/reset-link': made });
    // After userEvent.setup(), which puts a clipboard of its own on navigator.
    const user = userEvent.setup();
    const writeText = stubClipboard(async () => undefined);
    renderInAdmin(<ResetLinkButton account={ACCOUNT} />);

    const make = screen.getByRole('button', { name: '为 lisi 生成重置链接' });
    expect(make).toHaveTextContent('生成重置链接');
    await user.tab();
    expect(make).toHaveFocus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'lisi 的重置链接' }, SLOW);
    expect(calls.map(({ key }) => key)).toEqual(['POST /api/admin/student-accounts/a2/reset-link']);
    // The site's origin (the back office is served by the site's own front door) and the API's path.
    expect(within(dialog).getByRole('textbox', { name: '重置链接' })).toHaveValue(`${window.location.origin}/student/reset/${TOKEN}`);
    expect(within(dialog).getByTestId('reset-link-expiry')).toHaveTextContent('有效期至 2026年11月30日 18:30（中国时间），仅可使用一次');
    expect(dialog).toHaveTextContent('此链接只显示这一次');

    await user.click(within(dialog).getByRole('button', { name: '复制链接' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/student/reset/${TOKEN}`);
    expect(await screen.findByText('链接已复制', {}, SLOW)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('selects the link for a manual copy when the browser refuses the clipboard', async () => {
    answerFetch({ 'POST /api/admin/student-accounts/a2/reset-link': made });
    const user = userEvent.setup();
    stubClipboard(async () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    renderInAdmin(<ResetLinkButton account={ACCOUNT} />);
    await user.click(screen.getByRole('button', { name: '为 lisi 生成重置链接' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: '复制链接' }));
    expect(await screen.findByText('无法复制，请选中链接后手动复制', {}, SLOW)).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: '重置链接' }) as HTMLTextAreaElement;
    expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe(field.value);
  });

  it('says why the API refused, in the administrator’s language', async () => {
    answerFetch({ 'POST /api/admin/student-accounts/a2/reset-link': { status: 400, body: { success: false, code: 'RESET_LINK_NOT_FOR_TOOL_ACCOUNT', message: '工具账号没有登录密码，无法生成重置链接' } } });
    const user = userEvent.setup();
    renderInAdmin(<ResetLinkButton account={ACCOUNT} />, { locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'Make a reset link for lisi' }));
    expect(await screen.findByText(/^Could not make the reset link: /, {}, SLOW)).toHaveTextContent('Could not make the reset link: A tool account has no sign-in password, so it has no reset link');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks English when the administrator does', async () => {
    answerFetch({ 'POST /api/admin/student-accounts/a2/reset-link': made });
    const user = userEvent.setup();
    renderInAdmin(<ResetLinkButton account={ACCOUNT} />, { locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'Make a reset link for lisi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset link for lisi' }, SLOW);
    expect(within(dialog).getByRole('textbox', { name: 'Reset link' })).toHaveValue(`${window.location.origin}/student/reset/${TOKEN}`);
    expect(within(dialog).getByTestId('reset-link-expiry')).toHaveTextContent('Valid until 30 Nov 2026 18:30 (China time), once');
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });
});
