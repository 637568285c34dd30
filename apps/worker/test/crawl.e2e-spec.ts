import 'reflect-metadata';
import { CrawlResultStatus, crawlerTestMessage, crawlerTestPassed, type CrawlerDiagnostics, type CrawlRunStatistics } from '@aipm/contracts';
import { AdminConfig, CrawlResult, CrawlTask, LearnedSelector } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import {
  bullOptions,
  CRAWL_QUEUE,
  CRAWLER_DIAGNOSTICS_QUEUE,
  createRedisConnection,
  enqueueCrawl,
  enqueueCrawlerDiagnostics,
  type CrawlJobData,
  type CrawlJobResult,
} from '@aipm/queue';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, QueueEvents, type Job, type JobsOptions } from 'bullmq';
import { DataSource } from 'typeorm';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { loadWorkerEnv, WORKER_ENV, type WorkerEnv } from '../src/config/worker-env';
import { BrowserService } from '../src/crawl/browser/browser.service';
import { CrawlerDiagnosticsService } from '../src/crawl/diagnostics/crawler-diagnostics.service';
import { LearnedSelectorService } from '../src/crawl/dom/learned-selector.service';
import { NavigationGuard } from '../src/crawl/navigation/navigation.guard';
import { SitePacing } from '../src/crawl/navigation/site.pacing';
import { SiteThrottle } from '../src/crawl/navigation/site.throttle';
import { PageLoader } from '../src/crawl/page.loader';
import { SITE_ADAPTERS, SiteRegistry } from '../src/crawl/sites/site-registry';
import { FailureSnapshotStore } from '../src/crawl/storage/failure-snapshot.store';
import { WORKER_METRICS } from '../src/metrics/worker-metrics';
import { WorkerModule } from '../src/worker.module';
import type { Registry } from 'prom-client';
import { startFixtureSites, type FixtureSite, type FixtureSites } from './fixture-sites';

jest.setTimeout(120_000);

/** The whole engine against the fixture sites: queue → worker → real Chromium → Postgres and S3. */
/**
 * The delay counts from the site's first answer to a page (ADR 064), so the next request reaches the site at least
 * the delay after this one's; the fixture stamps requests in its own handler, a few ms of event loop apart.
 */
const NAVIGATION_JITTER_MS = 10;

describe('crawl through the queue (real Chromium, fixture sites)', () => {
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
  const createTask = (site: FixtureSite, fields: Partial<CrawlTask> = {}) =>
    dataSource.getRepository(CrawlTask).save({
      name: `${site} AI产品经理 长沙`,
      site,
      keywords: ['AI产品经理'],
      // Real-site URLs, as the admin form generates them; CRAWLER_SITE_ORIGINS sends them to the fixtures.
      targetUrls: [adapter(site).searchUrl({ keyword: 'AI产品经理', city: '长沙', page: 1 }).toString()],
      ...fields,
    });
  const run = async (taskId: string, data: Partial<CrawlJobData> = {}, options: JobsOptions = {}) => {
    const job = (await enqueueCrawl(queue, { taskId, ...data }, options)) as Job<CrawlJobData, CrawlJobResult>;
    const outcome = await job.waitUntilFinished(events, 90_000).then(
      (result: CrawlJobResult) => ({ result, error: null as Error | null }),
      (error: Error) => ({ result: null, error }),
    );
    const task = await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: taskId });
    return { ...outcome, task, stats: task.lastRunStats as CrawlRunStatistics, job: (await queue.getJob(job.id!))! };
  };
  const resultsOf = (taskId: string) => dataSource.getRepository(CrawlResult).find({ where: { taskId }, order: { sourceUrl: 'ASC' } });

  beforeAll(async () => {
    // Sites' paces (ADR 064) left by an earlier run of this suite would slow or pause this one.
    await flushRedis(redisUrl);
    database = await createTestDatabase({ migrate: true });
    fixtures = await startFixtureSites({ perPage: 10, totalPages: 3 });
    const env = loadWorkerEnv({ ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl, CRAWLER_SITE_ORIGINS: fixtures.env, CRAWL_CONCURRENCY: '2', LOG_LEVEL: 'warn' });
    app = await NestFactory.createApplicationContext(WorkerModule.register(env), { logger: false });
    await app.init();
    dataSource = app.get(DataSource);
    queue = new Queue(CRAWL_QUEUE, bullOptions(redisUrl));
    events = new QueueEvents(CRAWL_QUEUE, bullOptions(redisUrl));
    await events.waitUntilReady();
    await queue.obliterate({ force: true });
    await setConfig('request_delay', '50');
    await setConfig('boss_cookie', 'wt2=fixture-cookie; lastCity=101250100');
  });

  afterAll(async () => {
    await app?.close();
    await events?.close();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await fixtures?.close();
    await database?.drop();
  });

  it.each<[FixtureSite, string]>([
    ['zhipin', 'json'],
    ['job51', 'json'],
    ['liepin', 'json'],
    ['zhaopin', 'embedded'],
    ['lagou', 'embedded'],
  ])('crawls %s in Chromium, reading its %s data, and completes the task', async (site, source) => {
    const task = await createTask(site);
    const { result, error, task: after, stats, job } = await run(task.id);

    expect(error).toBeNull();
    expect(after.status).toBe('completed');
    expect(after.lastRunAt).toBeInstanceOf(Date);
    expect(stats).toMatchObject({ pagesDone: 3, pagesTotal: 3, found: 30, new: 30, duplicates: 0, failureReason: null, sources: { [source]: 30 } });
    expect(job.progress).toEqual({ pagesDone: 3, pagesTotal: 3, jobsFound: 30 });
    const results = await resultsOf(task.id);
    expect(results).toHaveLength(30);
    expect(result?.resultIds).toHaveLength(30);
    for (const row of results) {
      expect(new URL(row.sourceUrl).protocol).toBe('https:');
      expect(row.sourceUrl).not.toContain('127.0.0.1');
      expect(row.sourceUrl).not.toContain('?');
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(row.title).not.toMatch(/[<>\u0000-\u001f]/);
      expect(row.status).toBe('pending');
    }
    expect(results.filter((row) => row.salaryMin !== null).length).toBeGreaterThan(20);
    // The worker's metrics (docs/product/operations.md#metrics): the site's pages read and the jobs found.
    const metrics = await app.get<Registry>(WORKER_METRICS).metrics();
    expect(metrics).toMatch(new RegExp(`^aipm_crawl_pages_total\\{site="${site}",outcome="read",app="worker"\\} [1-9]\\d*$`, 'm'));
    expect(metrics).toMatch(new RegExp(`^aipm_crawl_jobs_found_total\\{site="${site}",app="worker"\\} [1-9]\\d*$`, 'm'));
  });

  it('sends the stored cookie and rotates the user agent on the site', async () => {
    const searches = fixtures.requests.zhipin.filter((request) => request.path === '/web/geek/job');
    expect(searches.length).toBeGreaterThanOrEqual(3);
    expect(searches.every((request) => request.cookie.includes('wt2=fixture-cookie'))).toBe(true);
    expect(new Set(searches.map((request) => request.userAgent)).size).toBeGreaterThan(1);
    expect(searches.some((request) => /HeadlessChrome/.test(request.userAgent))).toBe(false);
  });

  it('keeps one page at a time per site, with the configured delay between pages', async () => {
    await setConfig('request_delay', '400');
    const task = await createTask('lagou', { keywords: ['产品经理'], targetUrls: [adapter('lagou').searchUrl({ keyword: '产品经理', city: '长沙', page: 1 }).toString()] });
    const second = await createTask('lagou', { keywords: ['AI运营'], targetUrls: [adapter('lagou').searchUrl({ keyword: 'AI运营', city: '长沙', page: 1 }).toString()] });
    const before = fixtures.requests.lagou.length;
    const [a, b] = await Promise.all([run(task.id), run(second.id)]);
    await setConfig('request_delay', '50');
    expect([a.task.status, b.task.status]).toEqual(['completed', 'completed']);
    const pages = fixtures.requests.lagou.slice(before).filter((request) => request.path === '/wn/jobs').map((request) => request.at).sort((x, y) => x - y);
    expect(pages).toHaveLength(6);
    for (let index = 1; index < pages.length; index += 1) expect(pages[index] - pages[index - 1]).toBeGreaterThanOrEqual(400 - NAVIGATION_JITTER_MS);
  });

  it('reruns without duplicates and never resets a reviewed result', async () => {
    const task = await createTask('liepin', { keywords: ['大模型'], targetUrls: [adapter('liepin').searchUrl({ keyword: '大模型', city: '长沙', page: 1 }).toString()] });
    await run(task.id);
    const [reviewed] = await resultsOf(task.id);
    await dataSource.getRepository(CrawlResult).update(reviewed.id, { status: CrawlResultStatus.Approved, title: '已审核的标题', reviewedAt: new Date() });

    const again = await run(task.id);
    expect(again.stats).toMatchObject({ found: 30, new: 0, duplicates: 30 });
    expect(await resultsOf(task.id)).toHaveLength(30);
    expect(await dataSource.getRepository(CrawlResult).findOneByOrFail({ id: reviewed.id })).toMatchObject({ status: 'approved', title: '已审核的标题' });
    expect(again.result?.resultIds).toContain(reviewed.id);
  });

  it('reports a login wall as its own failure, without retrying, with a snapshot in storage', async () => {
    fixtures.setMode('zhipin', 'login-wall');
    try {
      const task = await createTask('zhipin', { keywords: ['登录墙'], targetUrls: [adapter('zhipin').searchUrl({ keyword: '登录墙', city: '长沙', page: 1 }).toString()] });
      const { error, task: after, stats, job } = await run(task.id, {}, { backoff: { type: 'fixed', delay: 100 } });
      expect(error?.message).toMatch(/login_wall/);
      expect(after.status).toBe('failed');
      expect(job.attemptsMade).toBe(1);
      expect(stats).toMatchObject({ failureReason: 'login_wall', found: 0, failures: { login_wall: 1 } });
      const snapshot = stats.snapshots.login_wall!;
      expect(snapshot.screenshot).toMatch(/\.png$/);
      const html = (await app.get(FailureSnapshotStore).read(snapshot.html)).toString('utf8');
      expect(html).toContain('扫码登录');
      const png = await app.get(FailureSnapshotStore).read(snapshot.screenshot!);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    } finally {
      fixtures.setMode('zhipin', 'normal');
    }
  });

  /**
   * What the gate's stand-in has been asked, once nothing has asked it anything for a second. The gate page polls its
   * QR sign-in while Chromium keeps it open, so a poll can arrive after the run that opened it has ended.
   */
  const settledGateVisits = async () => {
    const requests = fixtures.gateRequests['wow.liepin.com'];
    const quietFor = () => Date.now() - (requests.at(-1)?.at ?? 0);
    const deadline = Date.now() + 15_000;
    while (quietFor() < 1_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    return requests.length;
  };

  it('reads 猎聘’s account gate on its other host as a login wall, in Chromium and over plain HTTP', async () => {
    // A signed-out visitor's search page sends it on to wow.liepin.com, whose stand-in listens on a port of its own.
    fixtures.setMode('liepin', 'signed-in-only');
    try {
      for (const javascript of ['true', 'false']) {
        await setConfig('javascript_rendering', javascript);
        const keyword = `账号门${javascript}`;
        const gateVisits = await settledGateVisits();
        const task = await createTask('liepin', { keywords: [keyword], targetUrls: [adapter('liepin').searchUrl({ keyword, city: '长沙', page: 1 }).toString()] });
        const { task: after, stats } = await run(task.id, {}, { backoff: { type: 'fixed', delay: 100 } });
        expect({ javascript, status: after.status, reason: stats.failureReason }).toEqual({ javascript, status: 'failed', reason: 'login_wall' });
        if (javascript === 'true') {
          // Chromium followed the page's own redirect (its meta refresh and its script both go there): the gate is
          // judged by the real host it stands for.
          expect(fixtures.gateRequests['wow.liepin.com'].length).toBeGreaterThan(gateVisits);
          expect(stats.message).toContain('猎聘 account gate (wow.liepin.com)');
        } else {
          // Over plain HTTP nothing follows the page's script: the search's own data call says it (猎聘's code 1001).
          expect(fixtures.gateRequests['wow.liepin.com'].length).toBe(gateVisits);
          expect(stats.message).toContain('请登录后查看');
        }
      }
    } finally {
      await setConfig('javascript_rendering', 'true');
      fixtures.setMode('liepin', 'normal');
    }
  });

  it('reports a captcha as its own failure, and counts it among the site’s refusals', async () => {
    fixtures.setMode('job51', 'captcha');
    try {
      const refusals = async () => Number(/^aipm_crawl_refusals_total\{site="job51",reason="captcha",app="worker"\} (\d+)$/m.exec(await app.get<Registry>(WORKER_METRICS).metrics())?.[1] ?? 0);
      const before = await refusals();
      const task = await createTask('job51', { keywords: ['验证'], targetUrls: [adapter('job51').searchUrl({ keyword: '验证', city: '长沙', page: 1 }).toString()] });
      const { task: after, stats } = await run(task.id);
      expect(after.status).toBe('failed');
      expect(stats.failureReason).toBe('captcha');
      expect(await refusals()).toBe(before + 1);
    } finally {
      fixtures.setMode('job51', 'normal');
    }
  });

  it("slows a refusing site down a step for every worker, and brings it back after five answered pages", async () => {
    const pacing = app.get(SitePacing);
    const paceMetric = async () => Number(/^aipm_crawl_pace_step\{site="zhaopin",app="worker"\} (\d+)$/m.exec(await app.get<Registry>(WORKER_METRICS).metrics())?.[1] ?? -1);
    await setConfig('request_delay', '200');
    // 智联's Alibaba Cloud WAF answers its second search page with the 405 block page of the refusal corpus.
    fixtures.setMode('zhaopin', 'refusing', { refuseEvery: 2 });
    try {
      const refused = await createTask('zhaopin', { keywords: ['节奏'], targetUrls: [adapter('zhaopin').searchUrl({ keyword: '节奏', city: '长沙', page: 1 }).toString()] });
      const { task: after, stats } = await run(refused.id);
      expect(after.status).toBe('failed');
      expect(stats).toMatchObject({ failureReason: 'blocked', pagesDone: 1 });
      expect(fixtures.refusals.zhaopin).toHaveLength(1);
      expect(await pacing.read('zhaopin')).toMatchObject({ level: 1, signal: 'blocked', successes: 0 });
      expect(await paceMetric()).toBe(1);

      // Answered pages bring it back: the first five at twice the delay between their starts, then normal.
      fixtures.setMode('zhaopin', 'normal');
      const before = fixtures.requests.zhaopin.length;
      for (const keyword of ['节奏二', '节奏三']) {
        const task = await createTask('zhaopin', { keywords: [keyword], targetUrls: [adapter('zhaopin').searchUrl({ keyword, city: '长沙', page: 1 }).toString()] });
        expect((await run(task.id)).task.status).toBe('completed');
      }
      const starts = fixtures.requests.zhaopin.slice(before).filter((request) => request.path === '/').map((request) => request.at);
      expect(starts).toHaveLength(6);
      for (let index = 1; index < 5; index += 1) expect(starts[index] - starts[index - 1]).toBeGreaterThanOrEqual(400 - NAVIGATION_JITTER_MS);
      expect(await pacing.read('zhaopin')).toMatchObject({ level: 0, signal: 'blocked' });
      expect(await paceMetric()).toBe(0);
    } finally {
      fixtures.setMode('zhaopin', 'normal');
      await setConfig('request_delay', '50');
    }
  });

  it("skips a paused site's part of a run, and fails a run that could load nothing, with site_paused", async () => {
    const pacing = app.get(SitePacing);
    for (const signal of ['captcha', 'blocked', 'http_429'] as const) await pacing.refused('lagou', signal);
    const raw = createRedisConnection(redisUrl);
    try {
      const before = fixtures.requests.lagou.length;
      const both = await createTask('zhipin', {
        keywords: ['暂停'],
        targetUrls: [adapter('lagou').searchUrl({ keyword: '暂停', city: '长沙', page: 1 }).toString(), adapter('zhipin').searchUrl({ keyword: '暂停', city: '长沙', page: 1 }).toString()],
      });
      const partly = await run(both.id);
      expect(partly.task.status).toBe('completed');
      expect(partly.stats).toMatchObject({ pagesDone: 3, pagesTotal: 3, found: 30, failures: { site_paused: 1 }, failureReason: null });
      expect(partly.stats.sites?.lagou).toMatchObject({ pagesDone: 0, failures: { site_paused: 1 } });
      expect(partly.stats.message).toMatch(/lagou: paused after repeated refusals until/);

      const only = await createTask('lagou', { keywords: ['暂停'] });
      const paused = await run(only.id);
      expect(paused.task.status).toBe('failed');
      expect(paused.stats).toMatchObject({ failureReason: 'site_paused', pagesDone: 0 });
      expect(fixtures.requests.lagou.length).toBe(before);
    } finally {
      await raw.del(pacing.key('lagou'));
      await raw.quit();
    }
  });

  it('retries a transient failure with backoff and then completes', async () => {
    fixtures.setMode('zhaopin', 'flaky');
    try {
      const task = await createTask('zhaopin', { keywords: ['重试'], targetUrls: [adapter('zhaopin').searchUrl({ keyword: '重试', city: '长沙', page: 1 }).toString()] });
      const { error, task: after, stats, job } = await run(task.id, {}, { backoff: { type: 'fixed', delay: 200 } });
      expect(error).toBeNull();
      expect(after.status).toBe('completed');
      expect(job.attemptsMade).toBeGreaterThanOrEqual(1);
      expect(stats.failures.http_error).toBeGreaterThanOrEqual(1);
      expect(stats.snapshots.http_error?.html).toBeDefined();
      expect(stats.found).toBe(30);
    } finally {
      fixtures.setMode('zhaopin', 'normal');
    }
  });

  it('crawls without JavaScript rendering by plain HTTP, reading the data endpoint itself', async () => {
    await setConfig('javascript_rendering', 'false');
    try {
      const task = await createTask('job51', { keywords: ['无JS'], targetUrls: [adapter('job51').searchUrl({ keyword: '无JS', city: '长沙', page: 1 }).toString()] });
      const before = fixtures.requests.job51.length;
      const { task: after, stats } = await run(task.id, { maxPages: 2 });
      expect(after.status).toBe('completed');
      expect(stats).toMatchObject({ pagesDone: 2, found: 20, sources: { json: 20 } });
      const paths = fixtures.requests.job51.slice(before).map((request) => request.path);
      expect(paths).toEqual(['/pc/search', '/api/job/search-pc', '/pc/search', '/api/job/search-pc']);
    } finally {
      await setConfig('javascript_rendering', 'true');
    }
  });

  it('stops at maxResults for an automated crawl of keywords and a city', async () => {
    const task = await createTask('zhipin', { keywords: ['AI产品经理'], targetUrls: [] });
    const { task: after, stats, result } = await run(task.id, { city: '北京', maxResults: 15 });
    expect(after.status).toBe('completed');
    expect(stats.found).toBe(15);
    expect(result?.resultIds).toHaveLength(15);
    const search = fixtures.requests.zhipin.filter((request) => request.path === '/web/geek/job').at(-1)!;
    expect(new URLSearchParams(search.search).get('city')).toBe('101010100');
  });

  it("stops a task's run once its own maxResults are stored across its sites, and reads no page past that point", async () => {
    // Three sites of 3 pages × 10 postings each: 15 is reached on the second site's second page.
    const keyword = '最大结果数';
    const targets = (['job51', 'zhipin', 'liepin'] as const).map((site) => adapter(site).searchUrl({ keyword, city: '长沙', page: 1 }).toString());
    const task = await createTask('job51', { site: null, keywords: [keyword], targetUrls: targets, maxResults: 15 });
    const searches = (site: FixtureSite) => fixtures.requests[site].filter((request) => request.path === adapter(site).searchPath).length;
    const before = { job51: searches('job51'), zhipin: searches('zhipin'), liepin: searches('liepin') };

    // No maxResults in the job: the task's own figure applies (a scheduler set before tasks had one).
    const first = await run(task.id, { maxPages: 1 });
    expect(first.task.status).toBe('completed');
    expect(first.stats).toMatchObject({ pagesDone: 2, pagesTotal: 2, found: 15, new: 15, duplicates: 0 });
    expect(first.stats.sites).toMatchObject({ job51: { pagesDone: 1, found: 10 }, zhipin: { pagesDone: 1, found: 5 } });
    expect(await resultsOf(task.id)).toHaveLength(15);
    expect(first.result?.resultIds).toHaveLength(15);
    expect(first.job.progress).toEqual({ pagesDone: 2, pagesTotal: 2, jobsFound: 15 });
    // The third site was never loaded.
    expect({ job51: searches('job51') - before.job51, zhipin: searches('zhipin') - before.zhipin, liepin: searches('liepin') - before.liepin }).toEqual({ job51: 1, zhipin: 1, liepin: 0 });

    // A re-run counts the postings it stores again although they are known: it stops at the same point (ADR 062).
    const second = await run(task.id, { maxResults: 15, maxPages: 1 });
    expect(second.stats).toMatchObject({ pagesDone: 2, found: 15, new: 0, duplicates: 15 });
    expect(await resultsOf(task.id)).toHaveLength(15);
    expect(searches('liepin') - before.liepin).toBe(0);

    // Within one site, the pages after the one that reached the figure are not read either.
    const deep = await createTask('job51', { keywords: [`${keyword}2`], targetUrls: [adapter('job51').searchUrl({ keyword: `${keyword}2`, city: '长沙', page: 1 }).toString()], maxResults: 15 });
    const job51Before = searches('job51');
    const third = await run(deep.id, { maxResults: 15 });
    expect(third.stats).toMatchObject({ pagesDone: 2, found: 15, new: 15 });
    expect(await resultsOf(deep.id)).toHaveLength(15);
    expect(searches('job51') - job51Before).toBe(2);
  });

  it('refuses to navigate to a loopback address that is not a configured origin', async () => {
    const task = await createTask('zhipin', { targetUrls: ['http://127.0.0.1:9/web/geek/job?query=x'] });
    const { task: after, stats } = await run(task.id);
    expect(after.status).toBe('failed');
    expect(stats.failureReason).toBe('navigation_refused');
  });

  it('learns selectors for a site without JSON and still crawls it after its classes are renamed', async () => {
    fixtures.setMode('zhipin', 'dom');
    try {
      const task = await createTask('zhipin', { keywords: ['改版'], targetUrls: [adapter('zhipin').searchUrl({ keyword: '改版', city: '长沙', page: 1 }).toString()] });
      const first = await run(task.id);
      expect(first.task.status).toBe('completed');
      expect(first.stats).toMatchObject({ found: 30, sources: { dom: 30 } });
      const learned = await dataSource.getRepository(LearnedSelector).find({ where: { site: 'zhipin' } });
      expect(learned).toHaveLength(1);
      expect(learned[0]).toMatchObject({ urlPattern: '/web/geek/job', selectorType: 'job-card', successCount: 3, failCount: 0 });

      fixtures.rotateClasses();
      const second = await run(task.id);
      expect(second.task.status).toBe('completed');
      expect(second.stats).toMatchObject({ found: 30, new: 0, duplicates: 30, sources: { dom: 30 } });

      const rows = await dataSource.getRepository(LearnedSelector).find({ where: { site: 'zhipin' }, order: { createdAt: 'ASC' } });
      expect(rows).toHaveLength(2);
      expect(rows[0].failCount).toBeGreaterThanOrEqual(1);
      expect(rows[1]).toMatchObject({ successCount: 3 });
      expect(rows[1].confidence).toBeGreaterThan(rows[0].confidence);
      expect(JSON.parse(rows[1].selector).card).not.toBe(JSON.parse(rows[0].selector).card);
      expect(JSON.parse(rows[1].selector).fingerprint).toBe(JSON.parse(rows[0].selector).fingerprint);
      expect(await resultsOf(task.id)).toHaveLength(30);
      expect((await resultsOf(task.id))[0].company).toMatch(/公司$/);
    } finally {
      fixtures.setMode('zhipin', 'normal');
    }
  });

  it('relaunches Chromium after it crashed and carries on', async () => {
    const browser = app.get(BrowserService);
    const pid = browser.browserPid();
    expect(pid).toBeDefined();
    const launches = browser.launches;
    process.kill(pid!, 'SIGKILL');
    const task = await createTask('zhipin', { keywords: ['崩溃'], targetUrls: [adapter('zhipin').searchUrl({ keyword: '崩溃', city: '长沙', page: 1 }).toString()] });
    const { task: after, stats } = await run(task.id, { maxPages: 1 }, { backoff: { type: 'fixed', delay: 100 } });
    expect(after.status).toBe('completed');
    expect(stats.found).toBe(10);
    expect(browser.launches).toBe(launches + 1);
    expect(browser.browserPid()).not.toBe(pid);
  });

  it("keeps no renderer beside its tabs: the address bar's popups are not loaded ahead (ADR 064's memory)", async () => {
    const kinds = await app.get(BrowserService).withPage(false, async (page) => {
      const session = await page.browser().target().createCDPSession();
      const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
      await session.detach();
      return targetInfos.map((target) => `${target.type} ${target.url}`);
    });
    expect(kinds).toContainEqual(expect.stringMatching(/^page /));
    expect(kinds.filter((kind) => kind.startsWith('browser_ui'))).toEqual([]);
  });

  describe('crawler-config test', () => {
    const diagnose = () => app.get(CrawlerDiagnosticsService).diagnose(Date.now() + 30_000);
    const outcomes = (data: CrawlerDiagnostics) => Object.fromEntries(data.sites.map((site) => [site.site, [site.outcome, site.source, site.jobs]]));

    it('passes when Chromium starts and every search page lists jobs, and stores nothing', async () => {
      const [results, selectors] = [await dataSource.getRepository(CrawlResult).count(), await dataSource.getRepository(LearnedSelector).count()];
      const data = await diagnose();
      expect(data.chromium).toMatchObject({ ok: true, version: expect.stringMatching(/Chrom/) });
      expect(outcomes(data)).toEqual({
        zhaopin: ['ok', 'embedded', 10],
        zhipin: ['ok', 'json', 10],
        job51: ['ok', 'json', 10],
        liepin: ['ok', 'json', 10],
        lagou: ['ok', 'embedded', 10],
      });
      expect(data.sites.every((site) => site.reachable && site.status === 200)).toBe(true);
      expect(crawlerTestPassed(data)).toBe(true);
      expect(crawlerTestMessage(data)).toMatch(/^测试完成：Chromium .+ 已启动，5 个站点的搜索页均可访问并列出职位$/);
      expect(await dataSource.getRepository(CrawlResult).count()).toBe(results);
      expect(await dataSource.getRepository(LearnedSelector).count()).toBe(selectors);
    });

    it('reports a captcha and reads server-rendered cards without learning selectors', async () => {
      fixtures.setMode('job51', 'captcha');
      fixtures.setMode('liepin', 'dom');
      // zhipin's cards are read with the selectors an earlier crawl learned: tried, but not counted.
      fixtures.setMode('zhipin', 'dom');
      const learned = () => dataSource.getRepository(LearnedSelector).find({ order: { id: 'ASC' } });
      try {
        const before = await learned();
        const data = await diagnose();
        expect(outcomes(data)).toMatchObject({ job51: ['captcha', null, 0], liepin: ['ok', 'dom', 10], zhipin: ['ok', 'dom', 10] });
        expect(data.sites.find((site) => site.site === 'job51')).toMatchObject({ reachable: true });
        expect(crawlerTestMessage(data)).toMatch(/^测试失败：前程无忧：出现验证码；其余 4 个站点正常$/);
        expect(await learned()).toEqual(before);
      } finally {
        fixtures.setMode('job51', 'normal');
        fixtures.setMode('liepin', 'normal');
        fixtures.setMode('zhipin', 'normal');
      }
    });

    it('loads the pages by plain HTTP when JavaScript rendering is off, still checking Chromium', async () => {
      await setConfig('javascript_rendering', 'false');
      try {
        const data = await diagnose();
        expect(data.mode).toBe('http');
        expect(data.chromium.ok).toBe(true);
        expect(crawlerTestPassed(data)).toBe(true);
      } finally {
        await setConfig('javascript_rendering', 'true');
      }
    });

    it('reports a Chromium that does not start, and leaves the pages it would load untested', async () => {
      const broken = new BrowserService({ ...app.get<WorkerEnv>(WORKER_ENV), CHROMIUM_PATH: '/bin/false' });
      const service = new CrawlerDiagnosticsService(
        dataSource.getRepository(AdminConfig),
        app.get(SiteRegistry),
        app.get(SiteThrottle),
        broken,
        new PageLoader(broken, app.get(NavigationGuard), app.get(SiteRegistry)),
        app.get(LearnedSelectorService),
      );
      try {
        const data = await service.diagnose(Date.now() + 30_000);
        expect(data.chromium).toMatchObject({ ok: false, version: null, message: expect.any(String) });
        expect(data.sites.map((site) => site.outcome)).toEqual(['not_tested', 'not_tested', 'not_tested', 'not_tested', 'not_tested']);
        expect(crawlerTestMessage(data)).toMatch(/^测试失败：Chromium 无法启动（.+）；5 个站点未能测试$/);
      } finally {
        await broken.onApplicationShutdown();
      }
    });

    it('answers through its queue, and skips a test whose deadline passed before it started', async () => {
      const diagnostics = new Queue(CRAWLER_DIAGNOSTICS_QUEUE, bullOptions(redisUrl));
      const diagnosticsEvents = new QueueEvents(CRAWLER_DIAGNOSTICS_QUEUE, bullOptions(redisUrl));
      try {
        await diagnosticsEvents.waitUntilReady();
        const answered = await enqueueCrawlerDiagnostics(diagnostics, { deadline: Date.now() + 30_000 });
        const data = (await answered.waitUntilFinished(diagnosticsEvents, 40_000)) as CrawlerDiagnostics;
        expect(crawlerTestPassed(data)).toBe(true);
        expect(data.worker.pid).toBe(process.pid);

        const late = await enqueueCrawlerDiagnostics(diagnostics, { deadline: Date.now() - 1 });
        await expect(late.waitUntilFinished(diagnosticsEvents, 10_000)).rejects.toThrow(/skipped/);
      } finally {
        await diagnosticsEvents.close();
        await diagnostics.obliterate({ force: true });
        await diagnostics.close();
      }
    });
  });

  it('refuses a redirect off the site, in Chromium and over plain HTTP', async () => {
    fixtures.setMode('lagou', 'redirect-away');
    try {
      for (const javascript of ['true', 'false']) {
        await setConfig('javascript_rendering', javascript);
        const task = await createTask('lagou', { keywords: ['跳转'], targetUrls: [adapter('lagou').searchUrl({ keyword: '跳转', city: '长沙', page: 1 }).toString()] });
        const { task: after, stats } = await run(task.id);
        expect({ javascript, status: after.status, reason: stats.failureReason }).toEqual({ javascript, status: 'failed', reason: 'navigation_refused' });
        expect(stats.message).toContain('evil.example');
      }
    } finally {
      fixtures.setMode('lagou', 'normal');
      await setConfig('javascript_rendering', 'true');
    }
  });
});
