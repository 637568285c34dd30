import { crawlDedupeKey, type CrawlSite } from '@aipm/contracts';
import { CrawlResult } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { NormalizedJob } from './normalize/job.normalizer';

export interface UpsertOutcome {
  id: string;
  inserted: boolean;
}

/**
 * Writes crawl results idempotently, keyed by the canonical sourceUrl (unique): a rerun, a retry or a job
 * resumed by another worker updates the same row. Only rows still pending review are refreshed; a result
 * the administrator has approved, rejected or published is left exactly as it is. Either way the task is
 * recorded as having found it (crawl_result_sightings): the row keeps its first task, and the task filter of
 * the review list reads the sightings, so a re-run lists what it found even when another task found it first.
 */
@Injectable()
export class CrawlResultWriter {
  constructor(@InjectRepository(CrawlResult) private readonly results: Repository<CrawlResult>) {}

  /**
   * `site`: the adapter that read the posting; with the duplicate key it lets one posting on two sites be one
   * review item. `runJobId`: the run's BullMQ job id, kept on the sighting (crawl_runs.jobId names the run).
   */
  async upsert(taskId: string, job: NormalizedJob, site: CrawlSite | null = null, runJobId: string | null = null): Promise<UpsertOutcome> {
    const rows: Array<{ id: string; inserted: boolean }> = await this.results.query(
      `INSERT INTO crawl_results ("taskId", title, company, location, salary, "salaryMin", "salaryMax", "salaryCurrency",
         "salaryPeriod", "salaryMonths", description, requirements, "skillTags", "sourceUrl", "rawData", "postedAt", "extractedAt", site, "dedupeKey")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
       ON CONFLICT ON CONSTRAINT "UQ_crawl_results_sourceUrl" DO UPDATE SET
         title = EXCLUDED.title, company = EXCLUDED.company, location = EXCLUDED.location, salary = EXCLUDED.salary,
         "salaryMin" = EXCLUDED."salaryMin", "salaryMax" = EXCLUDED."salaryMax", "salaryCurrency" = EXCLUDED."salaryCurrency",
         "salaryPeriod" = EXCLUDED."salaryPeriod", "salaryMonths" = EXCLUDED."salaryMonths", description = EXCLUDED.description,
         requirements = EXCLUDED.requirements, "skillTags" = EXCLUDED."skillTags", "rawData" = EXCLUDED."rawData",
         "postedAt" = EXCLUDED."postedAt", "extractedAt" = EXCLUDED."extractedAt",
         site = EXCLUDED.site, "dedupeKey" = EXCLUDED."dedupeKey"
       WHERE crawl_results.status = 'pending'
       RETURNING id, (xmax = 0) AS inserted`,
      [
        taskId,
        job.title,
        job.company,
        job.location,
        job.salary,
        job.salaryMin,
        job.salaryMax,
        job.salaryCurrency,
        job.salaryPeriod,
        job.salaryMonths,
        job.description,
        job.requirements,
        job.skillTags,
        job.sourceUrl,
        JSON.stringify(job.rawData),
        job.postedAt,
        job.extractedAt,
        site,
        crawlDedupeKey(job),
      ],
    );
    // Already reviewed: the conflict update was skipped, so read the existing row's id.
    const outcome = rows.length > 0 ? { id: rows[0].id, inserted: rows[0].inserted } : { id: (await this.results.findOneOrFail({ where: { sourceUrl: job.sourceUrl }, select: { id: true } })).id, inserted: false };
    await this.results.query(
      `INSERT INTO crawl_result_sightings ("resultId", "taskId", "lastJobId") VALUES ($1, $2, $3)
       ON CONFLICT ON CONSTRAINT "PK_crawl_result_sightings" DO UPDATE SET "lastFoundAt" = now(), "lastJobId" = EXCLUDED."lastJobId"`,
      [outcome.id, taskId, runJobId],
    );
    return outcome;
  }
}
