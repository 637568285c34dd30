import { PUBLISHED_JOB_MESSAGES, UpdatePublishedJobStatusDto, type AdminPublishedJobView } from '@aipm/contracts';
import { Body, Controller, Delete, Get, Header, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { uuidParam } from '../crawler/dto/uuid-param';
import { PublishedJobsAdminService } from './published-jobs-admin.service';

@ApiTags('admin: published jobs')
@Controller('admin/published-jobs')
export class PublishedJobsAdminController {
  constructor(private readonly jobs: PublishedJobsAdminService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async list(): Promise<{ success: true; data: AdminPublishedJobView[] }> {
    return { success: true, data: await this.jobs.list() };
  }

  @Patch(':id/status')
  async setStatus(
    @Param('id', uuidParam(PUBLISHED_JOB_MESSAGES.invalidJobId)) id: string,
    @Body() dto: UpdatePublishedJobStatusDto,
  ): Promise<{ success: true; message: string; data: AdminPublishedJobView }> {
    return { success: true, message: PUBLISHED_JOB_MESSAGES.updated, data: await this.jobs.setActive(id, dto.isActive) };
  }

  @Delete(':id')
  async remove(@Param('id', uuidParam(PUBLISHED_JOB_MESSAGES.invalidJobId)) id: string): Promise<{ success: true; message: string }> {
    await this.jobs.remove(id);
    return { success: true, message: PUBLISHED_JOB_MESSAGES.deleted };
  }
}
