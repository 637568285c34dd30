import '../test/support/jsdom-setup';
import { ADMIN_AUTH_PATHS, ERROR_MESSAGES } from '@aipm/contracts';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import AdminApp from './AdminApp';
import { BackOfficeRoutes } from './App';
import { ADMIN_QUERY_DEFAULTS } from './data/queryClient';

const SLOW = { timeout: 5000 };

/** The signed-in session, and a registrations list that always fails with a 500. */
function serveFailingList() {
  const listCalls: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const json = (status: number, body: unknown) =>
      ({ ok: status < 400, status, statusText: '', headers: new Headers({ 'Content-Type': 'application/json' }), text: async () => JSON.stringify(body) }) as Response;
    if (url === ADMIN_AUTH_PATHS.verify) return json(200, { success: true });
    if (url === ADMIN_AUTH_PATHS.session) return json(200, { success: true, email: 'admin@aipm.test', mustChangePassword: false });
    if (url.startsWith('/api/registrations')) {
      listCalls.push(url);
      return json(500, { success: false, code: 'INTERNAL_ERROR', message: '服务器错误' });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'not found' });
  }) as typeof fetch;
  return listCalls;
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe(AdminApp.name, () => {
  it('loads a failed list once: no retry, no refetch on focus or reconnect, no polling', async () => {
    const listCalls = serveFailingList();
    render(
      <MemoryRouter initialEntries={['/admin/registrations']}>
        <BackOfficeRoutes />
      </MemoryRouter>,
    );

    // react-admin reports the failure with the code's text once the single attempt failed.
    expect(await screen.findByText(ERROR_MESSAGES.INTERNAL_ERROR, {}, SLOW)).toBeInTheDocument();
    expect(listCalls).toHaveLength(1);
    // react-query's default would retry after 1 s, then 2 s.
    await wait(1500);
    expect(listCalls).toHaveLength(1);

    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await wait(200);
    expect(listCalls).toHaveLength(1);
  }, 15_000);

  it("opens a screen whose wording is not in react-admin's chunk with that wording, not its keys", async () => {
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url === ADMIN_AUTH_PATHS.session ? { success: true, email: 'admin@aipm.test', mustChangePassword: false } : { success: true, data: [] };
      return { ok: true, status: 200, statusText: '', headers: new Headers({ 'Content-Type': 'application/json' }), text: async () => JSON.stringify(body) } as Response;
    }) as typeof fetch;
    render(
      <MemoryRouter initialEntries={['/admin/published-jobs']}>
        <BackOfficeRoutes />
      </MemoryRouter>,
    );
    // aipm.published_jobs.empty: laterSectionMessages.ts, added to the provider before the screen renders.
    expect(await screen.findByText('暂无已发布职位', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/^aipm\./)).not.toBeInTheDocument();
  }, 15_000);

  it('shows the header, welcome line and all, while react-admin still checks the session, and keeps that very element', async () => {
    let answerVerify: () => void = () => undefined;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const json = (body: unknown) =>
        ({ ok: true, status: 200, statusText: '', headers: new Headers({ 'Content-Type': 'application/json' }), text: async () => JSON.stringify(body) }) as Response;
      if (url === ADMIN_AUTH_PATHS.verify) return new Promise<Response>((resolve) => (answerVerify = () => resolve(json({ success: true }))));
      if (url === ADMIN_AUTH_PATHS.session) return json({ success: true, email: 'admin@aipm.test', mustChangePassword: false });
      return json({ success: true, data: [] });
    }) as typeof fetch;
    render(
      <MemoryRouter initialEntries={['/admin/published-jobs']}>
        <BackOfficeRoutes />
      </MemoryRouter>,
    );

    const welcome = await screen.findByText('欢迎，admin@aipm.test', {}, SLOW);
    expect(screen.getByText('正在验证管理员权限...')).toBeInTheDocument();

    await act(async () => answerVerify());
    expect(await screen.findByText('暂无已发布职位', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('欢迎，admin@aipm.test')).toBe(welcome);
  }, 15_000);

  it('states the policy for queries and mutations alike', () => {
    expect(ADMIN_QUERY_DEFAULTS).toEqual({
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, refetchInterval: false, refetchIntervalInBackground: false },
      mutations: { retry: false },
    });
  });
});
