import { bullOptions, type CrawlerCheckJobData, enqueueCrawlerCheckCall, NOTIFY_QUEUE } from '@aipm/queue';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { WORKER_ENV, type WorkerEnv } from '../../config/worker-env';

/**
 * Asks the notify worker to phone the administrator when a site of a run starts waiting for a human check
 * (docs/product/phone.md#crawler-check-call). Whether anyone is called is the notify worker's decision (the setting,
 * quiet hours, the limits): the crawl only says that a site waits, on the notify queue, once per wait.
 */
@Injectable()
export class CheckCallRequester implements BeforeApplicationShutdown {
  private readonly logger = new Logger(CheckCallRequester.name);
  private queue?: Queue;

  constructor(@Inject(WORKER_ENV) private readonly env: WorkerEnv) {}

  /**
   * Never throws, and the crawl need not wait for it: with Redis slow or down the run goes on and the call is lost,
   * which the log says (the task card and the dashboard still show 等待验证).
   */
  async request(wait: CrawlerCheckJobData): Promise<void> {
    try {
      if (!this.queue) {
        this.queue = new Queue(NOTIFY_QUEUE, bullOptions(this.env.REDIS_URL));
        this.queue.on('error', (error) => this.logger.warn(`notify queue: ${error.message}`));
      }
      await enqueueCrawlerCheckCall(this.queue, wait);
    } catch (error) {
      this.logger.warn(`task ${wait.taskId}: ${wait.site}: the administrator's call not requested: ${(error as Error).message}`);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue?.close();
  }
}
