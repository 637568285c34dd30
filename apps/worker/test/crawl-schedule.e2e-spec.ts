import 'reflect-metadata';
import { CRAWL_SCHEDULE_TIMEZONE } from '@aipm/contracts';
import { CrawlResult, CrawlRun, CrawlTask, PublishedJob } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import {
  bullOptions,
  CRAWL_QUEUE,
  crawlSchedulerId,
  enqueueCrawl,
  EXPIRE_JOBS_PATTERN,
  EXPIRE_JOBS_SCHEDULER_ID,
  MAINTENANCE_QUEUE,
  removeCrawlSchedule,
  upsertCrawlSchedule,
  type CrawlJobResult,
} from '@aipm/queue';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, QueueEvents } from 'bullmq';
import { DataSource } from 'typeorm';
import { waitFor } from '../../../tools/testing/process';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { loadWorkerEnv } from '../src/config/worker-env';
import { CrawlScheduleSync } from '../src/crawl/schedule/crawl-schedule.sync';
import { JobExpiryService } from '../src/crawl/schedule/job-expiry.service';
import { SITE_ADAPTERS } from '../src/crawl/sites/site-registry';
import { WorkerModule } from '../src/worker.module';
import { startFixtureSites, type FixtureSites } from './fixture-sites';

jest.setTimeout(180_000);

const DAY_MS = 24 * 3600 * 1000;

/** Crawler operations in the worker (ADR 020): scheduled crawls with two workers, run history, expiry of stale jobs. */
describe('scheduled crawls and housekeeping (two workers, real Chromium, fixture sites)', () => {
  // 0: no other suite uses it.
  const redisUrl = testRedisUrl(0);
  let database: TestDatabase;
  let fixtures: FixtureSites;
  const apps: INestApplicationContext[] = [];
  let dataSource: DataSource;
  let queue: Queue;
  let events: QueueEvents;

  const zhipinUrl = () => SITE_ADAPTERS.find((adapter) => adapter.site === 'zhipin')!.searchUrl({ keyword: 'AI产品经理', city: '长沙', page: 1 }).toString();
  const createTask = (name: string) => dataSource.getRepository(CrawlTask).save({ name, site: 'zhipin', keywords: ['AI产品经理'], targetUrls: [zhipinUrl()] });

  beforeAll(async () => {
    await flushRedis(redisUrl);
    database = await createTestDatabase({ migrate: true });
    fixtures = await startFixtureSites({ perPage: 5, totalPages: 1 });
    const env = loadWorkerEnv({ ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl, CRAWLER_SITE_ORIGINS: fixtures.env, CRAWL_CONCURRENCY: '1', LOG_LEVEL: 'warn' });
    // Two worker processes' worth of workers, each with its own Chromium, BullMQ connections and pools.
    for (let index = 0; index < 2; index += 1) {
      const app = await NestFactory.createApplicationContext(WorkerModule.register(env), { logger: false });
      await app.init();
      apps.push(app);
    }
    dataSource = apps[0]!.get(DataSource);
    await dataSource.query(`INSERT INTO admin_config (key, value) VALUES ('request_delay', '0'), ('boss_cookie', 'wt2=fixture-cookie')`);
    queue = new Queue(CRAWL_QUEUE, bullOptions(redisUrl));
    events = new QueueEvents(CRAWL_QUEUE, bullOptions(redisUrl));
    await events.waitUntilReady();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await events?.close();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await fixtures?.close();
    await database?.drop();
  });

  it('runs each firing of a schedule once with two workers, recording one run per firing', async () => {
    const task = await createTask('scheduled zhipin');
    const activations = new Map<string, number>();
    const onActive = ({ jobId }: { jobId: string }) => activations.set(jobId, (activations.get(jobId) ?? 0) + 1);
    events.on('active', onActive);

    // Every 5 s (seconds are for the test only; the API requires five fields and 15 minutes between firings).
    await upsertCrawlSchedule(queue, task.id, '*/5 * * * * *');
    const runs = () => dataSource.getRepository(CrawlRun).find({ where: { taskId: task.id }, order: { finishedAt: 'ASC' } });
    await waitFor(async () => ((await runs()).length >= 3 ? true : undefined), 90_000, 250);
    await removeCrawlSchedule(queue, task.id);
    await waitFor(async () => ((await queue.getActiveCount()) + (await queue.getWaitingCount()) === 0 ? true : undefined), 30_000, 100);
    events.off('active', onActive);

    const recorded = await runs();
    const firings = [...activations.keys()].filter((id) => id.startsWith(`repeat:${crawlSchedulerId(task.id)}:`));
    // One job per firing, each taken by one worker once; firings on the 5 s grid.
    expect(firings.every((id) => activations.get(id) === 1)).toBe(true);
    const firedAt = firings.map((id) => Number(id.split(':').at(-1))).sort((a, b) => a - b);
    expect(firedAt.every((millis) => millis % 5000 === 0)).toBe(true);
    // Each firing is one run, unless it came while the previous run still went on (then it is skipped).
    const outcomes = await Promise.all(firings.map(async (id) => (await queue.getJob(id))?.returnvalue as CrawlJobResult | undefined));
    const ran = firings.filter((_id, index) => outcomes[index] && !outcomes[index]!.skipped);
    expect(ran.length).toBeGreaterThanOrEqual(3);
    expect(recorded.map((run) => run.jobId).sort()).toEqual([...ran].sort());
    expect(new Set(firedAt).size).toBe(firedAt.length);
    expect(recorded.every((run) => run.site === 'zhipin' && run.status === 'completed' && run.scheduled && run.found === 5 && run.pagesDone === 1)).toBe(true);

    // The fixture listed the same five jobs each time: five review items, with their site and duplicate key.
    const results = await dataSource.getRepository(CrawlResult).findBy({ taskId: task.id });
    expect(results).toHaveLength(5);
    expect(results.every((row) => row.site === 'zhipin' && row.dedupeKey !== null)).toBe(true);
    // Each run records the task as finding them again, named by its firing's job id (68 characters).
    const lastRan = [...ran].sort((a, b) => Number(a.split(':').at(-1)) - Number(b.split(':').at(-1))).at(-1);
    const sightings: Array<{ resultId: string; lastJobId: string }> = await dataSource.query(`SELECT "resultId", "lastJobId" FROM crawl_result_sightings WHERE "taskId" = $1`, [task.id]);
    expect(sightings.map((row) => row.resultId).sort()).toEqual(results.map((row) => row.id).sort());
    expect(sightings.every((row) => row.lastJobId === lastRan)).toBe(true);
    expect(await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: task.id })).toMatchObject({ status: 'completed', lastRunStats: { sites: { zhipin: { pagesDone: 1, found: 5 } } } });
  });

  it('skips a firing while the task is already running, and records no run for it', async () => {
    const task = await createTask('busy task');
    await dataSource.getRepository(CrawlTask).update(task.id, { status: 'running', lastRunAt: new Date(), lastRunStats: { jobId: 'operator-run' } as CrawlTask['lastRunStats'] });
    const job = await enqueueCrawl(queue, { taskId: task.id, scheduled: true });
    const outcome = (await job.waitUntilFinished(events, 60_000)) as CrawlJobResult;
    expect(outcome).toMatchObject({ skipped: true, resultIds: [] });
    expect(await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: task.id })).toMatchObject({ status: 'running', lastRunStats: { jobId: 'operator-run' } });
    expect(await dataSource.getRepository(CrawlRun).countBy({ taskId: task.id })).toBe(0);
  });

  it('brings the schedulers in Redis in line with the tasks at start', async () => {
    const task = await createTask('schedule lost with Redis');
    await dataSource.getRepository(CrawlTask).update(task.id, { schedule: '0 9 * * 1-5' });
    const stray = '11111111-1111-4111-8111-111111111111';
    await upsertCrawlSchedule(queue, stray, '0 3 * * *');

    const outcome = await apps[1]!.get(CrawlScheduleSync).sync();
    expect(outcome).toEqual({ upserted: 1, removed: 1 });
    const scheduler = await queue.getJobScheduler(crawlSchedulerId(task.id));
    expect(scheduler).toMatchObject({ pattern: '0 9 * * 1-5', tz: CRAWL_SCHEDULE_TIMEZONE });
    // Each firing carries the task's 最大结果数 (ADR 062).
    expect(scheduler?.template?.data).toEqual({ taskId: task.id, scheduled: true, waitForChecks: true, maxResults: 100 });
    expect(await queue.getJobScheduler(crawlSchedulerId(stray))).toBeUndefined();
    expect(await apps[0]!.get(CrawlScheduleSync).sync()).toEqual({ upserted: 0, removed: 0 });

    // A scheduler set before tasks kept their figure (its firings carry none) is set again with it.
    await upsertCrawlSchedule(queue, task.id, '0 9 * * 1-5');
    expect(await apps[0]!.get(CrawlScheduleSync).sync()).toEqual({ upserted: 1, removed: 0 });
    expect((await queue.getJobScheduler(crawlSchedulerId(task.id)))?.template?.data).toMatchObject({ maxResults: 100 });
    await removeCrawlSchedule(queue, task.id);
  });

  it('deactivates published jobs older than job_expiry_days once, on a schedule every worker shares', async () => {
    const maintenance = new Queue(MAINTENANCE_QUEUE, bullOptions(redisUrl));
    const schedulers = await maintenance.getJobSchedulers(0, -1);
    await maintenance.close();
    expect(schedulers).toEqual([expect.objectContaining({ key: EXPIRE_JOBS_SCHEDULER_ID, pattern: EXPIRE_JOBS_PATTERN, tz: CRAWL_SCHEDULE_TIMEZONE })]);

    await dataSource.query(`INSERT INTO admin_config (key, value) VALUES ('job_expiry_days', '30')`);
    const jobs = dataSource.getRepository(PublishedJob);
    const job = (title: string, daysAgo: number, fields: Partial<PublishedJob> = {}) =>
      jobs.save({ title, company: '某公司', sourceUrl: `https://jobs.example.com/${encodeURIComponent(title)}`, publishedAt: new Date(Date.now() - daysAgo * DAY_MS), ...fields });
    const stale = await job('过期职位', 31);
    const young = await job('新职位', 29);
    const revived = await job('运营重新激活', 60, { expiredAt: new Date(Date.now() - 20 * DAY_MS) });

    const service = apps[0]!.get(JobExpiryService);
    expect(await service.expire()).toEqual({ expired: 1, expiryDays: 30 });
    expect(await jobs.findOneByOrFail({ id: stale.id })).toMatchObject({ isActive: false, expiredAt: expect.any(Date) });
    expect(await jobs.findOneByOrFail({ id: young.id })).toMatchObject({ isActive: true, expiredAt: null });
    expect(await jobs.findOneByOrFail({ id: revived.id })).toMatchObject({ isActive: true });
    expect(await service.expire()).toEqual({ expired: 0, expiryDays: 30 });

    // A shorter setting applies at the next sweep.
    await dataSource.query(`UPDATE admin_config SET value = '7' WHERE key = 'job_expiry_days'`);
    expect(await service.expire()).toEqual({ expired: 1, expiryDays: 7 });
    expect(await jobs.findOneByOrFail({ id: young.id })).toMatchObject({ isActive: false });
  });
});
