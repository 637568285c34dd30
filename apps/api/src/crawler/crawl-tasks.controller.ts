import { CRAWL_MESSAGES, CRAWL_OPS_MESSAGES, type CrawlTaskResponse } from '@aipm/contracts';
import { CreateCrawlTaskDto, SetCrawlScheduleDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SessionUser } from '../common/guards/admin-session.guard';
import { CrawlTasksService } from './crawl-tasks.service';
import { CrawlScheduleService } from './crawl-schedule.service';
import { idParam } from '../common/errors/id-param';

@ApiTags('admin: crawling')
@Controller('admin/crawl-tasks')
export class CrawlTasksController {
  constructor(
    private readonly tasks: CrawlTasksService,
    private readonly schedules: CrawlScheduleService,
  ) {}

  @Get()
  async list(): Promise<{ success: true; data: CrawlTaskResponse[] }> {
    return { success: true, data: await this.tasks.list() };
  }

  @Post()
  async create(@Body() dto: CreateCrawlTaskDto, @Req() request: Request): Promise<{ success: true; message: string; data: CrawlTaskResponse }> {
    const user = request.user as SessionUser;
    return { success: true, message: CRAWL_MESSAGES.taskCreated, data: await this.tasks.create(dto, user.id) };
  }

  @Post(':id/run')
  @HttpCode(202)
  async run(@Param('id', idParam('INVALID_TASK_ID')) id: string): Promise<{ success: true; message: string; data: { jobId: string } }> {
    const job = await this.tasks.run(id);
    return { success: true, message: CRAWL_MESSAGES.taskStarted, data: { jobId: String(job.id) } };
  }

  /** Runs the task on a cron schedule (five fields, Asia/Shanghai); the answer carries its next run. */
  @Put(':id/schedule')
  async setSchedule(@Param('id', idParam('INVALID_TASK_ID')) id: string, @Body() dto: SetCrawlScheduleDto): Promise<{ success: true; message: string; data: CrawlTaskResponse }> {
    return { success: true, message: CRAWL_OPS_MESSAGES.scheduleSaved, data: await this.schedules.set(id, dto.cron) };
  }

  @Delete(':id/schedule')
  async clearSchedule(@Param('id', idParam('INVALID_TASK_ID')) id: string): Promise<{ success: true; message: string; data: CrawlTaskResponse }> {
    return { success: true, message: CRAWL_OPS_MESSAGES.scheduleCleared, data: await this.schedules.clear(id) };
  }
}
