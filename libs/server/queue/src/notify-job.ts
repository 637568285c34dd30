import type { CrawlSite } from '@aipm/contracts';
import type { Job, JobsOptions, Queue } from 'bullmq';

/** The one job name on the notify queue: "announce the leads waiting for a call". */
export const NOTIFY_JOB_NAME = 'announce-leads';

/**
 * A notify job carries no personal data: the outbox row (lead_notifications) says which lead, and the worker
 * reads the lead when it calls. Every job runs the same dispatch (announce whatever is pending, within quiet
 * hours and the provider's limits), so a job that finds its lead already announced in a batch just ends.
 */
export interface NotifyJobData {
  /** `lead`: a new lead's outbox row was relayed; `scheduled`: the end of quiet hours or of a limit; `startup`. */
  reason: 'lead' | 'scheduled' | 'startup';
  notificationId?: string;
}

export interface NotifyJobResult {
  /** Leads announced by the call this job placed (0: nothing pending, deferred, or another job's call). */
  announced: number;
  /** When the pending leads will be tried again (quiet hours, a limit), ISO 8601. */
  deferredUntil?: string;
}

/**
 * A failed dispatch (both providers failed) retries with exponential backoff: 30 s, 1 min, 2 min … about 4 h in
 * all. Finished jobs stay a week, so a relay that queues the same lead again finds its id taken and adds nothing.
 */
export const NOTIFY_JOB_OPTIONS: Readonly<JobsOptions> = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 30_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** One job per outbox row, whoever relays it and however often: BullMQ ignores an add whose id exists. */
export function leadNotifyJobId(notificationId: string): string {
  return `lead-${notificationId}`;
}

export function enqueueLeadNotification(queue: Queue, notificationId: string): Promise<Job<NotifyJobData, NotifyJobResult, string>> {
  return (queue as unknown as Queue<NotifyJobData, NotifyJobResult>).add(
    NOTIFY_JOB_NAME,
    { reason: 'lead', notificationId },
    { ...NOTIFY_JOB_OPTIONS, jobId: leadNotifyJobId(notificationId) },
  );
}

/** A dispatch at `at` (rounded up to the second): every caller asking for the same moment shares one job. */
export function scheduleNotifyDispatch(queue: Queue, at: Date, now: Date = new Date(), reason: NotifyJobData['reason'] = 'scheduled'): Promise<Job<NotifyJobData, NotifyJobResult, string>> {
  const second = Math.ceil(at.getTime() / 1000);
  return (queue as unknown as Queue<NotifyJobData, NotifyJobResult>).add(
    NOTIFY_JOB_NAME,
    { reason },
    { ...NOTIFY_JOB_OPTIONS, jobId: `dispatch-${second}`, delay: Math.max(0, second * 1000 - now.getTime()) },
  );
}

/** The notify queue's second job: fetch a placed call's record (real duration, price) once it ended. */
export const CALL_DETAIL_JOB_NAME = 'call-detail';

export interface CallDetailJobData {
  /** notification_calls.id of a placed call. */
  callId: string;
}

/**
 * First asked 5 s after the call was placed; a call not yet ended throws and retries at 10 s, 20 s … (12
 * attempts, about 5.7 h in all): an announcement lasts well under a minute, and a record can lag behind it.
 */
export const CALL_DETAIL_JOB_OPTIONS: Readonly<JobsOptions> = {
  delay: 5_000,
  attempts: 12,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** One job per placed call: its id is the call's. */
export function scheduleCallDetail(queue: Queue, callId: string): Promise<Job<CallDetailJobData, unknown, string>> {
  return (queue as unknown as Queue<CallDetailJobData>).add(CALL_DETAIL_JOB_NAME, { callId }, { ...CALL_DETAIL_JOB_OPTIONS, jobId: `detail-${callId}` });
}

/**
 * The daily summary call's check, every minute in Asia/Shanghai (one job scheduler on the notify queue, upserted by
 * every worker): it calls when the clock shows the set time, so a changed time needs no rescheduling. Few kept.
 */
export const DAILY_SUMMARY_SCHEDULER_ID = 'daily-summary';
export const DAILY_SUMMARY_TICK_JOB_NAME = 'daily-summary-tick';
export const DAILY_SUMMARY_TICK_PATTERN = '* * * * *';
export const DAILY_SUMMARY_TICK_OPTIONS: Readonly<JobsOptions> = { removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } };

/** The summary put off (quiet hours, a limit) or failed, placed again at `at`: one job per moment, retried like a dispatch. */
export const DAILY_SUMMARY_JOB_NAME = 'daily-summary';

export function scheduleDailySummary(queue: Queue, at: Date, now: Date = new Date()): Promise<Job> {
  const second = Math.ceil(at.getTime() / 1000);
  return queue.add(DAILY_SUMMARY_JOB_NAME, {}, { ...NOTIFY_JOB_OPTIONS, jobId: `summary-${second}`, delay: Math.max(0, second * 1000 - now.getTime()) });
}

/**
 * The call to the administrator when a site of a running crawl starts waiting for a human check (等待验证,
 * docs/product/phone.md#crawler-check-call). Added by the crawl, placed by the notify worker if the setting is on
 * and the site still waits. No personal data: which run and site, and when the wait started and ends.
 */
export const CRAWLER_CHECK_JOB_NAME = 'crawler-check';

export interface CrawlerCheckJobData {
  taskId: string;
  /** The crawl job (the run) whose site waits. */
  jobId: string;
  site: Exclude<CrawlSite, 'other'>;
  reason: 'captcha' | 'login_wall';
  /** ISO 8601, as on the run's `humanChecks[site]`: the same `since` tells the same wait. */
  since: string;
  until: string;
}

/** One job per wait: a site that meets checks again within the run keeps its first `since`, and rings once. */
export function crawlerCheckJobId(data: Pick<CrawlerCheckJobData, 'jobId' | 'site' | 'since'>): string {
  // A scheduled run's id has colons (repeat:…), which BullMQ refuses in a custom id.
  return `check-${data.jobId.replace(/[^\w-]/g, '_')}-${data.site}-${Math.floor(Date.parse(data.since) / 1000)}`;
}

export function enqueueCrawlerCheckCall(queue: Queue, data: CrawlerCheckJobData): Promise<Job<CrawlerCheckJobData>> {
  return (queue as unknown as Queue<CrawlerCheckJobData>).add(CRAWLER_CHECK_JOB_NAME, data, { ...NOTIFY_JOB_OPTIONS, jobId: crawlerCheckJobId(data) });
}

/** The call put off (quiet hours, a limit, the provider's throttle) to `at`, still before the wait ends. */
export function scheduleCrawlerCheckCall(queue: Queue, data: CrawlerCheckJobData, at: Date, now: Date = new Date()): Promise<Job<CrawlerCheckJobData>> {
  const second = Math.ceil(at.getTime() / 1000);
  return (queue as unknown as Queue<CrawlerCheckJobData>).add(CRAWLER_CHECK_JOB_NAME, data, {
    ...NOTIFY_JOB_OPTIONS,
    jobId: `${crawlerCheckJobId(data)}-at-${second}`,
    delay: Math.max(0, second * 1000 - now.getTime()),
  });
}
