import 'reflect-metadata';
import type { CrawlRunStatistics } from '@aipm/contracts';
import { CrawlerSiteSession, CrawlTask, type SiteSessionContents } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, CRAWL_QUEUE, enqueueCrawl, type CrawlJobData, type CrawlJobResult } from '@aipm/queue';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, QueueEvents, type Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { loadWorkerEnv } from '../src/config/worker-env';
import { SiteSessionStore } from '../src/crawl/sessions/site-session.store';
import { SITE_ADAPTERS } from '../src/crawl/sites/site-registry';
import { WorkerModule } from '../src/worker.module';
import { startFixtureSites, type FixtureSite, type FixtureSites } from './fixture-sites';

jest.setTimeout(120_000);

const KEY = 'site-sessions-test-key-0123456789abcdef';

/** Signed-in sessions (docs/decisions/070) as a crawl uses them: real Chromium, Postgres and Redis, the fixture sites. */
describe('crawling with a stored site session', () => {
  let database: TestDatabase;
  let fixtures: FixtureSites;
  let app: INestApplicationContext;
  let dataSource: DataSource;
  let queue: Queue;
  let events: QueueEvents;
  const redisUrl = testRedisUrl(7);

  const adapter = (site: FixtureSite) => SITE_ADAPTERS.find((candidate) => candidate.site === site)!;
  const setConfig = async (key: string, value: string) =>
    dataSource.query(`INSERT INTO admin_config (key, value) VALUES ($1, $2) ON CONFLICT ON CONSTRAINT "UQ_admin_config_key" DO UPDATE SET value = EXCLUDED.value`, [key, value]);
  const crawl = async (site: FixtureSite, keyword: string, crawlConfig: CrawlTask['crawlConfig'] = {}) => {
    const task = await dataSource.getRepository(CrawlTask).save({
      name: `${site} ${keyword}`,
      site,
      keywords: [keyword],
      targetUrls: [adapter(site).searchUrl({ keyword, city: '长沙', page: 1 }).toString()],
      crawlConfig,
    });
    const job = (await enqueueCrawl(queue, { taskId: task.id, maxPages: 1 })) as Job<CrawlJobData, CrawlJobResult>;
    await job.waitUntilFinished(events, 90_000).catch(() => undefined);
    const after = await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: task.id });
    return { task: after, stats: after.lastRunStats as CrawlRunStatistics, requests: fixtures.requests[site].filter((request) => request.search.includes(encodeURIComponent(keyword))) };
  };
  /** A sign-in on the fixture: its session cookie on the fixture's host, its token in the site's Web Storage. */
  const signedIn = (site: FixtureSite, storage: 'localStorage' | 'sessionStorage'): SiteSessionContents => ({
    cookies: [{ name: 'fixture_session', value: `signed-in-${site}`, domain: '127.0.0.1', path: '/', expires: Date.now() / 1000 + 3600, httpOnly: true, secure: false, sameSite: 'Lax' }],
    origins: [{ origin: fixtures.origins[site], localStorage: {}, sessionStorage: {}, [storage]: { fixture_token: `token-${site}` } }],
  });
  const sessionRow = (site: FixtureSite) => dataSource.getRepository(CrawlerSiteSession).findOneByOrFail({ site });

  beforeAll(async () => {
    await flushRedis(redisUrl);
    database = await createTestDatabase({ migrate: true });
    fixtures = await startFixtureSites({ perPage: 5, totalPages: 1 });
    const env = loadWorkerEnv({ ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl, CRAWLER_SITE_ORIGINS: fixtures.env, CRAWLER_SESSION_KEY: KEY, CRAWL_CONCURRENCY: '1', LOG_LEVEL: 'warn' });
    app = await NestFactory.createApplicationContext(WorkerModule.register(env), { logger: false });
    await app.init();
    dataSource = app.get(DataSource);
    queue = new Queue(CRAWL_QUEUE, bullOptions(redisUrl));
    events = new QueueEvents(CRAWL_QUEUE, bullOptions(redisUrl));
    await events.waitUntilReady();
    await queue.obliterate({ force: true });
    await setConfig('request_delay', '50');
    await setConfig('boss_cookie', 'pasted=from-the-form');
    await setConfig('liepin_cookie', 'pasted=from-the-form');
  });

  afterAll(async () => {
    await app?.close();
    await events?.close();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await fixtures?.close();
    await database?.drop();
  });

  it('stores the session sealed: neither its cookie nor its token is in the row', async () => {
    await app.get(SiteSessionStore).save('zhipin', signedIn('zhipin', 'localStorage'));
    const row = await sessionRow('zhipin');
    expect(row.sealed.toString('latin1')).not.toMatch(/signed-in|token-zhipin|fixture_session/);
    expect(row.capturedAt).toBeInstanceOf(Date);
    expect(row.lastSuccessAt).toBeNull();
  });

  it("sends the session's cookie instead of the pasted one, with its localStorage restored before the site's script", async () => {
    const { task, requests } = await crawl('zhipin', '会话');
    expect(task.status).toBe('completed');
    const search = requests.find((request) => request.path === '/web/geek/job')!;
    expect(search.cookie).toContain('fixture_session=signed-in-zhipin');
    expect(search.cookie).not.toContain('pasted=from-the-form');
    const data = fixtures.requests.zhipin.filter((request) => request.path === '/wapi/zpgeek/search/joblist.json' && request.search.includes(encodeURIComponent('会话')));
    expect(data.map((request) => request.token)).toEqual(['token-zhipin']);
    expect((await sessionRow('zhipin')).lastSuccessAt).toBeInstanceOf(Date);
  });

  it("restores liepin's token into sessionStorage", async () => {
    await app.get(SiteSessionStore).save('liepin', signedIn('liepin', 'sessionStorage'));
    const { task } = await crawl('liepin', '猎聘会话');
    expect(task.status).toBe('completed');
    const data = fixtures.requests.liepin.filter((request) => request.method === 'POST');
    expect(data.at(-1)).toMatchObject({ token: 'token-liepin' });
    expect(data.at(-1)!.cookie).toContain('fixture_session=signed-in-liepin');
  });

  it('sends the session cookie over plain HTTP too, when JavaScript rendering is off', async () => {
    const { task, requests } = await crawl('zhipin', '无脚本', { enableJavaScriptRendering: false });
    expect(task.status).toBe('completed');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.cookie === 'fixture_session=signed-in-zhipin')).toBe(true);
  });

  it("records the site's refusal on the session, with the site's words", async () => {
    fixtures.setMode('zhipin', 'login-wall');
    try {
      const { task } = await crawl('zhipin', '被拒');
      expect(task.status).toBe('failed');
    } finally {
      fixtures.setMode('zhipin', 'normal');
    }
    const row = await sessionRow('zhipin');
    expect(row.lastRefusalAt).toBeInstanceOf(Date);
    expect(row.lastRefusal).toMatch(/^login_wall: /);
  });

  it('never sends a session sealed with another key: the pasted cookie goes instead, and nothing is recorded on it', async () => {
    const otherKey = new (await import('@aipm/database')).SiteSessionSeal('another-key-another-key-another-key-0123');
    await dataSource.getRepository(CrawlerSiteSession).update({ site: 'liepin' }, { sealed: otherKey.seal('liepin', signedIn('liepin', 'sessionStorage')), lastSuccessAt: null });
    expect(await app.get(SiteSessionStore).open('liepin')).toBeNull();
    // The earlier run's cookie stays in the shared browser; a new one clears nothing the site set, so only the header matters.
    const { task } = await crawl('liepin', '错误密钥', { enableJavaScriptRendering: false });
    expect(task.status).toBe('completed');
    const search = fixtures.requests.liepin.filter((request) => request.method === 'GET' && request.path === '/zhaopin/').at(-1)!;
    expect(search.cookie).toBe('pasted=from-the-form');
    expect((await sessionRow('liepin')).lastSuccessAt).toBeNull();
  });

  it("crawls signed out from the next page once the site's session is deleted: the browser forgets its cookie and storage", async () => {
    // What DELETE /api/admin/crawler/site-sessions/zhipin does; the earlier pages left the session in the shared browser.
    await dataSource.getRepository(CrawlerSiteSession).delete({ site: 'zhipin' });
    const { task, requests } = await crawl('zhipin', '已删除');
    expect(task.status).toBe('completed');
    // Loaded once: forgetting the session never fails the page into a retry.
    const [search, ...again] = requests.filter((request) => request.path === '/web/geek/job');
    expect(again).toHaveLength(0);
    expect(search!.cookie).not.toContain('fixture_session');
    expect(search!.cookie).toContain('pasted=from-the-form');
    const data = fixtures.requests.zhipin.filter((request) => request.path === '/wapi/zpgeek/search/joblist.json' && request.search.includes(encodeURIComponent('已删除')));
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((request) => !request.token)).toBe(true);
  });
});
