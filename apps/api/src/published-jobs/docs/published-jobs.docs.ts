import { type AdminPublishedJobResponse, EMPLOYMENT_TYPES, JOB_CHECK_OUTCOMES, JOB_CLOSED_REASONS, PUBLISHED_JOB_MESSAGES } from '@aipm/contracts';
import type { UpdatePublishedJobStatusDto } from '@aipm/contracts/dto';
import { boolean, constant, dateTime, integer, listOf, nullable, object, oneOf, recordSchema, text, url, uuid } from '../../common/openapi/schemas';

/* The published-jobs back office's shapes and examples; ADR 022. */

export const ADMIN_PUBLISHED_JOB = recordSchema<AdminPublishedJobResponse>('AdminPublishedJobResponse', {
  id: uuid(),
  title: text('AI 产品经理'),
  company: text('长沙某科技有限公司'),
  companyLogo: nullable(url('https://img.example.cn/logo.png')),
  location: nullable(text('长沙')),
  remote: boolean(false),
  employmentType: nullable(oneOf(EMPLOYMENT_TYPES, 'full_time')),
  salaryMin: nullable(integer(15000, 'Monthly, whole currency units')),
  salaryMax: nullable(integer(25000, 'Monthly, whole currency units')),
  salaryCurrency: text('CNY'),
  description: nullable(text('负责 AI 产品的规划与落地。')),
  requirements: nullable(text('三年以上产品经验。')),
  skillTags: listOf(text('AI')),
  sourceUrl: url('https://www.zhipin.com/job_detail/abc123.html'),
  postedAt: dateTime('2026-11-20T00:00:00.000Z', 'Posting date, or the publishing date when the site gave none'),
  validThrough: dateTime('2026-12-20T00:00:00.000Z', 'When it expires (published + job_expiry_days); absent when an operator activated it again after it expired'),
  crawlResultId: nullable(uuid('9b7c6d5e-4f3a-4b2c-8d1e-0f9a8b7c6d5e')),
  isActive: boolean(true, 'Shown on the site'),
  publishedAt: dateTime(),
  closedReason: nullable(oneOf(JOB_CLOSED_REASONS, 'source_gone', 'Why the liveness check deactivated it (ADR 063): 404/410, the site says closed, or its data flags it expired')),
  closedEvidence: nullable(text('HTTP 404', "The source's own status, words or flag")),
  sourceCheckedAt: nullable(dateTime('2026-11-28T08:40:00.000Z', 'The last liveness check at the source, whatever it found')),
  sourceCheckOutcome: nullable(oneOf(JOB_CHECK_OUTCOMES, 'open', 'What the last check found; refused or failed change nothing else')),
}, { optional: ['validThrough'] });

export const JOB_DELETED = object({ success: constant(true), message: text(PUBLISHED_JOB_MESSAGES.deleted) });

export const PUBLISHED_JOB_STATUS_BODY: UpdatePublishedJobStatusDto = { isActive: false };
