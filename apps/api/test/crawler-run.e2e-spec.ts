import { CRAWL_MESSAGES, crawlSucceededMessage } from '@aipm/contracts';
import { createDataSourceOptions, CrawlResult, CrawlTask } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullConnectionFromUrl, CRAWL_QUEUE, KEY_PREFIX } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { spawnProcess, waitFor, type SpawnedProcess } from '../../../tools/testing/process';
import { testRedisUrl } from '../../../tools/testing/services';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

jest.setTimeout(180_000);

const WORKER_MAIN = path.resolve(__dirname, '../../worker/dist/main.js');

interface FixtureSites {
  env: string;
  requests: Record<string, Array<{ path: string; search: string }>>;
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

/** The automated crawl end to end: the API enqueues, a real worker process crawls the fixture site in Chromium, the API answers the jobs. */
describe('POST /api/admin/crawl/run with a real worker', () => {
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
    const queue = new Queue(CRAWL_QUEUE, { connection: bullConnectionFromUrl(redisUrl), prefix: `${KEY_PREFIX}:bull` });
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
      CRAWLER_SITE_ORIGINS: fixtures.env,
      LOG_LEVEL: 'warn',
    });
    // The status the admin's crawl button waits for: a fresh worker heartbeat.
    await waitFor(async () => ((await admin.get('/api/admin/firecrawl-config')).body.isValid === true ? true : undefined), 60_000);
  });

  afterAll(async () => {
    worker?.kill('SIGTERM');
    await Promise.race([worker?.exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    worker?.kill('SIGKILL');
    await app?.close();
    await fixtures?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  const body = { site: 'job51', keywords: ['AI产品经理'], city: '长沙', maxResults: 50, taskName: '自动抓取 job51 AI产品经理 长沙' };

  it('answers the jobs the worker read, stored as pending results of a completed task', async () => {
    const response = await admin.post('/api/admin/crawl/run').send(body).expect(200);

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
  });

  it('answers a failed crawl as a failure with its reason', async () => {
    fixtures.setMode('job51', 'login-wall');
    try {
      const response = await admin.post('/api/admin/crawl/run').send({ ...body, taskName: '登录墙' }).expect(502);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toMatch(new RegExp(`^${CRAWL_MESSAGES.crawlFailed}：`));
    } finally {
      fixtures.setMode('job51', 'normal');
    }
  });
});
