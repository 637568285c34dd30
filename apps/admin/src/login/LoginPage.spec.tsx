import '../../test/support/jsdom-setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { answerFetch } from '../../test/support/renderInAdmin';
import { takeSignInPassword } from '../auth/initialPassword';
import { ToastHost } from '../toast/ToastHost';
import { currentToast, dismissToast } from '../toast/toasts';
import { LoginPage } from './LoginPage';

const adminExists = { status: 403, body: { success: false, message: '检测到系统已有管理员，请使用登录功能' } };

/** The login route as App.tsx mounts it (outside react-admin), the dashboard route it moves to, the toasts. */
function renderLoginPage() {
  return render(
    <MemoryRouter initialEntries={['/admin/login']}>
      <Routes>
        <Route path="/admin/login" element={<LoginPage />} />
        <Route path="/admin/" element={<p>dashboard route</p>} />
      </Routes>
      <ToastHost />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  // Toasts live in module state: none carries over from the previous test.
  const toast = currentToast();
  if (toast) dismissToast(toast.id);
  localStorage.clear();
  document.cookie = 'lng=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe(LoginPage.name, () => {
  it('creates the first administrator when none exists, after the client checks', async () => {
    const calls = answerFetch({
      'GET /api/admin/check': { status: 200, body: { success: true, hasAdmin: false } },
      'POST /api/admin/register': { status: 201, body: { success: true, email: 'a@b.cn' } },
    });
    const user = userEvent.setup();
    renderLoginPage();

    expect(await screen.findByRole('heading', { name: '创建管理员账户' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/邮箱/), 'a@b.cn');
    await user.type(screen.getByLabelText('密码'), 'abcdefgh');
    await user.type(screen.getByLabelText('确认密码'), 'abcdefgX');
    await user.click(screen.getByRole('button', { name: '创建账户' }));
    expect(await screen.findByText('密码不匹配：两次输入的密码不一致')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('密码'));
    await user.type(screen.getByLabelText('密码'), 'short');
    await user.clear(screen.getByLabelText('确认密码'));
    await user.type(screen.getByLabelText('确认密码'), 'short');
    await user.click(screen.getByRole('button', { name: '创建账户' }));
    expect(await screen.findByText('密码强度不够：密码至少需要8位字符')).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toEqual(['GET /api/admin/check']);

    await user.clear(screen.getByLabelText('密码'));
    await user.type(screen.getByLabelText('密码'), 'abcdefgh');
    await user.clear(screen.getByLabelText('确认密码'));
    await user.type(screen.getByLabelText('确认密码'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: '创建账户' }));
    expect(await screen.findByText(/管理员账户创建成功/)).toBeInTheDocument();
    expect(calls[1]).toEqual({ key: 'POST /api/admin/register', body: { email: 'a@b.cn', password: 'abcdefgh' } });
    // docs/product/back-office.md#sign-in-page: the toast first, the dashboard one second later, and the toast stays
    // across the move.
    expect(screen.queryByText('dashboard route')).not.toBeInTheDocument();
    expect(await screen.findByText('dashboard route', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(/管理员账户创建成功/)).toBeInTheDocument();
  });

  it('signs in, keeps the password for the first-time dialog, and opens the dashboard', async () => {
    const calls = answerFetch({
      'GET /api/admin/check': { status: 200, body: { success: true, hasAdmin: true } },
      'POST /api/admin/login': { status: 200, body: { success: true, email: 'a@b.cn' } },
    });
    const user = userEvent.setup();
    renderLoginPage();

    await screen.findByRole('heading', { name: '管理员登录' });
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请填写邮箱和密码')).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toEqual(['GET /api/admin/check']);

    await user.type(screen.getByLabelText(/邮箱/), 'a@b.cn');
    await user.type(screen.getByLabelText('密码'), 'initial-pass');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('登录成功，正在进入管理后台...')).toBeInTheDocument();
    expect(await screen.findByText('dashboard route', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(takeSignInPassword()).toBe('initial-pass');
  });

  it('speaks English when the site language cookie says so, and the stored choice wins over it', async () => {
    answerFetch({ 'GET /api/admin/check': { status: 200, body: { success: true, hasAdmin: true } } });
    document.cookie = 'lng=en';
    const first = renderLoginPage();
    expect(await screen.findByRole('heading', { name: 'Administrator login' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    first.unmount();

    // react-admin's store: the language picked in the back office (JSON under RaStore.locale).
    localStorage.setItem('RaStore.locale', JSON.stringify('zh'));
    renderLoginPage();
    expect(await screen.findByRole('heading', { name: '管理员登录' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh');
  });

  it('says so when the network fails during sign-in', async () => {
    answerFetch({ 'GET /api/admin/check': { status: 200, body: { success: true, hasAdmin: true } } });
    const user = userEvent.setup();
    renderLoginPage();
    await screen.findByRole('heading', { name: '管理员登录' });
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await user.type(screen.getByLabelText(/邮箱/), 'a@b.cn');
    await user.type(screen.getByLabelText('密码'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('网络错误，请稍后重试');
    expect(screen.queryByText('dashboard route')).not.toBeInTheDocument();
  });

  it('switches to login mode with the documented toast when the sign-up answers 403', async () => {
    answerFetch({
      'GET /api/admin/check': { status: 200, body: { success: true, hasAdmin: false } },
      'POST /api/admin/register': adminExists,
    });
    const user = userEvent.setup();
    renderLoginPage();

    await screen.findByRole('heading', { name: '创建管理员账户' });
    await user.type(screen.getByLabelText(/邮箱/), 'late@b.cn');
    await user.type(screen.getByLabelText('密码'), 'abcdefgh');
    await user.type(screen.getByLabelText('确认密码'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: '创建账户' }));

    expect(await screen.findByText('系统状态已更新：检测到系统已有管理员，请使用登录功能')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '管理员登录' })).toBeInTheDocument();
    expect(screen.queryByLabelText('确认密码')).not.toBeInTheDocument();
  });

  it('shows the server message when the login fails, and toggles the password visibility', async () => {
    answerFetch({
      'GET /api/admin/check': { status: 200, body: { success: true, hasAdmin: true } },
      'POST /api/admin/login': { status: 401, body: { success: false, message: '邮箱或密码错误' } },
    });
    const user = userEvent.setup();
    renderLoginPage();

    await screen.findByRole('heading', { name: '管理员登录' });
    await user.type(screen.getByLabelText(/邮箱/), 'a@b.cn');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    expect(screen.getByLabelText('密码')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '显示密码: 密码' }));
    expect(screen.getByLabelText('密码')).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('登录失败：邮箱或密码错误')).toBeInTheDocument();
  });

  it('translates a login failure by its code, and reads a code it does not carry as the default', async () => {
    document.cookie = 'lng=en';
    answerFetch({
      'GET /api/admin/check': { status: 200, body: { success: true, hasAdmin: true } },
      'POST /api/admin/login': { status: 429, body: { success: false, code: 'LOGIN_RATE_LIMITED', message: 'text the page must not show' } },
    });
    const user = userEvent.setup();
    renderLoginPage();
    await screen.findByRole('heading', { name: 'Administrator login' });
    await user.type(screen.getByLabelText(/Email/), 'a@b.cn');
    await user.type(screen.getByLabelText('Password'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Login failed: Too many failed sign-ins; please try again in 15 minutes')).toBeInTheDocument();

    // A code of another feature: its text is not in this chunk, so the page says the default, never the key.
    answerFetch({ 'POST /api/admin/login': { status: 404, body: { success: false, code: 'STUDENT_NOT_FOUND', message: 'text the page must not show' } } });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Login failed: Wrong email or password')).toBeInTheDocument();
  });

  it('says so when the administrator check fails, and offers login', async () => {
    answerFetch({ 'GET /api/admin/check': { status: 500, body: { success: false, message: '服务器内部错误，请稍后重试' } } });
    renderLoginPage();
    expect(await screen.findByText('系统错误：无法检查管理员状态')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: '管理员登录' })).toBeInTheDocument());
  });
});
