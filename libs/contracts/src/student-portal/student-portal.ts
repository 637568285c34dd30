/*
 * The student's own view (docs/product/student-portal.md, ADR 061): its calls, their answers and its messages.
 * Everything under /api/student is the student realm: its own session cookie, never the administrator's.
 */

/** The API's calls of the student realm. */
export const STUDENT_PORTAL_PATHS = {
  login: '/api/student/login',
  logout: '/api/student/logout',
  session: '/api/student/session',
  password: '/api/student/password',
  reset: '/api/student/reset',
  /** The student's own records: cohort, calendar, attendance, contracts, payments, tool accounts, guarantee (ADR 067). */
  me: '/api/student/me',
  /** The student's offer reports: GET their own, POST a new one (multipart, ADR 066). */
  offers: '/api/student/offers',
} as const;

/** The site's pages of the student realm (never cached by the front door). */
export const STUDENT_PAGES = {
  signIn: '/student',
  home: '/student/home',
  /** 录用报告: the student's offer reports and the form to send one. */
  offers: '/student/offers',
  /** `/student/reset/<token>`: the link the administrator passes on. */
  resetPrefix: '/student/reset/',
} as const;

/** The administrator's call that makes a student login's one-time reset link (its answer: {@link ResetLinkResponse}). */
export const resetLinkPath = (accountId: string) => `/api/admin/student-accounts/${encodeURIComponent(accountId)}/reset-link`;

/** A reset link is valid this long after the administrator made it (docs/product/student-portal.md#password-reset). */
export const RESET_LINK_VALID_HOURS = 24;

export const STUDENT_PORTAL_MESSAGES = {
  loggedIn: '登录成功',
  loggedOut: '已退出登录',
  passwordChanged: '密码修改成功',
  passwordReset: '密码已重置，请使用新密码登录',
  resetLinkCreated: '重置链接已生成，24小时内有效，仅可使用一次',
} as const;

/** Who is signed in (GET /api/student/session and the sign-in's answer). */
export interface StudentSessionResponse {
  success: true;
  message?: string;
  data: {
    username: string;
    /** The student's name as the back office has it. */
    name: string;
  };
}

/** POST /api/admin/student-accounts/:id/reset-link: the one-time link to pass on, once (only its hash is stored). */
export interface ResetLinkResponse {
  success: true;
  message: string;
  data: {
    /** The site-relative link, `/student/reset/<token>`: the back office shows it with its own origin. */
    path: string;
    /** ISO time after which the link no longer works. */
    expiresAt: string;
  };
}
