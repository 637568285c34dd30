import {
  CRAWL_QUEUE,
  CRAWLER_DIAGNOSTICS_QUEUE,
  type CrawlerDiagnosticsJobData,
  type CrawlerDiagnosticsJobResult,
  type CrawlJobData,
  type CrawlJobResult,
  workerOptions,
} from '@aipm/queue';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Worker } from 'bullmq';
import { WORKER_ENV, type WorkerEnv } from '../config/worker-env';
import { BrowserService } from './browser/browser.service';
import { CrawlProcessor } from './crawl.processor';
import { CrawlerDiagnosticsService } from './diagnostics/crawler-diagnostics.service';
import { CrawlTaskReconciler } from './lifecycle/crawl-task.reconciler';
import { OrphanedJobRecovery } from './lifecycle/orphaned-job.recovery';

/**
 * The BullMQ workers of the crawl and crawler-diagnostics queues, created here rather than by decorator so
 * concurrency and lock come from the environment. Shutdown: active crawl jobs stop between pages and go back
 * to the queue, a running test finishes, the workers close, then the browser.
 */
@Injectable()
export class CrawlWorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CrawlWorkerService.name);
  private worker?: Worker<CrawlJobData, CrawlJobResult>;
  private diagnosticsWorker?: Worker<CrawlerDiagnosticsJobData, CrawlerDiagnosticsJobResult>;

  constructor(
    @Inject(WORKER_ENV) private readonly env: WorkerEnv,
    private readonly processor: CrawlProcessor,
    private readonly diagnostics: CrawlerDiagnosticsService,
    private readonly reconciler: CrawlTaskReconciler,
    private readonly browser: BrowserService,
    private readonly orphans: OrphanedJobRecovery,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new Worker<CrawlJobData, CrawlJobResult>(CRAWL_QUEUE, (job, token) => this.processor.process(job, token), {
      ...workerOptions(this.env.REDIS_URL),
      concurrency: this.env.CRAWL_CONCURRENCY,
      // A worker that dies mid-job loses its lock after this long; another worker then restarts the job.
      lockDuration: this.env.CRAWL_LOCK_DURATION_MS,
      stalledInterval: this.env.CRAWL_LOCK_DURATION_MS,
      // Started below, once this worker is announced: the jobs of a dead worker come back sooner (OrphanedJobRecovery).
      autorun: false,
    });
    this.worker.on('failed', (job, error) => {
      this.logger.warn(`crawl job ${job?.id} failed: ${error.message}`);
      // Also failures the processor never saw (a job stalled too often is failed without running it).
      if (job) void this.reconciler.jobFailed(job, error);
    });
    this.worker.on('error', (error) => this.logger.error(`crawl worker: ${error.message}`));
    await this.orphans.start(this.worker.id);
    void this.worker.run().catch((error: Error) => this.logger.error(`crawl worker stopped: ${error.message}`));

    // One test at a time per worker: each loads five pages and shares the browser with the crawls.
    this.diagnosticsWorker = new Worker<CrawlerDiagnosticsJobData, CrawlerDiagnosticsJobResult>(CRAWLER_DIAGNOSTICS_QUEUE, (job) => this.diagnostics.process(job), {
      ...workerOptions(this.env.REDIS_URL),
      concurrency: 1,
    });
    this.diagnosticsWorker.on('failed', (job, error) => this.logger.warn(`crawler test ${job?.id} failed: ${error.message}`));
    this.diagnosticsWorker.on('error', (error) => this.logger.error(`crawler test worker: ${error.message}`));
    this.logger.log(`crawl worker listening (concurrency ${this.env.CRAWL_CONCURRENCY})`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.processor.stop();
    await Promise.all([this.worker?.close(), this.diagnosticsWorker?.close()]);
    await this.browser.onApplicationShutdown();
  }
}
