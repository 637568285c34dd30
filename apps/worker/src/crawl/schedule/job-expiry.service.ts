import { bullOptions, EXPIRE_JOBS_JOB_NAME, EXPIRE_JOBS_PATTERN, EXPIRE_JOBS_SCHEDULER_ID, type ExpireJobsResult, MAINTENANCE_QUEUE, workerOptions } from '@aipm/queue';
import { AdminConfig, PublishedJob, readCrawlerConfig } from '@aipm/database';
import { CRAWL_SCHEDULE_TIMEZONE } from '@aipm/contracts';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Queue, Worker } from 'bullmq';
import type { Repository } from 'typeorm';
import { WORKER_ENV, type WorkerEnv } from '../../config/worker-env';

/**
 * Stale postings expire (docs/product/crawler.md#job-expiry): a published job older than the crawler setting
 * job_expiry_days (counted from publishedAt) is deactivated, once, by a job scheduler on the maintenance queue. A job
 * an operator activates again after that keeps its expiredAt and is left alone: the operator's decision wins.
 */
@Injectable()
export class JobExpiryService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobExpiryService.name);
  private queue?: Queue;
  private worker?: Worker<unknown, ExpireJobsResult>;

  constructor(
    @Inject(WORKER_ENV) private readonly env: WorkerEnv,
    @InjectRepository(PublishedJob) private readonly jobs: Repository<PublishedJob>,
    @InjectRepository(AdminConfig) private readonly settings: Repository<AdminConfig>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const options = bullOptions(this.env.REDIS_URL);
    this.queue = new Queue(MAINTENANCE_QUEUE, options);
    // Every worker upserts the same scheduler: one scheduler, one job per firing, whichever worker takes it.
    await this.queue.upsertJobScheduler(
      EXPIRE_JOBS_SCHEDULER_ID,
      { pattern: EXPIRE_JOBS_PATTERN, tz: CRAWL_SCHEDULE_TIMEZONE },
      { name: EXPIRE_JOBS_JOB_NAME, opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } } },
    );
    this.worker = new Worker<unknown, ExpireJobsResult>(MAINTENANCE_QUEUE, async () => this.expire(), { ...workerOptions(this.env.REDIS_URL), concurrency: 1 });
    this.worker.on('failed', (job, error) => this.logger.warn(`maintenance job ${job?.id} failed: ${error.message}`));
    this.worker.on('error', (error) => this.logger.error(`maintenance worker: ${error.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }

  /** Deactivates the active jobs published more than job_expiry_days ago that were never expired before. */
  async expire(now: Date = new Date()): Promise<ExpireJobsResult> {
    const { job_expiry_days: expiryDays } = await readCrawlerConfig(this.settings);
    const result = await this.jobs
      .createQueryBuilder()
      .update(PublishedJob)
      .set({ isActive: false, expiredAt: now })
      .where(`"isActive" AND "expiredAt" IS NULL AND "publishedAt" <= :cutoff`, { cutoff: new Date(now.getTime() - expiryDays * 24 * 3600 * 1000) })
      .execute();
    const expired = result.affected ?? 0;
    if (expired > 0) this.logger.log(`${expired} published job(s) older than ${expiryDays} days deactivated`);
    return { expired, expiryDays };
  }
}
