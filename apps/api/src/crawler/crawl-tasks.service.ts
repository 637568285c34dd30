import { privateHostReason } from '@aipm/config';
import { type CrawlTaskResponse } from '@aipm/contracts';
import { type CreateCrawlTaskDto } from '@aipm/contracts/dto';
import { CrawlTask, CrawlTaskLifecycle } from '@aipm/database';
import { type CrawlJobData, CRAWL_QUEUE, enqueueCrawl } from '@aipm/queue';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import { type Repository } from 'typeorm';
import { InvalidInputError } from '../common/errors/api.error';
import { DEFAULT_TASK_WAIT_TIME_MS, toCrawlTaskView } from './crawler.mapper';
import { CrawlError } from './crawl.error';
import { CrawlScheduleService } from './crawl-schedule.service';

@Injectable()
export class CrawlTasksService {
  constructor(
    @InjectRepository(CrawlTask) private readonly tasks: Repository<CrawlTask>,
    private readonly lifecycle: CrawlTaskLifecycle,
    @InjectQueue(CRAWL_QUEUE) private readonly queue: Queue,
    private readonly schedules: CrawlScheduleService,
  ) {}

  async list(): Promise<CrawlTaskResponse[]> {
    const [rows, nextRuns] = await Promise.all([this.tasks.find({ order: { createdAt: 'DESC', id: 'ASC' } }), this.schedules.nextRuns()]);
    return rows.map((row) => toCrawlTaskView(row, nextRuns.get(row.id) ?? null));
  }

  async create(dto: CreateCrawlTaskDto, createdBy: string): Promise<CrawlTaskResponse> {
    await assertPublicTargets(dto.targetUrls);
    const task = await this.tasks.save(
      this.tasks.create({
        name: dto.name.trim(),
        site: dto.site ?? null,
        keywords: dto.keywords.map((keyword) => keyword.trim()),
        targetUrls: dto.targetUrls,
        crawlConfig: {
          enableJavaScriptRendering: dto.enableJavaScriptRendering ?? true,
          antiDetectionMode: dto.antiDetectionMode ?? true,
          waitTime: dto.waitTime ?? DEFAULT_TASK_WAIT_TIME_MS,
        },
        // Absent: the column's default (the form's 100).
        ...(dto.maxResults === undefined ? {} : { maxResults: dto.maxResults }),
        createdBy,
      }),
    );
    return toCrawlTaskView(task);
  }

  /**
   * Marks the task running (the lifecycle refuses a second run), then enqueues. If Redis refuses the job the
   * task goes back to the state it had.
   */
  async run(taskId: string, data: Omit<CrawlJobData, 'taskId' | 'maxResults'> = {}): Promise<Job> {
    const outcome = await this.lifecycle.queue(taskId);
    if (!outcome.queued) throw new CrawlError(outcome.reason === 'not_found' ? 'TASK_NOT_FOUND' : 'TASK_RUNNING');
    try {
      // The task's own 最大结果数 goes with every run of it (ADR 062).
      const task = await this.tasks.findOneByOrFail({ id: taskId });
      return await enqueueCrawl(this.queue, { taskId, maxResults: task.maxResults, ...data });
    } catch (error) {
      await this.lifecycle.unqueue(taskId, outcome.previous);
      throw error;
    }
  }
}

/**
 * A target URL on a loopback, private or link-local address (literal or by name) is refused when the task is
 * saved, not only when the worker would load it: the API never stores an address of the inside (SSRF). The
 * same rule as the worker's navigation guard (@aipm/config), which still checks every load and redirect.
 */
async function assertPublicTargets(targetUrls: readonly string[]): Promise<void> {
  const reasons = await Promise.all(targetUrls.map((target) => privateHostReason(new URL(target))));
  if (reasons.some((reason) => reason !== null)) throw InvalidInputError.forField('targetUrls', 'TARGET_URL_PRIVATE');
}
