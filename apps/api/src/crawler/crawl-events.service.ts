import type { CrawlJobProgress, CrawlLiveEvent } from '@aipm/contracts';
import { CRAWL_QUEUE, type CrawlJobData } from '@aipm/queue';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { MessageEvent } from '@nestjs/common';
import { Job, type Queue, type QueueEvents } from 'bullmq';
import type { Observable } from 'rxjs';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { QueueEventFanOut } from '../queue/queue-event-fan-out';

/** Options of the stream (shorter keep-alive in tests). */
export const CRAWL_EVENTS_OPTIONS = Symbol('CRAWL_EVENTS_OPTIONS');
export interface CrawlEventsOptions {
  keepAliveMs: number;
}

/** How many job → task ids are remembered (one lookup per run, not per page). */
const KNOWN_JOBS = 500;

/**
 * The crawl runs as they happen, for the admin's live progress: the worker reports each page through BullMQ
 * (`job.updateProgress`), whose event stream in Redis this process reads once, however many administrators
 * watch, and fans out to every open event stream. Nothing polls: a page done in the worker is a message here.
 */
@Injectable()
export class CrawlEventsService implements OnModuleDestroy {
  private readonly logger = new Logger(CrawlEventsService.name);
  private readonly fanOut: QueueEventFanOut<CrawlLiveEvent>;
  private readonly taskOfJob = new Map<string, string>();

  constructor(
    @Inject(API_ENV) env: ApiEnv,
    @Inject(CRAWL_EVENTS_OPTIONS) options: CrawlEventsOptions,
    @InjectQueue(CRAWL_QUEUE) private readonly queue: Queue,
  ) {
    this.fanOut = new QueueEventFanOut<CrawlLiveEvent>(CRAWL_QUEUE, env.REDIS_URL, (queueEvents, emit) => this.subscribe(queueEvents, emit), options);
  }

  /** One administrator's stream of the runs' events, with keep-alives, until the API shuts down. */
  stream(): Observable<MessageEvent> {
    return this.fanOut.stream();
  }

  async onModuleDestroy(): Promise<void> {
    await this.fanOut.close();
  }

  /** What the stream says of the queue's events: a run started, a page done, a run ended. */
  private subscribe(queueEvents: QueueEvents, emit: (event: CrawlLiveEvent) => void): void {
    const emitFor = (jobId: string, event: (taskId: string) => CrawlLiveEvent) => void this.emitForTask(jobId, event, emit);
    queueEvents.on('active', ({ jobId }) => emitFor(jobId, (taskId) => ({ type: 'started', taskId, jobId })));
    queueEvents.on('progress', ({ jobId, data }) => {
      const progress = data as Partial<CrawlJobProgress>;
      if (typeof progress?.pagesDone !== 'number') return;
      emitFor(jobId, (taskId) => ({
        type: 'progress',
        taskId,
        jobId,
        pagesDone: progress.pagesDone ?? 0,
        pagesTotal: progress.pagesTotal ?? 0,
        jobsFound: progress.jobsFound ?? 0,
        // A site waiting for a human check (等待验证, ADR 078) and the live view of its page.
        ...(progress.humanChecks && Object.keys(progress.humanChecks).length > 0 ? { humanChecks: progress.humanChecks } : {}),
      }));
    });
    queueEvents.on('completed', ({ jobId }) => emitFor(jobId, (taskId) => ({ type: 'finished', taskId, jobId, status: 'completed' })));
    // BullMQ reports 'failed' once a job has no attempt left; a retried attempt goes back to waiting/delayed.
    queueEvents.on('failed', ({ jobId }) => emitFor(jobId, (taskId) => ({ type: 'finished', taskId, jobId, status: 'failed' })));
  }

  /** The event of a job's task (read from the job once); a job without a task says nothing. */
  private async emitForTask(jobId: string, event: (taskId: string) => CrawlLiveEvent, emit: (event: CrawlLiveEvent) => void): Promise<void> {
    try {
      const taskId = await this.taskIdOf(jobId);
      if (taskId) emit(event(taskId));
    } catch (error) {
      this.logger.warn(`crawl event of job ${jobId} dropped: ${(error as Error).message}`);
    }
  }

  /** The task a job runs, read from the job's data once and remembered. */
  private async taskIdOf(jobId: string): Promise<string | undefined> {
    const known = this.taskOfJob.get(jobId);
    if (known) return known;
    const job = await Job.fromId<CrawlJobData>(this.queue, jobId);
    const taskId = job?.data?.taskId;
    if (!taskId) return undefined;
    if (this.taskOfJob.size >= KNOWN_JOBS) this.taskOfJob.delete(this.taskOfJob.keys().next().value as string);
    this.taskOfJob.set(jobId, taskId);
    return taskId;
  }
}
