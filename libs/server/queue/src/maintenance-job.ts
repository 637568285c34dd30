/**
 * Housekeeping on a queue of its own (on the crawl queue it would wait behind crawls): the expiry of stale
 * published jobs, fired by a job scheduler every quarter of an hour (ADR 020).
 */
export const EXPIRE_JOBS_JOB_NAME = 'expire-published-jobs';
export const EXPIRE_JOBS_SCHEDULER_ID = 'expire-published-jobs';
export const EXPIRE_JOBS_PATTERN = '*/15 * * * *';

export interface ExpireJobsResult {
  expired: number;
  expiryDays: number;
}
