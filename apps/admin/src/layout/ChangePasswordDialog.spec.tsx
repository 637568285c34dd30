import '../../test/support/jsdom-setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { rememberSignInPassword, takeSignInPassword } from '../auth/initialPassword';
import { ChangePasswordDialog } from './ChangePasswordDialog';

describe(ChangePasswordDialog.name, () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirmation: string, currentLabel = '当前密码') => {
    for (const [label, value] of [
      [currentLabel, current],
      ['新密码', next],
      ['确认新密码', confirmation],
    ]) {
      await user.clear(screen.getByLabelText(label));
      if (value) await user.type(screen.getByLabelText(label), value);
    }
  };

  it('checks the fields on the client with the documented messages before calling the server', async () => {
    const calls = answerFetch({});
    const user = userEvent.setup();
    renderInAdmin(<ChangePasswordDialog open firstTime={false} onClose={jest.fn()} onChanged={jest.fn()} />);

    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('请填写所有必填字段')).toBeInTheDocument();

    await fill(user, 'old-password', 'short', 'short');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('新密码至少需要8位字符')).toBeInTheDocument();

    await fill(user, 'old-password', 'long-enough-1', 'long-enough-2');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('新密码和确认密码不一致')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the failure by its code (never the server text) and reports success', async () => {
    const calls = answerFetch({
      'POST /api/admin/change-password': [
        { status: 400, body: { success: false, code: 'WRONG_CURRENT_PASSWORD', message: 'text the dialog must not show' } },
        { status: 200, body: { success: true, message: '密码修改成功' } },
      ],
    });
    const onChanged = jest.fn();
    const user = userEvent.setup();
    renderInAdmin(<ChangePasswordDialog open firstTime={false} onClose={jest.fn()} onChanged={onChanged} />);

    await fill(user, 'wrong-password', 'long-enough-1', 'long-enough-1');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('当前密码错误')).toBeInTheDocument();
    expect(screen.queryByText('text the dialog must not show')).not.toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();

    await fill(user, 'right-password', 'long-enough-1', 'long-enough-1');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('密码修改成功')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(calls[1].body).toEqual({ currentPassword: 'right-password', newPassword: 'long-enough-1' });
  });

  it('uses the set-password wording in first-time mode and cannot be cancelled', () => {
    answerFetch({});
    renderInAdmin(<ChangePasswordDialog open firstTime onClose={jest.fn()} onChanged={jest.fn()} />);
    expect(screen.getByRole('dialog', { name: '设置新密码' })).toBeInTheDocument();
    expect(screen.getByLabelText('初始密码')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '设置密码' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '取消' })).not.toBeInTheDocument();
  });

  it('fills in the initial password the administrator signed in with, once, in first-time mode only', () => {
    answerFetch({});
    rememberSignInPassword('initial-Passw0rd');
    const { unmount } = renderInAdmin(<ChangePasswordDialog open firstTime onClose={jest.fn()} onChanged={jest.fn()} />);
    expect(screen.getByLabelText('初始密码')).toHaveValue('initial-Passw0rd');
    unmount();
    // Taken once: a later dialog (or a reload) asks for it again.
    renderInAdmin(<ChangePasswordDialog open firstTime onClose={jest.fn()} onChanged={jest.fn()} />);
    expect(screen.getByLabelText('初始密码')).toHaveValue('');
  });

  it('never fills in the current password outside first-time mode', () => {
    answerFetch({});
    rememberSignInPassword('secret-Passw0rd');
    renderInAdmin(<ChangePasswordDialog open firstTime={false} onClose={jest.fn()} onChanged={jest.fn()} />);
    expect(screen.getByLabelText('当前密码')).toHaveValue('');
    takeSignInPassword();
  });
});
