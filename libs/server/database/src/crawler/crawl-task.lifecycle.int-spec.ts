import { type CrawlRunStatistics, CrawlTaskStatus, newRunStatistics } from '@aipm/contracts';
import type { DataSource } from 'typeorm';
import { migratedTestDataSource } from '../../testing';
import { CrawlTaskLifecycle, type FinishedRun } from './crawl-task.lifecycle';

/** A run's statistics with pages on one site, as the worker keeps them. */
function statsOf(jobId: string, site: 'zhipin' | 'lagou' = 'zhipin'): CrawlRunStatistics {
  return { ...newRunStatistics(jobId, 1, new Date().toISOString()), sites: { [site]: { pagesDone: 2, found: 5, failures: {} } } };
}

describe(CrawlTaskLifecycle.name, () => {
  let dataSource: DataSource;
  let close: () => Promise<void>;
  let lifecycle: CrawlTaskLifecycle;

  const newTask = async (status: CrawlTaskStatus = CrawlTaskStatus.Pending): Promise<string> => {
    const [row] = (await dataSource.query(`INSERT INTO crawl_tasks (name, keywords, status) VALUES ('任务', ARRAY['AI产品经理'], $1) RETURNING id`, [status])) as Array<{ id: string }>;
    return row!.id;
  };
  const taskRow = async (id: string) =>
    ((await dataSource.query(`SELECT status, "lastRunAt", "lastRunStats" FROM crawl_tasks WHERE id = $1`, [id])) as Array<{ status: CrawlTaskStatus; lastRunAt: Date | null; lastRunStats: CrawlRunStatistics | null }>)[0]!;
  const runRows = async (taskId: string) => (await dataSource.query(`SELECT "jobId", site, status FROM crawl_runs WHERE "taskId" = $1 ORDER BY "jobId", site`, [taskId])) as Array<{ jobId: string; site: string; status: string }>;
  const finished = (taskId: string, jobId: string, failedSite: FinishedRun['failedSite'] = null): FinishedRun => ({ taskId, jobId, scheduled: false, stats: statsOf(jobId), failedSite });

  beforeAll(async () => {
    ({ dataSource, close } = await migratedTestDataSource());
    lifecycle = new CrawlTaskLifecycle(dataSource);
  });

  afterAll(async () => {
    await close?.();
  });

  describe('queue', () => {
    it('marks a task running and says where it was, so a refused job can put it back', async () => {
      const id = await newTask(CrawlTaskStatus.Completed);
      const outcome = await lifecycle.queue(id);
      expect(outcome).toEqual({ queued: true, previous: { status: CrawlTaskStatus.Completed, lastRunAt: null } });
      expect((await taskRow(id)).status).toBe(CrawlTaskStatus.Running);

      expect(await lifecycle.unqueue(id, outcome.queued ? outcome.previous : { status: CrawlTaskStatus.Pending, lastRunAt: null })).toBe(true);
      expect(await taskRow(id)).toMatchObject({ status: CrawlTaskStatus.Completed, lastRunAt: null });
    });

    it('refuses a task that is running, and one that does not exist', async () => {
      const id = await newTask(CrawlTaskStatus.Running);
      expect(await lifecycle.queue(id)).toEqual({ queued: false, reason: 'running' });
      expect(await lifecycle.queue('00000000-0000-4000-8000-000000000000')).toEqual({ queued: false, reason: 'not_found' });
    });

    it('lets only one of two simultaneous clicks through', async () => {
      const id = await newTask();
      const outcomes = await Promise.all([lifecycle.queue(id), lifecycle.queue(id)]);
      expect(outcomes.filter((outcome) => outcome.queued)).toHaveLength(1);
    });
  });

  describe('complete and fail', () => {
    it('completes a running task and records its run on each site, once', async () => {
      const id = await newTask(CrawlTaskStatus.Running);
      expect(await lifecycle.complete(finished(id, 'job-1'))).toBe(true);
      expect((await taskRow(id)).status).toBe(CrawlTaskStatus.Completed);
      expect(await lifecycle.complete(finished(id, 'job-1'))).toBe(false);
      expect(await runRows(id)).toEqual([{ jobId: 'job-1', site: 'zhipin', status: 'completed' }]);
    });

    it('refuses to complete or fail a task that is not running', async () => {
      for (const status of [CrawlTaskStatus.Pending, CrawlTaskStatus.Completed, CrawlTaskStatus.Failed]) {
        const id = await newTask(status);
        expect(await lifecycle.complete(finished(id, `job-${status}`))).toBe(false);
        expect(await lifecycle.fail(finished(id, `job-${status}`, 'zhipin'))).toBe(false);
        expect(await lifecycle.awaitRetry(id, statsOf('x'))).toBe(false);
        expect((await taskRow(id)).status).toBe(status);
      }
    });

    it('fails a running task with the failed site charged, and keeps it running while a retry is due', async () => {
      const id = await newTask(CrawlTaskStatus.Running);
      expect(await lifecycle.awaitRetry(id, statsOf('job-2'))).toBe(true);
      expect(await taskRow(id)).toMatchObject({ status: CrawlTaskStatus.Running, lastRunStats: expect.objectContaining({ jobId: 'job-2' }) });
      expect(await lifecycle.fail(finished(id, 'job-2', 'zhipin'))).toBe(true);
      expect((await taskRow(id)).status).toBe(CrawlTaskStatus.Failed);
      expect(await runRows(id)).toEqual([{ jobId: 'job-2', site: 'zhipin', status: 'failed' }]);
    });
  });

  describe('claimScheduled', () => {
    it('takes a task that is not running, refuses one another run holds, and lets the same job take it again', async () => {
      const id = await newTask(CrawlTaskStatus.Completed);
      expect(await lifecycle.claimScheduled(id, 'fire-1', statsOf('fire-1'))).toBe(true);
      expect((await taskRow(id)).status).toBe(CrawlTaskStatus.Running);
      expect(await lifecycle.claimScheduled(id, 'fire-2', statsOf('fire-2'))).toBe(false);
      // The same firing's retry or hand-back.
      expect(await lifecycle.claimScheduled(id, 'fire-1', statsOf('fire-1'))).toBe(true);
    });
  });

  describe('failLost', () => {
    it('fails the run it was told of, not one started since', async () => {
      const id = await newTask();
      await lifecycle.start(id, statsOf('job-3'));
      const { lastRunAt } = await taskRow(id);
      const lost = { taskId: id, stats: statsOf('job-3'), run: finished(id, 'job-3', 'zhipin') };
      expect(await lifecycle.failLost({ ...lost, lastRunAt: new Date(lastRunAt!.getTime() - 1000) })).toBe(false);
      expect((await taskRow(id)).status).toBe(CrawlTaskStatus.Running);
      expect(await runRows(id)).toEqual([]);

      expect(await lifecycle.failLost({ ...lost, lastRunAt })).toBe(true);
      expect((await taskRow(id)).status).toBe(CrawlTaskStatus.Failed);
      expect(await runRows(id)).toEqual([{ jobId: 'job-3', site: 'zhipin', status: 'failed' }]);
    });

    it('lists the running tasks started before a time', async () => {
      const id = await newTask();
      await lifecycle.start(id, statsOf('job-4'));
      expect((await lifecycle.runningSince(new Date(Date.now() + 60_000))).map((task) => task.id)).toContain(id);
      expect((await lifecycle.runningSince(new Date(Date.now() - 60_000))).map((task) => task.id)).not.toContain(id);
    });
  });
});
