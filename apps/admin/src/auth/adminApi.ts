import { ADMIN_AUTH_PATHS, type AdminCheckResponse, type AdminSessionResponse, type AuthResultResponse } from '@aipm/contracts';

/**
 * A non-2xx answer. `code` is the API's error code when it sent one: screens translate it (aipm.errors.*) rather than
 * show the server's Chinese text; `message` is "status: text" (docs/product/back-office.md#calls-and-errors) for the
 * log. The code is checked against a catalog by the screen that translates it (isLoginErrorCode, isErrorCode), not
 * here: this module ships with /admin/login, and the whole catalog must not.
 */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/** Same-origin JSON call with the session cookie. Network failures surface as status 0. */
async function adminRequest<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
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
    const code = (body as { code?: unknown } | undefined)?.code;
    // docs/product/back-office.md#calls-and-errors: "status: text".
    throw new AdminApiError(response.status, typeof code === 'string' ? code : undefined, `${response.status}: ${text || response.statusText}`);
  }
  return body as T;
}

/**
 * The sign-in and session calls: the login page's and the authProvider's (which decides what a 401 means), plus the
 * logout button's. They run before react-admin exists, or are react-admin's own auth path, so they go straight to
 * fetch; every call of a back-office screen goes through the data provider instead (ADR 048).
 */
export const adminApi = {
  check: () => adminRequest<AdminCheckResponse>(ADMIN_AUTH_PATHS.check),
  register: (email: string, password: string) =>
    adminRequest<AuthResultResponse>(ADMIN_AUTH_PATHS.register, { method: 'POST', body: { email, password } }),
  login: (email: string, password: string) => adminRequest<AuthResultResponse>(ADMIN_AUTH_PATHS.login, { method: 'POST', body: { email, password } }),
  logout: () => adminRequest<AuthResultResponse>(ADMIN_AUTH_PATHS.logout, { method: 'POST' }),
  verify: () => adminRequest<AuthResultResponse>(ADMIN_AUTH_PATHS.verify),
  session: () => adminRequest<AdminSessionResponse>(ADMIN_AUTH_PATHS.session),
};
