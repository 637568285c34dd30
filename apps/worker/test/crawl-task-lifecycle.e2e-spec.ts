import 'reflect-metadata';
import type { CrawlRunStatistics } from '@aipm/contracts';
import { createDataSourceOptions, CrawlRun, CrawlTask } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, CRAWL_QUEUE, enqueueCrawl, type CrawlJobData } from '@aipm/queue';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Job, Queue, Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { waitFor } from '../../../tools/testing/process';
import { testRedisUrl } from '../../../tools/testing/services';
import { loadWorkerEnv } from '../src/config/worker-env';
import { CrawlTaskReconciler, STALLED_TOO_OFTEN } from '../src/crawl/lifecycle/crawl-task.reconciler';
import { WorkerModule } from '../src/worker.module';

jest.setTimeout(60_000);

const MINUTES_AGO = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A task no crawl ever finishes must not stay `running`: BullMQ's own failures and lost jobs end it. */
describe(CrawlTaskReconciler.name, () => {
  // 2: Redis has 16 logical databases by default; this one is used by no other suite.
  const redisUrl = testRedisUrl(2);
  const queueOptions = bullOptions(redisUrl);
  let database: TestDatabase;
  let dataSource: DataSource;
  let queue: Queue<CrawlJobData>;
  let app: INestApplicationContext | undefined;

  const runningTask = async (name: string, lastRunAt: Date, lastRunStats: Partial<CrawlRunStatistics> | null = null) => {
    const repository = dataSource.getRepository(CrawlTask);
    const target = 'https://www.lagou.com/wn/jobs?kd=AI&city=%E9%95%BF%E6%B2%99&pn=1';
    return repository.save(repository.create({ name, site: 'lagou', keywords: ['AI'], targetUrls: [target], status: 'running', lastRunAt, lastRunStats: lastRunStats as CrawlRunStatistics }));
  };
  const taskRow = (id: string) => dataSource.getRepository(CrawlTask).findOneByOrFail({ id });
  /** What the site-health view counts for the task. */
  const runRows = (taskId: string) => dataSource.getRepository(CrawlRun).find({ where: { taskId }, order: { site: 'ASC' } });

  /** A worker process that takes the job and dies: its lock is never renewed, and nobody finishes the job. */
  const takeAndDie = async (jobId: string, token: string) => {
    const dying = new Worker(CRAWL_QUEUE, null, { ...queueOptions, lockDuration: 600, autorun: false });
    const job = await dying.getNextJob(token);
    expect(job?.id).toBe(jobId);
    await dying.close(true);
  };

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    dataSource = await new DataSource(createDataSourceOptions(database.url)).initialize();
    queue = new Queue<CrawlJobData>(CRAWL_QUEUE, queueOptions);
    await queue.obliterate({ force: true });
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  const startWorkerApp = async () => {
    const env = loadWorkerEnv({ ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl, CRAWL_LOCK_DURATION_MS: '1000', CRAWL_CONCURRENCY: '1', LOG_LEVEL: 'warn' });
    app = await NestFactory.createApplicationContext(WorkerModule.register(env), { logger: false });
    await app.init();
    return app;
  };

  it('fails the task of a job BullMQ gave up on after it stalled more than maxStalledCount times', async () => {
    // The run was recorded just now (the API sets running when it enqueues): only the failed event can end it.
    const task = await runningTask('stalled twice', new Date());
    const job = await enqueueCrawl(queue, { taskId: task.id });

    // Workers die twice with the job; a stalled checker (any live worker runs one) puts it back each time,
    // the second time marked to fail: more than the default maxStalledCount of 1.
    const checker = new Worker(CRAWL_QUEUE, null, { ...queueOptions, stalledInterval: 300, autorun: false });
    await checker.startStalledCheckTimer();
    for (const attempt of [1, 2]) {
      await takeAndDie(job.id!, `dying-worker-${attempt}`);
      await waitFor(async () => ((await queue.getJobState(job.id!)) === 'waiting' ? true : undefined), 10_000, 50);
    }
    await checker.close();
    expect((await queue.getJob(job.id!))?.stalledCounter).toBe(2);

    // A worker picks it up next: BullMQ fails it without calling the crawl processor.
    await startWorkerApp();
    const failed = await waitFor(async () => {
      const row = await taskRow(task.id);
      return row.status === 'failed' ? row : undefined;
    }, 20_000, 100);
    expect((await queue.getJob(job.id!))?.failedReason).toBe(STALLED_TOO_OFTEN);
    expect(failed.lastRunStats).toMatchObject({ jobId: job.id, failureReason: 'worker_lost', message: STALLED_TOO_OFTEN, failures: { worker_lost: 1 }, finishedAt: expect.any(String) });
    // Site health counts it: a failed run on the task's one site.
    expect(await runRows(task.id)).toEqual([
      expect.objectContaining({ jobId: job.id, site: 'lagou', status: 'failed', failureReason: 'worker_lost', failures: { worker_lost: 1 }, scheduled: false }),
    ]);
  });

  it('at start, fails running tasks whose job failed outside the crawl or is gone, and leaves live and recent runs alone', async () => {
    // The job failed after the processor's own bookkeeping could not be written (say, the database was down).
    const failedJob = await enqueueCrawl(queue, { taskId: '00000000-0000-4000-8000-000000000001' }, { attempts: 1 });
    const lostOutside = await runningTask('failed outside the crawl', MINUTES_AGO(5), { jobId: failedJob.id, pagesDone: 2, found: 20, failures: {} });
    await failedJob.updateData({ taskId: lostOutside.id });
    const manual = new Worker(CRAWL_QUEUE, null, { ...queueOptions, autorun: false });
    const taken = (await manual.getNextJob('manual')) as Job<CrawlJobData>;
    await taken.moveToFailed(new Error('connect ECONNREFUSED 127.0.0.1:5432'), 'manual');
    await manual.close();

    const vanished = await runningTask('job removed', MINUTES_AGO(5));
    const waitingLater = await runningTask('retry pending', MINUTES_AGO(5));
    await enqueueCrawl(queue, { taskId: waitingLater.id }, { delay: 3_600_000 });
    const justStarted = await runningTask('just enqueued', new Date());

    const reconciler = (await startWorkerApp()).get(CrawlTaskReconciler);
    await reconciler.sweep();

    expect((await taskRow(lostOutside.id)).lastRunStats).toMatchObject({ failureReason: 'unexpected', message: 'connect ECONNREFUSED 127.0.0.1:5432', pagesDone: 2, found: 20 });
    expect(await taskRow(lostOutside.id)).toMatchObject({ status: 'failed' });
    const gone = await taskRow(vanished.id);
    expect(gone.status).toBe('failed');
    expect(gone.lastRunStats).toMatchObject({ failureReason: 'worker_lost', message: expect.stringMatching(/no longer queued or running/) });
    expect((await taskRow(waitingLater.id)).status).toBe('running');
    expect((await taskRow(justStarted.id)).status).toBe('running');
    expect(await reconciler.sweep()).toBe(0);

    // Each lost run is one failed crawl_runs row of its site, once: the second sweep added none.
    expect(await runRows(lostOutside.id)).toEqual([expect.objectContaining({ jobId: failedJob.id, site: 'lagou', status: 'failed', failureReason: 'unexpected' })]);
    expect(await runRows(vanished.id)).toEqual([expect.objectContaining({ site: 'lagou', status: 'failed', failureReason: 'worker_lost', failures: { worker_lost: 1 } })]);
    expect(await runRows(waitingLater.id)).toEqual([]);
  });

  it('charges a lost run of several sites to the site it was loading, and the finished sites as completed', async () => {
    const reconciler = (await startWorkerApp()).get(CrawlTaskReconciler);
    // The sweep at start is over before the task exists: only the failed job ends it.
    await reconciler.sweep();
    const repository = dataSource.getRepository(CrawlTask);
    const targets = ['https://sou.zhaopin.com/?jl=749&kw=AI', 'https://we.51job.com/pc/search?keyword=AI'];
    const stats = {
      jobId: 'two-sites',
      attempt: 1,
      startedAt: MINUTES_AGO(5).toISOString(),
      failures: {},
      currentSite: 'job51',
      scheduled: true,
      sites: { zhaopin: { pagesDone: 3, found: 30, failures: {} }, job51: { pagesDone: 1, found: 10, failures: {} } },
    };
    const task = await repository.save(
      repository.create({ name: 'two sites, lost on the second', site: null, keywords: ['AI'], targetUrls: targets, status: 'running', lastRunAt: MINUTES_AGO(5), lastRunStats: stats as unknown as CrawlRunStatistics }),
    );
    const job = { id: 'two-sites', data: { taskId: task.id, scheduled: true }, finishedOn: Date.now() } as unknown as Job<CrawlJobData>;
    await reconciler.jobFailed(job, new Error(STALLED_TOO_OFTEN));

    expect(await runRows(task.id)).toEqual([
      expect.objectContaining({ jobId: 'two-sites', site: 'job51', status: 'failed', failureReason: 'worker_lost', pagesDone: 1, found: 10, failures: { worker_lost: 1 }, scheduled: true }),
      expect.objectContaining({ jobId: 'two-sites', site: 'zhaopin', status: 'completed', failureReason: null, pagesDone: 3, found: 30, scheduled: true }),
    ]);
  });

  it('does not end a later run of the task when an earlier job of it fails', async () => {
    const reconciler = (await startWorkerApp()).get(CrawlTaskReconciler);
    const task = await runningTask('run again', new Date());
    const earlier = { id: 'earlier', data: { taskId: task.id }, finishedOn: Date.now() - 60_000 } as unknown as Job<CrawlJobData>;
    await reconciler.jobFailed(earlier, new Error(STALLED_TOO_OFTEN));
    expect((await taskRow(task.id)).status).toBe('running');

    const current = { id: 'current', data: { taskId: task.id }, finishedOn: Date.now() + 1000 } as unknown as Job<CrawlJobData>;
    await reconciler.jobFailed(current, new Error(STALLED_TOO_OFTEN));
    expect(await taskRow(task.id)).toMatchObject({ status: 'failed', lastRunStats: { jobId: 'current', failureReason: 'worker_lost' } });
  });
});
