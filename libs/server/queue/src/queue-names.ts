/** BullMQ queues. Work that is long or may fail is recorded in Postgres first, then enqueued here. */
export const CRAWL_QUEUE = 'crawl';
export const NOTIFY_QUEUE = 'notify';

export const QUEUE_NAMES = [CRAWL_QUEUE, NOTIFY_QUEUE] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Every key this system writes to Redis starts with this, so one Redis can serve several copies. */
export const KEY_PREFIX = 'aipm';
