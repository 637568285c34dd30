import { CRAWL_MESSAGES, CRAWL_OPS_MESSAGES, type CrawlTaskResponse } from '@aipm/contracts';
import { CreateCrawlTaskDto, SetCrawlScheduleDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { listOf } from '../common/openapi/schemas';
import { CREATE_CRAWL_TASK_BODY, CRAWL_TASK, SCHEDULE_BODY, TASK_STARTED } from './docs/crawler.docs';
import type { Request } from 'express';
import type { SessionUser } from '../common/session';
import { CrawlTasksService } from './crawl-tasks.service';
import { CrawlScheduleService } from './crawl-schedule.service';
import { idParam } from '../common/errors/id-param';
import { Audited } from '../audit/audited.decorator';
import { CrawlTask } from '@aipm/database';

@ApiTags('admin: crawling')
@Controller('admin/crawl-tasks')
export class CrawlTasksController {
  constructor(
    private readonly tasks: CrawlTasksService,
    private readonly schedules: CrawlScheduleService,
  ) {}

  @Get()
  @ApiDataAnswer(listOf(CRAWL_TASK), { description: 'Every crawl task, newest first' })
  @ApiOperation({ summary: 'The crawl tasks with the statistics of their last run' })
  async list(): Promise<{ success: true; data: CrawlTaskResponse[] }> {
    return { success: true, data: await this.tasks.list() };
  }

  @Post()
  @Audited({ action: 'crawl_task.create', entity: 'crawl_task', row: CrawlTask })
  @ApiJsonBody(CreateCrawlTaskDto, CREATE_CRAWL_TASK_BODY)
  @ApiDataAnswer(CRAWL_TASK, { status: 201, description: 'The task, pending', message: CRAWL_MESSAGES.taskCreated })
  @ApiOperation({ summary: 'Creates a crawl task (public http(s) target URLs only)' })
  async create(@Body() dto: CreateCrawlTaskDto, @Req() request: Request): Promise<{ success: true; message: string; data: CrawlTaskResponse }> {
    const user = request.user as SessionUser;
    return { success: true, message: CRAWL_MESSAGES.taskCreated, data: await this.tasks.create(dto, user.id) };
  }

  @Post(':id/run')
  @Audited({ action: 'crawl_task.run', entity: 'crawl_task', row: CrawlTask, details: ({ answer }) => ({ jobId: (answer as { data?: { jobId?: string } } | undefined)?.data?.jobId ?? null }) })
  @HttpCode(202)
  @ApiDataAnswer(TASK_STARTED, { status: 202, description: 'Queued for a worker', message: CRAWL_MESSAGES.taskStarted })
  @ApiFailures('INVALID_TASK_ID', 'TASK_NOT_FOUND', 'TASK_RUNNING')
  @ApiOperation({ summary: 'Queues a run of the task; progress shows in the task list and the queue board' })
  async run(@Param('id', idParam('INVALID_TASK_ID')) id: string): Promise<{ success: true; message: string; data: { jobId: string } }> {
    // A task run may wait for a human check (ADR 078): nobody waits on this answer for the run's end.
    const job = await this.tasks.run(id, { waitForChecks: true });
    return { success: true, message: CRAWL_MESSAGES.taskStarted, data: { jobId: String(job.id) } };
  }

  /** Runs the task on a cron schedule (five fields, Asia/Shanghai); the answer carries its next run. */
  @Put(':id/schedule')
  @Audited({ action: 'crawl_task.schedule.set', entity: 'crawl_task', row: CrawlTask })
  @ApiJsonBody(SetCrawlScheduleDto, SCHEDULE_BODY)
  @ApiDataAnswer(CRAWL_TASK, { description: 'The task with its schedule and next run', message: CRAWL_OPS_MESSAGES.scheduleSaved })
  @ApiFailures('INVALID_TASK_ID', 'TASK_NOT_FOUND', 'INVALID_SCHEDULE', 'SCHEDULE_TOO_FREQUENT')
  @ApiOperation({ summary: 'Runs the task on a cron schedule (five fields, Asia/Shanghai; at least 15 minutes apart)' })
  async setSchedule(@Param('id', idParam('INVALID_TASK_ID')) id: string, @Body() dto: SetCrawlScheduleDto): Promise<{ success: true; message: string; data: CrawlTaskResponse }> {
    return { success: true, message: CRAWL_OPS_MESSAGES.scheduleSaved, data: await this.schedules.set(id, dto.cron) };
  }

  @Delete(':id/schedule')
  @Audited({ action: 'crawl_task.schedule.clear', entity: 'crawl_task', row: CrawlTask })
  @ApiDataAnswer(CRAWL_TASK, { description: 'The task, no longer scheduled', message: CRAWL_OPS_MESSAGES.scheduleCleared })
  @ApiFailures('INVALID_TASK_ID', 'TASK_NOT_FOUND')
  @ApiOperation({ summary: "Removes the task's schedule" })
  async clearSchedule(@Param('id', idParam('INVALID_TASK_ID')) id: string): Promise<{ success: true; message: string; data: CrawlTaskResponse }> {
    return { success: true, message: CRAWL_OPS_MESSAGES.scheduleCleared, data: await this.schedules.clear(id) };
  }
}
