export { BACKUP_QUEUE, CRAWL_QUEUE, CRAWLER_DIAGNOSTICS_QUEUE, JOB_LIVENESS_QUEUE, KEY_PREFIX, MAINTENANCE_QUEUE, NOTIFY_QUEUE, PRIVACY_QUEUE, QUEUE_NAMES, type QueueName } from './queue-names';
export { crawlSchedulerId, nextCrawlRun, removeCrawlSchedule, upsertCrawlSchedule } from './crawl-schedule';
export { ERASE_EXPIRED_LEADS_JOB_NAME, ERASE_EXPIRED_LEADS_PATTERN, ERASE_EXPIRED_LEADS_SCHEDULER_ID, type EraseExpiredLeadsResult } from './privacy-job';
export { BACKUP_JOB_NAME, BACKUP_JOB_OPTIONS, BACKUP_SCHEDULER_ID, backupRunning, type BackupJobData, startBackupNow } from './backup-job';
export {
  JOB_LIVENESS_JOB_NAME,
  JOB_LIVENESS_PATTERN,
  JOB_LIVENESS_RECHECK_HOURS,
  JOB_LIVENESS_SCHEDULER_ID,
  JOB_LIVENESS_PASS_BUDGET_MS,
  type JobLivenessResult,
} from './job-liveness-job';
export { EXPIRE_JOBS_JOB_NAME, EXPIRE_JOBS_PATTERN, EXPIRE_JOBS_SCHEDULER_ID, type ExpireJobsResult } from './maintenance-job';
export { bullOptions, createRedisConnection, redisOptionsFromUrl, type BullOptions, workerOptions } from './redis-connection';
export {
  WORKER_HEARTBEAT_INTERVAL_MS,
  WORKER_HEARTBEAT_KEY,
  WORKER_HEARTBEAT_TTL_MS,
  type WorkerHeartbeat,
} from './worker-heartbeat';
export {
  CRAWL_JOB_NAME,
  CRAWL_JOB_OPTIONS,
  enqueueCrawl,
  type CrawlJobData,
  type CrawlJobProgress,
  type CrawlJobResult,
  type CrawlQueue,
} from './crawl-job';
export {
  CRAWLER_DIAGNOSTICS_JOB_NAME,
  CRAWLER_DIAGNOSTICS_JOB_OPTIONS,
  enqueueCrawlerDiagnostics,
  type CrawlerDiagnosticsJobData,
  type CrawlerDiagnosticsJobResult,
} from './crawler-diagnostics-job';
export {
  CALL_DETAIL_JOB_NAME,
  CALL_DETAIL_JOB_OPTIONS,
  scheduleCallDetail,
  type CallDetailJobData,
  NOTIFY_JOB_NAME,
  NOTIFY_JOB_OPTIONS,
  enqueueLeadNotification,
  leadNotifyJobId,
  scheduleNotifyDispatch,
  DAILY_SUMMARY_JOB_NAME,
  DAILY_SUMMARY_SCHEDULER_ID,
  DAILY_SUMMARY_TICK_JOB_NAME,
  DAILY_SUMMARY_TICK_OPTIONS,
  DAILY_SUMMARY_TICK_PATTERN,
  scheduleDailySummary,
  CRAWLER_CHECK_JOB_NAME,
  crawlerCheckJobId,
  enqueueCrawlerCheckCall,
  scheduleCrawlerCheckCall,
  type CrawlerCheckJobData,
  type NotifyJobData,
  type NotifyJobResult,
} from './notify-job';
export { LIVE_VIEW_CHANNELS, LIVE_VIEW_KEY_TTL_S, LIVE_VIEW_KEYS_IN_REDIS } from './live-view-channels';
