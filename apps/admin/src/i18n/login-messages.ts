import { enLoginErrorMessages, zhLoginErrorMessages } from './login-error-messages';

/*
 * The wording of /admin/login, under `aipm.*`: all that the first load of the back office carries (through
 * translate.ts). The rest of the back office's wording (app-messages.ts, the first screens' sections' from
 * ../firstSectionMessages.ts, the whole error catalog) reaches only the react-admin chunk, the other sections' a chunk
 * of their own; i18nProvider.ts merges this in too (the change-password dialog reuses the password field's wording).
 * tools/admin-first-load.int-spec.ts holds its size.
 */
export const zhLoginMessages = {
  back_to_site: '返回首页',
  /** The toasts' region, which F8 focuses (toast/ToastSnackbar.tsx). */
  toast_region: '通知 (F8)',
  login: {
    title: '管理员登录',
    register_title: '创建管理员账户',
    register_hint: '系统中还没有管理员，请创建第一个管理员账户',
    login_hint: '请使用管理员邮箱和密码登录',
    email: '邮箱',
    password: '密码',
    confirm_password: '确认密码',
    show_password: '显示密码',
    hide_password: '隐藏密码',
    submit_login: '登录',
    submit_register: '创建账户',
    checking: '正在检查系统状态...',
    toast: {
      check_failed: '系统错误：无法检查管理员状态',
      mismatch: '密码不匹配：两次输入的密码不一致',
      too_short: '密码强度不够：密码至少需要8位字符',
      required: '请填写邮箱和密码',
      login_failed: '登录失败：%{message}',
      login_failed_default: '邮箱或密码错误',
      register_failed: '注册失败：%{message}',
      register_failed_default: '注册过程中发生错误',
      admin_exists: '系统状态已更新：检测到系统已有管理员，请使用登录功能',
      network: '网络错误，请稍后重试',
      login_success: '登录成功，正在进入管理后台...',
      register_success: '管理员账户创建成功，正在进入管理后台...',
    },
  },
  errors: zhLoginErrorMessages,
};

export const enLoginMessages: typeof zhLoginMessages = {
  back_to_site: 'Back to home',
  toast_region: 'Notifications (F8)',
  login: {
    title: 'Administrator login',
    register_title: 'Create administrator account',
    register_hint: 'There is no administrator yet: create the first administrator account',
    login_hint: 'Sign in with the administrator email and password',
    email: 'Email',
    password: 'Password',
    confirm_password: 'Confirm password',
    show_password: 'Show password',
    hide_password: 'Hide password',
    submit_login: 'Log in',
    submit_register: 'Create account',
    checking: 'Checking the system status...',
    toast: {
      check_failed: 'System error: could not check the administrator status',
      mismatch: 'Passwords do not match: the two passwords differ',
      too_short: 'Password too weak: at least 8 characters are required',
      required: 'Please enter the email and the password',
      login_failed: 'Login failed: %{message}',
      login_failed_default: 'Wrong email or password',
      register_failed: 'Registration failed: %{message}',
      register_failed_default: 'An error occurred during registration',
      admin_exists: 'System status updated: an administrator already exists, please log in',
      network: 'Network error, please try again later',
      login_success: 'Logged in, opening the back office...',
      register_success: 'Administrator account created, opening the back office...',
    },
  },
  errors: enLoginErrorMessages,
};
