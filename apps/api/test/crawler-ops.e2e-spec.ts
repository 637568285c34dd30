import { CRAWL_OPS_MESSAGES, CRAWL_SCHEDULE_TIMEZONE, crawlDedupeKey, type CrawlResultResponse, type CrawlTaskResponse, type ErrorCode, type SiteHealth } from '@aipm/contracts';
import { AdminConfig, CrawlResult, CrawlRun, CrawlTask, createDataSourceOptions, LearnedSelector, PublishedJob } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, CRAWL_QUEUE, crawlSchedulerId } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource, In } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 24 * 3600 * 1000;

/** Issue 13 item 4 through the API: schedules, cross-site duplicates, site health and job expiry. */
describe('crawler operations API', () => {
  // 11: shared with first-time-admin, which never touches the crawl queue.
  const redisUrl = testRedisUrl(11);
  let database: TestDatabase;
  let dataSource: DataSource;
  let app: INestApplication;
  let queue: Queue;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    dataSource = await new DataSource(createDataSourceOptions(database.url)).initialize();
    queue = new Queue(CRAWL_QUEUE, bullOptions(redisUrl));
    await queue.obliterate({ force: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  const createTask = (name = 'zhipin AI产品经理 长沙') =>
    dataSource.getRepository(CrawlTask).save({ name, site: 'zhipin', keywords: ['AI产品经理'], targetUrls: ['https://www.zhipin.com/web/geek/job?query=AI&city=101250100'] });

  describe('schedules', () => {
    it('sets a schedule read in Asia/Shanghai, shows it with its next run, replaces it and clears it', async () => {
      const task = await createTask();
      const set = await admin.put(`/api/admin/crawl-tasks/${task.id}/schedule`).send({ cron: '0  9 * * 1-5' }).expect(200);
      const data = set.body.data as CrawlTaskResponse;
      expect(set.body).toMatchObject({ success: true, message: CRAWL_OPS_MESSAGES.scheduleSaved, data: { id: task.id, schedule: '0 9 * * 1-5' } });
      // 09:00 in Shanghai is 01:00 UTC, on a weekday, in the future.
      const next = new Date(data.nextRunAt!);
      expect(next.getTime()).toBeGreaterThan(Date.now());
      expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([1, 0]);
      expect([1, 2, 3, 4, 5]).toContain(next.getUTCDay());

      const scheduler = await queue.getJobScheduler(crawlSchedulerId(task.id));
      expect(scheduler).toMatchObject({ pattern: '0 9 * * 1-5', tz: CRAWL_SCHEDULE_TIMEZONE, next: next.getTime() });
      expect(scheduler?.template?.data).toEqual({ taskId: task.id, scheduled: true });
      // The scheduler's next firing waits in the queue as one delayed job.
      expect((await queue.getDelayed()).filter((job) => job.data.taskId === task.id)).toHaveLength(1);

      const listed = (await admin.get('/api/admin/crawl-tasks').expect(200)).body.data as CrawlTaskResponse[];
      expect(listed.find((row) => row.id === task.id)).toMatchObject({ schedule: '0 9 * * 1-5', nextRunAt: data.nextRunAt });

      const replaced = await admin.put(`/api/admin/crawl-tasks/${task.id}/schedule`).send({ cron: '30 20 * * *' }).expect(200);
      expect(replaced.body.data).toMatchObject({ schedule: '30 20 * * *' });
      expect(new Date(replaced.body.data.nextRunAt).getUTCHours()).toBe(12);
      expect((await queue.getJobSchedulers(0, -1)).filter((entry) => entry.key === crawlSchedulerId(task.id))).toHaveLength(1);
      expect((await queue.getDelayed()).filter((job) => job.data.taskId === task.id)).toHaveLength(1);

      const cleared = await admin.delete(`/api/admin/crawl-tasks/${task.id}/schedule`).expect(200);
      expect(cleared.body).toMatchObject({ success: true, message: CRAWL_OPS_MESSAGES.scheduleCleared, data: { schedule: null, nextRunAt: null } });
      expect(await queue.getJobScheduler(crawlSchedulerId(task.id))).toBeUndefined();
      expect((await queue.getDelayed()).filter((job) => job.data.taskId === task.id)).toHaveLength(0);
      expect((await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: task.id })).schedule).toBeNull();
      const unscheduled = (await admin.get('/api/admin/crawl-tasks').expect(200)).body.data as CrawlTaskResponse[];
      expect(unscheduled.find((row) => row.id === task.id)).toMatchObject({ schedule: null, nextRunAt: null });
    });

    it.each<[string, object, number, ErrorCode]>([
      ['text that is not cron', { cron: 'every morning' }, 400, 'INVALID_SCHEDULE'],
      ['four fields', { cron: '0 9 * *' }, 400, 'INVALID_SCHEDULE'],
      ['an hour out of range', { cron: '0 25 * * *' }, 400, 'INVALID_SCHEDULE'],
      ['no cron at all', {}, 400, 'INVALID_SCHEDULE'],
      ['a number', { cron: 5 }, 400, 'INVALID_SCHEDULE'],
      ['a firing every five minutes', { cron: '*/5 * * * *' }, 400, 'SCHEDULE_TOO_FREQUENT'],
    ])('refuses %s with its code', async (_case, body, status, code) => {
      const task = await createTask();
      const response = await admin.put(`/api/admin/crawl-tasks/${task.id}/schedule`).send(body).expect(status);
      expect(response.body).toMatchObject({ success: false, code, fieldCodes: { cron: code } });
      expect(await queue.getJobScheduler(crawlSchedulerId(task.id))).toBeUndefined();
    });

    it('answers an unknown or malformed task id, and keeps the schedule routes for the administrator', async () => {
      expect((await admin.put(`/api/admin/crawl-tasks/${UNKNOWN_ID}/schedule`).send({ cron: '0 9 * * *' }).expect(404)).body).toEqual(apiError('TASK_NOT_FOUND'));
      expect((await admin.delete(`/api/admin/crawl-tasks/${UNKNOWN_ID}/schedule`).expect(404)).body).toEqual(apiError('TASK_NOT_FOUND'));
      expect((await admin.put('/api/admin/crawl-tasks/1/schedule').send({ cron: '0 9 * * *' }).expect(400)).body).toMatchObject({ code: 'INVALID_TASK_ID' });
      const task = await createTask();
      await request(app.getHttpServer()).put(`/api/admin/crawl-tasks/${task.id}/schedule`).send({ cron: '0 9 * * *' }).expect(401);
      expect(await queue.getJobScheduler(crawlSchedulerId(task.id))).toBeUndefined();
    });
  });

  describe('one posting on several sites', () => {
    const posting = { title: 'AI产品经理', company: '长沙星云科技有限公司', location: '长沙·岳麓区' };
    const result = (fields: Partial<CrawlResult>) =>
      dataSource.getRepository(CrawlResult).save({ ...posting, description: '负责AI产品规划与落地', requirements: '三年以上产品经验', salary: '15-25K', dedupeKey: crawlDedupeKey(posting), ...fields });

    it('is one review item listing every source, published once whichever source is published', async () => {
      const first = await result({ site: 'zhaopin', sourceUrl: 'https://www.zhaopin.com/jobdetail/CC100.htm', createdAt: new Date(Date.now() - 60_000) });
      // Another site writes the company and the district differently.
      const second = await result({
        site: 'job51',
        company: '长沙星云科技股份有限公司',
        location: '长沙市',
        sourceUrl: 'https://jobs.51job.com/changsha/200.html',
        dedupeKey: crawlDedupeKey({ ...posting, company: '长沙星云科技股份有限公司', location: '长沙市' }),
      });
      const other = await result({ site: 'job51', title: '数据产品经理', sourceUrl: 'https://jobs.51job.com/changsha/300.html', dedupeKey: crawlDedupeKey({ ...posting, title: '数据产品经理' }) });

      const list = async () => ((await admin.get('/api/admin/crawl-results').expect(200)).body.data as CrawlResultResponse[]).filter((row) => [first.id, second.id, other.id].includes(row.id));
      const items = await list();
      expect(items.map((row) => row.id).sort()).toEqual([first.id, other.id].sort());
      expect(items.find((row) => row.id === first.id)).toMatchObject({
        site: 'zhaopin',
        status: 'pending',
        sources: [
          { resultId: first.id, site: 'zhaopin', sourceUrl: first.sourceUrl },
          { resultId: second.id, site: 'job51', sourceUrl: second.sourceUrl },
        ],
      });
      expect(items.find((row) => row.id === other.id)?.sources).toHaveLength(1);

      await admin.patch(`/api/admin/crawl-results/${first.id}/review`).send({ status: 'approved' }).expect(200);
      const published = await admin.post(`/api/admin/crawl-results/${first.id}/publish`).expect(200);
      const jobId = published.body.data.publishedJobId as string;
      expect(published.body.data.sources).toHaveLength(2);

      // The other site's copy, reviewed and published through the API directly, answers the same public job.
      await admin.patch(`/api/admin/crawl-results/${second.id}/review`).send({ status: 'approved' }).expect(200);
      const again = await admin.post(`/api/admin/crawl-results/${second.id}/publish`).expect(200);
      expect(again.body.data).toMatchObject({ id: first.id, status: 'published', publishedJobId: jobId });
      expect(await dataSource.getRepository(PublishedJob).countBy({ crawlResultId: In([first.id, second.id]) })).toBe(1);
      const publicJobs = (await request(app.getHttpServer()).get('/api/jobs?limit=50').expect(200)).body.data as Array<{ title: string; company: string }>;
      expect(publicJobs.filter((job) => job.title === posting.title)).toHaveLength(1);

      // A third site finds it later: still one item, the published one, now with three sources.
      const third = await result({ site: 'lagou', sourceUrl: 'https://www.lagou.com/wn/jobs/400.html', location: '长沙' });
      const after = await list();
      expect(after.map((row) => row.id).sort()).toEqual([first.id, other.id].sort());
      expect(after.find((row) => row.id === first.id)).toMatchObject({ status: 'published' });
      expect(after.find((row) => row.id === first.id)?.sources.map((source) => source.resultId)).toEqual([first.id, second.id, third.id]);
    });

    it('publishes two sources of one posting at the same moment once, without deadlocking', async () => {
      for (let round = 0; round < 5; round += 1) {
        const racing = { ...posting, title: `资深AI产品经理 ${round}` };
        const key = crawlDedupeKey(racing);
        const a = await result({ ...racing, dedupeKey: key, site: 'zhipin', status: 'approved', sourceUrl: `https://www.zhipin.com/job_detail/race-a${round}.html` });
        const b = await result({ ...racing, dedupeKey: key, site: 'liepin', status: 'approved', sourceUrl: `https://www.liepin.com/job/race-b${round}.shtml` });
        const answers = await Promise.all([admin.post(`/api/admin/crawl-results/${a.id}/publish`), admin.post(`/api/admin/crawl-results/${b.id}/publish`)]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
        expect(new Set(answers.map((answer) => answer.body.data.publishedJobId)).size).toBe(1);
        expect(await dataSource.getRepository(PublishedJob).countBy({ crawlResultId: In([a.id, b.id]) })).toBe(1);
      }
    });
  });

  describe('site health', () => {
    const run = (site: CrawlRun['site'], minutesAgo: number, fields: Partial<CrawlRun> = {}) => {
      const finishedAt = new Date(Date.now() - minutesAgo * 60_000);
      return dataSource.getRepository(CrawlRun).save({
        jobId: `job-${site}-${minutesAgo}`,
        site,
        status: 'completed',
        startedAt: new Date(finishedAt.getTime() - 30_000),
        finishedAt,
        pagesDone: 3,
        found: 30,
        failures: {},
        ...fields,
      } as CrawlRun);
    };

    it('gives per site the last success, the success rate of the last 20 runs, failures by reason, selectors and zero-job runs', async () => {
      // zhipin: found jobs, then a login wall returned none (flagged), after a retried timeout.
      await run('zhipin', 50);
      await run('zhipin', 40, { failures: { timeout: 2 } });
      await run('zhipin', 30);
      await run('zhipin', 10, { status: 'failed', found: 0, pagesDone: 0, failureReason: 'login_wall', failures: { login_wall: 1 } });
      // job51: 25 runs; only the latest 20 count; a completed run with no jobs among them, not the latest.
      for (let index = 0; index < 25; index += 1) await run('job51', 100 - index, index === 22 ? { found: 0 } : {});
      // lagou: never found anything: its empty runs are not a change.
      await run('lagou', 20, { found: 0 });
      await run('lagou', 15, { found: 0 });
      const selectors = dataSource.getRepository(LearnedSelector);
      await selectors.save([
        { site: 'zhipin', urlPattern: '/web/geek/job', selectorType: 'job-card', selector: '{}', confidence: 0.8, lastUsed: new Date('2026-11-20T00:00:00.000Z') },
        { site: 'zhipin', urlPattern: '/web/geek/job', selectorType: 'job-card', selector: '{"b":1}', confidence: 0.5, lastUsed: null },
      ]);

      const response = await admin.get('/api/admin/crawler/site-health').expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const health = response.body.data as SiteHealth[];
      expect(health.map((entry) => entry.site).sort()).toEqual(['job51', 'lagou', 'liepin', 'zhaopin', 'zhipin']);
      const bySite = Object.fromEntries(health.map((entry) => [entry.site, entry]));

      expect(bySite.zhipin).toMatchObject({
        runs: 4,
        successRate: 0.75,
        lastSuccessAt: (await dataSource.getRepository(CrawlRun).findOneByOrFail({ jobId: 'job-zhipin-30' })).finishedAt.toISOString(),
        failuresByReason: { timeout: 2, login_wall: 1 },
        selectors: { count: 2, bestConfidence: 0.8, lastUsed: '2026-11-20T00:00:00.000Z' },
        zeroJobRuns: [{ jobId: 'job-zhipin-10', status: 'failed', failureReason: 'login_wall' }],
        flagged: true,
      });
      expect(bySite.zhipin.selectors.averageConfidence).toBeCloseTo(0.65);
      expect(bySite.job51).toMatchObject({ runs: 20, successRate: 1, flagged: false, zeroJobRuns: [{ jobId: 'job-job51-78', status: 'completed' }] });
      expect(bySite.lagou).toMatchObject({ runs: 2, zeroJobRuns: [], flagged: false });
      expect(bySite.liepin).toEqual({
        site: 'liepin',
        runs: 0,
        successRate: null,
        lastSuccessAt: null,
        lastRunAt: null,
        failuresByReason: {},
        selectors: { count: 0, bestConfidence: null, averageConfidence: null, lastUsed: null },
        zeroJobRuns: [],
        flagged: false,
      });
    });

    it('is for the administrator only', async () => {
      expect((await request(app.getHttpServer()).get('/api/admin/crawler/site-health').expect(401)).body).toEqual(apiError('UNAUTHORIZED'));
    });
  });

  describe('stale postings', () => {
    beforeEach(async () => {
      await dataSource.getRepository(AdminConfig).clear();
    });

    it('keeps job_expiry_days within 1 … 365 (default 30)', async () => {
      expect((await admin.get('/api/admin/crawler-config').expect(200)).body.data.job_expiry_days).toBe(30);
      for (const days of [0, 366, 1.5, '30']) {
        const refused = await admin.post('/api/admin/crawler-config').send({ job_expiry_days: days }).expect(400);
        expect(refused.body).toMatchObject({ code: 'INVALID_JOB_EXPIRY_DAYS', fieldCodes: { job_expiry_days: 'INVALID_JOB_EXPIRY_DAYS' } });
      }
      expect((await admin.post('/api/admin/crawler-config').send({ job_expiry_days: 10 }).expect(200)).body.data.job_expiry_days).toBe(10);
    });

    it('gives each public job the validThrough of its expiry, and none once an operator reactivated it after expiry', async () => {
      await admin.post('/api/admin/crawler-config').send({ job_expiry_days: 10 }).expect(200);
      const jobs = dataSource.getRepository(PublishedJob);
      const publishedAt = new Date(Date.now() - 2 * DAY_MS);
      const fresh = await jobs.save({ title: '到期测试', company: '某公司', sourceUrl: 'https://jobs.example.com/expiry-1', publishedAt });
      const revived = await jobs.save({ title: '重新激活', company: '某公司', sourceUrl: 'https://jobs.example.com/expiry-2', publishedAt: new Date(Date.now() - 40 * DAY_MS), expiredAt: new Date(Date.now() - 9 * DAY_MS) });

      const listed = (await request(app.getHttpServer()).get('/api/jobs?limit=50').expect(200)).body.data as Array<{ id: string; validThrough?: string }>;
      expect(listed.find((job) => job.id === fresh.id)?.validThrough).toBe(new Date(publishedAt.getTime() + 10 * DAY_MS).toISOString());
      expect(listed.find((job) => job.id === revived.id)).toBeDefined();
      expect(listed.find((job) => job.id === revived.id)).not.toHaveProperty('validThrough');
    });
  });
});
