import { CRAWL_QUEUE, CRAWLER_DIAGNOSTICS_QUEUE, NOTIFY_QUEUE } from '@aipm/queue';
import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';

// While Redis is down BullMQ reports every reconnect attempt; one line a minute per queue is enough.
const REPEAT_AFTER_MS = 60_000;

/** Sends queue connection errors to the structured log instead of BullMQ's default console output. */
@Injectable()
export class QueueErrorLogger implements OnModuleInit {
  private readonly logger = new Logger('Queue');
  private readonly lastLoggedAt = new Map<string, number>();

  constructor(
    @Inject(getQueueToken(CRAWL_QUEUE)) private readonly crawlQueue: Queue,
    @Inject(getQueueToken(NOTIFY_QUEUE)) private readonly notifyQueue: Queue,
    @Inject(getQueueToken(CRAWLER_DIAGNOSTICS_QUEUE)) private readonly diagnosticsQueue: Queue,
  ) {}

  onModuleInit(): void {
    for (const queue of [this.crawlQueue, this.notifyQueue, this.diagnosticsQueue]) {
      queue.on('error', (error) => this.report(queue.name, error));
    }
  }

  private report(queueName: string, error: Error): void {
    const now = Date.now();
    if (now - (this.lastLoggedAt.get(queueName) ?? 0) < REPEAT_AFTER_MS) return;
    this.lastLoggedAt.set(queueName, now);
    this.logger.warn(`queue ${queueName}: ${error.message}`);
  }
}
