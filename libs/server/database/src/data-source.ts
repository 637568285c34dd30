import 'reflect-metadata';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { GuardedClient } from './guarded-client';
import { AuditEntry } from './audit/audit-entry.entity';
import { User } from './auth/user.entity';
import { AuditLog1795526189000 } from './migrations/1795526189000-audit-log';
import { CrawlResult } from './crawler/crawl-result.entity';
import { CrawlTask } from './crawler/crawl-task.entity';
import { LearnedSelector } from './crawler/learned-selector.entity';
import { PublishedJob } from './jobs/published-job.entity';
import { ContactMessage } from './leads/contact-message.entity';
import { Registration } from './leads/registration.entity';
import { LeadMerge } from './leads/lead-merge.entity';
import { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema';
import { CrawlRunDetails1763950000000 } from './migrations/1763950000000-crawl-run-details';
import { SingleAdminAndFirstTimePassword1763900000000 } from './migrations/1763900000000-single-admin-and-first-time-password';
import { LeadCapture1764000000000 } from './migrations/1764000000000-lead-capture';
import { StudentsSection1795489639494 } from './migrations/1795489639494-students-section';
import { CrawlerOperations1795500470441 } from './migrations/1795500470441-crawler-operations';
import { CrawlRun } from './crawler/crawl-run.entity';
import { LeadPhoneNotifications1795500704794 } from './migrations/1795500704794-lead-phone-notifications';
import { CrawlResultsBackfill1795514181517 } from './migrations/1795514181517-crawl-results-backfill';
import { ListsAtScale1795518327591 } from './migrations/1795518327591-lists-at-scale';
import { PaymentsByDate1795526248503 } from './migrations/1795526248503-payments-by-date';
import { CrawlResultSightings1795526693495 } from './migrations/1795526693495-crawl-result-sightings';
import { CrawlResultRepresentatives1795556900000 } from './migrations/1795556900000-crawl-result-representatives';
import { SearchGramStatistics1795557600000 } from './migrations/1795557600000-search-gram-statistics';
import { RegisterLeadFunction1795600000000 } from './migrations/1795600000000-register-lead-function';
import { CrawlSightingItems1795700000000 } from './migrations/1795700000000-crawl-sighting-items';
import { SearchTrigrams1795800000000 } from './migrations/1795800000000-search-trigrams';
import { RegisterLeadPlans1795900000000 } from './migrations/1795900000000-register-lead-plans';
import { LoginFailuresHourly1796000000000 } from './migrations/1796000000000-login-failures-hourly';
import { StoredUploads1796100000000 } from './migrations/1796100000000-stored-uploads';
import { StudentFiles1796200000000 } from './migrations/1796200000000-student-files';
import { StudentAccountKinds1796300000000 } from './migrations/1796300000000-student-account-kinds';
import { LeadEnrolment1796400000000 } from './migrations/1796400000000-lead-enrolment';
import { Cohorts1796500000000 } from './migrations/1796500000000-cohorts';
import { Attendance1796600000000 } from './migrations/1796600000000-attendance';
import { Outcomes1796700000000 } from './migrations/1796700000000-outcomes';
import { SalaryGuarantee1796800000000 } from './migrations/1796800000000-salary-guarantee';
import { ChangeMarkers1796900000000 } from './migrations/1796900000000-change-markers';
import { BackupRuns1797000000000 } from './migrations/1797000000000-backup-runs';
import { BackupRun } from './backups/backup-run.entity';
import { CrawlerSiteSession } from './crawler/site-session.entity';
import { CrawlerSiteSessions1797600000000 } from './migrations/1797600000000-crawler-site-sessions';
import { ChangeMarker } from './common/change-marker.entity';
import { CrawlResultSighting } from './crawler/crawl-result-sighting.entity';
import { LeadNotification } from './notifications/lead-notification.entity';
import { NotificationCallDetail } from './notifications/notification-call-detail.entity';
import { NotificationCallLead } from './notifications/notification-call-lead.entity';
import { NotificationCallLeadsAndDetails1795515271872 } from './migrations/1795515271872-notification-call-leads-and-details';
import { NotificationCall } from './notifications/notification-call.entity';
import { Session } from './sessions/session.entity';
import { AdminConfig } from './settings/admin-config.entity';
import { StudentAccount } from './students/student-account.entity';
import { StudentPasswordReset } from './students/student-password-reset.entity';
import { StudentPortal1797100000000 } from './migrations/1797100000000-student-portal';
import { CrawlTaskMaxResults1797200000000 } from './migrations/1797200000000-crawl-task-max-results';
import { PublishedJobLiveness1797300000000 } from './migrations/1797300000000-published-job-liveness';
import { OfferReports1797450000000 } from './migrations/1797450000000-offer-reports';
import { LeadStatusReasons1797560000000 } from './migrations/1797560000000-lead-status-reasons';
import { PersonPage1797650000000 } from './migrations/1797650000000-person-page';
import { FollowUps1797700000000 } from './migrations/1797700000000-follow-ups';
import { FollowUp } from './leads/follow-up.entity';
import { LandingPublications1797750000000 } from './migrations/1797750000000-landing-publications';
import { LandingPublication } from './landing/landing-publication.entity';
import { LeadImports1797800000000 } from './migrations/1797800000000-lead-imports';
import { DailySummaryCall1797860000000 } from './migrations/1797860000000-daily-summary-call';
import { CrawlerCheckCall1797950000000 } from './migrations/1797950000000-crawler-check-call';
import { LeadImportBatch } from './leads/lead-import-batch.entity';
import { LeadImportRow } from './leads/lead-import-row.entity';
import { LeadMerges1797660000000 } from './migrations/1797660000000-lead-merges';
import { StudentContract } from './students/student-contract.entity';
import { StudentPayment } from './students/student-payment.entity';
import { Student } from './students/student.entity';
import { StoredUpload } from './students/stored-upload.entity';
import { StudentFile } from './students/student-file.entity';
import { StudentOutcome } from './students/student-outcome.entity';
import { Cohort } from './cohorts/cohort.entity';
import { Attendance } from './cohorts/attendance.entity';
import { WechatShareConfig } from './wechat/wechat-share-config.entity';

/** typeorm 1.x names it PostgresDataSourceOptions and keeps it out of the root export. */
export type PostgresConnectionOptions = Extract<DataSourceOptions, { type: 'postgres' }>;

export const ALL_ENTITIES = [
  User,
  AdminConfig,
  Registration,
  ContactMessage,
  FollowUp,
  LearnedSelector,
  CrawlTask,
  CrawlResult,
  CrawlResultSighting,
  CrawlRun,
  PublishedJob,
  WechatShareConfig,
  Student,
  StudentContract,
  StudentPayment,
  StudentAccount,
  StudentPasswordReset,
  StoredUpload,
  StudentFile,
  StudentOutcome,
  Cohort,
  Attendance,
  Session,
  NotificationCall,
  LeadNotification,
  NotificationCallLead,
  NotificationCallDetail,
  AuditEntry,
  ChangeMarker,
  LeadImportBatch,
  LeadImportRow,
  BackupRun,
  CrawlerSiteSession,
  LandingPublication,
  LeadImportBatch,
  LeadImportRow,
  LeadMerge,
];

/** In order; append new migrations, never edit one that has run anywhere. */
export const ALL_MIGRATIONS = [InitialSchema1763800000000, SingleAdminAndFirstTimePassword1763900000000, CrawlRunDetails1763950000000, LeadCapture1764000000000, StudentsSection1795489639494, CrawlerOperations1795500470441, LeadPhoneNotifications1795500704794, CrawlResultsBackfill1795514181517, NotificationCallLeadsAndDetails1795515271872, ListsAtScale1795518327591, AuditLog1795526189000, PaymentsByDate1795526248503, CrawlResultSightings1795526693495, CrawlResultRepresentatives1795556900000, SearchGramStatistics1795557600000, RegisterLeadFunction1795600000000, CrawlSightingItems1795700000000, SearchTrigrams1795800000000, RegisterLeadPlans1795900000000, LoginFailuresHourly1796000000000, StoredUploads1796100000000, StudentFiles1796200000000, StudentAccountKinds1796300000000, LeadEnrolment1796400000000, Cohorts1796500000000, Attendance1796600000000, Outcomes1796700000000, SalaryGuarantee1796800000000, ChangeMarkers1796900000000, BackupRuns1797000000000, StudentPortal1797100000000, CrawlTaskMaxResults1797200000000, PublishedJobLiveness1797300000000, OfferReports1797450000000, LeadStatusReasons1797560000000, CrawlerSiteSessions1797600000000, PersonPage1797650000000, LeadMerges1797660000000, FollowUps1797700000000, LandingPublications1797750000000, LeadImports1797800000000, DailySummaryCall1797860000000, CrawlerCheckCall1797950000000];

/**
 * Options shared by the API, the worker, the CLI and tests. The schema changes only through
 * migrations, run explicitly (`runMigrations`), never as a side effect of starting an app.
 */
export function createDataSourceOptions(
  url: string,
  overrides: Partial<Omit<PostgresConnectionOptions, 'type'>> = {},
): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url,
    entities: ALL_ENTITIES,
    migrations: ALL_MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    // gen_random_uuid() is built into PostgreSQL 13+: name it in generated SQL, create no extension
    // (CREATE EXTENSION would need privileges the app's role should not have).
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    // A checked-out connection that PostgreSQL ends between statements must not end the process (guarded-client.ts).
    extra: { Client: GuardedClient },
    ...overrides,
  };
}

// Any fixed 64-bit number works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_ID = 7_202_509_001;

/**
 * Applies every pending migration, each in its own transaction; returns the names it ran. Several API
 * processes may start at once, so they queue on a Postgres advisory lock instead of racing to create
 * the same tables.
 */
export async function runMigrations(url: string): Promise<string[]> {
  const dataSource = new DataSource(createDataSourceOptions(url, { poolSize: 2 }));
  await dataSource.initialize();
  const lockHolder = dataSource.createQueryRunner();
  try {
    await lockHolder.connect();
    await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await lockHolder.release();
    await dataSource.destroy();
  }
}
