import { bullConnectionFromUrl, CRAWL_QUEUE, KEY_PREFIX, type CrawlJobData, type CrawlJobResult } from '@aipm/queue';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Worker } from 'bullmq';
import { WORKER_ENV, type WorkerEnv } from '../config/worker-env';
import { BrowserService } from './browser/browser.service';
import { CrawlProcessor } from './crawl.processor';

/**
 * The BullMQ worker of the crawl queue, created here rather than by decorator so its concurrency and lock
 * come from the environment. Shutdown: active jobs stop between pages and go back to the queue, the
 * worker closes, then the browser.
 */
@Injectable()
export class CrawlWorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CrawlWorkerService.name);
  private worker?: Worker<CrawlJobData, CrawlJobResult>;

  constructor(
    @Inject(WORKER_ENV) private readonly env: WorkerEnv,
    private readonly processor: CrawlProcessor,
    private readonly browser: BrowserService,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker<CrawlJobData, CrawlJobResult>(CRAWL_QUEUE, (job, token) => this.processor.process(job, token), {
      connection: bullConnectionFromUrl(this.env.REDIS_URL),
      prefix: `${KEY_PREFIX}:bull`,
      concurrency: this.env.CRAWL_CONCURRENCY,
      // A worker that dies mid-job loses its lock after this long; another worker then restarts the job.
      lockDuration: this.env.CRAWL_LOCK_DURATION_MS,
      stalledInterval: this.env.CRAWL_LOCK_DURATION_MS,
    });
    this.worker.on('failed', (job, error) => this.logger.warn(`crawl job ${job?.id} failed: ${error.message}`));
    this.worker.on('error', (error) => this.logger.error(`crawl worker: ${error.message}`));
    this.logger.log(`crawl worker listening (concurrency ${this.env.CRAWL_CONCURRENCY})`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.processor.stop();
    await this.worker?.close();
    await this.browser.onApplicationShutdown();
  }
}
