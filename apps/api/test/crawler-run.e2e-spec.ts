import { CRAWL_ERRORS, type CrawlerDiagnostics, type CrawlLiveEvent, crawlerTestMessage, crawlSucceededMessage, type SiteDiagnosis, taskSearchUrls } from '@aipm/contracts';
import { createDataSourceOptions, CrawlResult, CrawlTask } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, CRAWL_QUEUE } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { CRAWL_EVENTS_OPTIONS, type CrawlEventsOptions } from '../src/crawler/crawl-events.service';
import { spawnProcess, waitFor, type SpawnedProcess } from '../../../tools/testing/process';
import { refusingPort, testRedisUrl } from '../../../tools/testing/services';
import { openEventStream } from './support/event-stream';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

jest.setTimeout(180_000);

const WORKER_MAIN = path.resolve(__dirname, '../../worker/dist/main.js');

interface FixtureSites {
  env: string;
  origins: Record<string, string>;
  requests: Record<string, Array<{ path: string; search: string; cookie: string; at: number }>>;
  setMode(site: string, mode: 'normal' | 'login-wall'): void;
  close(): Promise<void>;
}

/** The fixture sites of tools/fixture-sites (plain ESM, shared with the worker's tests and the demo). */
async function startFixtureSites(options: { perPage: number; totalPages: number }): Promise<FixtureSites> {
  const fixtures = (await import(path.resolve(__dirname, '../../../tools/fixture-sites/fixture-sites.mjs'))) as {
    startFixtureSites(options: object): Promise<FixtureSites>;
  };
  return fixtures.startFixtureSites(options);
}


/**
 * The API and a real worker process end to end: the automated crawl (the worker crawls the fixture site in
 * Chromium, the API answers the jobs) and the crawler-config test (the worker loads each site's search page).
 */
describe('POST /api/admin/crawl/run and /api/admin/crawler-config/test with a real worker', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let fixtures: FixtureSites;
  let worker: SpawnedProcess;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  // 6: Redis has 16 logical databases by default; this one is used by no other suite.
  const redisUrl = testRedisUrl(6);

  beforeAll(async () => {
    if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run "npm run build" first (npm test does)`);
    database = await createTestDatabase({ migrate: true });
    dataSource = await new DataSource(createDataSourceOptions(database.url)).initialize();
    fixtures = await startFixtureSites({ perPage: 10, totalPages: 3 });
    const queue = new Queue(CRAWL_QUEUE, bullOptions(redisUrl));
    await queue.obliterate({ force: true });
    await queue.close();

    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl }));
    await app.init();
    admin = await adminAgent(app);
    await admin.post('/api/admin/crawler-config').send({ request_delay: 50 }).expect(200);

    worker = spawnProcess('node', [WORKER_MAIN], {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      // lagou points at a port nothing listens on: a site the crawler-config test must report unreachable.
      CRAWLER_SITE_ORIGINS: JSON.stringify({ ...fixtures.origins, lagou: `http://127.0.0.1:${await refusingPort()}` }),
      LOG_LEVEL: 'warn',
    });
    // The status the admin's crawl button waits for: a fresh worker heartbeat.
    await waitFor(async () => ((await admin.get('/api/admin/firecrawl-config')).body.isValid === true ? true : undefined), 60_000);
  });

  it('the crawling-service status names the origins the worker loads instead of the real sites, for the task form\'s preview', async () => {
    const status = await admin.get('/api/admin/firecrawl-config').expect(200);
    expect(status.body.siteOrigins).toEqual({ ...fixtures.origins, lagou: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
  });

  afterAll(async () => {
    worker?.kill('SIGTERM');
    await Promise.race([worker?.exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    worker?.kill('SIGKILL');
    await app?.close();
    await fixtures?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  const body = { site: 'job51', keywords: ['AI产品经理'], city: '长沙', maxResults: 50, taskName: '自动抓取 job51 AI产品经理 长沙' };

  let firstTaskId: string;

  it('answers the jobs the worker read, stored as pending results of a completed task', async () => {
    const response = await admin.post('/api/admin/crawl/run').send(body).expect(200);
    firstTaskId = response.body.data.taskId;

    expect(response.body).toMatchObject({ success: true, message: crawlSucceededMessage(30), data: { finished: true } });
    const { jobs, taskId } = response.body.data as { jobs: Array<{ id: string; sourceUrl: string; status: string; title: string; taskId: string }>; taskId: string };
    expect(jobs).toHaveLength(30);
    for (const job of jobs) {
      expect(job).toMatchObject({ status: 'pending', taskId, title: expect.any(String) });
      expect(new URL(job.sourceUrl).protocol).toBe('https:');
    }
    const rows = await dataSource.getRepository(CrawlResult).findBy({ taskId });
    expect(rows.map((row) => row.id).sort()).toEqual(jobs.map((job) => job.id).sort());
    const task = await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: taskId });
    expect(task).toMatchObject({ status: 'completed', site: 'job51', keywords: ['AI产品经理'] });
    expect(task.lastRunStats).toMatchObject({ found: 30, new: 30, failureReason: null });
    // The worker built the search URLs from the keyword and the city, on the fixture standing in for 51job.
    expect(fixtures.requests.job51.length).toBeGreaterThan(0);

    const listed = await admin.get('/api/admin/crawl-results?limit=20').expect(200);
    expect(listed.body.data).toHaveLength(20);
  });

  it('a second run of the same search answers the same jobs without duplicating them', async () => {
    const before = await dataSource.getRepository(CrawlResult).count();
    const response = await admin.post('/api/admin/crawl/run').send({ ...body, taskName: '再次抓取' }).expect(200);
    expect(response.body.data.jobs).toHaveLength(30);
    expect(await dataSource.getRepository(CrawlResult).count()).toBe(before);
    const task = await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: response.body.data.taskId });
    expect(task.lastRunStats).toMatchObject({ found: 30, new: 0, duplicates: 30 });

    // The task filter (docs/product/crawler.md#review-queue): the second task's 查看结果 lists the 30 it found, though the
    // first task found them first and they are still pending; the first task's list keeps them too, and each result
    // keeps its first task.
    const ids = (response.body.data.jobs as Array<{ id: string }>).map((job) => job.id).sort();
    for (const taskId of [task.id, firstTaskId]) {
      const listed = await admin.get(`/api/admin/crawl-results?taskId=${taskId}&limit=50`).expect(200);
      expect({ taskId, total: listed.body.total, ids: (listed.body.data as Array<{ id: string }>).map((row) => row.id).sort() }).toEqual({ taskId, total: 30, ids });
    }
    expect(await dataSource.getRepository(CrawlResult).countBy({ taskId: firstTaskId })).toBe(30);
    const sightings: Array<{ taskId: string; count: number; jobIds: number }> = await dataSource.query(
      `SELECT "taskId", count(*)::int AS count, count(DISTINCT "lastJobId")::int AS "jobIds" FROM crawl_result_sightings WHERE "resultId" = ANY($1) GROUP BY "taskId"`,
      [ids],
    );
    expect(sightings.sort((a, b) => (a.taskId === firstTaskId ? -1 : b.taskId === firstTaskId ? 1 : 0))).toEqual([
      { taskId: firstTaskId, count: 30, jobIds: 1 },
      { taskId: task.id, count: 30, jobIds: 1 },
    ]);
  });

  describe('crawler-config test', () => {
    const bySite = (data: CrawlerDiagnostics) => Object.fromEntries(data.sites.map((site) => [site.site, site])) as Record<string, SiteDiagnosis>;

    it('starts Chromium and loads every search page with the stored cookie, reporting a login wall and a site that does not answer', async () => {
      await admin.post('/api/admin/crawler-config').send({ boss_cookie: 'wt2=diagnostics-cookie; lastCity=101250100', request_delay: 50 }).expect(200);
      fixtures.setMode('zhipin', 'login-wall');
      const before = fixtures.requests.zhipin.length;
      let response;
      try {
        response = await admin.post('/api/admin/crawler-config/test').expect(200);
      } finally {
        fixtures.setMode('zhipin', 'normal');
      }
      const data = response.body.data as CrawlerDiagnostics;
      expect(response.body.success).toBe(false);
      expect(response.body.message).toBe(crawlerTestMessage(data));
      expect(response.body.message).toMatch(/^测试失败：.*BOSS直聘：需要登录.*拉勾：无法连接.*其余 3 个站点正常$/);
      expect(data.chromium).toEqual({ ok: true, version: expect.stringMatching(/Chrom/), message: null });
      expect(data.mode).toBe('browser');
      const sites = bySite(data);
      expect(Object.keys(sites).sort()).toEqual(['job51', 'lagou', 'liepin', 'zhaopin', 'zhipin']);
      expect(sites.zhaopin).toMatchObject({ reachable: true, status: 200, outcome: 'ok', source: 'embedded', jobs: 10, cookie: false });
      expect(sites.job51).toMatchObject({ reachable: true, status: 200, outcome: 'ok', source: 'json', jobs: 10 });
      expect(sites.liepin).toMatchObject({ reachable: true, status: 200, outcome: 'ok', source: 'json', jobs: 10 });
      expect(sites.zhipin).toMatchObject({ reachable: true, status: 200, outcome: 'login_wall', jobs: 0, cookie: true });
      expect(sites.lagou).toMatchObject({ reachable: false, status: null, outcome: 'network_error', jobs: 0 });
      for (const site of data.sites) {
        expect(site.elapsedMs).toBeGreaterThanOrEqual(0);
        expect(site.elapsedMs).toBeLessThan(20_000);
      }
      // The search page was asked for with the stored cookie, on the path and query of the real site.
      const search = fixtures.requests.zhipin.slice(before).find((request) => request.path === '/web/geek/job')!;
      expect(search.cookie).toContain('wt2=diagnostics-cookie');
      expect(new URLSearchParams(search.search).get('query')).toBe('AI产品经理');
    });

    it('keeps one page at a time per site with the request delay, also between two tests', async () => {
      const delayMs = 1500;
      await admin.post('/api/admin/crawler-config').send({ request_delay: delayMs }).expect(200);
      const before = fixtures.requests.job51.length;
      try {
        const answers = await Promise.all([admin.post('/api/admin/crawler-config/test'), admin.post('/api/admin/crawler-config/test')]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      } finally {
        await admin.post('/api/admin/crawler-config').send({ request_delay: 50 }).expect(200);
      }
      const pages = fixtures.requests.job51.slice(before).filter((request) => request.path === '/pc/search').map((request) => request.at);
      expect(pages).toHaveLength(2);
      expect(pages[1] - pages[0]).toBeGreaterThanOrEqual(delayMs);
    });
  });

  describe('GET /api/admin/crawler/events (live progress)', () => {
    let port: number;
    let cookie: string;

    beforeAll(async () => {
      const server = app.getHttpServer() as http.Server;
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      const login = await admin.post('/api/admin/login').send({ email: 'leads-admin@example.com', password: 'leads-admin-password-1' }).expect(200);
      cookie = (login.headers['set-cookie'] as unknown as string[]).map((line) => line.split(';')[0]).join('; ');
    });

    it('refuses a visitor without the administrator session', async () => {
      const stream = await openEventStream<CrawlLiveEvent>(port, '/api/admin/crawler/events', undefined);
      stream.close();
      expect(stream.status).toBe(401);
      expect(stream.headers['content-type']).toMatch(/application\/json/);
    });

    it("pushes a task run's start, every page's progress and its end to every open stream, with keep-alives", async () => {
      app.get<CrawlEventsOptions>(CRAWL_EVENTS_OPTIONS).keepAliveMs = 300;
      const streams = [await openEventStream<CrawlLiveEvent>(port, '/api/admin/crawler/events', cookie), await openEventStream<CrawlLiveEvent>(port, '/api/admin/crawler/events', cookie)];
      try {
        for (const stream of streams) {
          expect(stream.status).toBe(200);
          expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
        }
        // Keywords × sites × cities, as the admin's task form builds them: 2 search URLs, 3 pages each.
        const targetUrls = taskSearchUrls({ keywords: ['AI产品经理'], sites: ['job51', 'zhaopin'], cities: ['长沙'] }).map(({ url }) => url);
        const created = await admin.post('/api/admin/crawl-tasks').send({ name: '实时进度', keywords: ['AI产品经理'], targetUrls }).expect(201);
        const taskId = created.body.data.id as string;
        await admin.post(`/api/admin/crawl-tasks/${taskId}/run`).expect(202);

        const ends = await Promise.all(streams.map((stream) => stream.until((event) => event.type === 'finished' && event.taskId === taskId, 120_000)));
        expect(ends).toEqual([expect.objectContaining({ status: 'completed' }), expect.objectContaining({ status: 'completed' })]);
        const task = await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: taskId });
        for (const stream of streams) {
          const mine = stream.events().filter((event) => event.taskId === taskId);
          expect(mine[0]).toMatchObject({ type: 'started', taskId });
          const progress = mine.flatMap((event) => (event.type === 'progress' ? [event] : []));
          // One message per page, in order, ending at 100 % with every job the run found.
          expect(progress.length).toBeGreaterThanOrEqual(6);
          expect(progress.map((event) => event.pagesDone)).toEqual([...progress.map((event) => event.pagesDone)].sort((a, b) => a - b));
          expect(progress[0]).toMatchObject({ pagesDone: 1, pagesTotal: 6 });
          expect(progress.at(-1)).toMatchObject({ pagesDone: 6, pagesTotal: 6, jobsFound: task.lastRunStats?.found });
          expect(mine.at(-1)?.type).toBe('finished');
          expect(stream.messages.some((message) => message.event === 'keepalive')).toBe(true);
        }
        expect(task.lastRunStats).toMatchObject({ pagesDone: 6, found: 60 });
      } finally {
        streams.forEach((stream) => stream.close());
        app.get<CrawlEventsOptions>(CRAWL_EVENTS_OPTIONS).keepAliveMs = 15_000;
      }
    });
  });

  it('answers a failed crawl as a failure with its reason', async () => {
    fixtures.setMode('job51', 'login-wall');
    try {
      const response = await admin.post('/api/admin/crawl/run').send({ ...body, taskName: '登录墙' }).expect(502);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toMatch(new RegExp(`^${CRAWL_ERRORS.CRAWL_FAILED}：`));
    } finally {
      fixtures.setMode('job51', 'normal');
    }
  });
});
