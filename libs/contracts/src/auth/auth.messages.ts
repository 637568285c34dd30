/**
 * The Chinese wording of the auth calls' successes (docs/product/back-office.md#sign-in-messages); their
 * failures are AUTH_ERRORS (auth.errors.ts).
 */
export const AUTH_MESSAGES = {
  registered: '管理员账户创建成功',
  loggedIn: '登录成功',
  loggedOut: '您已成功登出管理后台',
  passwordChanged: '密码修改成功',
} as const;

/**
 * Failed logins allowed for one email from one address inside the window before 429 (docs/decisions/014).
 * One address may fail LOGIN_ADDRESS_FAILURE_LIMIT times over all emails. An email's failures from every
 * address together pace the browsers the account does not know (429 LOGIN_THROTTLED with Retry-After); a
 * browser that signed in before has its own allowance and is held by neither (docs/decisions/037).
 */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_ADDRESS_FAILURE_LIMIT = 100;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

export const ADMIN_PASSWORD_MIN_LENGTH = 8;
