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
    pace: { step: 'normal', factor: 1, effectiveDelayMs: 3000, signal: null, signalAt: null, since: null, pausedUntil: null, successes: 0, successesToStepDown: 5 },
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

  it('shows the pace of each site: its step, the signal that caused it and since when', async () => {
    const slowed = health('job51', {
      pace: { step: 'slow_x2', factor: 2, effectiveDelayMs: 6000, signal: 'captcha', signalAt: '2026-11-24T03:00:00.000Z', since: '2026-11-24T03:00:00.000Z', pausedUntil: null, successes: 2, successesToStepDown: 5 },
    });
    const paused = health('liepin', {
      pace: { step: 'paused', factor: null, effectiveDelayMs: null, signal: 'http_429', signalAt: '2026-11-24T03:10:00.000Z', since: '2026-11-24T03:10:00.000Z', pausedUntil: '2026-11-24T04:10:00.000Z', successes: 0, successesToStepDown: 5 },
    });
    const unread = health('lagou', { pace: null });
    answerFetch({ [READ]: { status: 200, body: { success: true, data: [health('zhaopin'), slowed, paused, unread] } } });
    renderInAdmin(<SiteHealthCard />);

    const job51 = await screen.findByTestId('site-health-job51', {}, SLOW);
    expect(within(job51).getByText('放慢 ×2')).toBeInTheDocument();
    expect(within(job51).getByText('放慢 ×2（请求间隔 6000 毫秒）；自 2026年11月24日 11:00；起因：出现验证码（2026年11月24日 11:00）；再连续成功 3 页降一级')).toBeInTheDocument();
    const liepin = screen.getByTestId('site-health-liepin');
    expect(within(liepin).getByText('已暂停')).toBeInTheDocument();
    expect(within(liepin).getByText(/^已暂停，2026年11月24日 12:10 后以“放慢 ×4”恢复；自 2026年11月24日 11:10；起因：HTTP 429 请求过多/)).toBeInTheDocument();
    expect(within(screen.getByTestId('site-health-zhaopin')).getByText('正常（请求间隔 3000 毫秒）')).toBeInTheDocument();
    expect(within(screen.getByTestId('site-health-lagou')).getByText('无法读取（Redis 不可用）')).toBeInTheDocument();
  });

  it('shows the pace in English', async () => {
    const slowed = health('job51', {
      pace: { step: 'slow_x4', factor: 4, effectiveDelayMs: 12000, signal: 'blocked', signalAt: '2026-11-24T03:00:00.000Z', since: '2026-11-24T03:00:00.000Z', pausedUntil: null, successes: 0, successesToStepDown: 5 },
    });
    answerFetch({ [READ]: { status: 200, body: { success: true, data: [slowed] } } });
    renderInAdmin(<SiteHealthCard />, { locale: 'en' });
    const job51 = await screen.findByTestId('site-health-job51', {}, SLOW);
    expect(within(job51).getByText('Pace')).toBeInTheDocument();
    expect(within(job51).getByText(/^Slowed ×4 \(request delay 12000 ms\)；since .*；caused by: Access blocked .*；5 more pages in a row to step down$/)).toBeInTheDocument();
  });

  it('reads once, and again only when asked (no polling)', async () => {
    const calls = answerFetch({ [READ]: { status: 200, body: { success: true, data: [health('zhaopin')] } } });
    const user = userEvent.setup();
    renderInAdmin(<SiteHealthCard />);
    await screen.findByTestId('site-health-zhaopin', {}, SLOW);
    expect(calls.filter((call) => call.key === READ)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '刷新站点健康' }));
    await screen.findByTestId('site-health-zhaopin', {}, SLOW);
    expect(calls.filter((call) => call.key === READ)).toHaveLength(2);
  });

  it('says why it could not load', async () => {
    answerFetch({ [READ]: { status: 500, body: { success: false, code: 'INTERNAL_ERROR', message: 'boom' } } });
    renderInAdmin(<SiteHealthCard />);
    expect(await screen.findByText(/站点健康加载失败/, {}, SLOW)).toBeInTheDocument();
  });
});
