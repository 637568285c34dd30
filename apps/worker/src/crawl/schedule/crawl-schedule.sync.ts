import { CrawlTask } from '@aipm/database';
import { bullOptions, CRAWL_QUEUE, crawlSchedulerId, upsertCrawlSchedule, removeCrawlSchedule } from '@aipm/queue';
import { CRAWL_SCHEDULE_TIMEZONE } from '@aipm/contracts';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { IsNull, Not, type Repository } from 'typeorm';
import { WORKER_ENV, type WorkerEnv } from '../../config/worker-env';

const SCHEDULER_PREFIX = crawlSchedulerId('');

/**
 * The task rows are the operator's record of the schedules; Redis holds the schedulers that fire them
 * (ADR 020). At start each worker brings Redis in line with the rows: a Redis restored without its data, or
 * a schedule changed while Redis was down, fires as the rows say. Upserting an unchanged scheduler is harmless.
 */
@Injectable()
export class CrawlScheduleSync implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CrawlScheduleSync.name);
  private queue?: Queue;

  constructor(
    @Inject(WORKER_ENV) private readonly env: WorkerEnv,
    @InjectRepository(CrawlTask) private readonly tasks: Repository<CrawlTask>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.queue = new Queue(CRAWL_QUEUE, bullOptions(this.env.REDIS_URL));
    await this.sync().catch((error: Error) => this.logger.error(`crawl schedules not synchronised: ${error.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue?.close();
  }

  /** Answers how many schedulers it created or replaced, and how many it removed. */
  async sync(): Promise<{ upserted: number; removed: number }> {
    const queue = this.queue!;
    const scheduled = await this.tasks.find({ where: { schedule: Not(IsNull()) }, select: { id: true, schedule: true, maxResults: true } });
    const wanted = new Map(scheduled.map((task) => [crawlSchedulerId(task.id), task]));
    const existing = await queue.getJobSchedulers(0, -1);
    let upserted = 0;
    let removed = 0;
    for (const scheduler of existing) {
      if (!scheduler.key.startsWith(SCHEDULER_PREFIX) || wanted.has(scheduler.key)) continue;
      if (await removeCrawlSchedule(queue, scheduler.key.slice(SCHEDULER_PREFIX.length))) removed += 1;
    }
    for (const [key, task] of wanted) {
      const current = existing.find((scheduler) => scheduler.key === key);
      // A scheduler set before tasks kept their 最大结果数 is brought in line too (ADR 062).
      const maxResults = (current?.template?.data as { maxResults?: number } | undefined)?.maxResults;
      if (current?.pattern === task.schedule && current?.tz === CRAWL_SCHEDULE_TIMEZONE && maxResults === task.maxResults) continue;
      await upsertCrawlSchedule(queue, task.id, task.schedule!, task.maxResults);
      upserted += 1;
    }
    if (upserted + removed > 0) this.logger.log(`crawl schedules: ${upserted} set, ${removed} removed to match the tasks`);
    return { upserted, removed };
  }
}
