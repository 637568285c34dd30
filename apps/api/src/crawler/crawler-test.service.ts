import { crawlerTestMessage, crawlerTestNotRunMessage, crawlerTestPassed, type CrawlerTestResponse, crawlerTestTimedOutMessage } from '@aipm/contracts';
import { CRAWLER_DIAGNOSTICS_QUEUE, enqueueCrawlerDiagnostics, type CrawlerDiagnosticsJobResult } from '@aipm/queue';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { CrawlServiceStatusService } from './crawl-service-status.service';
import { QueueEventsConnection } from '../queue/queue-events.connection';
import { CrawlError } from './crawl.error';

/** How long POST /api/admin/crawler-config/test waits for a worker's answer (mutable for tests). */
export const CRAWLER_TEST_OPTIONS = Symbol('CRAWLER_TEST_OPTIONS');
export interface CrawlerTestOptions {
  waitMs: number;
}
/** Under the usual 60 s proxy timeout; five sites load in parallel, each within about 20 s. */
export const DEFAULT_CRAWLER_TEST_WAIT_MS = 45_000;

/**
 * The crawler-config test: a worker (never the API, which drives no browser) starts Chromium and loads each
 * site's search page with the stored cookie; the API enqueues the test and waits a bounded time for it.
 */
@Injectable()
export class CrawlerTestService implements OnModuleDestroy {
  private readonly logger = new Logger(CrawlerTestService.name);
  private readonly events: QueueEventsConnection;

  constructor(
    @Inject(API_ENV) env: ApiEnv,
    @Inject(CRAWLER_TEST_OPTIONS) private readonly options: CrawlerTestOptions,
    @InjectQueue(CRAWLER_DIAGNOSTICS_QUEUE) private readonly queue: Queue,
    private readonly status: CrawlServiceStatusService,
  ) {
    // Queue errors (Redis down) are logged by QueueErrorLogger; the request that waits reports them.
    this.events = new QueueEventsConnection(CRAWLER_DIAGNOSTICS_QUEUE, env.REDIS_URL);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events.close();
  }

  /**
   * 200 with the worker's findings (success only if Chromium started and every site listed jobs); 503 when
   * no worker is alive to run it, 504 when none answered in time, 502 when the test itself broke.
   */
  async test(): Promise<CrawlerTestResponse> {
    const service = await this.status.check();
    if (!service.isValid) throw new CrawlError('CRAWLER_UNAVAILABLE', crawlerTestNotRunMessage(service.message));

    const events = await this.events.ready();
    const job = await enqueueCrawlerDiagnostics(this.queue, { deadline: Date.now() + this.options.waitMs });
    let data: CrawlerDiagnosticsJobResult;
    try {
      data = (await job.waitUntilFinished(events, this.options.waitMs)) as CrawlerDiagnosticsJobResult;
    } catch (error) {
      const state = await job.getState().catch(() => 'unknown');
      if (state === 'failed') throw new CrawlError('CRAWLER_TEST_FAILED', crawlerTestNotRunMessage((error as Error).message));
      // Not started yet: take it back, so a worker that frees up later does not load five sites for nobody.
      // (A started one finishes on its own; the worker skips one whose deadline has passed.)
      await job.remove().catch(() => undefined);
      throw new CrawlError('CRAWLER_TEST_TIMED_OUT', crawlerTestTimedOutMessage(Math.round(this.options.waitMs / 1000)));
    }
    return { success: crawlerTestPassed(data), message: crawlerTestMessage(data), data };
  }
}
