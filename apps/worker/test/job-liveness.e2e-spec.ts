import 'reflect-metadata';
import { CRAWL_SCHEDULE_TIMEZONE } from '@aipm/contracts';
import { PublishedJob } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, JOB_LIVENESS_PATTERN, JOB_LIVENESS_QUEUE, JOB_LIVENESS_SCHEDULER_ID } from '@aipm/queue';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { testRedisUrl } from '../../../tools/testing/services';
import { loadWorkerEnv } from '../src/config/worker-env';
import { JobLivenessService } from '../src/crawl/liveness/job-liveness.service';
import { WORKER_METRICS } from '../src/metrics/worker-metrics';
import { WorkerModule } from '../src/worker.module';
import type { Registry } from 'prom-client';
import { startFixtureSites, type FixtureSites } from './fixture-sites';

jest.setTimeout(120_000);

const HOUR_MS = 3600_000;
const REQUEST_DELAY_MS = 400;

/**
 * Published jobs that stay alive (docs/product/crawler.md#published-jobs-that-stay-alive, ADR 063): one pass of the
 * liveness check against the fixture sites' posting pages, in real Chromium, at the sites' pace.
 */
describe('liveness check of published jobs (real Chromium, fixture sites)', () => {
  let database: TestDatabase;
  let fixtures: FixtureSites;
  let app: INestApplicationContext;
  let dataSource: DataSource;
  const redisUrl = testRedisUrl(7);

  const publish = (title: string, sourceUrl: string, fields: Partial<PublishedJob> = {}) =>
    dataSource.getRepository(PublishedJob).save({ title, company: '长沙智算科技', sourceUrl, ...fields });
  const row = (id: string) => dataSource.getRepository(PublishedJob).findOneByOrFail({ id });
  const postingLoads = (site: 'zhipin' | 'job51' | 'liepin') => fixtures.requests[site].filter((request) => /\.s?html$/.test(request.path));

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    fixtures = await startFixtureSites({ perPage: 10, totalPages: 3 });
    const env = loadWorkerEnv({ ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl, CRAWLER_SITE_ORIGINS: fixtures.env, CRAWL_CONCURRENCY: '1', LOG_LEVEL: 'warn' });
    app = await NestFactory.createApplicationContext(WorkerModule.register(env), { logger: false });
    await app.init();
    dataSource = app.get(DataSource);
    await dataSource.query(`INSERT INTO admin_config (key, value) VALUES ('request_delay', $1)`, [String(REQUEST_DELAY_MS)]);
  });

  afterAll(async () => {
    await app?.close();
    await fixtures?.close();
    await database?.drop();
  });

  it('runs on one job scheduler that every worker shares, on a queue of its own', async () => {
    const queue = new Queue(JOB_LIVENESS_QUEUE, bullOptions(redisUrl));
    try {
      const schedulers = await queue.getJobSchedulers(0, -1);
      expect(schedulers).toEqual([expect.objectContaining({ key: JOB_LIVENESS_SCHEDULER_ID, pattern: JOB_LIVENESS_PATTERN, tz: CRAWL_SCHEDULE_TIMEZONE })]);
    } finally {
      await queue.close();
    }
  });

  it('deactivates postings closed at their source within one pass, keeps refused and open ones, at the site’s pace', async () => {
    const open = await publish('仍在招聘', 'https://www.zhipin.com/job_detail/open-1.html');
    const gone = await publish('已删除（404）', 'https://www.zhipin.com/job_detail/gone-1.html');
    const refused = await publish('被拦截', 'https://www.zhipin.com/job_detail/refused-1.html');
    const closed = await publish('职位已关闭', 'https://jobs.51job.com/changsha/closed-1.html');
    const offline = await publish('已下线', 'https://jobs.51job.com/changsha/offline-1.html');
    const expired = await publish('数据标记过期', 'https://www.liepin.com/job/expired-1.shtml');
    const byHand = await publish('手动添加', 'https://careers.example.com/jobs/1');
    const switchedOff = await publish('运营已停用', 'https://www.zhipin.com/job_detail/open-2.html', { isActive: false });
    const before = { zhipin: postingLoads('zhipin').length, job51: postingLoads('job51').length, liepin: postingLoads('liepin').length };

    const service = app.get(JobLivenessService);
    expect(await service.pass()).toEqual({ checked: 6, open: 1, closed: 4, refused: 1, failed: 0, skipped: 1 });

    expect(await row(gone.id)).toMatchObject({ isActive: false, closedReason: 'source_gone', closedEvidence: 'HTTP 404', sourceCheckOutcome: 'closed', sourceCheckedAt: expect.any(Date) });
    expect(await row(closed.id)).toMatchObject({ isActive: false, closedReason: 'source_closed', closedEvidence: expect.stringContaining('职位已关闭') });
    expect(await row(offline.id)).toMatchObject({ isActive: false, closedReason: 'source_closed', closedEvidence: expect.stringContaining('该职位已下线') });
    expect(await row(expired.id)).toMatchObject({ isActive: false, closedReason: 'source_expired', closedEvidence: expect.stringContaining('"isExpired":true') });
    // A refusal says nothing about the posting: the job stays as it is, with the check recorded.
    expect(await row(refused.id)).toMatchObject({ isActive: true, closedReason: null, sourceCheckOutcome: 'refused', sourceCheckedAt: expect.any(Date) });
    expect(await row(open.id)).toMatchObject({ isActive: true, closedReason: null, closedEvidence: null, sourceCheckOutcome: 'open', sourceCheckedAt: expect.any(Date) });
    // The worker's metrics count each check by site and outcome (docs/product/operations.md#metrics).
    const metrics = await app.get<Registry>(WORKER_METRICS).metrics();
    expect(metrics).toContain('aipm_job_liveness_checks_total{site="zhipin",outcome="closed",app="worker"} 1');
    expect(metrics).toContain('aipm_job_liveness_checks_total{site="zhipin",outcome="refused",app="worker"} 1');
    expect(metrics).toContain('aipm_job_liveness_checks_total{site="job51",outcome="closed",app="worker"} 2');
    // No site to ask, and a job the operator switched off: left alone.
    expect(await row(byHand.id)).toMatchObject({ isActive: true, sourceCheckedAt: null });
    expect(await row(switchedOff.id)).toMatchObject({ isActive: false, closedReason: null, sourceCheckedAt: null });
    // The public list reads active jobs only (apps/api/test/crawler-published-jobs.e2e-spec.ts checks the route).
    const active = await dataSource.getRepository(PublishedJob).find({ where: { isActive: true } });
    expect(active.map((job) => job.title).sort()).toEqual(['仍在招聘', '手动添加', '被拦截'].sort());

    // One page at a time per site, with the request delay between two loads (the crawl's Redis slot).
    const zhipin = postingLoads('zhipin').slice(before.zhipin);
    expect(zhipin.map((request) => request.path).sort()).toEqual(['/job_detail/gone-1.html', '/job_detail/open-1.html', '/job_detail/refused-1.html']);
    for (let index = 1; index < zhipin.length; index += 1) expect(zhipin[index]!.at - zhipin[index - 1]!.at).toBeGreaterThanOrEqual(REQUEST_DELAY_MS - 20);
    expect(postingLoads('job51').length - before.job51).toBe(2);
    expect(postingLoads('liepin').length - before.liepin).toBe(1);

    // Checked jobs are not due again before the recheck interval; after it, the open and the refused one are.
    expect(await service.pass()).toEqual({ checked: 0, open: 0, closed: 0, refused: 0, failed: 0, skipped: 1 });
    const later = () => new Date(Date.now() + 25 * HOUR_MS);
    expect(await service.pass(later)).toEqual({ checked: 2, open: 1, closed: 0, refused: 1, failed: 0, skipped: 1 });
  });
});
