import type { PublicJob } from '@aipm/contracts';
import { AdminConfig, PublishedJob, readCrawlerConfig } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { toJobResponse } from './job.mapper';

@Injectable()
export class JobsService {
  constructor(
    @InjectRepository(PublishedJob) private readonly jobs: Repository<PublishedJob>,
    @InjectRepository(AdminConfig) private readonly settings: Repository<AdminConfig>,
  ) {}

  /** Active published jobs, newest first (served by IDX_published_jobs_isActive_publishedAt). */
  async listActive(limit: number): Promise<PublicJob[]> {
    const [rows, config] = await Promise.all([
      this.jobs.find({ where: { isActive: true }, order: { publishedAt: 'DESC', id: 'ASC' }, take: limit }),
      readCrawlerConfig(this.settings),
    ]);
    return rows.map((row) => toJobResponse(row, config.job_expiry_days));
  }
}
