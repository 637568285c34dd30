import { CRAWL_SCHEDULE_MIN_INTERVAL_MINUTES, CRAWL_SCHEDULE_TIMEZONE, type CrawlTaskResponse } from '@aipm/contracts';
import { CrawlTask } from '@aipm/database';
import { CRAWL_QUEUE, crawlSchedulerId, nextCrawlRun, removeCrawlSchedule, upsertCrawlSchedule } from '@aipm/queue';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { CronExpressionParser } from 'cron-parser';
import type { Repository } from 'typeorm';
import { InvalidInputError } from '../common/errors/api.error';
import { CrawlError } from './crawl.error';
import { toCrawlTaskView } from './crawler.mapper';

/** Firings checked for the minimum interval: a day of a "every 5 minutes between 9 and 10" rule shows in these. */
const FIRINGS_CHECKED = 200;
/** ...within five years (a leap day comes in four): a rule need not be followed for centuries. */
const HORIZON_MS = 5 * 366 * 24 * 3600 * 1000;

/**
 * A cron text as a schedule: parsed in Asia/Shanghai, and refused when two of its next firings come closer
 * than the minimum interval. Answers the normalised text (single spaces).
 */
export function parseCrawlSchedule(cron: string, now: Date = new Date()): string {
  const normalised = cron.trim().split(/\s+/).join(' ');
  let firings: Date[];
  try {
    const expression = CronExpressionParser.parse(normalised, { tz: CRAWL_SCHEDULE_TIMEZONE, currentDate: now, endDate: new Date(now.getTime() + HORIZON_MS), strict: false });
    firings = [];
    while (firings.length < FIRINGS_CHECKED && expression.hasNext()) firings.push(expression.next().toDate());
  } catch {
    throw InvalidInputError.forField('cron', 'INVALID_SCHEDULE');
  }
  // A rule that never fires within the horizon (30 February) is as good as malformed.
  if (firings.length === 0) throw InvalidInputError.forField('cron', 'INVALID_SCHEDULE');
  const minimumMs = CRAWL_SCHEDULE_MIN_INTERVAL_MINUTES * 60_000;
  for (let index = 1; index < firings.length; index += 1) {
    if (firings[index]!.getTime() - firings[index - 1]!.getTime() < minimumMs) throw InvalidInputError.forField('cron', 'SCHEDULE_TOO_FREQUENT');
  }
  return normalised;
}

/**
 * A task's schedule (docs/product/crawler.md#schedules, ADR 020): the row keeps the text, a BullMQ job scheduler fires
 * it. The row is written first: if Redis then fails, the next worker start brings Redis in line (CrawlScheduleSync).
 */
@Injectable()
export class CrawlScheduleService {
  constructor(
    @InjectRepository(CrawlTask) private readonly tasks: Repository<CrawlTask>,
    @InjectQueue(CRAWL_QUEUE) private readonly queue: Queue,
  ) {}

  async set(taskId: string, cron: string): Promise<CrawlTaskResponse> {
    const schedule = parseCrawlSchedule(cron);
    const task = await this.tasks.findOneBy({ id: taskId });
    if (!task) throw new CrawlError('TASK_NOT_FOUND');
    await this.tasks.update({ id: taskId }, { schedule });
    const nextRunAt = await upsertCrawlSchedule(this.queue, taskId, schedule, task.maxResults);
    return toCrawlTaskView({ ...task, schedule }, nextRunAt);
  }

  async clear(taskId: string): Promise<CrawlTaskResponse> {
    const task = await this.tasks.findOneBy({ id: taskId });
    if (!task) throw new CrawlError('TASK_NOT_FOUND');
    await this.tasks.update({ id: taskId }, { schedule: null });
    await removeCrawlSchedule(this.queue, taskId);
    return toCrawlTaskView({ ...task, schedule: null }, null);
  }

  /** Next firing per scheduled task, as Redis has them (one round trip for the whole list). */
  async nextRuns(): Promise<Map<string, Date>> {
    const schedulers = await this.queue.getJobSchedulers(0, -1);
    const prefix = crawlSchedulerId('');
    return new Map(schedulers.filter((s) => s.key.startsWith(prefix) && s.next).map((s) => [s.key.slice(prefix.length), new Date(s.next!)]));
  }

  async nextRun(taskId: string): Promise<Date | null> {
    return nextCrawlRun(this.queue, taskId);
  }
}
