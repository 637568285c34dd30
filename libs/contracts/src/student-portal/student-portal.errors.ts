/**
 * Error codes of the student's own sign-in, session and password (docs/product/student-portal.md). The spec names
 * the account states (active, suspended, inactive) but gives no sign-in wording for them: these are ours, recorded
 * in docs/decisions/061-student-realm.md.
 */
export const STUDENT_PORTAL_ERRORS = {
  /** 401: a /api/student/** call without the student session (an administrator's session is not one). */
  STUDENT_UNAUTHORIZED: '请先登录学员账户',
  /** 401: an unknown username or email and a wrong password alike: never tell which. */
  STUDENT_INVALID_CREDENTIALS: '用户名/邮箱或密码错误',
  /** 403: the right password for a login the administrator set to 已停用. */
  STUDENT_ACCOUNT_SUSPENDED: '该账户已停用，请联系管理员',
  /** 403: the right password for a login the administrator set to 未激活. */
  STUDENT_ACCOUNT_INACTIVE: '该账户尚未激活，请联系管理员',
  STUDENT_LOGIN_REQUIRED: '请输入用户名或邮箱',
  /** 400: a reset link asked for an account that is a tool account, not a 学员登录. */
  RESET_LINK_NOT_FOR_TOOL_ACCOUNT: '工具账号没有登录密码，无法生成重置链接',
  /** 404: no reset link has this token (mistyped, or cut short when copied). */
  RESET_LINK_NOT_FOUND: '重置链接无效，请向管理员索取新的链接',
  /** 410: the link has set a password once already. */
  RESET_LINK_USED: '该重置链接已使用过，请向管理员索取新的链接',
  /** 410: older than 24 hours, or replaced by a newer link for the same account. */
  RESET_LINK_EXPIRED: '该重置链接已过期，请向管理员索取新的链接',
} as const;

export type StudentPortalErrorCode = keyof typeof STUDENT_PORTAL_ERRORS;
