import type { CrawlResultStatus } from '../enums/crawl.enums';
import type { CrawlJobProgress } from './crawl-failure';
import type { CrawlResultResponse } from './crawl-admin.responses';
import type { SearchSite } from './search-urls';

/** The admin's crawl calls (docs/product/crawler.md#crawler-calls), plus the live event stream of crawl runs. */
export const CRAWL_ADMIN_PATHS = {
  serviceStatus: '/api/admin/firecrawl-config',
  tasks: '/api/admin/crawl-tasks',
  runTask: (id: string) => `/api/admin/crawl-tasks/${encodeURIComponent(id)}/run`,
  results: '/api/admin/crawl-results',
  review: (id: string) => `/api/admin/crawl-results/${encodeURIComponent(id)}/review`,
  publish: (id: string) => `/api/admin/crawl-results/${encodeURIComponent(id)}/publish`,
  clear: '/api/admin/crawl-results/clear',
  automatedRun: '/api/admin/crawl/run',
  /** Server-sent events: every crawl run's start, progress and end, pushed as the worker reports them. */
  events: '/api/admin/crawler/events',
} as const;

/** The review screen's default view: the latest 20 results (docs/product/crawler.md#review-queue). */
export const CRAWL_RESULTS_LATEST = 20;
/** One page of the "show all" view. */
export const CRAWL_RESULTS_PAGE_SIZE = 50;

/** GET /api/admin/crawl-results query: newest first, optionally filtered, one page. */
export interface CrawlResultsQuery {
  limit?: number;
  offset?: number;
  taskId?: string;
  site?: SearchSite;
  status?: CrawlResultStatus;
}

/** GET /api/admin/crawl-results answer: one page and how many match the filters in all. */
export interface CrawlResultsPage {
  success: true;
  data: CrawlResultResponse[];
  total: number;
  /** Present and true when more match than are worth counting: `total` is then the planner's estimate (ADR 028). */
  totalIsEstimate?: boolean;
}

/**
 * One message of the crawl event stream (`data:` is this as JSON). `started`: a worker took the run;
 * `progress`: after each page; `finished`: the run ended (a failed attempt that will be retried is not an end).
 */
export type CrawlLiveEvent =
  | { type: 'started'; taskId: string; jobId: string }
  | ({ type: 'progress'; taskId: string; jobId: string } & CrawlJobProgress)
  | { type: 'finished'; taskId: string; jobId: string; status: 'completed' | 'failed' };

/** Milliseconds between the stream's keep-alive messages, under the usual 60 s idle cut of proxies. */
export const CRAWL_EVENTS_KEEPALIVE_MS = 15_000;
