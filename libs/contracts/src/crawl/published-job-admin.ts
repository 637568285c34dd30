import type { PublicJob } from '../format/public-job';

/** What the published-jobs admin calls say when they succeed; failures are PUBLISHED_JOB_ERRORS. */
export const PUBLISHED_JOB_MESSAGES = {
  updated: '更新成功',
  deleted: '删除成功',
} as const;

/** A published job as the admin lists it: the public card plus its state. */
export interface AdminPublishedJobResponse extends PublicJob {
  crawlResultId: string | null;
  isActive: boolean;
  publishedAt: string;
}

/** The admin's published-job calls (docs/product/crawler.md#crawler-calls). */
export const PUBLISHED_JOB_ADMIN_PATHS = {
  list: '/api/admin/published-jobs',
  status: (id: string) => `/api/admin/published-jobs/${encodeURIComponent(id)}/status`,
  item: (id: string) => `/api/admin/published-jobs/${encodeURIComponent(id)}`,
} as const;
