import type { PublicJob } from '@aipm/contracts';
import { PublishedJob } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { toJobResponse } from './job.mapper';

@Injectable()
export class JobsService {
  constructor(@InjectRepository(PublishedJob) private readonly jobs: Repository<PublishedJob>) {}

  /** Active published jobs, newest first (served by IDX_published_jobs_isActive_publishedAt). */
  async listActive(limit: number): Promise<PublicJob[]> {
    const rows = await this.jobs.find({
      where: { isActive: true },
      order: { publishedAt: 'DESC', id: 'ASC' },
      take: limit,
    });
    return rows.map(toJobResponse);
  }
}
