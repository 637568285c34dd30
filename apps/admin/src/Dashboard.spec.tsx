import '../test/support/jsdom-setup';
import { ADMIN_AUTH_PATHS, DASHBOARD_CHARTS_PATH, SYSTEM_ALERTS_PATH, type SystemAlert } from '@aipm/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

// Beside App.tsx, whose routes it renders: in dashboard/ it made that folder and the root import each other.
import { BackOfficeRoutes } from './App';

// The first render loads the whole back office (react-admin and the dashboard chunk): seconds on a loaded runner.
const SLOW = { timeout: 15_000 };

/**
 * A signed-in administrator whose stats read answers `stats`; the charts' read never answers. A 401 from the
 * stats read means the session has ended: the session checks answer 401 from then on.
 */
function serveDashboard(stats: { status: number; body: unknown }, alerts: SystemAlert[] = []) {
  const calls: string[] = [];
  let signedIn = true;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const json = (status: number, body: unknown) =>
      ({ ok: status < 400, status, statusText: '', headers: new Headers({ 'Content-Type': 'application/json' }), text: async () => JSON.stringify(body) }) as Response;
    const unauthorized = () => json(401, { success: false, code: 'UNAUTHORIZED', message: '请先登录' });
    if (url === ADMIN_AUTH_PATHS.verify) return signedIn ? json(200, { success: true }) : unauthorized();
    if (url === ADMIN_AUTH_PATHS.session) return signedIn ? json(200, { success: true, email: 'admin@aipm.test', mustChangePassword: false }) : unauthorized();
    if (url === ADMIN_AUTH_PATHS.stats) {
      // Answered once the page's own session checks are done, so only the answer itself can sign out.
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (stats.status === 401) signedIn = false;
      return json(stats.status, stats.body);
    }
    if (url === DASHBOARD_CHARTS_PATH) return new Promise<Response>(() => undefined);
    if (url === SYSTEM_ALERTS_PATH) return json(200, { success: true, data: alerts });
    return json(404, { success: false, code: 'NOT_FOUND', message: 'not found' });
  }) as typeof fetch;
  return calls;
}

/** The back office's own routes (the login page outside react-admin, the rest inside) at `path`. */
function renderAdminAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <BackOfficeRoutes />
    </MemoryRouter>,
  );
}

describe('Dashboard', () => {
  it('shows the three counts', async () => {
    serveDashboard({ status: 200, body: { success: true, data: { totalRegistrations: 12, totalMessages: 5, todayRegistrations: 2 } } });
    renderAdminAt('/admin');
    await waitFor(() => expect(screen.getByTestId('stat-totalRegistrations')).toHaveTextContent('12'), SLOW);
    expect(screen.getByTestId('stat-totalMessages')).toHaveTextContent('5');
    expect(screen.getByTestId('stat-todayRegistrations')).toHaveTextContent('2');
    // Nothing needs the operator: no banner.
    expect(screen.queryByRole('region', { name: '系统提醒' })).not.toBeInTheDocument();
  });

  it('says the counts could not be loaded when the read fails', async () => {
    serveDashboard({ status: 500, body: { success: false, code: 'INTERNAL_ERROR', message: '服务器错误' } });
    renderAdminAt('/admin');
    expect(await screen.findByText('统计数据加载失败', {}, SLOW)).toBeInTheDocument();
  });

  it('goes to the login page when the session has ended (401), without ending a session itself', async () => {
    const calls = serveDashboard({ status: 401, body: { success: false, code: 'UNAUTHORIZED', message: '请先登录' } });
    renderAdminAt('/admin');
    expect(await screen.findByRole('button', { name: '登录' }, SLOW)).toBeInTheDocument();
    expect(calls).toContain(`GET ${ADMIN_AUTH_PATHS.stats}`);
    expect(calls).not.toContain(`POST ${ADMIN_AUTH_PATHS.logout}`);
    expect(screen.queryByText('统计数据加载失败')).not.toBeInTheDocument();
  });

  it('raises what needs the operator above the cards: the backup, a waiting queue, a failing site', async () => {
    serveDashboard({ status: 200, body: { success: true, data: { totalRegistrations: 1, totalMessages: 0, todayRegistrations: 0 } } }, [
      { kind: 'backup_stale', lastSuccessAt: '2026-11-26T19:00:27.000Z' },
      { kind: 'queue_waiting', queue: 'crawl', waitingSeconds: 21 * 60 + 5 },
      { kind: 'crawl_site_failing', site: 'zhipin', readShare: 1 / 6, pages: 6 },
    ]);
    renderAdminAt('/admin');
    const banner = await screen.findByRole('region', { name: '系统提醒' }, SLOW);
    expect(banner).toHaveTextContent('数据备份已超过 36 小时：最近一次成功备份在 2026年11月27日 03:00');
    expect(banner).toHaveTextContent('队列 crawl 中有任务已等待 21 分钟');
    expect(banner).toHaveTextContent('BOSS直聘 最近一小时只读取到 17% 的页面（共 6 页）');
  });
});
