import { QueryClient } from '@tanstack/react-query';
import { startSessionCheck } from './earlySession';
import { authProvider, IDENTITY_QUERY_KEY, seedIdentityOnArrival } from './authProvider';

/** One answer of the API to the next call, as fetch gives it. */
function answerWith(status: number, body?: unknown): string[] {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    const text = body === undefined ? '' : JSON.stringify(body);
    return { ok: status < 400, status, statusText: '', headers: new Headers({ 'Content-Type': 'application/json' }), text: async () => text } as Response;
  }) as typeof fetch;
  return calls;
}

describe('authProvider.checkAuth', () => {
  it('passes with a session', async () => {
    const calls = answerWith(200, { success: true });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calls).toEqual(['GET /api/admin/verify']);
  });

  it('signs out on 401 only', async () => {
    answerWith(401, { success: false, code: 'UNAUTHORIZED', message: '请先登录管理员账户' });
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ status: 401 });
  });

  it('keeps the administrator signed in while the session cannot be read (database restarting)', async () => {
    answerWith(503, { success: false, code: 'SESSION_UNAVAILABLE', message: '会话服务暂时不可用，请稍后重试' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('keeps the administrator signed in through a network failure', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });
});

describe('authProvider.logout', () => {
  it('ends no session on the server: react-admin signs out after a 401, and the browser may hold a newer session by then', async () => {
    const calls = answerWith(200, { success: true });
    await expect(authProvider.logout({})).resolves.toBeUndefined();
    expect(calls).toEqual([]);
  });
});

/** The API of a signed-in administrator: verify succeeds, session names admin@aipm.test. */
function answerSignedIn(): string[] {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    const body = String(input).endsWith('/session') ? { success: true, email: 'admin@aipm.test', mustChangePassword: false } : { success: true };
    return { ok: true, status: 200, statusText: '', headers: new Headers({ 'Content-Type': 'application/json' }), text: async () => JSON.stringify(body) } as Response;
  }) as typeof fetch;
  return calls;
}

describe('authProvider with the head start (headStart.ts)', () => {
  it('takes the session check and the identity from one call asked before react-admin ran, once each', async () => {
    const calls = answerSignedIn();
    startSessionCheck();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ email: 'admin@aipm.test' });
    expect(calls).toEqual(['GET /api/admin/session']);
    // The next check (react-admin checks again on each screen) asks the API.
    await authProvider.checkAuth({});
    expect(calls).toEqual(['GET /api/admin/session', 'GET /api/admin/verify']);
  });

  it('signs out when the early call finds no session, asking nothing more', async () => {
    const calls = answerWith(401, { success: false, code: 'UNAUTHORIZED', message: '请先登录管理员账户' });
    startSessionCheck();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual(['GET /api/admin/session']);
  });

  it('keeps the administrator signed in when the early call cannot read the session (database restarting)', async () => {
    answerWith(503, { success: false, code: 'SESSION_UNAVAILABLE', message: '会话服务暂时不可用，请稍后重试' });
    startSessionCheck();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('reads the identity from the API after signing in on the page whose early check found no session', async () => {
    answerWith(401, { success: false, code: 'UNAUTHORIZED', message: '请先登录管理员账户' });
    startSessionCheck();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ status: 401 });
    // The login form signs in; react-admin opens the dashboard without reloading the page.
    const calls = answerSignedIn();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ email: 'admin@aipm.test' });
    expect(calls).toEqual(['GET /api/admin/verify', 'GET /api/admin/session']);
  });

  it("puts the early identity where react-admin's useGetIdentity reads it, once it arrives, and only once", async () => {
    const calls = answerSignedIn();
    startSessionCheck();
    const queryClient = new QueryClient();
    seedIdentityOnArrival(queryClient);
    expect(queryClient.getQueryData(IDENTITY_QUERY_KEY)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData(IDENTITY_QUERY_KEY)).toEqual({ id: 'admin@aipm.test', fullName: 'admin@aipm.test', email: 'admin@aipm.test', mustChangePassword: false });
    // Taken: react-admin's own request for the identity (a refetch after the password changed, say) asks the API.
    await authProvider.getIdentity!();
    expect(calls).toEqual(['GET /api/admin/session', 'GET /api/admin/session']);
  });

  it('puts nothing in the cache when react-admin asked for the identity first', async () => {
    answerSignedIn();
    startSessionCheck();
    const identity = authProvider.getIdentity!();
    const queryClient = new QueryClient();
    seedIdentityOnArrival(queryClient);
    await expect(identity).resolves.toMatchObject({ email: 'admin@aipm.test' });
    expect(queryClient.getQueryData(IDENTITY_QUERY_KEY)).toBeUndefined();
  });
});
