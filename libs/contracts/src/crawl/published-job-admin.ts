import type { PublicJob } from '../format/public-job';

/** What the published-jobs admin calls say when they succeed; failures are PUBLISHED_JOB_ERRORS. */
export const PUBLISHED_JOB_MESSAGES = {
  updated: '更新成功',
  deleted: '删除成功',
} as const;

/**
 * Why the liveness check deactivated a published job (docs/product/crawler.md#published-jobs-that-stay-alive, ADR
 * 063): its source answered 404 or 410, its page says the posting is closed, or its data flags it expired.
 */
export const JOB_CLOSED_REASONS = ['source_gone', 'source_closed', 'source_expired'] as const;
export type JobClosedReason = (typeof JOB_CLOSED_REASONS)[number];

/**
 * What the last check of a published job at its source found: still open, closed (the job is deactivated), refused
 * (a login wall, captcha or block page: nothing is known) or failed (a timeout, a network or HTTP error).
 */
export const JOB_CHECK_OUTCOMES = ['open', 'closed', 'refused', 'failed'] as const;
export type JobCheckOutcome = (typeof JOB_CHECK_OUTCOMES)[number];

/** A published job as the admin lists it: the public card plus its state and what its source said when last checked. */
export interface AdminPublishedJobResponse extends PublicJob {
  crawlResultId: string | null;
  isActive: boolean;
  publishedAt: string;
  /** Set when the liveness check found the posting closed and deactivated the job. */
  closedReason: JobClosedReason | null;
  /** The source's own words, code or status behind `closedReason` (e.g. `HTTP 404`, `该职位已下线`). */
  closedEvidence: string | null;
  /** The last check at the source, whatever it found; null: never checked. */
  sourceCheckedAt: string | null;
  sourceCheckOutcome: JobCheckOutcome | null;
}

/** The admin's published-job calls (docs/product/crawler.md#crawler-calls). */
export const PUBLISHED_JOB_ADMIN_PATHS = {
  list: '/api/admin/published-jobs',
  status: (id: string) => `/api/admin/published-jobs/${encodeURIComponent(id)}/status`,
  item: (id: string) => `/api/admin/published-jobs/${encodeURIComponent(id)}`,
} as const;
