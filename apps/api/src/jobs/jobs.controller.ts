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
  // Kept by browsers and proxies but revalidated on every load: the ETag (Express's, over the body) turns an
  // unchanged list into a 304 without a body, and a job deactivated or deleted in the admin is gone on the
  // next load (docs/product/public-site.md#job-list-call) instead of staying up to a minute.
  @Header('Cache-Control', 'public, no-cache')
  @ApiOkResponse({ type: JobListResponse, description: 'Active published jobs, newest first' })
  async list(@Query() query: ListJobsQuery): Promise<JobListResponse> {
    return { success: true, data: await this.jobs.listActive(query.limit ?? PUBLIC_JOBS_DEFAULT_LIMIT) };
  }
}
