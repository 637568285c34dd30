import { crawlerTestMessage, crawlerTestPassed } from './crawl-admin.messages';
import type { CrawlerDiagnostics, SiteDiagnosis } from './crawl-admin.responses';

const site = (name: SiteDiagnosis['site'], fields: Partial<SiteDiagnosis> = {}): SiteDiagnosis => ({
  site: name,
  url: `https://example.test/${name}`,
  cookie: true,
  reachable: true,
  status: 200,
  outcome: 'ok',
  jobs: 10,
  source: 'json',
  waitedMs: 0,
  elapsedMs: 120,
  message: null,
  ...fields,
});

const diagnostics = (sites: SiteDiagnosis[], chromium: Partial<CrawlerDiagnostics['chromium']> = {}): CrawlerDiagnostics => ({
  chromium: { ok: true, version: 'Chrome/156.0.7632.0', message: null, ...chromium },
  mode: 'browser',
  sites,
  worker: { hostname: 'worker-1', pid: 42 },
  finishedAt: '2025-11-20T06:30:00.000Z',
});

const allSites = (['zhaopin', 'zhipin', 'job51', 'liepin', 'lagou'] as const).map((name) => site(name));

describe(crawlerTestMessage.name, () => {
  it('says 测试完成 when Chromium started and every site listed jobs', () => {
    const data = diagnostics(allSites);
    expect(crawlerTestPassed(data)).toBe(true);
    expect(crawlerTestMessage(data)).toBe('测试完成：Chromium Chrome/156.0.7632.0 已启动，5 个站点的搜索页均可访问并列出职位');
  });

  it('says 测试失败 and names each site that did not pass, with its reason and status', () => {
    const data = diagnostics([
      site('zhaopin'),
      site('zhipin', { outcome: 'login_wall', jobs: 0 }),
      site('job51', { outcome: 'blocked', status: 403, jobs: 0 }),
      site('liepin', { outcome: 'busy', reachable: null, status: null, jobs: 0 }),
      site('lagou', { outcome: 'network_error', reachable: false, status: null, jobs: 0 }),
    ]);
    expect(crawlerTestPassed(data)).toBe(false);
    expect(crawlerTestMessage(data)).toBe(
      '测试失败：BOSS直聘：需要登录（Cookie 无效或已过期）；前程无忧：访问被拦截，HTTP 403；猎聘：站点正在被抓取，测试时限内未轮到；拉勾：无法连接；其余 1 个站点正常',
    );
  });

  it('fails when Chromium did not start, even with every page loaded', () => {
    const data = diagnostics(allSites, { ok: false, version: null, message: 'spawn /usr/bin/chromium ENOENT' });
    expect(crawlerTestPassed(data)).toBe(false);
    expect(crawlerTestMessage(data)).toBe('测试失败：Chromium 无法启动（spawn /usr/bin/chromium ENOENT）；其余 5 个站点正常');
  });

  it('counts the sites left untested when Chromium did not start', () => {
    const data = diagnostics(
      allSites.map((entry) => ({ ...entry, outcome: 'not_tested' as const, reachable: null, status: null, jobs: 0, source: null })),
      { ok: false, version: null, message: 'Failed to launch the browser process' },
    );
    expect(crawlerTestMessage(data)).toBe('测试失败：Chromium 无法启动（Failed to launch the browser process）；5 个站点未能测试');
  });

  it('never passes with no site tested', () => {
    expect(crawlerTestPassed(diagnostics([]))).toBe(false);
  });
});
