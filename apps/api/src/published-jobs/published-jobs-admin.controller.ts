import { type AdminPublishedJobResponse, PUBLISHED_JOB_MESSAGES } from '@aipm/contracts';
import { UpdatePublishedJobStatusDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Header, Param, Patch } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiDataAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { listOf } from '../common/openapi/schemas';
import { ADMIN_PUBLISHED_JOB, JOB_DELETED, PUBLISHED_JOB_STATUS_BODY } from './docs/published-jobs.docs';
import { idParam } from '../common/errors/id-param';
import { PublishedJobsAdminService } from './published-jobs-admin.service';
import { Audited } from '../audit/audited.decorator';
import { PublishedJob } from '@aipm/database';

@ApiTags('admin: published jobs')
@Controller('admin/published-jobs')
export class PublishedJobsAdminController {
  constructor(private readonly jobs: PublishedJobsAdminService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(listOf(ADMIN_PUBLISHED_JOB), { description: 'Every published job, active or not' })
  @ApiOperation({ summary: 'The published jobs' })
  async list(): Promise<{ success: true; data: AdminPublishedJobResponse[] }> {
    return { success: true, data: await this.jobs.list() };
  }

  @Patch(':id/status')
  @Audited({ action: ({ request }) => ((request.body as { isActive?: boolean }).isActive ? 'job.activate' : 'job.deactivate'), entity: 'published_job', row: PublishedJob })
  @ApiJsonBody(UpdatePublishedJobStatusDto, PUBLISHED_JOB_STATUS_BODY)
  @ApiDataAnswer(ADMIN_PUBLISHED_JOB, { description: 'The job as changed', message: PUBLISHED_JOB_MESSAGES.updated })
  @ApiFailures('INVALID_JOB_ID', 'JOB_NOT_FOUND')
  @ApiOperation({ summary: 'Shows (true) or hides (false) a job on the site' })
  async setStatus(
    @Param('id', idParam('INVALID_JOB_ID')) id: string,
    @Body() dto: UpdatePublishedJobStatusDto,
  ): Promise<{ success: true; message: string; data: AdminPublishedJobResponse }> {
    return { success: true, message: PUBLISHED_JOB_MESSAGES.updated, data: await this.jobs.setActive(id, dto.isActive) };
  }

  @Delete(':id')
  @Audited({ action: 'job.delete', entity: 'published_job', row: PublishedJob })
  @ApiAnswer(JOB_DELETED, { description: 'Deleted' })
  @ApiFailures('INVALID_JOB_ID', 'JOB_NOT_FOUND')
  @ApiOperation({ summary: 'Deletes a published job' })
  async remove(@Param('id', idParam('INVALID_JOB_ID')) id: string): Promise<{ success: true; message: string }> {
    await this.jobs.remove(id);
    return { success: true, message: PUBLISHED_JOB_MESSAGES.deleted };
  }
}
