import { type AdminPublishedJobResponse, PUBLISHED_JOB_MESSAGES } from '@aipm/contracts';
import { UpdatePublishedJobStatusDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Header, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { idParam } from '../common/errors/id-param';
import { PublishedJobsAdminService } from './published-jobs-admin.service';

@ApiTags('admin: published jobs')
@Controller('admin/published-jobs')
export class PublishedJobsAdminController {
  constructor(private readonly jobs: PublishedJobsAdminService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async list(): Promise<{ success: true; data: AdminPublishedJobResponse[] }> {
    return { success: true, data: await this.jobs.list() };
  }

  @Patch(':id/status')
  async setStatus(
    @Param('id', idParam('INVALID_JOB_ID')) id: string,
    @Body() dto: UpdatePublishedJobStatusDto,
  ): Promise<{ success: true; message: string; data: AdminPublishedJobResponse }> {
    return { success: true, message: PUBLISHED_JOB_MESSAGES.updated, data: await this.jobs.setActive(id, dto.isActive) };
  }

  @Delete(':id')
  async remove(@Param('id', idParam('INVALID_JOB_ID')) id: string): Promise<{ success: true; message: string }> {
    await this.jobs.remove(id);
    return { success: true, message: PUBLISHED_JOB_MESSAGES.deleted };
  }
}
