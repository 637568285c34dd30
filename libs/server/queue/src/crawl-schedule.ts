import { CRAWL_SCHEDULE_TIMEZONE } from '@aipm/contracts';
import type { Queue } from 'bullmq';
import { CRAWL_JOB_NAME, CRAWL_JOB_OPTIONS, type CrawlJobData } from './crawl-job';

/**
 * A scheduled crawl task is a BullMQ job scheduler on the crawl queue (ADR 020): Redis holds it, so it survives
 * restarts of every process, and each firing is one job with an id derived from the scheduler and the firing
 * time, so any number of workers run it once. The task row's `schedule` column is the operator's copy.
 */
export function crawlSchedulerId(taskId: string): string {
  return `crawl-task:${taskId}`;
}

/**
 * Creates or replaces the task's scheduler; answers when it fires next. Each firing carries the task's 最大结果数
 * (ADR 062); a firing without it (a scheduler set before tasks had one) runs with the task's own figure.
 */
export async function upsertCrawlSchedule(queue: Queue, taskId: string, pattern: string, maxResults?: number): Promise<Date | null> {
  const { attempts, backoff, removeOnComplete, removeOnFail } = CRAWL_JOB_OPTIONS;
  await queue.upsertJobScheduler(
    crawlSchedulerId(taskId),
    { pattern, tz: CRAWL_SCHEDULE_TIMEZONE },
    { name: CRAWL_JOB_NAME, data: { taskId, scheduled: true, waitForChecks: true, ...(maxResults === undefined ? {} : { maxResults }) } satisfies CrawlJobData, opts: { attempts, backoff, removeOnComplete, removeOnFail } },
  );
  return nextCrawlRun(queue, taskId);
}

export async function removeCrawlSchedule(queue: Queue, taskId: string): Promise<boolean> {
  return queue.removeJobScheduler(crawlSchedulerId(taskId));
}

/** When the task's scheduler fires next, as Redis has it; null without a scheduler. */
export async function nextCrawlRun(queue: Queue, taskId: string): Promise<Date | null> {
  const scheduler = await queue.getJobScheduler(crawlSchedulerId(taskId));
  return scheduler?.next ? new Date(scheduler.next) : null;
}
