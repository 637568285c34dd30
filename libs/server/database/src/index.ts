export { User } from './auth/user.entity';
export { AuditEntry } from './audit/audit-entry.entity';
export { AuditLog1795526189000 } from './migrations/1795526189000-audit-log';
export { AdminConfig } from './settings/admin-config.entity';
export { readCrawlerConfig } from './settings/crawler-config.reader';
export { Registration } from './leads/registration.entity';
export { ContactMessage } from './leads/contact-message.entity';
export { FollowUp } from './leads/follow-up.entity';
export { LeadImportBatch } from './leads/lead-import-batch.entity';
export { LeadImportRow } from './leads/lead-import-row.entity';
export { LeadMerge, type LeadMergeImage } from './leads/lead-merge.entity';
export { LearnedSelector } from './crawler/learned-selector.entity';
export { CrawlTask, type CrawlTaskConfig } from './crawler/crawl-task.entity';
export { CrawlResult } from './crawler/crawl-result.entity';
export type { CrawledJobRow, CrawledResultWrite, CrawlResultRow, NewCrawlResult, PublishedJobCopy, WithDates } from './crawler/crawl-result.row';
export { CrawlResultSighting } from './crawler/crawl-result-sighting.entity';
export { CrawlRun } from './crawler/crawl-run.entity';
export { CrawlerSiteSession } from './crawler/site-session.entity';
export { SiteSessionSeal, type OriginStorage, type SiteSessionContents, type StoredCookie } from './crawler/site-session.seal';
export {
  allowed as crawlTaskTransitionAllowed,
  CRAWL_TASK_TRANSITIONS,
  CrawlTaskLifecycle,
  type CrawlTaskTransition,
  type FinishedRun,
  type QueuedFrom,
  type QueueOutcome,
} from './crawler/crawl-task.lifecycle';
export { PublishedJob } from './jobs/published-job.entity';
export { PublishedJobLiveness, type LivenessCheckTarget } from './jobs/published-job.liveness';
export { WechatShareConfig } from './wechat/wechat-share-config.entity';
export { Student } from './students/student.entity';
export { StudentContract } from './students/student-contract.entity';
export { StudentPayment } from './students/student-payment.entity';
export { StudentAccount } from './students/student-account.entity';
export { StudentPasswordReset } from './students/student-password-reset.entity';
export { StoredUpload } from './students/stored-upload.entity';
export { StudentFile } from './students/student-file.entity';
export { Cohort } from './cohorts/cohort.entity';
export { Attendance } from './cohorts/attendance.entity';
export { StudentOutcome } from './students/student-outcome.entity';
export { Session } from './sessions/session.entity';
export { BackupRun } from './backups/backup-run.entity';
export { LandingPublication } from './landing/landing-publication.entity';
export { NotificationCall } from './notifications/notification-call.entity';
export { LeadNotification } from './notifications/lead-notification.entity';
export { NotificationCallLead } from './notifications/notification-call-lead.entity';
export { NotificationCallDetail } from './notifications/notification-call-detail.entity';
export { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema';
export { CrawlRunDetails1763950000000 } from './migrations/1763950000000-crawl-run-details';
export { SingleAdminAndFirstTimePassword1763900000000 } from './migrations/1763900000000-single-admin-and-first-time-password';
export { LeadCapture1764000000000 } from './migrations/1764000000000-lead-capture';
export { StudentsSection1795489639494 } from './migrations/1795489639494-students-section';
export { CrawlerOperations1795500470441 } from './migrations/1795500470441-crawler-operations';
export { LeadPhoneNotifications1795500704794 } from './migrations/1795500704794-lead-phone-notifications';
export { NotificationCallLeadsAndDetails1795515271872 } from './migrations/1795515271872-notification-call-leads-and-details';
export { FollowUps1797700000000 } from './migrations/1797700000000-follow-ups';
export {
  ALL_ENTITIES,
  ALL_MIGRATIONS,
  createDataSourceOptions,
  runMigrations,
  type PostgresConnectionOptions,
} from './data-source';
export { GuardedClient } from './guarded-client';
