import { CRAWL_SCHEDULE_TIMEZONE, parseSiteSettings, SITE_SETTINGS_KEYS } from '@aipm/contracts';
import { AdminConfig } from '@aipm/database';
import {
  bullOptions,
  ERASE_EXPIRED_LEADS_JOB_NAME,
  ERASE_EXPIRED_LEADS_PATTERN,
  ERASE_EXPIRED_LEADS_SCHEDULER_ID,
  type EraseExpiredLeadsResult,
  PRIVACY_QUEUE,
  workerOptions,
} from '@aipm/queue';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue, Worker } from 'bullmq';
import { type DataSource, In } from 'typeorm';
import { WORKER_ENV, type WorkerEnv } from '../config/worker-env';
import { eraseLeadsContactedBefore } from './expired-leads.sql';

/**
 * Lead retention (docs/product/back-office.md#lead-retention; the privacy policy states the period): once a day, the
 * leads of people who never became students are erased when the site setting leadRetentionMonths (default 24) has
 * passed since the person's last contact. One job scheduler on the privacy queue: every worker upserts it, one of them
 * runs it.
 */
@Injectable()
export class LeadRetentionService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(LeadRetentionService.name);
  private queue?: Queue;
  private worker?: Worker<unknown, EraseExpiredLeadsResult>;

  constructor(
    @Inject(WORKER_ENV) private readonly env: WorkerEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const options = bullOptions(this.env.REDIS_URL);
    this.queue = new Queue(PRIVACY_QUEUE, options);
    await this.queue.upsertJobScheduler(
      ERASE_EXPIRED_LEADS_SCHEDULER_ID,
      { pattern: ERASE_EXPIRED_LEADS_PATTERN, tz: CRAWL_SCHEDULE_TIMEZONE },
      { name: ERASE_EXPIRED_LEADS_JOB_NAME, opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } } },
    );
    this.worker = new Worker<unknown, EraseExpiredLeadsResult>(PRIVACY_QUEUE, async () => this.eraseExpired(), { ...workerOptions(this.env.REDIS_URL), concurrency: 1 });
    this.worker.on('failed', (job, error) => this.logger.warn(`privacy job ${job?.id} failed: ${error.message}`));
    this.worker.on('error', (error) => this.logger.error(`privacy worker: ${error.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }

  /** Erases the leads past the retention period at `now`; the counts (never names or numbers: no personal data in logs). */
  async eraseExpired(now: Date = new Date()): Promise<EraseExpiredLeadsResult> {
    const rows = await this.dataSource.getRepository(AdminConfig).find({ where: { key: In([SITE_SETTINGS_KEYS.leadRetentionMonths]) } });
    const { leadRetentionMonths } = parseSiteSettings(rows);
    const erased = await this.dataSource.transaction((manager) => eraseLeadsContactedBefore(manager, now, leadRetentionMonths));
    if (erased.registrations + erased.messages > 0) {
      this.logger.log(`${erased.registrations} registration(s) and ${erased.messages} message(s) past ${leadRetentionMonths} months erased`);
    }
    return { registrations: erased.registrations, messages: erased.messages, retentionMonths: leadRetentionMonths, cutoff: erased.cutoff.toISOString() };
  }
}
