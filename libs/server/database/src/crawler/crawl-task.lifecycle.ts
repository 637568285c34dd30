import { type CrawlFailureReason, type CrawlRunStatistics, type CrawlSite, CrawlTaskStatus } from '@aipm/contracts';
import { type DataSource, type EntityManager, LessThan } from 'typeorm';
import { CrawlRun } from './crawl-run.entity';
import { CrawlTask } from './crawl-task.entity';

/**
 * The named moves of a crawl task's status, each from the states it may start in (ADR 042). A transition is
 * one conditional update: from any other state it changes nothing and says so. A new state (a paused run)
 * is a new line here and a method below.
 */
export const CRAWL_TASK_TRANSITIONS = {
  /** The operator's 立即运行: the task is marked running before its job is queued, so a second click is refused. */
  queue: { from: [CrawlTaskStatus.Pending, CrawlTaskStatus.Completed, CrawlTaskStatus.Failed], to: CrawlTaskStatus.Running },
  /** The queue refused the job: the task goes back to where `queue` found it. */
  unqueue: { from: [CrawlTaskStatus.Running], to: null },
  /** A worker took an operator's job: the job is the run, whatever the row said (a retry, a hand-back). */
  start: { from: [CrawlTaskStatus.Pending, CrawlTaskStatus.Running, CrawlTaskStatus.Completed, CrawlTaskStatus.Failed], to: CrawlTaskStatus.Running },
  /** A schedule's firing: only while no other run of the task goes on (its own retries find their job id). */
  claimScheduled: { from: [CrawlTaskStatus.Pending, CrawlTaskStatus.Completed, CrawlTaskStatus.Failed], to: CrawlTaskStatus.Running },
  /** A transient failure with attempts left: the task stays running, so the run button cannot start a second run. */
  awaitRetry: { from: [CrawlTaskStatus.Running], to: CrawlTaskStatus.Running },
  complete: { from: [CrawlTaskStatus.Running], to: CrawlTaskStatus.Completed },
  fail: { from: [CrawlTaskStatus.Running], to: CrawlTaskStatus.Failed },
} as const satisfies Record<string, { from: readonly CrawlTaskStatus[]; to: CrawlTaskStatus | null }>;

export type CrawlTaskTransition = keyof typeof CRAWL_TASK_TRANSITIONS;

/** Where `queue` found the task, to put it back if the job cannot be queued. */
export interface QueuedFrom {
  status: CrawlTaskStatus;
  lastRunAt: Date | null;
}

export type QueueOutcome = { queued: true; previous: QueuedFrom } | { queued: false; reason: 'not_found' | 'running' };

/** The end of a run, for its task and for crawl_runs (one row per site it loaded pages of). */
export interface FinishedRun {
  taskId: string;
  jobId: string;
  scheduled: boolean;
  stats: CrawlRunStatistics;
  /** The site whose page failed the run for good; null when the run completed. */
  failedSite: CrawlSite | null;
}

/**
 * The one writer of `crawl_tasks.status` and of `crawl_runs` (ADR 042): the API queues a task's run, the
 * worker starts, completes or fails it, the worker's reconciler fails a run that ended without saying so.
 * `lastRunStats` (the live figures of a run) is written here too, so a run's figures and its state move
 * together. Nothing else assigns a status (`crawl-task.lifecycle.spec.ts` looks for such writes).
 */
export class CrawlTaskLifecycle {
  constructor(private readonly dataSource: DataSource) {}

  /** Marks the task running under a row lock (two clicks cannot both start it); the caller then queues the job. */
  queue(taskId: string): Promise<QueueOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const task = await manager.findOne(CrawlTask, { where: { id: taskId }, lock: { mode: 'pessimistic_write' } });
      if (!task) return { queued: false, reason: 'not_found' };
      if (!allowed('queue', task.status)) return { queued: false, reason: 'running' };
      await manager.update(CrawlTask, { id: taskId }, { status: CrawlTaskStatus.Running, lastRunAt: new Date() });
      return { queued: true, previous: { status: task.status, lastRunAt: task.lastRunAt } };
    });
  }

  unqueue(taskId: string, previous: QueuedFrom): Promise<boolean> {
    return this.move(this.dataSource.manager, taskId, 'unqueue', { status: previous.status, lastRunAt: previous.lastRunAt });
  }

  start(taskId: string, stats: CrawlRunStatistics): Promise<boolean> {
    return this.move(this.dataSource.manager, taskId, 'start', { lastRunAt: new Date(), lastRunStats: stats });
  }

  /** Takes the task for a scheduled firing unless another run of it goes on; true when this firing runs. */
  async claimScheduled(taskId: string, jobId: string, stats: CrawlRunStatistics): Promise<boolean> {
    const { from, to } = CRAWL_TASK_TRANSITIONS.claimScheduled;
    const outcome = await this.dataSource
      .createQueryBuilder()
      .update(CrawlTask)
      .set({ status: to, lastRunAt: () => 'now()', lastRunStats: stats })
      .where('id = :taskId', { taskId })
      // Its own retries and hand-backs find the task running with their job id in the statistics.
      .andWhere(`(status IN (:...from) OR (status = :to AND "lastRunStats"->>'jobId' = :jobId))`, { from, to, jobId })
      .execute();
    return Boolean(outcome.affected);
  }

  /** The live figures of a run: pages, jobs found, the site being loaded. Not a move of its state. */
  async recordProgress(taskId: string, stats: CrawlRunStatistics): Promise<void> {
    await this.dataSource.manager.update(CrawlTask, { id: taskId }, { lastRunStats: stats });
  }

  awaitRetry(taskId: string, stats: CrawlRunStatistics): Promise<boolean> {
    return this.move(this.dataSource.manager, taskId, 'awaitRetry', { lastRunStats: stats });
  }

  /** Completes the task and records the run, together. False when the task was no longer running. */
  complete(run: FinishedRun): Promise<boolean> {
    return this.finish('complete', run);
  }

  /** Fails the task for good and records the run, together. False when the task was no longer running. */
  fail(run: FinishedRun): Promise<boolean> {
    return this.finish('fail', run);
  }

  /**
   * Fails a run that ended without a result (its worker died, its job failed outside the crawl), only if the
   * task is still in that run: running since `lastRunAt`. A run started since is another run's to end. The
   * run is recorded when a site can be charged with it.
   */
  failLost(lost: { taskId: string; lastRunAt: Date | null; stats: CrawlRunStatistics; run: FinishedRun | null }): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const moved = await this.move(manager, lost.taskId, 'fail', { lastRunStats: lost.stats }, (query) =>
        // Dates are written from JavaScript (millisecond precision); compare at that precision.
        lost.lastRunAt ? query.andWhere(`date_trunc('milliseconds', "lastRunAt") = :lastRunAt`, { lastRunAt: lost.lastRunAt }) : query.andWhere('"lastRunAt" IS NULL'),
      );
      if (moved && lost.run) await recordRun(manager, lost.run);
      return moved;
    });
  }

  /** Running tasks whose run started before `before`: the reconciler's candidates for a lost run. */
  runningSince(before: Date): Promise<CrawlTask[]> {
    return this.dataSource.manager.find(CrawlTask, { where: { status: CrawlTaskStatus.Running, lastRunAt: LessThan(before) } });
  }

  private finish(transition: 'complete' | 'fail', run: FinishedRun): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const moved = await this.move(manager, run.taskId, transition, { lastRunStats: run.stats });
      // Recorded even when the task had moved on: the run happened, and site health counts it (once per job and site).
      await recordRun(manager, run);
      return moved;
    });
  }

  private async move(
    manager: EntityManager,
    taskId: string,
    transition: CrawlTaskTransition,
    values: Partial<Pick<CrawlTask, 'status' | 'lastRunAt' | 'lastRunStats'>>,
    narrow: (query: ReturnType<typeof updateOf>) => ReturnType<typeof updateOf> = (query) => query,
  ): Promise<boolean> {
    const { from, to } = CRAWL_TASK_TRANSITIONS[transition];
    const query = updateOf(manager)
      .set({ ...values, ...(to ? { status: to } : {}) })
      .where('id = :taskId AND status IN (:...from)', { taskId, from });
    const outcome = await narrow(query).execute();
    return Boolean(outcome.affected);
  }
}

/** Whether `transition` may start from `status`. */
export function allowed(transition: CrawlTaskTransition, status: CrawlTaskStatus): boolean {
  return (CRAWL_TASK_TRANSITIONS[transition].from as readonly CrawlTaskStatus[]).includes(status);
}

function updateOf(manager: EntityManager) {
  return manager.createQueryBuilder().update(CrawlTask);
}

/** One crawl_runs row per site the run loaded pages of; a second ending of the same job is ignored. */
async function recordRun(manager: EntityManager, run: FinishedRun): Promise<void> {
  const finishedAt = run.stats.finishedAt ? new Date(run.stats.finishedAt) : new Date();
  const rows = Object.entries(run.stats.sites ?? {}).map(([site, tally]) => {
    const failed = site === run.failedSite;
    return {
      taskId: run.taskId,
      jobId: run.jobId,
      site: site as CrawlSite,
      status: failed ? ('failed' as const) : ('completed' as const),
      scheduled: run.scheduled,
      startedAt: new Date(run.stats.startedAt),
      finishedAt,
      pagesDone: tally!.pagesDone,
      found: tally!.found,
      failures: tally!.failures,
      failureReason: failed ? (run.stats.failureReason as CrawlFailureReason | null) : null,
    };
  });
  if (rows.length === 0) return;
  await manager.createQueryBuilder().insert().into(CrawlRun).values(rows).orIgnore().execute();
}
