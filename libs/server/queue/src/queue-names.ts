/** BullMQ queues. Work that is long or may fail is recorded in Postgres first, then enqueued here. */
export const CRAWL_QUEUE = 'crawl';
export const NOTIFY_QUEUE = 'notify';
/**
 * The crawler-config test, on a queue of its own: on the crawl queue it would wait behind every queued crawl,
 * while the administrator waits for the answer.
 */
export const CRAWLER_DIAGNOSTICS_QUEUE = 'crawler-diagnostics';

/** Housekeeping fired by job schedulers (the expiry of stale published jobs). */
export const MAINTENANCE_QUEUE = 'maintenance';

/**
 * Personal-data duties fired by a job scheduler (docs/product/back-office.md#lead-retention: leads past their
 * retention period are erased).
 */
export const PRIVACY_QUEUE = 'privacy';

/** Backups of the database and the stored files (docs/product/backups.md#daily), daily and on demand. */
export const BACKUP_QUEUE = 'backups';

/**
 * The liveness check of published jobs at their sources (docs/product/crawler.md#published-jobs-that-stay-alive): a
 * pass loads pages at the sites' pace and may last minutes, so it has a queue of its own rather than holding up the
 * quarter-hourly expiry on the maintenance queue.
 */
export const JOB_LIVENESS_QUEUE = 'job-liveness';

export const QUEUE_NAMES = [CRAWL_QUEUE, NOTIFY_QUEUE, CRAWLER_DIAGNOSTICS_QUEUE, MAINTENANCE_QUEUE, PRIVACY_QUEUE, BACKUP_QUEUE, JOB_LIVENESS_QUEUE] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Every key this system writes to Redis starts with this, so one Redis can serve several copies. */
export const KEY_PREFIX = 'aipm';
