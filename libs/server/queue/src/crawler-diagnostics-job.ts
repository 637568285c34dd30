import type { CrawlerDiagnostics } from '@aipm/contracts';
import type { Job, JobsOptions, Queue } from 'bullmq';

/** The one job name on the diagnostics queue: "load each site's search page and report". */
export const CRAWLER_DIAGNOSTICS_JOB_NAME = 'crawler-diagnostics';

export interface CrawlerDiagnosticsJobData {
  /**
   * Epoch milliseconds at which the API stops waiting for the answer. The worker fits its page loads inside
   * it and skips a job found after it (a test nobody reads any more must not load five sites).
   */
  deadline: number;
}

/** `job.returnvalue` of a diagnostics job. */
export type CrawlerDiagnosticsJobResult = CrawlerDiagnostics;

/** One attempt: a retried test would answer nobody. Kept a while for Bull Board, then trimmed. */
export const CRAWLER_DIAGNOSTICS_JOB_OPTIONS: Readonly<JobsOptions> = {
  attempts: 1,
  removeOnComplete: { age: 24 * 3600, count: 100 },
  removeOnFail: { age: 7 * 24 * 3600, count: 100 },
};

export function enqueueCrawlerDiagnostics(
  queue: Queue,
  data: CrawlerDiagnosticsJobData,
): Promise<Job<CrawlerDiagnosticsJobData, CrawlerDiagnosticsJobResult, string>> {
  return (queue as unknown as Queue<CrawlerDiagnosticsJobData, CrawlerDiagnosticsJobResult>).add(CRAWLER_DIAGNOSTICS_JOB_NAME, data, { ...CRAWLER_DIAGNOSTICS_JOB_OPTIONS });
}
