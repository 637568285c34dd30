import type { CrawlFailureReason, CrawlRunStatistics, CrawlSite } from '@aipm/contracts';
import { CrawlRun } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';

export interface FinishedRun {
  taskId: string;
  jobId: string;
  scheduled: boolean;
  stats: CrawlRunStatistics;
  /** The site whose page failed the run for good; null when the run completed. */
  failedSite: CrawlSite | null;
}

/**
 * Writes the end of a run to crawl_runs, one row per site it loaded pages of (the site-health view counts
 * them). Once per job and site: a second ending of the same job (a reconciler racing the processor) is ignored.
 */
@Injectable()
export class CrawlRunRecorder {
  constructor(@InjectRepository(CrawlRun) private readonly runs: Repository<CrawlRun>) {}

  async record(run: FinishedRun): Promise<void> {
    const finishedAt = run.stats.finishedAt ? new Date(run.stats.finishedAt) : new Date();
    const rows = Object.entries(run.stats.sites ?? {}).map(([site, tally]) => {
      const failed = site === run.failedSite;
      return {
        taskId: run.taskId,
        jobId: run.jobId,
        site: site as CrawlSite,
        status: failed ? ('failed' as const) : ('completed' as const),
        scheduled: run.scheduled,
        startedAt: new Date(run.stats.startedAt),
        finishedAt,
        pagesDone: tally!.pagesDone,
        found: tally!.found,
        failures: tally!.failures,
        failureReason: failed ? (run.stats.failureReason as CrawlFailureReason | null) : null,
      };
    });
    if (rows.length === 0) return;
    await this.runs.createQueryBuilder().insert().into(CrawlRun).values(rows).orIgnore().execute();
  }
}
