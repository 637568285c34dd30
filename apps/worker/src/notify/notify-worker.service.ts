import { phoneSettings } from '@aipm/phone';
import { bullOptions, NOTIFY_QUEUE, type NotifyJobData, type NotifyJobResult, scheduleNotifyDispatch } from '@aipm/queue';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, Queue, Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import { WORKER_ENV, type WorkerEnv } from '../config/worker-env';
import { LeadAnnouncer, voiceClients } from './lead-announcer';

/**
 * The notify queue's worker: every job runs one dispatch (LeadAnnouncer), and a dispatch put off by quiet
 * hours or a limit leaves a delayed job for that moment (one per moment, whoever asks). At start it also
 * dispatches once, for leads left pending while no worker ran.
 */
@Injectable()
export class NotifyWorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(NotifyWorkerService.name);
  private worker?: Worker<NotifyJobData, NotifyJobResult>;
  private queue?: Queue;
  readonly announcer: LeadAnnouncer;

  constructor(
    @Inject(WORKER_ENV) private readonly env: WorkerEnv,
    @InjectDataSource() dataSource: DataSource,
  ) {
    const settings = phoneSettings(env);
    this.announcer = new LeadAnnouncer(dataSource, settings, voiceClients(settings));
  }

  async onApplicationBootstrap(): Promise<void> {
    const options = bullOptions(this.env.REDIS_URL);
    this.queue = new Queue(NOTIFY_QUEUE, options);
    this.worker = new Worker<NotifyJobData, NotifyJobResult>(NOTIFY_QUEUE, (job) => this.process(job), { ...options, concurrency: 1 });
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
    if ('provider' in result) this.logger.log(`notify ${job.id}: ${result.announced} lead(s) announced through ${result.provider}`);
    return { announced: result.announced };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
