/**
 * Why a crawl page or run failed. A login wall, captcha or block page is its own reason, never "0 jobs";
 * only the transient reasons are retried.
 */
export const CrawlFailureReason = {
  LoginWall: 'login_wall',
  Captcha: 'captcha',
  Blocked: 'blocked',
  NavigationRefused: 'navigation_refused',
  Timeout: 'timeout',
  HttpError: 'http_error',
  NetworkError: 'network_error',
  NoData: 'no_data',
  Unexpected: 'unexpected',
} as const;
export type CrawlFailureReason = (typeof CrawlFailureReason)[keyof typeof CrawlFailureReason];
export const CRAWL_FAILURE_REASONS: readonly CrawlFailureReason[] = Object.values(CrawlFailureReason);

/** Reasons worth another attempt with backoff; the rest need the operator (cookies, config, selectors). */
export const TRANSIENT_CRAWL_FAILURES: readonly CrawlFailureReason[] = ['timeout', 'http_error', 'network_error', 'unexpected'];

/** Statistics of one run of a crawl task, kept with the task (crawl_tasks.lastRunStats). */
export interface CrawlRunStatistics {
  /** The BullMQ job id of the run. */
  jobId: string;
  /** 1 for the first attempt, more after retries. */
  attempt: number;
  startedAt: string;
  finishedAt: string | null;
  pagesTotal: number;
  pagesDone: number;
  /** Jobs read from the pages (after normalisation). */
  found: number;
  /** Results inserted by this run. */
  new: number;
  /** Results that already existed (same canonical sourceUrl). */
  duplicates: number;
  failures: Partial<Record<CrawlFailureReason, number>>;
  /** Storage object names of the page snapshot (HTML, screenshot) of the first failure of each kind. */
  snapshots: Partial<Record<CrawlFailureReason, { html: string; screenshot: string | null; url: string }>>;
  /** How the jobs were read: data endpoint / embedded JSON, or DOM through learned selectors. */
  sources: Partial<Record<'json' | 'embedded' | 'dom', number>>;
  /** Set when the run failed. */
  failureReason: CrawlFailureReason | null;
  message: string | null;
}

/** BullMQ progress of a crawl job (`job.progress`). */
export interface CrawlJobProgress {
  pagesDone: number;
  pagesTotal: number;
  jobsFound: number;
}
