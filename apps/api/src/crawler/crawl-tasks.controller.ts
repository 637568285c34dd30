import { CRAWL_MESSAGES, type CrawlTaskResponse } from '@aipm/contracts';
import { CreateCrawlTaskDto } from '@aipm/contracts/dto';
import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SessionUser } from '../common/guards/admin-session.guard';
import { CrawlTasksService } from './crawl-tasks.service';
import { idParam } from '../common/errors/id-param';

@ApiTags('admin: crawling')
@Controller('admin/crawl-tasks')
export class CrawlTasksController {
  constructor(private readonly tasks: CrawlTasksService) {}

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
}
