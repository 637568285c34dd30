/**
 * Error codes of sign-up, sign-in, the session and the password, with their wording
 * (docs/product/errors.md#sign-in-and-session, docs/product/validation.md#administrator-sign-up).
 */
export const AUTH_ERRORS = {
  PASSWORD_TOO_SHORT: '密码至少需要8位字符',
  PASSWORD_REQUIRED: '请输入密码',
  CURRENT_PASSWORD_REQUIRED: '请输入当前密码',
  NEW_PASSWORD_TOO_SHORT: '新密码至少需要8位字符',
  INVALID_CREDENTIALS: '邮箱或密码错误',
  ADMIN_EXISTS: '检测到系统已有管理员，请使用登录功能',
  WRONG_CURRENT_PASSWORD: '当前密码错误',
  UNAUTHORIZED: '请先登录管理员账户',
  LOGIN_RATE_LIMITED: '登录失败次数过多，请15分钟后再试',
  /**
   * 429: the account has had many failed sign-ins from browsers it does not know, so each further one from
   * such a browser waits its turn (Retry-After says how long). A browser that signed in before is not paced.
   */
  LOGIN_THROTTLED: '该账户登录尝试过于频繁，请稍后再试',
  /** 503: the attempt counter (Redis) did not answer in time; sign-in stays closed rather than unthrottled. */
  LOGIN_UNAVAILABLE: '登录服务暂时不可用，请稍后重试',
  /** 503: the session could not be read (the database restarting); the session itself is kept. */
  SESSION_UNAVAILABLE: '会话服务暂时不可用，请稍后重试',
  CROSS_SITE_REQUEST: '拒绝来自其他网站的请求',
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;
