import { type CrawlFailureReason, type CrawlRunStatistics, type CrawlSite, CrawlTaskStatus, newRunStatistics, siteOfUrl } from '@aipm/contracts';
import { CrawlTask, CrawlTaskLifecycle, type FinishedRun } from '@aipm/database';
import { bullOptions, CRAWL_QUEUE, type CrawlJobData } from '@aipm/queue';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type Job, Queue } from 'bullmq';
import { type Repository } from 'typeorm';
import { WORKER_ENV, type WorkerEnv } from '../../config/worker-env';

/** What BullMQ writes on a job that stalled (its worker died) more often than maxStalledCount allows. */
export const STALLED_TOO_OFTEN = 'job stalled more than allowable limit';

/** States in which a crawl job may still run, or run again. */
const LIVE_STATES = ['active', 'waiting', 'delayed', 'prioritized', 'waiting-children'] as const;

export const CRAWL_RECONCILE_OPTIONS = Symbol('CRAWL_RECONCILE_OPTIONS');
export interface CrawlReconcileOptions {
  /** A running task with no live job is failed only once its run started at least this long ago. */
  graceMs: number;
  /** How often every worker looks for such tasks (also once at start). */
  intervalMs: number;
}
export const DEFAULT_CRAWL_RECONCILE_OPTIONS: CrawlReconcileOptions = { graceMs: 60_000, intervalMs: 60_000 };

export interface LostRun {
  jobId: string | null;
  reason: CrawlFailureReason;
  message: string;
  finishedAt: Date;
  /** Fired by the task's schedule, when the failed job says so. */
  scheduled?: boolean;
}

/** The task's statistics once its run is known lost: those of that run if it got as far as writing them. */
function lostRunStatistics(previous: CrawlRunStatistics | null, lost: LostRun): CrawlRunStatistics {
  const sameRun = previous !== null && lost.jobId !== null && previous.jobId === lost.jobId;
  const base = sameRun ? previous : newRunStatistics(lost.jobId ?? previous?.jobId ?? '', 1, lost.finishedAt.toISOString());
  // A check the lost run waited for went with its worker (ADR 078): nothing waits any more.
  const { humanChecks: _gone, ...rest } = base;
  return {
    ...rest,
    failures: { ...base.failures, [lost.reason]: (base.failures[lost.reason] ?? 0) + 1 },
    failureReason: lost.reason,
    message: lost.message,
    finishedAt: lost.finishedAt.toISOString(),
  };
}

/**
 * The site a lost run is charged in site health: the one it was loading, else the task's only site;
 * null when a run of several sites was lost before it loaded any page.
 */
export function lostRunSite(task: Pick<CrawlTask, 'site' | 'targetUrls'>, stats: CrawlRunStatistics): CrawlSite | null {
  if (stats.currentSite) return stats.currentSite;
  const sites = new Set<CrawlSite>(task.site && task.site !== 'other' ? [task.site] : task.targetUrls.map(siteOfUrl).filter((site) => site !== null));
  return sites.size === 1 ? [...sites][0]! : null;
}

/** A job failed by BullMQ itself (stalled too often) is a lost worker; any other failure outside the crawl is unexpected. */
function reasonOf(failedReason: string | undefined): CrawlFailureReason {
  return failedReason?.includes(STALLED_TOO_OFTEN) ? 'worker_lost' : 'unexpected';
}

/**
 * Ends the crawl tasks whose run ended without the crawl processor saying so: BullMQ fails a job that stalled
 * more than `maxStalledCount` times (its workers died) when a worker next picks it up, without calling the
 * processor, and a job can fail after the processor's own bookkeeping failed (database down). Two ways in:
 * the crawl worker's `failed` event (prompt), and a sweep at start and every minute of `running` tasks that
 * have no live job left (durable: it also catches what happened while no worker ran).
 */
@Injectable()
export class CrawlTaskReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CrawlTaskReconciler.name);
  private readonly queue: Queue<CrawlJobData>;
  private timer?: NodeJS.Timeout;
  private sweeping: Promise<number> | null = null;

  constructor(
    @Inject(WORKER_ENV) env: WorkerEnv,
    @Inject(CRAWL_RECONCILE_OPTIONS) private readonly options: CrawlReconcileOptions,
    @InjectRepository(CrawlTask) private readonly tasks: Repository<CrawlTask>,
    private readonly lifecycle: CrawlTaskLifecycle,
  ) {
    this.queue = new Queue<CrawlJobData>(CRAWL_QUEUE, bullOptions(env.REDIS_URL));
    this.queue.on('error', (error) => this.logger.warn(`crawl queue: ${error.message}`));
  }

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.options.intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping?.catch(() => undefined);
    await this.queue.close().catch(() => undefined);
  }

  /** From the crawl worker's `failed` event: a job that failed for good (no retry left). */
  async jobFailed(job: Job<CrawlJobData>, error: Error): Promise<void> {
    if (!job.finishedOn || !job.data?.taskId) return;
    try {
      const finishedAt = new Date(job.finishedOn);
      // A run started after this job ended (lastRunAt later) is another run: not this failure's to end.
      await this.failIfStillRunning(
        job.data.taskId,
        { jobId: String(job.id), reason: reasonOf(error.message), message: error.message, finishedAt, scheduled: job.data.scheduled === true },
        { notStartedAfter: finishedAt },
      );
    } catch (failure) {
      // The sweep tries again later.
      this.logger.warn(`task ${job.data.taskId} (job ${job.id}) not marked failed yet: ${(failure as Error).message}`);
    }
  }

  /** Fails every running task whose run started before the grace period and has no live job; answers how many. */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepOnce()
      .catch((error: unknown) => {
        this.logger.warn(`crawl task sweep: ${(error as Error).message}`);
        return 0;
      })
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    // Tasks first, jobs second: a job that ends in between has already recorded its task's outcome.
    const running = await this.lifecycle.runningSince(new Date(Date.now() - this.options.graceMs));
    if (running.length === 0) return 0;
    const live = new Set((await this.queue.getJobs([...LIVE_STATES])).map((job) => job?.data?.taskId));
    let ended = 0;
    for (const task of running.filter((candidate) => !live.has(candidate.id))) {
      const jobId = task.lastRunStats?.jobId || null;
      const job = jobId ? await this.queue.getJob(jobId) : undefined;
      // The job the statistics name explains the end only if it ended after this run started.
      const explains = job?.failedReason && job.finishedOn && (!task.lastRunAt || job.finishedOn >= task.lastRunAt.getTime());
      const lost: LostRun = explains
        ? { jobId, reason: reasonOf(job.failedReason), message: job.failedReason, finishedAt: new Date(job.finishedOn!), scheduled: job.data?.scheduled === true }
        : { jobId: null, reason: 'worker_lost', message: 'the run ended without a result: its job is no longer queued or running', finishedAt: new Date() };
      if (await this.failIfStillRunning(task.id, lost, { read: task })) ended += 1;
    }
    return ended;
  }

  /**
   * Marks the task failed unless it has moved on: no longer running, or (`notStartedAfter`) started again
   * after the failed job ended. Conditional on the row as read, so a concurrent run or sweep is never undone.
   */
  private async failIfStillRunning(taskId: string, lost: LostRun, check: { read?: CrawlTask; notStartedAfter?: Date }): Promise<boolean> {
    const task = check.read ?? (await this.tasks.findOneBy({ id: taskId }));
    if (!task || task.status !== CrawlTaskStatus.Running) return false;
    if (check.notStartedAfter && task.lastRunAt && task.lastRunAt.getTime() > check.notStartedAfter.getTime()) return false;
    const stats = lostRunStatistics(task.lastRunStats, lost);
    if (!(await this.lifecycle.failLost({ taskId, lastRunAt: task.lastRunAt, stats, run: lostRun(task, stats, lost) }))) return false;
    this.logger.warn(`task ${taskId} failed (${lost.reason}, job ${lost.jobId ?? 'unknown'}): ${lost.message}`);
    return true;
  }
}

/**
 * The lost run as crawl_runs records it: failed on the site it was loading (the processor never got to write
 * it); null for a run of several sites lost before its first page, which no site is charged with.
 */
function lostRun(task: CrawlTask, stats: CrawlRunStatistics, lost: LostRun): FinishedRun | null {
  const failedSite = lostRunSite(task, { ...stats, currentSite: stats.currentSite ?? (stats.jobId === task.lastRunStats?.jobId ? task.lastRunStats?.currentSite : undefined) });
  if (!failedSite) return null;
  const tally = stats.sites?.[failedSite] ?? { pagesDone: 0, found: 0, failures: {} };
  const sites = { ...stats.sites, [failedSite]: { ...tally, failures: { ...tally.failures, [lost.reason]: (tally.failures[lost.reason] ?? 0) + 1 } } };
  // A run whose job is gone has no id of its own: its start names it, once (crawl_runs is unique per job and site).
  const jobId = lost.jobId ?? (stats.jobId || `lost:${task.id}:${task.lastRunAt?.getTime() ?? stats.startedAt}`);
  const scheduled = lost.scheduled ?? task.lastRunStats?.scheduled === true;
  // Statistics written before runs kept their start (or none at all): the run started when the task says.
  const startedAt = stats.startedAt || (task.lastRunAt ?? lost.finishedAt).toISOString();
  return { taskId: task.id, jobId, scheduled, stats: { ...stats, startedAt, sites }, failedSite };
}
