import { CRAWL_OPS_MESSAGES, CRAWL_SCHEDULE_TIMEZONE, crawlDedupeKey, type CrawlResultResponse, type CrawlTaskResponse, type ErrorCode, type SiteHealth } from '@aipm/contracts';
import { AdminConfig, CrawlResult, CrawlRun, CrawlTask, createDataSourceOptions, LearnedSelector, PublishedJob } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, CRAWL_QUEUE, crawlSchedulerId, createRedisConnection } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource, In } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { CRAWL_RESULTS_EXACT_COUNT } from '../src/crawler/crawl-results.service';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 24 * 3600 * 1000;

/** Crawler operations (ADR 020) through the API: schedules, cross-site duplicates, site health and job expiry. */
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

  /** ADR 028 point 5: the flag the triggers keep names the same rows as the rule of ADR 020 written as an anti-join. */
  const expectStoredFlagIsTheRule = async () => {
    const ids = async (sql: string) => ((await dataSource.query(sql)) as Array<{ id: string }>).map((row) => row.id);
    const rank = (alias: string) => `(CASE ${alias}.status WHEN 'published' THEN 0 WHEN 'pending' THEN 2 ELSE 1 END, ${alias}."createdAt", ${alias}.id)`;
    expect(await ids(`SELECT id FROM crawl_results WHERE "isRepresentative" ORDER BY id`)).toEqual(
      await ids(`SELECT id FROM crawl_results result WHERE NOT EXISTS (
        SELECT 1 FROM crawl_results better WHERE better."dedupeKey" = result."dedupeKey" AND ${rank('better')} < ${rank('result')}) ORDER BY id`),
    );
  };

  describe('schedules', () => {
    it('sets a schedule read in Asia/Shanghai, shows it with its next run, replaces it and clears it', async () => {
      const task = await createTask();
      await dataSource.getRepository(CrawlTask).update({ id: task.id }, { maxResults: 25 });
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
      // Each firing carries the task's own 最大结果数 (ADR 062).
      expect(scheduler?.template?.data).toEqual({ taskId: task.id, scheduled: true, waitForChecks: true, maxResults: 25 });
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
      await expectStoredFlagIsTheRule();

      // Review actions through the API on another posting: approve the later copy, reject the first, clear history.
      const early = await result({ site: 'zhaopin', title: '策略产品经理', sourceUrl: 'https://www.zhaopin.com/jobdetail/CC500.htm', dedupeKey: 'review-actions', createdAt: new Date(Date.now() - 60_000) });
      const late = await result({ site: 'job51', title: '策略产品经理', sourceUrl: 'https://jobs.51job.com/changsha/500.html', dedupeKey: 'review-actions' });
      await expectStoredFlagIsTheRule();
      await admin.patch(`/api/admin/crawl-results/${late.id}/review`).send({ status: 'approved' }).expect(200);
      expect(((await admin.get('/api/admin/crawl-results').expect(200)).body.data as CrawlResultResponse[]).map((row) => row.id)).toContain(late.id);
      await expectStoredFlagIsTheRule();
      await admin.patch(`/api/admin/crawl-results/${early.id}/review`).send({ status: 'rejected' }).expect(200);
      await expectStoredFlagIsTheRule();
      await admin.post(`/api/admin/crawl-results/${late.id}/publish`).expect(200);
      await expectStoredFlagIsTheRule();
      await admin.delete('/api/admin/crawl-results/clear').expect(200);
      await expectStoredFlagIsTheRule();
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
      await expectStoredFlagIsTheRule();
    });
  });

  describe('found by: the task filter lists what the task found, whoever found it first', () => {
    const posting = { title: '大模型产品经理', company: '长沙雁栖科技有限公司', location: '长沙' };
    const key = crawlDedupeKey(posting);
    const result = (fields: Partial<CrawlResult>) =>
      dataSource.getRepository(CrawlResult).save({ ...posting, description: '负责大模型应用规划', salary: '20-30K', dedupeKey: key, ...fields });
    const sighted = (resultId: string, taskId: string) => dataSource.query(`INSERT INTO crawl_result_sightings ("resultId", "taskId") VALUES ($1, $2)`, [resultId, taskId]);
    const listOf = async (query: string) => {
      const response = await admin.get(`/api/admin/crawl-results?${query}`).expect(200);
      // The header and the body say the same of the total.
      expect(response.headers['x-total-estimated']).toBe(response.body.totalIsEstimate ? 'true' : undefined);
      return response.body as { data: CrawlResultResponse[]; total: number; totalIsEstimate?: boolean };
    };

    it("shows a task the item of a posting it found only on another site, and drops it once the task is deleted", async () => {
      const first = await createTask('先抓取的任务');
      const rerun = await createTask('后抓取的任务');
      const zhaopin = await result({ taskId: first.id, site: 'zhaopin', sourceUrl: 'https://www.zhaopin.com/jobdetail/FB1.htm', createdAt: new Date(Date.now() - 60_000) });
      await sighted(zhaopin.id, first.id);
      const job51 = await result({ taskId: rerun.id, site: 'job51', sourceUrl: 'https://jobs.51job.com/changsha/FB2.html' });
      await sighted(job51.id, rerun.id);
      await admin.patch(`/api/admin/crawl-results/${zhaopin.id}/review`).send({ status: 'approved' }).expect(200);

      // One item for the posting: the reviewed copy, listing both sources, under either task.
      for (const task of [first, rerun]) {
        const page = await listOf(`taskId=${task.id}`);
        expect(page).toMatchObject({ total: 1, data: [{ id: zhaopin.id, status: 'approved', sources: [{ resultId: zhaopin.id }, { resultId: job51.id }] }] });
      }
      // Filters apply to the item shown: it is approved, not pending.
      expect((await listOf(`taskId=${rerun.id}&status=pending`)).total).toBe(0);
      expect((await listOf(`taskId=${rerun.id}&status=approved`)).data.map((row) => row.id)).toEqual([zhaopin.id]);

      await dataSource.getRepository(CrawlTask).delete({ id: rerun.id });
      expect((await listOf(`taskId=${rerun.id}`)).total).toBe(0);
      expect((await listOf(`taskId=${first.id}`)).total).toBe(1);
    });

    it('chooses the same item per posting as ranking every posting would, for every filter, page and deep page', async () => {
      await dataSource.query(`DELETE FROM crawl_results WHERE status <> 'published'`);
      const tasks = [await createTask('任务甲'), await createTask('任务乙'), await createTask('任务丙')];
      // 1,500 results: a third of them in 150 postings of several copies, the rest alone, some without a key, many
      // created at the same instant (ties),
      // every status and site; each found by one task and some found again by another.
      await dataSource.query(
        `INSERT INTO crawl_results ("taskId", title, company, "sourceUrl", site, "dedupeKey", status, "createdAt")
         SELECT ($1::uuid[])[1 + i % 3], '职位' || i, '公司', 'https://example.com/same/' || i,
                (ARRAY['zhaopin','zhipin','job51','liepin','lagou','other', NULL])[1 + (i * 7) % 7],
                CASE WHEN i % 13 = 0 THEN NULL WHEN i % 3 = 0 THEN 'same-posting-' || ((i * 31) % 150) ELSE 'same-posting-' || (1000 + i) END,
                (ARRAY['pending','pending','approved','rejected','published'])[1 + (i * 11) % 5],
                timestamptz '2026-01-01' + ((i / 3) * interval '1 minute')
         FROM generate_series(1, 1500) AS i`,
        [tasks.map((task) => task.id)],
      );
      await dataSource.query(`INSERT INTO crawl_result_sightings ("resultId", "taskId") SELECT id, "taskId" FROM crawl_results WHERE "sourceUrl" LIKE 'https://example.com/same/%'`);
      await dataSource.query(
        `INSERT INTO crawl_result_sightings ("resultId", "taskId") SELECT id, $1 FROM crawl_results WHERE "sourceUrl" LIKE 'https://example.com/same/%' AND "sourceUrl" LIKE '%7' ON CONFLICT DO NOTHING`,
        [tasks[0]!.id],
      );
      // A task that found every posting: more items than CRAWL_RESULTS_EXACT_COUNT, still counted exactly.
      const everywhere = await createTask('任务丁');
      await dataSource.query(`INSERT INTO crawl_result_sightings ("resultId", "taskId") SELECT id, $1 FROM crawl_results WHERE "sourceUrl" LIKE 'https://example.com/same/%'`, [everywhere.id]);

      // The rule as a window over every row (the list's query before the anti-join), and "found by" as a plain join.
      const reference = async (filter: { taskId?: string; status?: string; site?: string }): Promise<string[]> => {
        const rows: Array<{ id: string }> = await dataSource.query(
          `WITH ranked AS (
             SELECT r.*, row_number() OVER (PARTITION BY COALESCE("dedupeKey", id::text)
               ORDER BY (status = 'published') DESC, (status <> 'pending') DESC, "createdAt" ASC, id ASC) AS rank
             FROM crawl_results r)
           SELECT id FROM ranked r WHERE rank = 1
             AND ($1::uuid IS NULL OR EXISTS (SELECT 1 FROM crawl_result_sightings s JOIN crawl_results m ON m.id = s."resultId"
                   WHERE s."taskId" = $1 AND COALESCE(m."dedupeKey", m.id::text) = COALESCE(r."dedupeKey", r.id::text)))
             AND ($2::text IS NULL OR status = $2)
             AND ($3::text IS NULL OR ($3 = 'other' AND (site IS NULL OR site = 'other')) OR site = $3)
           ORDER BY "createdAt" DESC, id ASC`,
          [filter.taskId ?? null, filter.status ?? null, filter.site ?? null],
        );
        return rows.map((row) => row.id);
      };
      const filters = [{}, { status: 'pending' }, { status: 'published' }, { site: 'zhipin' }, { site: 'other' }, ...[...tasks, everywhere].map((task) => ({ taskId: task.id })), { taskId: tasks[0]!.id, status: 'approved', site: 'job51' }];
      for (const filter of filters) {
        const expected = await reference(filter);
        const query = new URLSearchParams(filter as Record<string, string>).toString();
        const all: string[] = [];
        for (let offset = 0; offset === 0 || offset < expected.length; offset += 100) {
          const page = await listOf(`${query}&limit=100&offset=${offset}`);
          // Counted exactly up to CRAWL_RESULTS_EXACT_COUNT, on a page that ends the list and for a task (its items
          // are all found for any page); estimated, and said so, past it.
          if (expected.length <= CRAWL_RESULTS_EXACT_COUNT || page.data.length < 100 || 'taskId' in filter) {
            expect({ filter, offset, total: page.total, estimated: page.totalIsEstimate }).toEqual({ filter, offset, total: expected.length, estimated: undefined });
          } else {
            expect({ filter, offset, estimated: page.totalIsEstimate, over: page.total > CRAWL_RESULTS_EXACT_COUNT }).toEqual({ filter, offset, estimated: true, over: true });
          }
          all.push(...page.data.map((row) => row.id));
        }
        expect({ filter, ids: all }).toEqual({ filter, ids: expected });
        // A task's page past the end still says exactly how many it found.
        if ('taskId' in filter) {
          const past = await listOf(`${query}&limit=100&offset=${expected.length + 100}`);
          expect({ filter, total: past.total, rows: past.data.length }).toEqual({ filter, total: expected.length, rows: 0 });
        }
      }
      // Past DEFERRED_READ_OFFSET (1,000) the page is found by its ids first: the same page.
      const every = await reference({});
      expect(every.length).toBeGreaterThan(1_020);
      const deep = (await listOf('limit=20&offset=1000')).data;
      expect(deep.map((row) => row.id)).toEqual(every.slice(1_000, 1_020));
      // Its rows and their postings' other results are read in one statement: each row lists itself, then the
      // other results of its posting, oldest first.
      for (const row of deep) {
        const others: Array<{ id: string }> = await dataSource.query(
          `SELECT other.id FROM crawl_results item JOIN crawl_results other ON other."dedupeKey" = item."dedupeKey" AND other.id <> item.id
           WHERE item.id = $1 ORDER BY other."createdAt", other.id`,
          [row.id],
        );
        expect({ id: row.id, sources: row.sources.map((source) => source.resultId) }).toEqual({ id: row.id, sources: [row.id, ...others.map((other) => other.id)] });
      }
      expect(deep.some((row) => row.sources.length > 1)).toBe(true);
      await expectStoredFlagIsTheRule();
      await dataSource.query(`DELETE FROM crawl_results WHERE "sourceUrl" LIKE 'https://example.com/same/%'`);
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
        // No pace kept for the site: normal, at the request delay (3,000 ms by default).
        pace: { step: 'normal', factor: 1, effectiveDelayMs: 3000, signal: null, signalAt: null, since: null, pausedUntil: null, successes: 0, successesToStepDown: 5 },
      });
    });

    it("shows each site's pace as the workers keep it in Redis: the step, the delay it makes, the signal and since when (ADR 064)", async () => {
      const redis = createRedisConnection(redisUrl);
      const signalAt = Date.now() - 60_000;
      try {
        // What a worker's SitePacing writes after a captcha on 51job then two answered pages, and three refusals on 猎聘.
        await redis.hset('aipm:crawl:site-pace:job51', { level: '1', successes: '2', signal: 'captcha', signalAt: String(signalAt), since: String(signalAt), pausedUntil: '' });
        await redis.hset('aipm:crawl:site-pace:liepin', { level: '3', successes: '0', signal: 'http_429', signalAt: String(signalAt), since: String(signalAt), pausedUntil: String(signalAt + 3_600_000) });
        // A pause that has run out shows as slow ×4.
        await redis.hset('aipm:crawl:site-pace:lagou', { level: '3', successes: '0', signal: 'blocked', signalAt: String(signalAt - 3_600_000), since: String(signalAt - 3_600_000), pausedUntil: String(signalAt) });
        await dataSource.query(`INSERT INTO admin_config (key, value) VALUES ('request_delay', '2000') ON CONFLICT ON CONSTRAINT "UQ_admin_config_key" DO UPDATE SET value = EXCLUDED.value`);

        const health = (await admin.get('/api/admin/crawler/site-health').expect(200)).body.data as SiteHealth[];
        const pace = Object.fromEntries(health.map((entry) => [entry.site, entry.pace]));
        const at = new Date(signalAt).toISOString();
        expect(pace.job51).toEqual({ step: 'slow_x2', factor: 2, effectiveDelayMs: 4000, signal: 'captcha', signalAt: at, since: at, pausedUntil: null, successes: 2, successesToStepDown: 5 });
        expect(pace.liepin).toMatchObject({ step: 'paused', factor: null, effectiveDelayMs: null, signal: 'http_429', pausedUntil: new Date(signalAt + 3_600_000).toISOString() });
        expect(pace.lagou).toMatchObject({ step: 'slow_x4', effectiveDelayMs: 8000, signal: 'blocked', since: at, pausedUntil: null });
        expect(pace.zhipin).toMatchObject({ step: 'normal', effectiveDelayMs: 2000 });
      } finally {
        await redis.del('aipm:crawl:site-pace:job51', 'aipm:crawl:site-pace:liepin', 'aipm:crawl:site-pace:lagou');
        await dataSource.query(`DELETE FROM admin_config WHERE key = 'request_delay'`);
        await redis.quit();
      }
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
