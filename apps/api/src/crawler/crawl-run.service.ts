import { AUTOMATED_CRAWL_MAX_RESULTS, type AutomatedCrawlResponse, CRAWL_ERRORS, CRAWL_MESSAGES, type CrawlCity, type CrawlSite, crawlSucceededMessage } from '@aipm/contracts';
import { CrawlTask } from '@aipm/database';
import { CRAWL_QUEUE, type CrawlJobResult } from '@aipm/queue';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { CrawlResultsService } from './crawl-results.service';
import { CrawlTasksService } from './crawl-tasks.service';
import { DEFAULT_TASK_WAIT_TIME_MS } from './crawler.mapper';
import { QueueEventsConnection } from '../queue/queue-events.connection';
import { CrawlError } from './crawl.error';

/** How long POST /api/admin/crawl/run holds the request before answering with the job id (mutable for tests). */
export const CRAWL_RUN_OPTIONS = Symbol('CRAWL_RUN_OPTIONS');
export interface CrawlRunOptions {
  waitMs: number;
}
/** Under the usual 60 s proxy timeout; a crawl of one search page with the 3 s delay fits well inside. */
export const DEFAULT_CRAWL_RUN_WAIT_MS = 50_000;

export interface AutomatedCrawlRequest {
  site: CrawlSite;
  keywords: string[];
  city: CrawlCity;
  taskName: string;
}

@Injectable()
export class CrawlRunService implements OnModuleDestroy {
  private readonly events: QueueEventsConnection;

  constructor(
    @Inject(API_ENV) env: ApiEnv,
    @Inject(CRAWL_RUN_OPTIONS) private readonly options: CrawlRunOptions,
    @InjectRepository(CrawlTask) private readonly taskRows: Repository<CrawlTask>,
    private readonly tasks: CrawlTasksService,
    private readonly results: CrawlResultsService,
  ) {
    this.events = new QueueEventsConnection(CRAWL_QUEUE, env.REDIS_URL);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events.close();
  }

  /**
   * The automated crawl: records a task (keywords and city, no target URLs: the worker builds the search
   * URLs), enqueues it for 50 jobs, then waits a bounded time. Finished in time: the jobs read. Still
   * running: the job id, and the results appear in the review list when it ends.
   */
  async run(request: AutomatedCrawlRequest, createdBy: string): Promise<AutomatedCrawlResponse> {
    const task = await this.taskRows.save(
      this.taskRows.create({
        name: request.taskName.trim(),
        site: request.site,
        keywords: request.keywords.map((keyword) => keyword.trim()),
        targetUrls: [],
        crawlConfig: { enableJavaScriptRendering: true, antiDetectionMode: true, waitTime: DEFAULT_TASK_WAIT_TIME_MS, city: request.city },
        // Its card shows the 50 it runs with, and a re-run of it keeps them.
        maxResults: AUTOMATED_CRAWL_MAX_RESULTS,
        createdBy,
      }),
    );
    const events = await this.events.ready();
    const job = await this.tasks.run(task.id, { city: request.city });
    const jobId = String(job.id);
    let outcome: CrawlJobResult;
    try {
      outcome = (await job.waitUntilFinished(events, this.options.waitMs)) as CrawlJobResult;
    } catch (error) {
      const state = await job.getState().catch(() => 'unknown');
      if (state === 'failed') throw new CrawlError('CRAWL_FAILED', `${CRAWL_ERRORS.CRAWL_FAILED}：${(error as Error).message}`);
      return { success: true, message: `${CRAWL_MESSAGES.crawlStillRunning}（任务编号 ${jobId}）`, data: { taskId: task.id, jobId, finished: false, jobs: [] } };
    }
    const jobs = await this.results.findByIds(outcome.resultIds);
    return { success: true, message: crawlSucceededMessage(jobs.length), data: { taskId: task.id, jobId, finished: true, jobs } };
  }
}
