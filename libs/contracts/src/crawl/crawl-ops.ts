import type { CrawlSite } from '../enums/crawl.enums';
import type { CrawlFailureReason } from './crawl-failure';
import type { SitePaceView } from './crawl-pacing';

/* What people who run crawlers expect (ADR 020). */

/** Schedules are read in China's time, whatever the server's zone. */
export const CRAWL_SCHEDULE_TIMEZONE = 'Asia/Shanghai';
/** Two firings of one task closer than this would crawl a site faster than its cookie and pace survive. */
export const CRAWL_SCHEDULE_MIN_INTERVAL_MINUTES = 15;
/** Standard five-field cron (minute hour day-of-month month day-of-week); seconds are not offered. */
export const CRAWL_SCHEDULE_PATTERN = /^\s*\S+(\s+\S+){4}\s*$/;
export const CRAWL_SCHEDULE_MAX_LENGTH = 100;

/** A published job is deactivated this many days after it was published here (crawler setting job_expiry_days). */
export const DEFAULT_JOB_EXPIRY_DAYS = 30;
export const JOB_EXPIRY_DAYS_MIN = 1;
export const JOB_EXPIRY_DAYS_MAX = 365;

/** A day count within the bounds, whatever a stored row says. */
export function clampJobExpiryDays(days: number): number {
  return Math.min(Math.max(JOB_EXPIRY_DAYS_MIN, Math.round(days)), JOB_EXPIRY_DAYS_MAX);
}

/** When a job published at `publishedAt` stops being valid (schema.org JobPosting.validThrough). */
export function jobValidThrough(publishedAt: Date, expiryDays: number): Date {
  return new Date(publishedAt.getTime() + expiryDays * 24 * 3600 * 1000);
}

const PUNCTUATION_AND_SPACE = /[\s\p{P}\p{S}]+/gu;
/** Legal-form endings that two sites write differently for one employer (有限公司 vs 股份有限公司 vs none). */
const COMPANY_SUFFIX = /(股份有限公司|有限责任公司|有限公司|集团|公司|co\.?ltd|ltd|inc)$/u;
/** A location is compared by its city: "长沙·岳麓区", "长沙-岳麓区" and "长沙市" are one city. */
const CITY_SEPARATOR = /[·•\-－—–,，/／|｜\s(（]/u;

function squash(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(PUNCTUATION_AND_SPACE, '');
}

/** The city part of a location: before the first separator, without 市. */
export function cityOf(location: string | null | undefined): string {
  const first = (location ?? '').normalize('NFKC').trim().split(CITY_SEPARATOR)[0] ?? '';
  return squash(first).replace(/市$/u, '');
}

/**
 * The key under which one posting found on several sites is one review item: title, company and city,
 * normalised (width, case, punctuation, legal-form ending). Null when a part is missing: an empty company
 * would merge unrelated postings.
 */
export function crawlDedupeKey(job: { title: string | null | undefined; company: string | null | undefined; location: string | null | undefined }): string | null {
  const title = squash(job.title ?? '');
  let company = squash(job.company ?? '');
  while (COMPANY_SUFFIX.test(company) && company.replace(COMPANY_SUFFIX, '') !== '') company = company.replace(COMPANY_SUFFIX, '');
  const city = cityOf(job.location);
  if (!title || !company || !city) return null;
  return `${title}|${company}|${city}`;
}

/** One place a review item was found (the item itself first). */
export interface CrawlResultSource {
  resultId: string;
  site: CrawlSite | null;
  sourceUrl: string;
  taskId: string | null;
  extractedAt: string;
}

/** GET /api/admin/crawler/site-health: one entry per site. */
export interface SiteHealth {
  site: Exclude<CrawlSite, 'other'>;
  /** Runs counted below: the last 20 at most. */
  runs: number;
  /** Completed runs among them, 0 … 1; null without runs. */
  successRate: number | null;
  lastSuccessAt: string | null;
  lastRunAt: string | null;
  /** Failures (every attempt) of those runs by reason. */
  failuresByReason: Partial<Record<CrawlFailureReason, number>>;
  selectors: { count: number; bestConfidence: number | null; averageConfidence: number | null; lastUsed: string | null };
  /** Runs among the last 20 that returned no job although an earlier run of the site found some. */
  zeroJobRuns: Array<{ jobId: string; taskId: string | null; finishedAt: string; status: 'completed' | 'failed'; failureReason: CrawlFailureReason | null }>;
  /** True when the latest run is such a run: the site probably changed or blocks us. */
  flagged: boolean;
  /** The site's pace step now (adaptive pacing, ADR 064); null when Redis could not be read. */
  pace: SitePaceView | null;
}

export const SITE_HEALTH_RUN_WINDOW = 20;

/** The API's answers for schedules (toasts show them in zh; the admin translates by key). */
export const CRAWL_OPS_MESSAGES = {
  scheduleSaved: '定时抓取已设置',
  scheduleCleared: '定时抓取已取消',
} as const;

export const CRAWLER_OPS_PATHS = {
  siteHealth: '/api/admin/crawler/site-health',
  siteSessions: '/api/admin/crawler/site-sessions',
  siteSession: (site: string) => `/api/admin/crawler/site-sessions/${site}`,
  queueBoard: '/api/admin/queues',
  schedule: (taskId: string) => `/api/admin/crawl-tasks/${taskId}/schedule`,
} as const;
