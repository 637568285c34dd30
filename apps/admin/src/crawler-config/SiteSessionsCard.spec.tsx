import '../../test/support/jsdom-setup';
import type { SiteSessionStatus } from '@aipm/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { SiteHealthCard } from './SiteHealthCard';
import { SiteSessionsCard } from './SiteSessionsCard';

const SLOW = { timeout: 5000 };
const READ = 'GET /api/admin/crawler/site-sessions';

const none = (site: SiteSessionStatus['site'], state: SiteSessionStatus['state'] = 'missing'): SiteSessionStatus => ({ site, state, capturedAt: null, lastSuccessAt: null, lastRefusalAt: null, lastRefusal: null });

describe(SiteSessionsCard.name, () => {
  it("shows a stored session's age and outcomes, and an unreadable one as not stored", async () => {
    const capturedAt = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();
    answerFetch({
      [READ]: {
        status: 200,
        body: {
          success: true,
          data: [
            { site: 'zhipin', state: 'stored', capturedAt, lastSuccessAt: '2026-11-24T02:30:00.000Z', lastRefusalAt: '2026-11-24T03:00:00.000Z', lastRefusal: 'captcha: 您的访问行为异常' },
            none('liepin', 'unreadable'),
            none('lagou'),
          ],
        },
      },
    });
    renderInAdmin(<SiteSessionsCard />);

    const stored = await screen.findByTestId('site-session-zhipin', {}, SLOW);
    expect(within(stored).getByRole('heading', { level: 3, name: 'BOSS直聘' })).toBeInTheDocument();
    expect(within(stored).getAllByText('已保存')).toHaveLength(2);
    expect(within(stored).getByText(/（3 天前）$/)).toBeInTheDocument();
    expect(within(stored).getByText('2026年11月24日 10:30')).toBeInTheDocument();
    expect(within(stored).getByText('2026年11月24日 11:00：captcha: 您的访问行为异常')).toBeInTheDocument();

    const unreadable = screen.getByTestId('site-session-liepin');
    expect(within(unreadable).getByText('无法解密')).toBeInTheDocument();
    expect(within(unreadable).getByText('未保存（已存的会话无法用当前密钥解密，不会使用）')).toBeInTheDocument();
    expect(within(unreadable).queryByText('保存于')).toBeNull();
    expect(within(screen.getByTestId('site-session-lagou')).getAllByText('未保存')).toHaveLength(2);
  });

  it('reads again only when its own refresh button is pressed, named apart from the site-health one on the same page', async () => {
    const calls = answerFetch({
      [READ]: { status: 200, body: { success: true, data: [none('zhipin')] } },
      'GET /api/admin/crawler/site-health': { status: 200, body: { success: true, data: [] } },
    });
    const user = userEvent.setup();
    renderInAdmin(
      <>
        <SiteSessionsCard />
        <SiteHealthCard />
      </>,
    );
    await screen.findByTestId('site-session-zhipin', {}, SLOW);
    const sessionsRefresh = screen.getByRole('button', { name: '刷新站点登录会话' });
    expect(sessionsRefresh).toHaveTextContent(/^刷新$/);
    expect(screen.getByRole('button', { name: '刷新站点健康' })).toHaveTextContent(/^刷新$/);
    expect(screen.queryByRole('button', { name: '刷新' })).toBeNull();

    await user.click(sessionsRefresh);
    await screen.findByTestId('site-session-zhipin', {}, SLOW);
    expect(calls.filter((call) => call.key === READ)).toHaveLength(2);
  });

  it('deletes a stored session after its confirmation, toasts and reads the sessions again', async () => {
    const capturedAt = '2026-11-26T08:00:00.000Z';
    const calls = answerFetch({
      [READ]: [
        { status: 200, body: { success: true, data: [{ site: 'zhipin', state: 'stored', capturedAt, lastSuccessAt: null, lastRefusalAt: null, lastRefusal: null }, none('liepin', 'unreadable'), none('lagou')] } },
        { status: 200, body: { success: true, data: [none('zhipin'), none('liepin', 'unreadable'), none('lagou')] } },
      ],
      'DELETE /api/admin/crawler/site-sessions/zhipin': { status: 200, body: { success: true, data: { site: 'zhipin', capturedAt } } },
    });
    const user = userEvent.setup();
    renderInAdmin(<SiteSessionsCard />);

    const stored = await screen.findByTestId('site-session-zhipin', {}, SLOW);
    // A stored or unreadable session can be deleted; a site without one has nothing to delete.
    expect(within(screen.getByTestId('site-session-liepin')).getByRole('button', { name: '删除猎聘的登录会话' })).toBeInTheDocument();
    expect(within(screen.getByTestId('site-session-lagou')).queryByRole('button', { name: /删除/ })).toBeNull();
    const remove = within(stored).getByRole('button', { name: '删除BOSS直聘的登录会话' });
    expect(remove).toHaveTextContent(/^删除$/);

    await user.click(remove);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('删除BOSS直聘的登录会话？之后抓取将以未登录身份访问该站点。')).toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('DELETE'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '删除' }));

    expect(await screen.findByText('已删除登录会话', {}, SLOW)).toBeInTheDocument();
    await within(screen.getByTestId('site-session-zhipin')).findAllByText('未保存', {}, SLOW);
    expect(within(screen.getByTestId('site-session-zhipin')).queryByRole('button', { name: '删除BOSS直聘的登录会话' })).toBeNull();
    expect(calls.map((call) => call.key)).toEqual([READ, 'DELETE /api/admin/crawler/site-sessions/zhipin', READ]);
  });

  it('says in English what deleting does', async () => {
    answerFetch({ [READ]: { status: 200, body: { success: true, data: [{ site: 'zhipin', state: 'stored', capturedAt: '2026-11-26T08:00:00.000Z', lastSuccessAt: null, lastRefusalAt: null, lastRefusal: null }] } } });
    const user = userEvent.setup();
    renderInAdmin(<SiteSessionsCard />, { locale: 'en' });
    const remove = await screen.findByRole('button', { name: /^Delete the sign-in session of / }, SLOW);
    await user.click(remove);
    expect(await screen.findByText(/^Delete the sign-in session of .+\? Crawls will then visit the site signed out\.$/)).toBeInTheDocument();
  });
});
