/**
 * Lifecycle of a crawl task (docs/product/data-model.md#crawl-task-status): the run button is disabled while
 * `running`.
 */
export const CrawlTaskStatus = {
  Pending: 'pending',
  Running: 'running',
  Completed: 'completed',
  Failed: 'failed',
} as const;
export type CrawlTaskStatus = (typeof CrawlTaskStatus)[keyof typeof CrawlTaskStatus];
export const CRAWL_TASK_STATUSES: readonly CrawlTaskStatus[] = Object.values(CrawlTaskStatus);

/**
 * Review state of a crawled job (docs/product/data-model.md#crawl-result-status): pending → approved | rejected,
 * approved → published. Manually added jobs start as approved.
 */
export const CrawlResultStatus = {
  Pending: 'pending',
  Approved: 'approved',
  Published: 'published',
  Rejected: 'rejected',
} as const;
export type CrawlResultStatus = (typeof CrawlResultStatus)[keyof typeof CrawlResultStatus];
export const CRAWL_RESULT_STATUSES: readonly CrawlResultStatus[] = Object.values(CrawlResultStatus);

/** Recruitment sites a crawl can target (docs/product/crawler.md#job-sites). */
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
