import { PUBLIC_JOBS_DEFAULT_LIMIT } from '@aipm/contracts';
import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { JobListResponse } from './dto/job.response';
import { ListJobsQuery } from './dto/list-jobs.query';
import { JobsService } from './jobs.service';

@ApiTags('public')
@Public() // the public site's job list; the global guard denies everything not marked public
@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get()
  // Visitors see new postings within a minute; the front door's SSR fetch is not cached by this.
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOkResponse({ type: JobListResponse, description: 'Active published jobs, newest first' })
  async list(@Query() query: ListJobsQuery): Promise<JobListResponse> {
    return { success: true, data: await this.jobs.listActive(query.limit ?? PUBLIC_JOBS_DEFAULT_LIMIT) };
  }
}
