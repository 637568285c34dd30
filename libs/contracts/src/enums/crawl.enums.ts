/** Lifecycle of a crawl task (spec §4): the run button is disabled while `running`. */
export const CrawlTaskStatus = {
  Pending: 'pending',
  Running: 'running',
  Completed: 'completed',
  Failed: 'failed',
} as const;
export type CrawlTaskStatus = (typeof CrawlTaskStatus)[keyof typeof CrawlTaskStatus];
export const CRAWL_TASK_STATUSES: readonly CrawlTaskStatus[] = Object.values(CrawlTaskStatus);

/**
 * Review state of a crawled job (spec §4): pending → approved | rejected, approved → published.
 * Manually added jobs start as approved.
 */
export const CrawlResultStatus = {
  Pending: 'pending',
  Approved: 'approved',
  Published: 'published',
  Rejected: 'rejected',
} as const;
export type CrawlResultStatus = (typeof CrawlResultStatus)[keyof typeof CrawlResultStatus];
export const CRAWL_RESULT_STATUSES: readonly CrawlResultStatus[] = Object.values(CrawlResultStatus);

/** Recruitment sites a crawl can target (spec §3 "site enumeration"). */
export const CrawlSite = {
  Zhaopin: 'zhaopin',
  Zhipin: 'zhipin',
  Job51: 'job51',
  Liepin: 'liepin',
  Lagou: 'lagou',
  Other: 'other',
} as const;
export type CrawlSite = (typeof CrawlSite)[keyof typeof CrawlSite];
export const CRAWL_SITES: readonly CrawlSite[] = Object.values(CrawlSite);
