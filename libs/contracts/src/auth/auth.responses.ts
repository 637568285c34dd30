/** GET /api/admin/check */
export interface AdminCheckResponse {
  success: true;
  hasAdmin: boolean;
}

/** GET /api/admin/session: who is signed in, and whether the first-time password dialog must open. */
export interface AdminSessionResponse {
  success: true;
  email: string;
  mustChangePassword: boolean;
}

/** register, login, logout, change-password, verify */
export interface AuthResultResponse {
  success: true;
  message?: string;
  email?: string;
}

/** GET /api/admin/stats: the dashboard's three cards ("today" is the Asia/Shanghai calendar day). */
export interface AdminStatsResponse {
  success: true;
  data: { totalRegistrations: number; totalMessages: number; todayRegistrations: number };
}

export const ADMIN_AUTH_PATHS = {
  check: '/api/admin/check',
  register: '/api/admin/register',
  login: '/api/admin/login',
  logout: '/api/admin/logout',
  verify: '/api/admin/verify',
  session: '/api/admin/session',
  changePassword: '/api/admin/change-password',
  stats: '/api/admin/stats',
} as const;
