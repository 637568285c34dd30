import { ADMIN_AUTH_PATHS, type AdminCheckResponse, type AdminSessionResponse, type AdminStatsResponse, type AuthResultResponse } from '@aipm/contracts';

/** A non-2xx answer: `message` is the server's own message when it sent one (spec §7 "failure carries message"). */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    fallback: string,
  ) {
    super(serverMessage ?? fallback);
    this.name = 'AdminApiError';
  }
}

/** Same-origin JSON call with the session cookie. Network failures surface as status 0. */
export async function adminRequest<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new AdminApiError(0, undefined, 'network error');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    // Spec §7: "status: text" when the server gives no message of its own.
    throw new AdminApiError(response.status, typeof message === 'string' ? message : undefined, `${response.status}: ${text || response.statusText}`);
  }
  return body as T;
}

export const adminApi = {
  check: () => adminRequest<AdminCheckResponse>(ADMIN_AUTH_PATHS.check),
  register: (email: string, password: string) =>
    adminRequest<AuthResultResponse>(ADMIN_AUTH_PATHS.register, { method: 'POST', body: { email, password } }),
  login: (email: string, password: string) => adminRequest<AuthResultResponse>(ADMIN_AUTH_PATHS.login, { method: 'POST', body: { email, password } }),
  logout: () => adminRequest<AuthResultResponse>(ADMIN_AUTH_PATHS.logout, { method: 'POST' }),
  verify: () => adminRequest<AuthResultResponse>(ADMIN_AUTH_PATHS.verify),
  session: () => adminRequest<AdminSessionResponse>(ADMIN_AUTH_PATHS.session),
  changePassword: (currentPassword: string, newPassword: string) =>
    adminRequest<AuthResultResponse>(ADMIN_AUTH_PATHS.changePassword, { method: 'POST', body: { currentPassword, newPassword } }),
  stats: () => adminRequest<AdminStatsResponse>(ADMIN_AUTH_PATHS.stats),
};
