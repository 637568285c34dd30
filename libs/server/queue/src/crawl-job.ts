import type { CrawlJobProgress, CrawlRunStatistics } from '@aipm/contracts';
import type { Job, JobsOptions, Queue } from 'bullmq';

/** The one job name on the crawl queue: "run this crawl task". */
export const CRAWL_JOB_NAME = 'crawl-task';

/**
 * Payload of a crawl job. The task row (recorded in Postgres before enqueueing) holds the keywords, target
 * URLs and options; the payload only carries what is specific to this run.
 */
export interface CrawlJobData {
  taskId: string;
  /**
   * The task's 最大结果数 (ADR 062): the run stops once this many distinct results are stored, new or already known,
   * across all its sites. Absent: the task's own figure.
   */
  maxResults?: number;
  /** Pages per target (search URL); default 3. */
  maxPages?: number;
  /** One of the ten cities of docs/product/crawler.md#cities, used when the task has keywords but no target URLs. */
  city?: string;
  /** Fired by the task's job scheduler: skipped while the task is already running (ADR 020). */
  scheduled?: boolean;
  /**
   * A captcha or login wall makes its site wait for the operator's live view (等待验证, ADR 078) instead of failing
   * the run: set for task runs (the run button, schedules); the automated search, whose caller waits for the
   * answer, and direct jobs fail at once as before.
   */
  waitForChecks?: boolean;
}

/** What a finished crawl job returns (`job.returnvalue`), e.g. for POST /api/admin/crawl/run to answer with. */
export interface CrawlJobResult {
  stats: CrawlRunStatistics;
  /** crawl_results ids read by this run (new and existing), in page order. */
  resultIds: string[];
  /** A scheduled firing that found the task already running and did nothing. */
  skipped?: boolean;
}

export type { CrawlJobProgress };

/**
 * Transient failures (timeouts, 5xx, network) retry with exponential backoff: 10 s, 20 s. Login walls and
 * captchas fail at once (the worker marks them unrecoverable). Finished jobs are trimmed, failed ones kept
 * for the operator.
 */
export const CRAWL_JOB_OPTIONS: Readonly<JobsOptions> = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 1000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

export type CrawlQueue = Queue<CrawlJobData, CrawlJobResult, typeof CRAWL_JOB_NAME>;

/** Enqueues one run of a crawl task, which the caller has marked running through `CrawlTaskLifecycle.queue` (ADR 042). */
export function enqueueCrawl(
  queue: Queue,
  data: CrawlJobData,
  options: JobsOptions = {},
): Promise<Job<CrawlJobData, CrawlJobResult, string>> {
  return (queue as unknown as CrawlQueue).add(CRAWL_JOB_NAME, data, { ...CRAWL_JOB_OPTIONS, ...options });
}
