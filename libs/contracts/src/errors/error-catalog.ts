import { AUDIT_ERRORS } from '../audit/audit.errors';
import { AUTH_ERRORS } from '../auth/auth.errors';
import { BACKUP_ERRORS } from '../backups/backup.errors';
import { COHORT_ERRORS } from '../cohorts/cohort.errors';
import { CRAWL_ERRORS, PUBLISHED_JOB_ERRORS } from '../crawl/crawl-admin.errors';
import { CRAWL_OPS_ERRORS } from '../crawl/crawl-ops.errors';
import { LIVE_VIEW_ERRORS } from '../crawl/live-view.errors';
import { LANDING_CONTENT_ERRORS } from '../landing-content/landing-content.errors';
import { LEAD_ERRORS } from '../leads/lead.errors';
import { OUTCOME_ERRORS } from '../outcomes/outcome.errors';
import { PHONE_ERRORS } from '../phone/phone.errors';
import { SITE_SETTINGS_ERRORS } from '../site-settings/site-settings.errors';
import { STUDENT_ERRORS } from '../students/student.errors';
import { STUDENT_PORTAL_ERRORS } from '../student-portal/student-portal.errors';
import { COMMON_ERRORS } from './common.errors';
import { WECHAT_ERRORS } from './wechat/wechat.errors';

/** Every feature's error codes, each defined once (error-catalog.spec.ts proves no code is defined twice). */
export const ERROR_CATALOGS = {
  common: COMMON_ERRORS,
  auth: AUTH_ERRORS,
  leads: LEAD_ERRORS,
  crawl: CRAWL_ERRORS,
  crawlOps: CRAWL_OPS_ERRORS,
  liveView: LIVE_VIEW_ERRORS,
  publishedJobs: PUBLISHED_JOB_ERRORS,
  wechat: WECHAT_ERRORS,
  students: STUDENT_ERRORS,
  cohorts: COHORT_ERRORS,
  outcomes: OUTCOME_ERRORS,
  phone: PHONE_ERRORS,
  siteSettings: SITE_SETTINGS_ERRORS,
  landingContent: LANDING_CONTENT_ERRORS,
  audit: AUDIT_ERRORS,
  backups: BACKUP_ERRORS,
  studentPortal: STUDENT_PORTAL_ERRORS,
} as const;

/** Code → its Chinese message (docs/product/errors.md): what the API answers, and the back office's zh translation. */
export const ERROR_MESSAGES = {
  ...COMMON_ERRORS,
  ...AUTH_ERRORS,
  ...LEAD_ERRORS,
  ...CRAWL_ERRORS,
  ...CRAWL_OPS_ERRORS,
  ...LIVE_VIEW_ERRORS,
  ...PUBLISHED_JOB_ERRORS,
  ...WECHAT_ERRORS,
  ...STUDENT_ERRORS,
  ...COHORT_ERRORS,
  ...OUTCOME_ERRORS,
  ...PHONE_ERRORS,
  ...SITE_SETTINGS_ERRORS,
  ...LANDING_CONTENT_ERRORS,
  ...AUDIT_ERRORS,
  ...BACKUP_ERRORS,
  ...STUDENT_PORTAL_ERRORS,
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
}
