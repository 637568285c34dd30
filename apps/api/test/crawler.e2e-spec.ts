import { CRAWL_ERRORS, CRAWL_MESSAGES, CRAWLER_CONFIG_DEFAULTS, crawlerTestNotRunMessage, crawlerTestTimedOutMessage, ERROR_MESSAGES, type ErrorCode } from '@aipm/contracts';
import { AdminConfig, createDataSourceOptions, CrawlResult, CrawlResultSighting, CrawlTask, PublishedJob, User } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, CRAWL_JOB_NAME, CRAWL_QUEUE, CRAWLER_DIAGNOSTICS_QUEUE, QUEUE_NAMES, WORKER_HEARTBEAT_KEY } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { CRAWL_SERVICE_MESSAGES } from '../src/crawler/crawl-service-status.service';
import { CRAWL_RUN_OPTIONS, type CrawlRunOptions } from '../src/crawler/crawl-run.service';
import { CRAWLER_TEST_OPTIONS, type CrawlerTestOptions } from '../src/crawler/crawler-test.service';
import { testRedisUrl } from '../../../tools/testing/services';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';
import { apiError, expectFieldError } from './support/api-errors';

type Agent = Awaited<ReturnType<typeof adminAgent>>;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('crawler admin API', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let app: INestApplication;
  let admin: Agent;
  let queue: Queue;
  let diagnostics: Queue;
  let redis: Redis;
  // 15: Redis has 16 logical databases by default, and 0-14 are taken by other suites or left to development.
  const redisUrl = testRedisUrl(15);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    dataSource = await new DataSource(createDataSourceOptions(database.url)).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl }));
    await app.init();
    admin = await adminAgent(app);
    queue = new Queue(CRAWL_QUEUE, bullOptions(redisUrl));
    diagnostics = new Queue(CRAWLER_DIAGNOSTICS_QUEUE, bullOptions(redisUrl));
    redis = new Redis(redisUrl);
    await queue.obliterate({ force: true });
    await diagnostics.obliterate({ force: true });
    await redis.del(WORKER_HEARTBEAT_KEY);
  });

  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await diagnostics?.obliterate({ force: true }).catch(() => undefined);
    await diagnostics?.close();
    await redis?.del(WORKER_HEARTBEAT_KEY).catch(() => undefined);
    redis?.disconnect();
    await app?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  const validTask = {
    name: '长沙 AI产品经理',
    keywords: ['AI产品经理', '大模型产品'],
    targetUrls: ['https://www.zhipin.com/web/geek/job?query=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&city=101250100'],
    site: 'zhipin',
    enableJavaScriptRendering: false,
    antiDetectionMode: true,
    waitTime: 5000,
    maxResults: 40,
  };

  describe('crawl tasks', () => {
    it('creates a task recorded as pending, created by the signed-in administrator', async () => {
      const response = await admin.post('/api/admin/crawl-tasks').send(validTask).expect(201);
      const adminUser = await dataSource.getRepository(User).findOneByOrFail({ email: 'leads-admin@example.com' });
      expect(response.body).toMatchObject({
        success: true,
        message: CRAWL_MESSAGES.taskCreated,
        data: { ...validTask, status: 'pending', lastRunAt: null, lastRunStats: null, createdBy: adminUser.id, id: expect.any(String) },
      });
      const row = await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: response.body.data.id });
      expect(row.crawlConfig).toEqual({ enableJavaScriptRendering: false, antiDetectionMode: true, waitTime: 5000 });
    });

    it('applies the form defaults: rendering and anti-detection on, 8 s wait, no site', async () => {
      const { site: _site, enableJavaScriptRendering: _js, antiDetectionMode: _anti, waitTime: _wait, maxResults: _max, ...minimal } = validTask;
      const response = await admin.post('/api/admin/crawl-tasks').send(minimal).expect(201);
      expect(response.body.data).toMatchObject({ site: null, enableJavaScriptRendering: true, antiDetectionMode: true, waitTime: 8000, maxResults: 100 });
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['an empty name', { name: '' }, 'name', CRAWL_ERRORS.TASK_NAME_REQUIRED],
      ['a blank name', { name: '   ' }, 'name', CRAWL_ERRORS.TASK_NAME_REQUIRED],
      ['no name', { name: undefined }, 'name', CRAWL_ERRORS.TASK_NAME_REQUIRED],
      ['no keywords', { keywords: [] }, 'keywords', CRAWL_ERRORS.KEYWORD_REQUIRED],
      ['a blank keyword', { keywords: [' '] }, 'keywords', CRAWL_ERRORS.KEYWORD_REQUIRED],
      ['keywords as text', { keywords: 'AI' }, 'keywords', CRAWL_ERRORS.KEYWORD_REQUIRED],
      ['no target URL', { targetUrls: [] }, 'targetUrls', CRAWL_ERRORS.TARGET_URL_REQUIRED],
      ['an invalid target URL', { targetUrls: ['www.zhipin.com/job'] }, 'targetUrls', CRAWL_ERRORS.INVALID_URL],
      ['a non-web target URL', { targetUrls: ['ftp://zhipin.com/x'] }, 'targetUrls', CRAWL_ERRORS.INVALID_URL],
      // The API refuses addresses of the inside itself, not only the worker when it loads them
      // (docs/product/crawler.md#allowed-addresses).
      ['a loopback target URL', { targetUrls: ['http://127.0.0.1:6379/'] }, 'targetUrls', CRAWL_ERRORS.TARGET_URL_PRIVATE],
      ['a cloud metadata target URL', { targetUrls: ['http://169.254.169.254/latest/meta-data/'] }, 'targetUrls', CRAWL_ERRORS.TARGET_URL_PRIVATE],
      ['a private target URL among public ones', { targetUrls: ['https://www.zhipin.com/job', 'http://10.0.0.5/admin'] }, 'targetUrls', CRAWL_ERRORS.TARGET_URL_PRIVATE],
      ['an IPv6 loopback target URL', { targetUrls: ['http://[::1]:5432/'] }, 'targetUrls', CRAWL_ERRORS.TARGET_URL_PRIVATE],
      ['a site outside the enumeration', { site: 'indeed' }, 'site', CRAWL_ERRORS.INVALID_SITE],
      ['a wait under 3 s', { waitTime: 2999 }, 'waitTime', CRAWL_ERRORS.WAIT_TIME_TOO_SHORT],
      ['a wait over 30 s', { waitTime: 30001 }, 'waitTime', CRAWL_ERRORS.WAIT_TIME_TOO_LONG],
      ['a non-boolean option', { antiDetectionMode: 'yes' }, 'antiDetectionMode', CRAWL_ERRORS.INVALID_OPTION],
      // The task's 最大结果数 (ADR 062): the spec's form messages, now the API's too.
      ['a maximum of 0 results', { maxResults: 0 }, 'maxResults', CRAWL_ERRORS.MAX_RESULTS_TOO_SMALL],
      ['a negative maximum', { maxResults: -5 }, 'maxResults', CRAWL_ERRORS.MAX_RESULTS_TOO_SMALL],
      ['a fractional maximum', { maxResults: 2.5 }, 'maxResults', CRAWL_ERRORS.MAX_RESULTS_TOO_SMALL],
      ['a maximum as text', { maxResults: '15' }, 'maxResults', CRAWL_ERRORS.MAX_RESULTS_TOO_SMALL],
      ['a maximum over 500', { maxResults: 501 }, 'maxResults', CRAWL_ERRORS.MAX_RESULTS_TOO_LARGE],
    ])('refuses %s with 400 and the spec message', async (_case, patch, field, message) => {
      const before = await dataSource.getRepository(CrawlTask).count();
      const response = await admin.post('/api/admin/crawl-tasks').send({ ...validTask, ...patch }).expect(400);
      expectFieldError(response.body, field, message);
      expect(await dataSource.getRepository(CrawlTask).count()).toBe(before);
    });

    it('accepts the limits of the wait: 3000 and 30000', async () => {
      await admin.post('/api/admin/crawl-tasks').send({ ...validTask, waitTime: 3000 }).expect(201);
      await admin.post('/api/admin/crawl-tasks').send({ ...validTask, waitTime: 30000 }).expect(201);
    });

    it('keeps the limits of the maximum, 1 and 500, on the task and in its list entry', async () => {
      for (const maxResults of [1, 500]) {
        const created = await admin.post('/api/admin/crawl-tasks').send({ ...validTask, maxResults }).expect(201);
        expect(created.body.data.maxResults).toBe(maxResults);
        expect((await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: created.body.data.id })).maxResults).toBe(maxResults);
        const listed = await admin.get('/api/admin/crawl-tasks').expect(200);
        expect(listed.body.data.find((task: { id: string }) => task.id === created.body.data.id).maxResults).toBe(maxResults);
      }
    });

    it('lists the tasks newest first', async () => {
      const response = await admin.get('/api/admin/crawl-tasks').expect(200);
      const rows = await dataSource.getRepository(CrawlTask).find({ order: { createdAt: 'DESC' } });
      expect(response.body.success).toBe(true);
      expect(response.body.data.map((task: { id: string }) => task.id)).toEqual(rows.map((row) => row.id));
    });

    it('runs a task once: recorded as running, enqueued, and a second start refused while it runs', async () => {
      const created = await admin.post('/api/admin/crawl-tasks').send(validTask).expect(201);
      const id = created.body.data.id as string;

      const started = await admin.post(`/api/admin/crawl-tasks/${id}/run`).expect(202);
      expect(started.body).toEqual({ success: true, message: CRAWL_MESSAGES.taskStarted, data: { jobId: expect.any(String) } });
      const job = await queue.getJob(started.body.data.jobId);
      // The task's own maximum goes with the run (ADR 062).
      expect(job).toMatchObject({ name: CRAWL_JOB_NAME, data: { taskId: id, maxResults: 40 } });
      const row = await dataSource.getRepository(CrawlTask).findOneByOrFail({ id });
      expect(row.status).toBe('running');
      expect(row.lastRunAt).toBeInstanceOf(Date);

      const again = await admin.post(`/api/admin/crawl-tasks/${id}/run`).expect(409);
      expect(again.body).toEqual(apiError('TASK_RUNNING'));
      expect((await queue.getJobs(['waiting'])).filter((waiting) => waiting.data.taskId === id)).toHaveLength(1);
    });

    it('lets only one of two simultaneous starts through', async () => {
      const created = await admin.post('/api/admin/crawl-tasks').send(validTask).expect(201);
      const id = created.body.data.id as string;
      const statuses = await Promise.all([1, 2, 3].map(() => admin.post(`/api/admin/crawl-tasks/${id}/run`).then((response) => response.status)));
      expect(statuses.sort()).toEqual([202, 409, 409]);
    });

    it('starts a finished task again', async () => {
      const created = await admin.post('/api/admin/crawl-tasks').send(validTask).expect(201);
      await dataSource.getRepository(CrawlTask).update(created.body.data.id, { status: 'completed' });
      await admin.post(`/api/admin/crawl-tasks/${created.body.data.id}/run`).expect(202);
    });

    it.each<[string, string, number, string]>([
      ['a malformed id', 'not-a-uuid', 400, 'INVALID_TASK_ID'],
      ['an unknown id', UNKNOWN_ID, 404, 'TASK_NOT_FOUND'],
    ])('answers %s with %i', async (_case, id, status, code) => {
      const response = await admin.post(`/api/admin/crawl-tasks/${id}/run`).expect(status);
      expect(response.body).toMatchObject(apiError(code as ErrorCode));
    });
  });

  describe('crawl results', () => {
    let sequence = 0;
    // A result with a task is what the worker writes: the row and the task's sighting of it (the task filter reads these).
    const insertResult = async (fields: Partial<CrawlResult> = {}) => {
      sequence += 1;
      const result = await dataSource.getRepository(CrawlResult).save({
        title: `AI 产品经理 ${sequence}`,
        company: `公司 ${sequence}`,
        location: '长沙',
        salary: '15-25K·14薪',
        salaryMin: 15000,
        salaryMax: 25000,
        salaryCurrency: 'CNY',
        salaryPeriod: 'month',
        salaryMonths: 14,
        description: '负责大模型产品的规划与落地',
        requirements: '三年以上产品经验，熟悉 AI',
        skillTags: ['AI', 'PRD'],
        sourceUrl: `https://www.zhipin.com/job_detail/${sequence}.html`,
        site: 'zhipin',
        rawData: { encryptJobId: String(sequence) },
        createdAt: new Date(Date.UTC(2025, 7, 1, 0, sequence)),
        ...fields,
      });
      if (result.taskId) await dataSource.getRepository(CrawlResultSighting).insert({ resultId: result.id, taskId: result.taskId });
      return result;
    };
    const manualJob = {
      title: 'AI 产品经理（手动）',
      company: '长沙智能科技',
      location: '长沙',
      salary: '1-1.5万',
      description: '负责 AI 产品的需求分析与设计',
      requirements: '熟悉大模型应用，三年以上经验',
      skillTags: ['AI', 'RAG'],
      sourceUrl: 'https://jobs.example.com/manual/1',
      status: 'approved',
    };

    beforeEach(async () => {
      await dataSource.query('TRUNCATE published_jobs, crawl_result_sightings, crawl_results');
    });

    it('lists the latest N, newest first, never cached, all without a limit; the cache buster is accepted', async () => {
      const rows = [await insertResult(), await insertResult(), await insertResult()];
      const latest = await admin.get('/api/admin/crawl-results?limit=2&_t=1732250000000').expect(200);
      expect(latest.headers['cache-control']).toBe('no-store');
      expect(latest.body.data.map((result: { id: string }) => result.id)).toEqual([rows[2].id, rows[1].id]);
      expect(latest.body.data[0]).toMatchObject({ salary: '15-25K·14薪', salaryMin: 15000, status: 'pending', skillTags: ['AI', 'PRD'] });
      expect(latest.body.data[0]).not.toHaveProperty('rawData');
      const all = await admin.get('/api/admin/crawl-results').expect(200);
      expect(all.body.data).toHaveLength(3);
    });

    it('pages and filters by task, site and status, with the total of what matches', async () => {
      const task = await admin.post('/api/admin/crawl-tasks').send(validTask).expect(201);
      const taskId = task.body.data.id as string;
      const zhipin = [await insertResult({ taskId }), await insertResult({ taskId }), await insertResult({ taskId, status: 'approved' })];
      const job51 = await insertResult({ sourceUrl: 'https://jobs.51job.com/changsha/1.html', site: 'job51' });
      const onNoSite = await insertResult({ sourceUrl: 'https://jobs.example.com/elsewhere/1', site: null, status: 'approved' });
      const ids = (response: request.Response) => (response.body.data as Array<{ id: string }>).map((result) => result.id);

      const page = await admin.get('/api/admin/crawl-results?limit=2&offset=1').expect(200);
      expect({ ids: ids(page), total: page.body.total }).toEqual({ ids: [job51.id, zhipin[2].id], total: 5 });
      const byTask = await admin.get(`/api/admin/crawl-results?taskId=${taskId}`).expect(200);
      expect({ ids: ids(byTask), total: byTask.body.total }).toEqual({ ids: [zhipin[2].id, zhipin[1].id, zhipin[0].id], total: 3 });

      // By the stored site. A job added by hand names the site its address is on, by host: a path that names
      // a site does not make it that site's.
      const onZhipin = await admin.post('/api/admin/crawl-results').send({ ...manualJob, title: '手动添加的直聘职位', sourceUrl: 'https://www.zhipin.com/job_detail/manual.html' }).expect(201);
      const elsewhere = await admin.post('/api/admin/crawl-results').send({ ...manualJob, sourceUrl: 'https://jobs.example.com/zhipin.com/1' }).expect(201);
      expect([onZhipin.body.data.site, elsewhere.body.data.site]).toEqual(['zhipin', null]);
      const bySite = await admin.get('/api/admin/crawl-results?site=zhipin').expect(200);
      expect(ids(bySite)).toEqual([onZhipin.body.data.id, zhipin[2].id, zhipin[1].id, zhipin[0].id]);
      expect(bySite.body.data.map((result: { site: string }) => result.site)).toEqual(['zhipin', 'zhipin', 'zhipin', 'zhipin']);
      expect(ids(await admin.get('/api/admin/crawl-results?site=job51').expect(200))).toEqual([job51.id]);
      expect(ids(await admin.get('/api/admin/crawl-results?site=other').expect(200))).toEqual([elsewhere.body.data.id, onNoSite.id]);
      const approvedOnSite = await admin.get(`/api/admin/crawl-results?site=zhipin&status=approved&taskId=${taskId}`).expect(200);
      expect({ ids: ids(approvedOnSite), total: approvedOnSite.body.total }).toEqual({ ids: [zhipin[2].id], total: 1 });
      expect((await admin.get(`/api/admin/crawl-results?taskId=${UNKNOWN_ID}`).expect(200)).body).toEqual({ success: true, data: [], total: 0 });
    });

    it.each([
      ['offset=-1', 'INVALID_LIST_QUERY'],
      ['offset=x', 'INVALID_LIST_QUERY'],
      ['taskId=1', 'INVALID_TASK_ID'],
      ['site=indeed', 'INVALID_SITE'],
      ['status=done', 'INVALID_RESULT_STATUS'],
    ])('refuses %s', async (query, code) => {
      expect((await admin.get(`/api/admin/crawl-results?${query}`).expect(400)).body.code).toBe(code);
    });

    it.each(['0', 'abc', '1001'])('refuses limit=%s', async (limit) => {
      await admin.get(`/api/admin/crawl-results?limit=${limit}`).expect(400);
    });

    it('adds a manual job directly as approved, with its salary parsed', async () => {
      const response = await admin.post('/api/admin/crawl-results').send(manualJob).expect(201);
      expect(response.body).toMatchObject({
        success: true,
        message: CRAWL_MESSAGES.manualJobCreated,
        data: { title: manualJob.title, status: 'approved', taskId: null, salaryMin: 10000, salaryMax: 15000, salaryPeriod: 'month', skillTags: ['AI', 'RAG'] },
      });
      const { status: _status, ...withoutStatus } = manualJob;
      const second = await admin.post('/api/admin/crawl-results').send({ ...withoutStatus, sourceUrl: 'https://jobs.example.com/manual/2' }).expect(201);
      expect(second.body.data.status).toBe('approved');
    });

    it('refuses a second job with the same source link', async () => {
      await admin.post('/api/admin/crawl-results').send(manualJob).expect(201);
      const response = await admin.post('/api/admin/crawl-results').send(manualJob).expect(409);
      expect(response.body).toEqual(apiError('DUPLICATE_SOURCE_URL'));
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['no title', { title: '' }, 'title', CRAWL_ERRORS.TITLE_REQUIRED],
      ['no company', { company: ' ' }, 'company', CRAWL_ERRORS.COMPANY_REQUIRED],
      ['no location', { location: '' }, 'location', CRAWL_ERRORS.LOCATION_REQUIRED],
      ['no salary', { salary: undefined }, 'salary', CRAWL_ERRORS.SALARY_REQUIRED],
      ['a 9-character description', { description: '一二三四五六七八九' }, 'description', CRAWL_ERRORS.DESCRIPTION_TOO_SHORT],
      ['9-character requirements', { requirements: '123456789' }, 'requirements', CRAWL_ERRORS.REQUIREMENTS_TOO_SHORT],
      ['no skill tags', { skillTags: [] }, 'skillTags', CRAWL_ERRORS.SKILL_TAGS_REQUIRED],
      ['no source link', { sourceUrl: '' }, 'sourceUrl', CRAWL_ERRORS.SOURCE_URL_REQUIRED],
      ['an invalid source link', { sourceUrl: 'jobs.example' }, 'sourceUrl', CRAWL_ERRORS.INVALID_URL],
      ['another status', { status: 'pending' }, 'status', CRAWL_ERRORS.INVALID_RESULT_STATUS],
    ])('refuses a manual job with %s', async (_case, patch, field, message) => {
      const response = await admin.post('/api/admin/crawl-results').send({ ...manualJob, ...patch }).expect(400);
      expectFieldError(response.body, field, message);
      expect(await dataSource.getRepository(CrawlResult).count()).toBe(0);
    });

    it.each<[string, string]>([
      ['approved', CRAWL_MESSAGES.approved],
      ['rejected', CRAWL_MESSAGES.rejected],
    ])('reviews a pending result as %s, once', async (status, message) => {
      const result = await insertResult();
      const response = await admin.patch(`/api/admin/crawl-results/${result.id}/review`).send({ status }).expect(200);
      expect(response.body).toMatchObject({ success: true, message, data: { id: result.id, status, reviewedAt: expect.any(String) } });
      const again = await admin.patch(`/api/admin/crawl-results/${result.id}/review`).send({ status: 'approved' }).expect(409);
      expect(again.body).toEqual(apiError('REVIEW_ONLY_PENDING'));
      expect((await dataSource.getRepository(CrawlResult).findOneByOrFail({ id: result.id })).status).toBe(status);
    });

    it.each<[string, string, Record<string, unknown>, number, string]>([
      ['a malformed id', 'abc', { status: 'approved' }, 400, CRAWL_ERRORS.INVALID_RESULT_ID],
      ['an unknown id', UNKNOWN_ID, { status: 'approved' }, 404, CRAWL_ERRORS.RESULT_NOT_FOUND],
      ['status published', 'RESULT', { status: 'published' }, 400, CRAWL_ERRORS.INVALID_REVIEW_STATUS],
      ['status pending', 'RESULT', { status: 'pending' }, 400, CRAWL_ERRORS.INVALID_REVIEW_STATUS],
      ['no status', 'RESULT', {}, 400, CRAWL_ERRORS.INVALID_REVIEW_STATUS],
    ])('refuses a review with %s', async (_case, id, body, status, message) => {
      const result = await insertResult();
      const response = await admin.patch(`/api/admin/crawl-results/${id === 'RESULT' ? result.id : id}/review`).send(body).expect(status);
      expect(response.body).toMatchObject({ success: false, message });
      expect(ERROR_MESSAGES[response.body.code as ErrorCode]).toBe(message);
      expect((await dataSource.getRepository(CrawlResult).findOneByOrFail({ id: result.id })).status).toBe('pending');
    });

    it('publishes an approved result into published_jobs with its monthly salary, once however often it is asked', async () => {
      const postedAt = new Date('2025-08-10T08:00:00.000Z');
      const result = await insertResult({ status: 'approved', postedAt });
      const first = await admin.post(`/api/admin/crawl-results/${result.id}/publish`).expect(200);
      expect(first.body).toMatchObject({ success: true, message: CRAWL_MESSAGES.published, data: { status: 'published', publishedAt: expect.any(String) } });
      const second = await admin.post(`/api/admin/crawl-results/${result.id}/publish`).expect(200);
      expect(second.body.data.publishedJobId).toBe(first.body.data.publishedJobId);

      const jobs = await dataSource.getRepository(PublishedJob).find();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({
        crawlResultId: result.id,
        title: result.title,
        company: result.company,
        location: '长沙',
        salaryMin: 15000,
        salaryMax: 25000,
        salaryCurrency: 'CNY',
        requirements: result.requirements,
        skillTags: ['AI', 'PRD'],
        sourceUrl: result.sourceUrl,
        postedAt,
        isActive: true,
      });
      const stored = await dataSource.getRepository(CrawlResult).findOneByOrFail({ id: result.id });
      expect(stored.publishedAt?.toISOString()).toBe(jobs[0].publishedAt.toISOString());
      const publicList = await request(app.getHttpServer()).get('/api/jobs').expect(200);
      expect(publicList.body.data.map((job: { id: string }) => job.id)).toEqual([jobs[0].id]);
    });

    it('publishes concurrent requests once', async () => {
      const result = await insertResult({ status: 'approved' });
      const answers = await Promise.all([1, 2, 3].map(() => admin.post(`/api/admin/crawl-results/${result.id}/publish`)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(await dataSource.getRepository(PublishedJob).countBy({ crawlResultId: result.id })).toBe(1);
    });

    it.each<[string, Partial<CrawlResult>, { salaryMin: number | null; salaryMax: number | null }]>([
      ['a yearly salary as monthly', { salary: '24-36万/年', salaryMin: 240000, salaryMax: 360000, salaryPeriod: 'year' }, { salaryMin: 20000, salaryMax: 30000 }],
      ['no number for a daily rate', { salary: '200-300元/天', salaryMin: 200, salaryMax: 300, salaryPeriod: 'day' }, { salaryMin: null, salaryMax: null }],
      ['no number for 面议', { salary: '面议', salaryMin: null, salaryMax: null, salaryPeriod: null, salaryCurrency: null }, { salaryMin: null, salaryMax: null }],
    ])('publishes %s', async (_case, fields, expected) => {
      const result = await insertResult({ status: 'approved', ...fields });
      await admin.post(`/api/admin/crawl-results/${result.id}/publish`).expect(200);
      expect(await dataSource.getRepository(PublishedJob).findOneByOrFail({ crawlResultId: result.id })).toMatchObject({ ...expected, salaryCurrency: 'CNY' });
    });

    it.each(['pending', 'rejected'] as const)('refuses to publish a %s result', async (status) => {
      const result = await insertResult({ status });
      const response = await admin.post(`/api/admin/crawl-results/${result.id}/publish`).expect(409);
      expect(response.body).toEqual(apiError('PUBLISH_ONLY_APPROVED'));
      expect(await dataSource.getRepository(PublishedJob).count()).toBe(0);
    });

    it('answers publish of a malformed or unknown id', async () => {
      expect((await admin.post('/api/admin/crawl-results/x/publish').expect(400)).body.message).toBe(CRAWL_ERRORS.INVALID_RESULT_ID);
      expect((await admin.post(`/api/admin/crawl-results/${UNKNOWN_ID}/publish`).expect(404)).body.message).toBe(CRAWL_ERRORS.RESULT_NOT_FOUND);
    });

    it('clears unpublished results only; published ones and their jobs stay', async () => {
      await insertResult();
      await insertResult({ status: 'approved' });
      await insertResult({ status: 'rejected' });
      const published = await insertResult({ status: 'approved' });
      await admin.post(`/api/admin/crawl-results/${published.id}/publish`).expect(200);

      const response = await admin.delete('/api/admin/crawl-results/clear').expect(200);
      expect(response.body).toEqual({ success: true, message: '已清除 3 条未发布的记录', deletedCount: 3 });
      const left = await dataSource.getRepository(CrawlResult).find();
      expect(left.map((row) => row.id)).toEqual([published.id]);
      expect(await dataSource.getRepository(PublishedJob).countBy({ crawlResultId: published.id })).toBe(1);
      expect((await admin.delete('/api/admin/crawl-results/clear').expect(200)).body.deletedCount).toBe(0);
    });
  });

  describe('crawler config', () => {
    beforeEach(async () => {
      await dataSource.getRepository(AdminConfig).clear();
    });

    it('answers the defaults when nothing is stored', async () => {
      const response = await admin.get('/api/admin/crawler-config').expect(200);
      expect(response.body).toEqual({ success: true, data: { ...CRAWLER_CONFIG_DEFAULTS } });
    });

    it('saves the fields sent, stores cookies whole and answers them masked', async () => {
      const cookie = 'wt2=abcdefghijklmnopqrstuvwxyz; lastCity=101250100';
      const response = await admin
        .post('/api/admin/crawler-config')
        .send({ boss_cookie: cookie, job51_cookie: 'short', request_delay: 5000, javascript_rendering: false })
        .expect(200);
      expect(response.body).toEqual({
        success: true,
        message: CRAWL_MESSAGES.configSaved,
        data: { ...CRAWLER_CONFIG_DEFAULTS, boss_cookie: 'wt2=********0100', job51_cookie: '********', request_delay: 5000, javascript_rendering: false },
      });
      expect(JSON.stringify((await admin.get('/api/admin/crawler-config').expect(200)).body)).not.toContain('abcdefghijklmnop');
      const stored = Object.fromEntries((await dataSource.getRepository(AdminConfig).find()).map((row) => [row.key, row.value]));
      expect(stored).toEqual({ boss_cookie: cookie, job51_cookie: 'short', request_delay: '5000', javascript_rendering: 'false' });

      // A form that saves every field sends the masks back: the real cookies must stay.
      const echoed = (await admin.get('/api/admin/crawler-config').expect(200)).body.data;
      await admin.post('/api/admin/crawler-config').send({ ...echoed, anti_detection: false }).expect(200);
      const after = Object.fromEntries((await dataSource.getRepository(AdminConfig).find()).map((row) => [row.key, row.value]));
      expect(after).toMatchObject({ boss_cookie: cookie, job51_cookie: 'short', anti_detection: 'false' });

      await admin.post('/api/admin/crawler-config').send({ boss_cookie: '' }).expect(200);
      expect((await dataSource.getRepository(AdminConfig).findOneByOrFail({ key: 'boss_cookie' })).value).toBe('');
    });

    it.each<[Record<string, unknown>, string]>([
      [{ request_delay: -1 }, CRAWL_ERRORS.INVALID_REQUEST_DELAY],
      [{ request_delay: '3000' }, CRAWL_ERRORS.INVALID_REQUEST_DELAY],
      // 10^15 ms once jammed both crawl slots for ever (ADR 015).
      [{ request_delay: 1e15 }, CRAWL_ERRORS.REQUEST_DELAY_TOO_LARGE],
      [{ request_delay: 60_001 }, CRAWL_ERRORS.REQUEST_DELAY_TOO_LARGE],
      [{ lagou_cookie: 'x'.repeat(8193) }, CRAWL_ERRORS.COOKIE_TOO_LONG],
      [{ boss_cookie: 'wt2=abc;\r\n__zp_stoken__=xy' }, CRAWL_ERRORS.COOKIE_CONTROL_CHARACTERS],
      [{ anti_detection: 'on' }, CRAWL_ERRORS.INVALID_OPTION],
      [{ zhaopin_cookie: 42 }, CRAWL_ERRORS.INVALID_COOKIE],
    ])('refuses %j', async (body, message) => {
      expect((await admin.post('/api/admin/crawler-config').send(body).expect(400)).body.message).toBe(message);
      expect(await dataSource.getRepository(AdminConfig).count()).toBe(0);
    });

    it('refuses keys that are not crawler settings', async () => {
      await admin.post('/api/admin/crawler-config').send({ session_secret: 'x' }).expect(400);
    });
  });

  describe('crawling-service status', () => {
    const beat = (fields: Record<string, unknown> = {}) =>
      redis.set(WORKER_HEARTBEAT_KEY, JSON.stringify({ pid: 4242, hostname: 'worker-1', startedAt: new Date().toISOString(), beatAt: new Date().toISOString(), ...fields }));

    afterEach(async () => {
      await redis.del(WORKER_HEARTBEAT_KEY);
    });

    it.each<[string, (() => Promise<unknown>) | null, boolean, string]>([
      ['no worker heartbeat', null, false, CRAWL_SERVICE_MESSAGES.workerMissing],
      ['a stale heartbeat', () => beat({ beatAt: new Date(Date.now() - 60_000).toISOString() }), false, CRAWL_SERVICE_MESSAGES.workerMissing],
      ['an unreadable heartbeat', () => redis.set(WORKER_HEARTBEAT_KEY, 'not json'), false, CRAWL_SERVICE_MESSAGES.workerMissing],
      ['a worker without Chromium', () => beat({ chromiumPath: '' }), false, CRAWL_SERVICE_MESSAGES.chromiumMissing],
      ['a fresh heartbeat', () => beat(), true, `${CRAWL_SERVICE_MESSAGES.usable}（抓取进程 worker-1:4242）`],
      ['a fresh heartbeat naming Chromium', () => beat({ chromiumPath: '/usr/bin/chromium' }), true, `${CRAWL_SERVICE_MESSAGES.usable}（抓取进程 worker-1:4242，Chromium: /usr/bin/chromium）`],
    ])('firecrawl-config reports %s', async (_case, arrange, isValid, message) => {
      await arrange?.();
      const response = await admin.get('/api/admin/firecrawl-config').expect(200);
      expect(response.body).toEqual({ isValid, message, reason: isValid ? 'usable' : expect.any(String), ...(isValid ? { worker: 'worker-1:4242' } : {}) });
    });

    it('firecrawl-config names the sites the live worker reroutes (its CRAWLER_SITE_ORIGINS), for the task form\'s preview', async () => {
      await beat({ siteOrigins: { job51: 'http://127.0.0.1:4012' } });
      const response = await admin.get('/api/admin/firecrawl-config').expect(200);
      expect(response.body).toMatchObject({ isValid: true, worker: 'worker-1:4242', siteOrigins: { job51: 'http://127.0.0.1:4012' } });
    });

    it('the config test answers 503 at once when no worker is alive to run it', async () => {
      const response = await admin.post('/api/admin/crawler-config/test').expect(503);
      expect(response.body).toEqual(apiError('CRAWLER_UNAVAILABLE', crawlerTestNotRunMessage(CRAWL_SERVICE_MESSAGES.workerMissing)));
      expect(await diagnostics.count()).toBe(0);
    });

    it('the config test answers 504 when no worker takes the test in time, and withdraws it', async () => {
      await beat();
      const options = app.get(CRAWLER_TEST_OPTIONS) as CrawlerTestOptions;
      const waitMs = options.waitMs;
      options.waitMs = 1000;
      try {
        const started = Date.now();
        const response = await admin.post('/api/admin/crawler-config/test').expect(504);
        expect(Date.now() - started).toBeLessThan(5000);
        expect(response.body).toEqual(apiError('CRAWLER_TEST_TIMED_OUT', crawlerTestTimedOutMessage(1)));
      } finally {
        options.waitMs = waitMs;
      }
      // A worker starting later does not run a test nobody waits for.
      expect(await diagnostics.getJobCounts('waiting', 'active', 'delayed')).toEqual({ waiting: 0, active: 0, delayed: 0 });
    });
  });

  describe('automated crawl (no worker running)', () => {
    const valid = { site: 'zhaopin', keywords: ['AI产品经理'], city: '长沙', maxResults: 50, taskName: '自动抓取 AI产品经理 长沙' };

    it.each<[string, Record<string, unknown>, string, string]>([
      ['a site the form does not offer', { site: 'liepin' }, 'site', CRAWL_ERRORS.INVALID_AUTOMATED_SITE],
      ['a city outside the ten', { city: '纽约' }, 'city', CRAWL_ERRORS.INVALID_CITY],
      ['another maximum', { maxResults: 100 }, 'maxResults', CRAWL_ERRORS.MAX_RESULTS_FIXED],
      ['no keyword', { keywords: [] }, 'keywords', CRAWL_ERRORS.KEYWORD_REQUIRED],
      ['no task name', { taskName: '' }, 'taskName', CRAWL_ERRORS.TASK_NAME_REQUIRED],
    ])('refuses %s', async (_case, patch, field, message) => {
      const response = await admin.post('/api/admin/crawl/run').send({ ...valid, ...patch }).expect(400);
      expectFieldError(response.body, field, message);
    });

    it('records and enqueues the run, then answers with the job id when it takes longer than the wait', async () => {
      (app.get(CRAWL_RUN_OPTIONS) as CrawlRunOptions).waitMs = 500;
      const response = await admin.post('/api/admin/crawl/run').send(valid).expect(200);
      expect(response.body).toEqual({
        success: true,
        message: `${CRAWL_MESSAGES.crawlStillRunning}（任务编号 ${response.body.data.jobId}）`,
        data: { taskId: expect.any(String), jobId: expect.any(String), finished: false, jobs: [] },
      });
      const task = await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: response.body.data.taskId });
      expect(task).toMatchObject({ name: valid.taskName, site: 'zhaopin', keywords: ['AI产品经理'], targetUrls: [], status: 'running', maxResults: 50 });
      const job = await queue.getJob(response.body.data.jobId);
      expect(job?.data).toEqual({ taskId: task.id, maxResults: 50, city: '长沙' });

      const search = await admin.post('/api/admin/zhaopin/search').send({ keyword: '大模型产品', city: '北京' }).expect(200);
      const searchJob = await queue.getJob(search.body.data.jobId);
      expect(searchJob?.data).toEqual({ taskId: search.body.data.taskId, maxResults: 50, city: '北京' });
      expect(await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: search.body.data.taskId })).toMatchObject({ site: 'zhaopin', keywords: ['大模型产品'] });
    });
  });

  describe('Bull Board', () => {
    it('is behind the administrator session', async () => {
      const anonymous = await request(app.getHttpServer()).get('/api/admin/queues').expect(401);
      expect(anonymous.body).toEqual(apiError('UNAUTHORIZED'));
      await request(app.getHttpServer()).get('/api/admin/queues/api/queues').expect(401);
      await request(app.getHttpServer()).put('/api/admin/queues/api/queues/pause').expect(401);
    });

    it('shows every queue to the administrator', async () => {
      const page = await admin.get('/api/admin/queues').expect(200);
      expect(page.text).toContain('__UI_CONFIG__');
      // Nothing from another host (a web-font host is blocked in mainland China and unreachable offline).
      expect(page.text.match(/(?:src|href)="(?:https?:)?\/\/[^"]+"/g) ?? []).toEqual([]);
      await admin.get(/src="(static\/js\/main\.[^"]+)"/.exec(page.text)![1].replace(/^/, '/api/admin/queues/')).expect(200);
      const queues = await admin.get('/api/admin/queues/api/queues').expect(200);
      expect(queues.body.queues.map((entry: { name: string }) => entry.name).sort()).toEqual([...QUEUE_NAMES].sort());
    });
  });
});
