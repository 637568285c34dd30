/**
 * The spec's Chinese wording (§5, §8) for every auth answer, shared by the API (validators, errors) and the
 * admin (client checks), so one string cannot drift between them.
 */
export const AUTH_MESSAGES = {
  invalidEmail: '请输入有效的邮箱地址',
  passwordTooShort: '密码至少需要8位字符',
  passwordRequired: '请输入密码',
  currentPasswordRequired: '请输入当前密码',
  newPasswordTooShort: '新密码至少需要8位字符',
  invalidCredentials: '邮箱或密码错误',
  adminExists: '检测到系统已有管理员，请使用登录功能',
  registered: '管理员账户创建成功',
  loggedIn: '登录成功',
  loggedOut: '您已成功登出管理后台',
  passwordChanged: '密码修改成功',
  wrongCurrentPassword: '当前密码错误',
  unauthorized: '请先登录管理员账户',
  tooManyAttempts: '登录失败次数过多，请15分钟后再试',
  crossSiteRequest: '拒绝来自其他网站的请求',
} as const;

/** Failed logins allowed per IP and per email inside the window before 429. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

export const ADMIN_PASSWORD_MIN_LENGTH = 8;
