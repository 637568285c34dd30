import '../../test/support/jsdom-setup';
import type { SiteHealth } from '@aipm/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { SiteHealthCard } from './SiteHealthCard';

const SLOW = { timeout: 5000 };
const READ = 'GET /api/admin/crawler/site-health';

function health(site: SiteHealth['site'], overrides: Partial<SiteHealth> = {}): SiteHealth {
  return {
    site,
    runs: 0,
    successRate: null,
    lastSuccessAt: null,
    lastRunAt: null,
    failuresByReason: {},
    selectors: { count: 0, bestConfidence: null, averageConfidence: null, lastUsed: null },
    zeroJobRuns: [],
    flagged: false,
    ...overrides,
  };
}

const zhipin = health('zhipin', {
  runs: 4,
  successRate: 0.75,
  lastSuccessAt: '2026-11-24T02:30:00.000Z',
  lastRunAt: '2026-11-24T03:00:00.000Z',
  failuresByReason: { login_wall: 1, timeout: 2 },
  selectors: { count: 2, bestConfidence: 0.8, averageConfidence: 0.65, lastUsed: '2026-11-20T00:00:00.000Z' },
  zeroJobRuns: [{ jobId: '12', taskId: null, finishedAt: '2026-11-24T03:00:00.000Z', status: 'failed', failureReason: 'login_wall' }],
  flagged: true,
});

describe(SiteHealthCard.name, () => {
  it('shows each site with its figures and flags the one whose latest run found nothing after earlier finds', async () => {
    answerFetch({ [READ]: { status: 200, body: { success: true, data: [health('zhaopin'), zhipin] } } });
    renderInAdmin(<SiteHealthCard />);

    const flagged = await screen.findByTestId('site-health-zhipin', {}, SLOW);
    expect(within(flagged).getByRole('heading', { level: 3, name: 'BOSS直聘' })).toBeInTheDocument();
    expect(within(flagged).getByText('需关注')).toBeInTheDocument();
    expect(within(flagged).getByText('75%（最近 4 次）')).toBeInTheDocument();
    expect(within(flagged).getByText('2026年11月24日 10:30')).toBeInTheDocument();
    expect(within(flagged).getByText('需要登录（Cookie 无效或已过期） × 1；页面加载超时 × 2')).toBeInTheDocument();
    expect(within(flagged).getByText('2 组，最高置信度 0.80，平均 0.65')).toBeInTheDocument();
    expect(within(flagged).getByText('1 次（最近一次 2026年11月24日 11:00）')).toBeInTheDocument();

    const quiet = screen.getByTestId('site-health-zhaopin');
    expect(within(quiet).getByText('暂无抓取记录')).toBeInTheDocument();
    expect(within(quiet).getByText('从未成功')).toBeInTheDocument();
    expect(within(quiet).queryByText('需关注')).not.toBeInTheDocument();
  });

  it('reads once, and again only when asked (no polling)', async () => {
    const calls = answerFetch({ [READ]: { status: 200, body: { success: true, data: [health('zhaopin')] } } });
    const user = userEvent.setup();
    renderInAdmin(<SiteHealthCard />);
    await screen.findByTestId('site-health-zhaopin', {}, SLOW);
    expect(calls.filter((call) => call.key === READ)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '刷新' }));
    await screen.findByTestId('site-health-zhaopin', {}, SLOW);
    expect(calls.filter((call) => call.key === READ)).toHaveLength(2);
  });

  it('says why it could not load', async () => {
    answerFetch({ [READ]: { status: 500, body: { success: false, code: 'INTERNAL_ERROR', message: 'boom' } } });
    renderInAdmin(<SiteHealthCard />);
    expect(await screen.findByText(/站点健康加载失败/, {}, SLOW)).toBeInTheDocument();
  });
});
