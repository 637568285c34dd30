import type { CrawlJobProgress, CrawlLiveEvent } from '@aipm/contracts';
import { CRAWL_QUEUE, type CrawlJobData } from '@aipm/queue';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { MessageEvent } from '@nestjs/common';
import { Job, type Queue } from 'bullmq';
import { defer, interval, map, merge, mergeMap, Observable, Subject, takeUntil } from 'rxjs';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { QueueEventsConnection } from '../queue/queue-events.connection';

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
  private readonly connection: QueueEventsConnection;
  private readonly events = new Subject<CrawlLiveEvent>();
  private readonly closing = new Subject<void>();
  private readonly taskOfJob = new Map<string, string>();
  private listening?: Promise<void>;

  constructor(
    @Inject(API_ENV) env: ApiEnv,
    @Inject(CRAWL_EVENTS_OPTIONS) private readonly options: CrawlEventsOptions,
    @InjectQueue(CRAWL_QUEUE) private readonly queue: Queue,
  ) {
    this.connection = new QueueEventsConnection(CRAWL_QUEUE, env.REDIS_URL);
  }

  /**
   * One administrator's stream: the runs' events, and a keep-alive message every 15 s so that idle proxies
   * keep the connection. It ends when the API shuts down (the browser's EventSource then reconnects).
   */
  stream(): Observable<MessageEvent> {
    const live = defer(async () => this.listen()).pipe(mergeMap(() => this.events));
    return merge(
      live.pipe(map((event): MessageEvent => ({ data: event }))),
      interval(this.options.keepAliveMs).pipe(map((): MessageEvent => ({ type: 'keepalive', data: '' }))),
    ).pipe(takeUntil(this.closing));
  }

  async onModuleDestroy(): Promise<void> {
    // Open streams end first, so closing the HTTP server does not wait on them.
    this.closing.next();
    this.closing.complete();
    await this.connection.close();
  }

  /** Subscribes to the queue's events once per process, on the first stream. */
  private listen(): Promise<void> {
    this.listening ??= this.connection.ready().then((queueEvents) => {
      queueEvents.on('active', ({ jobId }) => void this.emit(jobId, (taskId) => ({ type: 'started', taskId, jobId })));
      queueEvents.on('progress', ({ jobId, data }) => {
        const progress = data as Partial<CrawlJobProgress>;
        if (typeof progress?.pagesDone !== 'number') return;
        void this.emit(jobId, (taskId) => ({
          type: 'progress',
          taskId,
          jobId,
          pagesDone: progress.pagesDone ?? 0,
          pagesTotal: progress.pagesTotal ?? 0,
          jobsFound: progress.jobsFound ?? 0,
        }));
      });
      queueEvents.on('completed', ({ jobId }) => void this.emit(jobId, (taskId) => ({ type: 'finished', taskId, jobId, status: 'completed' })));
      // BullMQ reports 'failed' once a job has no attempt left; a retried attempt goes back to waiting/delayed.
      queueEvents.on('failed', ({ jobId }) => void this.emit(jobId, (taskId) => ({ type: 'finished', taskId, jobId, status: 'failed' })));
    });
    // A failed subscription (Redis down) is tried again by the next stream.
    this.listening.catch(() => (this.listening = undefined));
    return this.listening;
  }

  private async emit(jobId: string, event: (taskId: string) => CrawlLiveEvent): Promise<void> {
    try {
      const taskId = await this.taskIdOf(jobId);
      if (taskId) this.events.next(event(taskId));
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
