import { CRAWL_SCHEDULE_TIMEZONE } from '@aipm/contracts';
import { phoneSettings } from '@aipm/phone';
import {
  bullOptions,
  CALL_DETAIL_JOB_NAME,
  CRAWLER_CHECK_JOB_NAME,
  type CrawlerCheckJobData,
  DAILY_SUMMARY_JOB_NAME,
  DAILY_SUMMARY_SCHEDULER_ID,
  DAILY_SUMMARY_TICK_JOB_NAME,
  DAILY_SUMMARY_TICK_OPTIONS,
  DAILY_SUMMARY_TICK_PATTERN,
  scheduleDailySummary,
  type CallDetailJobData,
  NOTIFY_QUEUE,
  type NotifyJobData,
  type NotifyJobResult,
  scheduleCallDetail,
  scheduleCrawlerCheckCall,
  scheduleNotifyDispatch,
  workerOptions,
} from '@aipm/queue';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, Queue, Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import { WORKER_ENV, type WorkerEnv } from '../config/worker-env';
import { CallDetailRecorder } from './call-detail.recorder';
import { CallDetailsRepository } from './call-details.repository';
import { CrawlerCheckCaller } from './crawler-check.caller';
import { CrawlerCheckRepository } from './crawler-check.repository';
import { DailySummaryCaller, type DailySummaryResult } from './daily-summary.caller';
import { DailySummaryRepository } from './daily-summary.repository';
import { voiceClients } from './call-route';
import { LeadAnnouncer } from './lead-announcer';
import { LeadNotificationRepository } from './lead-notification.repository';

/**
 * The notify queue's worker: every job runs one dispatch (LeadAnnouncer), and a dispatch put off by quiet
 * hours or a limit leaves a delayed job for that moment (one per moment, whoever asks). At start it also
 * dispatches once, for leads left pending while no worker ran. A placed call leaves a call-detail job that
 * records the provider's duration once the call ended. A job scheduler checks every minute whether the daily
 * summary call is due (DailySummaryCaller). A crawl whose site starts waiting for a human check adds a job that
 * rings the administrator (CrawlerCheckCaller).
 */
@Injectable()
export class NotifyWorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(NotifyWorkerService.name);
  private worker?: Worker<NotifyJobData | CallDetailJobData | CrawlerCheckJobData, NotifyJobResult | object>;
  private queue?: Queue;
  readonly announcer: LeadAnnouncer;
  readonly callDetails: CallDetailRecorder;
  readonly dailySummary: DailySummaryCaller;
  readonly crawlerCheck: CrawlerCheckCaller;

  constructor(
    @Inject(WORKER_ENV) private readonly env: WorkerEnv,
    @InjectDataSource() dataSource: DataSource,
  ) {
    const settings = phoneSettings(env);
    const clients = voiceClients(settings);
    const calls = new LeadNotificationRepository(dataSource);
    this.announcer = new LeadAnnouncer(calls, settings, clients);
    this.dailySummary = new DailySummaryCaller(new DailySummaryRepository(dataSource), calls, settings, clients);
    this.crawlerCheck = new CrawlerCheckCaller(new CrawlerCheckRepository(dataSource), calls, settings, clients);
    this.callDetails = new CallDetailRecorder(new CallDetailsRepository(dataSource), clients);
  }

  async onApplicationBootstrap(): Promise<void> {
    const options = bullOptions(this.env.REDIS_URL);
    this.queue = new Queue(NOTIFY_QUEUE, options);
    this.worker = new Worker<NotifyJobData | CallDetailJobData | CrawlerCheckJobData, NotifyJobResult | object>(
      NOTIFY_QUEUE,
      (job) => {
        if (job.name === CALL_DETAIL_JOB_NAME) return this.recordDetail(job as Job<CallDetailJobData>);
        if (job.name === DAILY_SUMMARY_TICK_JOB_NAME) return this.summaryTick();
        if (job.name === DAILY_SUMMARY_JOB_NAME) return this.summaryCall();
        if (job.name === CRAWLER_CHECK_JOB_NAME) return this.crawlerCheckCall(job as Job<CrawlerCheckJobData>);
        return this.process(job as Job<NotifyJobData>);
      },
      { ...workerOptions(this.env.REDIS_URL), concurrency: 1 },
    );
    this.worker.on('failed', (job, error) => this.logger.warn(`notify job ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`));
    this.worker.on('error', (error) => this.logger.error(`notify worker: ${error.message}`));
    // Neither awaited: with Redis down an add waits for it, and the worker's start must not.
    void this.queue
      .upsertJobScheduler(DAILY_SUMMARY_SCHEDULER_ID, { pattern: DAILY_SUMMARY_TICK_PATTERN, tz: CRAWL_SCHEDULE_TIMEZONE }, { name: DAILY_SUMMARY_TICK_JOB_NAME, opts: DAILY_SUMMARY_TICK_OPTIONS })
      .catch((error: Error) => this.logger.warn(`daily summary scheduler: ${error.message}`));
    // Not awaited: with Redis down the add waits for it, and the worker's start must not.
    void scheduleNotifyDispatch(this.queue, new Date(), new Date(), 'startup').catch((error: Error) => this.logger.warn(`notify start-up dispatch: ${error.message}`));
  }

  async process(job: Job<NotifyJobData>): Promise<NotifyJobResult> {
    const result = await this.announcer.dispatch();
    if ('deferredUntil' in result) {
      await scheduleNotifyDispatch(this.queue!, result.deferredUntil);
      this.logger.log(`notify ${job.id}: leads wait until ${result.deferredUntil.toISOString()} (${result.reason})`);
      return { announced: 0, deferredUntil: result.deferredUntil.toISOString() };
    }
    if ('provider' in result) {
      this.logger.log(`notify ${job.id}: ${result.announced} lead(s) announced through ${result.provider}`);
      // A failed add costs the real duration only: logged, not thrown (a throw would retry the dispatch).
      await scheduleCallDetail(this.queue!, result.callId).catch((error: Error) => this.logger.warn(`call ${result.callId}: no detail job (${error.message})`));
    }
    return { announced: result.announced };
  }

  /** The minute's check; a summary put off or failed becomes a one-off job (retried with backoff, as a dispatch). */
  async summaryTick(): Promise<object> {
    try {
      return await this.summaryOutcome(await this.dailySummary.tick());
    } catch (error) {
      await scheduleDailySummary(this.queue!, new Date(Date.now() + 30_000));
      this.logger.warn(`daily summary: ${(error as Error).message}; tried again in 30 s`);
      return { called: false, reason: 'failed' };
    }
  }

  async summaryCall(): Promise<object> {
    return this.summaryOutcome(await this.dailySummary.call());
  }

  private async summaryOutcome(result: DailySummaryResult): Promise<object> {
    if ('deferredUntil' in result) {
      await scheduleDailySummary(this.queue!, result.deferredUntil);
      this.logger.log(`daily summary waits until ${result.deferredUntil.toISOString()} (${result.reason})`);
      return { called: false, reason: result.reason, deferredUntil: result.deferredUntil.toISOString() };
    }
    if (result.called) {
      this.logger.log(`daily summary placed through ${result.provider}: ${result.counts.due} due, ${result.counts.waiting} waiting`);
      await scheduleCallDetail(this.queue!, result.callId).catch((error: Error) => this.logger.warn(`call ${result.callId}: no detail job (${error.message})`));
    }
    return result;
  }

  /**
   * A site waiting for a human check: the call, put off to a moment still within the wait (a new job for then), or
   * not placed. Both lines failing throws, so BullMQ retries with backoff; a retry after the wait ended places nothing.
   */
  async crawlerCheckCall(job: Job<CrawlerCheckJobData>): Promise<object> {
    const wait = job.data;
    const result = await this.crawlerCheck.call(wait);
    const about = `crawler check call (${wait.site}, task ${wait.taskId})`;
    if ('deferredUntil' in result) {
      await scheduleCrawlerCheckCall(this.queue!, wait, result.deferredUntil);
      this.logger.log(`${about} waits until ${result.deferredUntil.toISOString()} (${result.reason})`);
      return { called: false, reason: result.reason, deferredUntil: result.deferredUntil.toISOString() };
    }
    if (result.called) {
      this.logger.log(`${about} placed through ${result.provider}: ${result.minutes} min left`);
      await scheduleCallDetail(this.queue!, result.callId).catch((error: Error) => this.logger.warn(`call ${result.callId}: no detail job (${error.message})`));
    } else if (result.reason === 'too-late') {
      this.logger.log(`${about} not placed: the wait ends before a call is allowed${result.putOffBy ? ` (${result.putOffBy})` : ''}`);
    }
    return result;
  }

  async recordDetail(job: Job<CallDetailJobData>): Promise<object> {
    const outcome = await this.callDetails.record(job.data.callId);
    if ('recorded' in outcome) this.logger.log(`call ${job.data.callId}: ${outcome.recorded.state}, ${outcome.recorded.durationSeconds} s at the provider`);
    return outcome;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
