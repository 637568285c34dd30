/**
 * The liveness check of published jobs (docs/product/crawler.md#published-jobs-that-stay-alive, ADR 063): a job
 * scheduler fires a pass every hour; each pass checks, at the sites' pace, the active published jobs whose last
 * check is older than JOB_LIVENESS_RECHECK_HOURS (never-checked ones first). A pass stops starting checks after
 * its budget, so passes never overlap; whatever it left is the oldest for the next one.
 */
export const JOB_LIVENESS_JOB_NAME = 'check-published-jobs';
export const JOB_LIVENESS_SCHEDULER_ID = 'check-published-jobs';
export const JOB_LIVENESS_PATTERN = '40 * * * *';
/**
 * A job is due again this long after its last check. The product promises a check at least every 72 hours; a day
 * leaves two more days of hourly passes for a site that was busy, slow or refusing.
 */
export const JOB_LIVENESS_RECHECK_HOURS = 24;
/** A pass starts no check after this long (less than the hour between firings). */
export const JOB_LIVENESS_PASS_BUDGET_MS = 45 * 60 * 1000;

export interface JobLivenessResult {
  checked: number;
  open: number;
  closed: number;
  refused: number;
  failed: number;
  /** Jobs whose source is on none of the five sites (added by hand): not checked. */
  skipped: number;
}
