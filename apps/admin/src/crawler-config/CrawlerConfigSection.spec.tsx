import '../../test/support/jsdom-setup';
import { CRAWL_SITE_NAMES, CRAWLER_CONFIG_DEFAULTS, type CrawlerConfig, type CrawlerDiagnostics, type SiteDiagnosis } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { changesOf, requestDelayOf } from './AdvancedSettingsForm';
import { zhCrawlerConfigMessages } from './crawlerConfigMessages';
import { CrawlerConfigSection } from './CrawlerConfigSection';

const SLOW = { timeout: 5000 };
const READ = 'GET /api/admin/crawler-config';
const SAVE = 'POST /api/admin/crawler-config';
const TEST = 'POST /api/admin/crawler-config/test';

const config = (overrides: Partial<CrawlerConfig> = {}): CrawlerConfig => ({ ...CRAWLER_CONFIG_DEFAULTS, ...overrides });
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

function site(name: SiteDiagnosis['site'], overrides: Partial<SiteDiagnosis> = {}): SiteDiagnosis {
  return { site: name, url: `http://127.0.0.1:4010/${name}`, cookie: false, reachable: true, status: 200, outcome: 'ok', jobs: 10, source: 'embedded', waitedMs: 5, elapsedMs: 812, message: null, ...overrides };
}

function report(sites: SiteDiagnosis[]): CrawlerDiagnostics {
  return { chromium: { ok: true, version: '156.0.0.0', message: null }, mode: 'browser', sites, worker: { hostname: 'worker-1', pid: 4242 }, finishedAt: '2026-11-24T03:00:00.000Z' };
}

const cookieRow = (key: string) => screen.getByTestId(`cookie-${key}`);

describe(CrawlerConfigSection.name, () => {
  it('starts from the defaults: delay 3000 ms, the three switches on, no cookie', async () => {
    answerFetch({ [READ]: ok(config()) });
    renderInAdmin(<CrawlerConfigSection />);

    expect(await screen.findByRole('spinbutton', { name: '请求间隔（毫秒）' }, SLOW)).toHaveValue(3000);
    for (const name of ['轮换浏览器标识（User-Agent）', 'JavaScript 渲染', '反检测模式']) expect(screen.getByRole('switch', { name })).toBeChecked();
    expect(within(cookieRow('zhaopin_cookie')).getByTestId('cookie-state')).toHaveTextContent('未设置');
    expect(within(cookieRow('zhaopin_cookie')).queryByRole('button', { name: '移除' })).not.toBeInTheDocument();
  });

  it('shows a saved cookie masked, replaces one and removes another on save, and says 保存成功', async () => {
    const calls = answerFetch({
      [READ]: ok(config({ zhaopin_cookie: 'zp_a********z9k1', boss_cookie: 'wt2=********abcd' })),
      [SAVE]: ok(config({ zhaopin_cookie: 'new_********5678', request_delay: 5000, anti_detection: false })),
    });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerConfigSection />);

    const zhaopin = await screen.findByTestId('cookie-zhaopin_cookie', {}, SLOW);
    expect(within(zhaopin).getByTestId('cookie-state')).toHaveTextContent('已保存：zp_a********z9k1');
    await user.click(within(zhaopin).getByRole('button', { name: '替换' }));
    await user.type(within(zhaopin).getByRole('textbox', { name: '新的 智联招聘 Cookie' }), 'new_session_cookie_5678');
    await user.click(within(cookieRow('boss_cookie')).getByRole('button', { name: '移除' }));
    expect(within(cookieRow('boss_cookie')).getByTestId('cookie-state')).toHaveTextContent('保存后将移除');
    const delay = screen.getByRole('spinbutton', { name: '请求间隔（毫秒）' });
    await user.clear(delay);
    await user.type(delay, '5000');
    await user.click(screen.getByRole('switch', { name: '反检测模式' }));
    await user.click(screen.getByRole('button', { name: '保存设置' }));

    expect(await screen.findByText('保存成功', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key === SAVE)?.body).toEqual({
      request_delay: 5000,
      user_agent_rotation: true,
      javascript_rendering: true,
      anti_detection: false,
      zhaopin_cookie: 'new_session_cookie_5678',
      boss_cookie: '',
    });
    // The form shows what the API stored, masked; nothing is left pending.
    await waitFor(() => expect(within(cookieRow('zhaopin_cookie')).getByTestId('cookie-state')).toHaveTextContent('已保存：new_********5678'));
    expect(within(cookieRow('zhaopin_cookie')).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the API’s field error beside the request delay and says 保存失败', async () => {
    answerFetch({
      [READ]: ok(config()),
      [SAVE]: {
        status: 400,
        body: { success: false, code: 'INVALID_REQUEST_DELAY', message: '请求间隔必须是不小于0的整数（毫秒）', errors: {}, fieldCodes: { request_delay: 'INVALID_REQUEST_DELAY' } },
      },
    });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerConfigSection />);

    const delay = await screen.findByRole('spinbutton', { name: '请求间隔（毫秒）' }, SLOW);
    await user.clear(delay);
    await user.type(delay, '-5');
    await user.click(screen.getByRole('button', { name: '保存设置' }));

    expect(await screen.findByText('保存失败：请求间隔必须是不小于0的整数（毫秒）', {}, SLOW)).toBeInTheDocument();
    expect(delay).toHaveAccessibleDescription('请求间隔必须是不小于0的整数（毫秒）');
    expect(delay).toHaveAttribute('aria-invalid', 'true');
  });

  it('runs the test and shows each site’s report, with 测试完成 when every site listed jobs', async () => {
    const sites = (['zhaopin', 'zhipin', 'job51', 'liepin', 'lagou'] as const).map((name) => site(name));
    answerFetch({ [READ]: ok(config()), [TEST]: { status: 200, body: { success: true, message: '测试完成：…', data: report(sites) } } });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerConfigSection />);

    await user.click(await screen.findByRole('button', { name: '测试连接' }, SLOW));
    expect(await screen.findByText('测试完成', {}, SLOW)).toBeInTheDocument();
    const row = screen.getByTestId('report-zhaopin');
    expect(row).toHaveTextContent('智联招聘');
    expect(row).toHaveTextContent('是');
    expect(row).toHaveTextContent('200');
    expect(row).toHaveTextContent('正常，列出职位');
    expect(row).toHaveTextContent('812 毫秒（排队 5 毫秒）');
    expect(screen.getByTestId('crawler-test-report')).toHaveTextContent('Chromium：已启动 156.0.0.0');
  });

  it('says 测试失败 naming the sites that did not pass, and reports a login wall', async () => {
    const sites = [site('zhaopin'), site('zhipin', { outcome: 'login_wall', status: 302, jobs: 0, cookie: true, message: 'zhipin: 请登录' })];
    answerFetch({ [READ]: ok(config()), [TEST]: { status: 200, body: { success: false, message: '测试失败：…', data: report(sites) } } });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerConfigSection />);

    await user.click(await screen.findByRole('button', { name: '测试连接' }, SLOW));
    expect(await screen.findByText('测试失败：BOSS直聘 未通过', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('report-zhipin')).toHaveTextContent('需要登录（Cookie 无效或已过期）');
    expect(screen.getByTestId('report-zhipin')).toHaveTextContent('已发送');
  });

  it('says 测试失败 with the reason when no worker could run the test', async () => {
    answerFetch({ [READ]: ok(config()), [TEST]: { status: 503, body: { success: false, code: 'CRAWLER_UNAVAILABLE', message: '测试失败：抓取服务不可用' } } });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerConfigSection />);

    await user.click(await screen.findByRole('button', { name: '测试连接' }, SLOW));
    expect(await screen.findByText('测试失败：抓取服务不可用', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('crawler-test-report')).not.toBeInTheDocument();
  });
});

describe(requestDelayOf.name, () => {
  it('falls back to 3000 when the input holds no number', () => {
    expect(requestDelayOf('')).toBe(3000);
    expect(requestDelayOf('abc')).toBe(3000);
    expect(requestDelayOf(' 1500 ')).toBe(1500);
  });
});

describe('job expiry days', () => {
  it('sends a changed expiry and refuses one out of 1–365 before any call', async () => {
    const calls = answerFetch({ [READ]: ok(config()), [SAVE]: ok(config({ job_expiry_days: 14 })) });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerConfigSection />);

    const expiry = await screen.findByRole('spinbutton', { name: '职位有效天数' }, SLOW);
    expect(expiry).toHaveValue(30);
    await user.clear(expiry);
    await user.type(expiry, '400');
    await user.click(screen.getByRole('button', { name: '保存设置' }));
    expect(await screen.findByText(/职位有效天数必须是1到365之间的整数/, {}, SLOW)).toBeInTheDocument();
    expect(calls.some((call) => call.key === SAVE)).toBe(false);

    await user.clear(expiry);
    await user.type(expiry, '14');
    await user.click(screen.getByRole('button', { name: '保存设置' }));
    expect(await screen.findByText('保存成功', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key === SAVE)?.body).toMatchObject({ job_expiry_days: 14 });
  });
});

describe(changesOf.name, () => {
  it('sends a cookie only when replaced or removed', () => {
    const switches = { user_agent_rotation: true, javascript_rendering: false, anti_detection: true };
    expect(changesOf('3000', switches, { zhaopin: { mode: 'keep' }, lagou: { mode: 'replace', value: ' a=b ' }, liepin: { mode: 'remove' } })).toEqual({
      request_delay: 3000,
      ...switches,
      lagou_cookie: 'a=b',
      liepin_cookie: '',
    });
  });
});

describe('crawler settings wording', () => {
  it('names the sites as the contracts do', () => {
    expect(zhCrawlerConfigMessages.sites).toEqual(CRAWL_SITE_NAMES);
  });
});
