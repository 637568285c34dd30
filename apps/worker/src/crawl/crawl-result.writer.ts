import { type Assert, CRAWLED_JOB_FIELDS, crawlDedupeKey, type CrawlSite, type Equals } from '@aipm/contracts';
import { type CrawledResultWrite, CrawlResult } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { NormalizedJob } from './normalize/job.normalizer';

/**
 * The columns a crawl writes, each once (ADR 047): the statement's columns, its values and its conflict update all
 * come from this list. The posting's fields are the contracts' CrawledJob, so a field added there is written here
 * once the entity has its column; the assertion below fails if the list and CrawledResultWrite part.
 */
export const CRAWL_RESULT_WRITTEN_COLUMNS = ['taskId', ...CRAWLED_JOB_FIELDS, 'rawData', 'extractedAt', 'site', 'dedupeKey'] as const;
type _WrittenColumnsAreTheWrite = Assert<Equals<(typeof CRAWL_RESULT_WRITTEN_COLUMNS)[number], keyof CrawledResultWrite>>;

/** A re-crawl refreshes everything but the posting's first task (the sightings record the others) and its key. */
const REFRESHED_COLUMNS = CRAWL_RESULT_WRITTEN_COLUMNS.filter((column) => column !== 'taskId' && column !== 'sourceUrl');

const quoted = (column: string): string => `"${column}"`;

const UPSERT_TEXT = `INSERT INTO crawl_results (${CRAWL_RESULT_WRITTEN_COLUMNS.map(quoted).join(', ')})
   VALUES (${CRAWL_RESULT_WRITTEN_COLUMNS.map((_, index) => `$${index + 1}`).join(', ')})
   ON CONFLICT ON CONSTRAINT "UQ_crawl_results_sourceUrl" DO UPDATE SET
     ${REFRESHED_COLUMNS.map((column) => `${quoted(column)} = EXCLUDED.${quoted(column)}`).join(', ')}
   WHERE crawl_results.status = 'pending'
   RETURNING id, (xmax = 0) AS inserted`;

/** The upsert of one crawled result: only a result still pending review is refreshed. */
export function crawlResultUpsert(row: CrawledResultWrite): { text: string; values: unknown[] } {
  return { text: UPSERT_TEXT, values: CRAWL_RESULT_WRITTEN_COLUMNS.map((column) => (column === 'rawData' ? JSON.stringify(row.rawData) : row[column])) };
}

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
    const statement = crawlResultUpsert({ ...job, taskId, site, dedupeKey: crawlDedupeKey(job) });
    const rows: Array<{ id: string; inserted: boolean }> = await this.results.query(statement.text, statement.values);
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
