import { phoneSettings } from '@aipm/phone';
import {
  bullOptions,
  CALL_DETAIL_JOB_NAME,
  type CallDetailJobData,
  NOTIFY_QUEUE,
  type NotifyJobData,
  type NotifyJobResult,
  scheduleCallDetail,
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
import { LeadAnnouncer, voiceClients } from './lead-announcer';
import { LeadNotificationRepository } from './lead-notification.repository';

/**
 * The notify queue's worker: every job runs one dispatch (LeadAnnouncer), and a dispatch put off by quiet
 * hours or a limit leaves a delayed job for that moment (one per moment, whoever asks). At start it also
 * dispatches once, for leads left pending while no worker ran. A placed call leaves a call-detail job that
 * records the provider's duration once the call ended.
 */
@Injectable()
export class NotifyWorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(NotifyWorkerService.name);
  private worker?: Worker<NotifyJobData | CallDetailJobData, NotifyJobResult | object>;
  private queue?: Queue;
  readonly announcer: LeadAnnouncer;
  readonly callDetails: CallDetailRecorder;

  constructor(
    @Inject(WORKER_ENV) private readonly env: WorkerEnv,
    @InjectDataSource() dataSource: DataSource,
  ) {
    const settings = phoneSettings(env);
    const clients = voiceClients(settings);
    this.announcer = new LeadAnnouncer(new LeadNotificationRepository(dataSource), settings, clients);
    this.callDetails = new CallDetailRecorder(new CallDetailsRepository(dataSource), clients);
  }

  async onApplicationBootstrap(): Promise<void> {
    const options = bullOptions(this.env.REDIS_URL);
    this.queue = new Queue(NOTIFY_QUEUE, options);
    this.worker = new Worker<NotifyJobData | CallDetailJobData, NotifyJobResult | object>(
      NOTIFY_QUEUE,
      (job) => (job.name === CALL_DETAIL_JOB_NAME ? this.recordDetail(job as Job<CallDetailJobData>) : this.process(job as Job<NotifyJobData>)),
      { ...workerOptions(this.env.REDIS_URL), concurrency: 1 },
    );
    this.worker.on('failed', (job, error) => this.logger.warn(`notify job ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`));
    this.worker.on('error', (error) => this.logger.error(`notify worker: ${error.message}`));
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
