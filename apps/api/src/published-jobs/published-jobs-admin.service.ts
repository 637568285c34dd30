import { type AdminPublishedJobResponse } from '@aipm/contracts';
import { PublishedJob } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { toJobResponse } from '../jobs/job.mapper';
import { PublishedJobError } from './published-job.error';

function toAdminPublishedJobView(job: PublishedJob): AdminPublishedJobResponse {
  return {
    ...toJobResponse(job),
    crawlResultId: job.crawlResultId,
    isActive: job.isActive,
    publishedAt: job.publishedAt.toISOString(),
    closedReason: job.closedReason,
    closedEvidence: job.closedEvidence,
    sourceCheckedAt: job.sourceCheckedAt ? job.sourceCheckedAt.toISOString() : null,
    sourceCheckOutcome: job.sourceCheckOutcome,
  };
}

@Injectable()
export class PublishedJobsAdminService {
  constructor(@InjectRepository(PublishedJob) private readonly jobs: Repository<PublishedJob>) {}

  /** Active and deactivated, newest publication first. */
  async list(): Promise<AdminPublishedJobResponse[]> {
    const rows = await this.jobs.find({ order: { publishedAt: 'DESC', id: 'ASC' } });
    return rows.map(toAdminPublishedJobView);
  }

  async setActive(id: string, isActive: boolean): Promise<AdminPublishedJobResponse> {
    const outcome = await this.jobs.update({ id }, { isActive });
    if (outcome.affected === 0) throw new PublishedJobError('JOB_NOT_FOUND');
    return toAdminPublishedJobView(await this.jobs.findOneByOrFail({ id }));
  }

  /** Irreversible (docs/product/data-model.md#published-job-status); its crawl result stays, marked published. */
  async remove(id: string): Promise<void> {
    const outcome = await this.jobs.delete({ id });
    if (outcome.affected === 0) throw new PublishedJobError('JOB_NOT_FOUND');
  }
}
