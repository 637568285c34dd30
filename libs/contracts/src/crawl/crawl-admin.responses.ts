import type { CrawlResultStatus, CrawlSite, CrawlTaskStatus } from '../enums/crawl.enums';
import type { CrawlFailureReason, CrawlRunStatistics } from './crawl-failure';
import type { Assert, Equals } from '../type-checks';
import type { CrawlResultSource } from './crawl-ops';
import type { CrawledJob, CrawlResultInstant } from './crawled-job';

/** A crawl task as the admin lists it. */
export interface CrawlTaskResponse {
  id: string;
  name: string;
  site: CrawlSite | null;
  keywords: string[];
  targetUrls: string[];
  status: CrawlTaskStatus;
  enableJavaScriptRendering: boolean;
  antiDetectionMode: boolean;
  waitTime: number;
  /** The task's 最大结果数: each run stops once this many results are stored (ADR 062). */
  maxResults: number;
  createdAt: string;
  lastRunAt: string | null;
  lastRunStats: CrawlRunStatistics | null;
  createdBy: string | null;
  /** Cron (five fields, Asia/Shanghai) when the task runs on a schedule (ADR 020). */
  schedule: string | null;
  /** The schedule's next firing. */
  nextRunAt: string | null;
}

/**
 * A crawl result under review: the posting (CrawledJob, the source of its shape; ADR 047) with its review state.
 * rawData and dedupeKey stay on the server.
 */
export interface CrawlResultResponse extends CrawledJob {
  id: string;
  taskId: string | null;
  status: CrawlResultStatus;
  reviewFeedback: string | null;
  extractedAt: string;
  reviewedAt: string | null;
  publishedAt: string | null;
  createdAt: string;
  /** The site the posting was read from (null: added by hand, or crawled before sites were recorded). */
  site: CrawlSite | null;
  /** Every place this posting was found, this result first: one review item for one posting on several sites. */
  sources: CrawlResultSource[];
}

// Every instant named in CRAWL_RESULT_INSTANTS is a field of the answer.
type _CrawlResultInstantsAreFields = Assert<Equals<Extract<CrawlResultInstant, keyof CrawlResultResponse>, CrawlResultInstant>>;

/** GET /api/admin/firecrawl-config: whether crawling can run now (docs/product/crawler.md#crawling-service-status). */
export interface CrawlServiceStatus {
  isValid: boolean;
  message: string;
  /** What `message` says, for clients that word it in another language. */
  reason?: CrawlServiceState;
  /** The live worker, "host:pid", when there is one. */
  worker?: string;
  /**
   * Where the live worker loads a site's pages instead of the real site (its CRAWLER_SITE_ORIGINS, tests and demos):
   * site → origin. Absent when it loads the real sites.
   */
  siteOrigins?: SiteOrigins;
}

/** Sites whose pages a worker loads from another origin (CRAWLER_SITE_ORIGINS): site → origin ("http://127.0.0.1:4010"). */
export type SiteOrigins = Partial<Record<string, string>>;

/** Why crawling can or cannot run now: Redis, a live worker, its Chromium. */
export const CRAWL_SERVICE_STATES = ['usable', 'redis_down', 'worker_missing', 'chromium_missing'] as const;
export type CrawlServiceState = (typeof CRAWL_SERVICE_STATES)[number];

/** POST /api/admin/crawl/run and /api/admin/zhaopin/search. */
export interface AutomatedCrawlResponse {
  success: boolean;
  message: string;
  data: { taskId: string; jobId: string; finished: boolean; jobs: CrawlResultResponse[] };
}

/** What a crawler-config test found on one site (after `outcome`, the figures of that one page load). */
export interface SiteDiagnosis {
  site: Exclude<CrawlSite, 'other'>;
  /** The search page loaded (on the overridden origin in tests and demos). */
  url: string;
  /** Whether a cookie was stored for the site, and so sent. */
  cookie: boolean;
  /** The site answered at all (any HTTP status); false: no connection, a timeout or a refused address; null: not tried. */
  reachable: boolean | null;
  /** HTTP status of the search page, when it answered. */
  status: number | null;
  /**
   * `ok`: the page listed jobs. `busy`: crawls kept the site's slot (one page at a time) past the test's time.
   * `not_tested`: the page needed Chromium, which did not start.
   */
  outcome: 'ok' | 'busy' | 'not_tested' | CrawlFailureReason;
  jobs: number;
  source: 'json' | 'embedded' | 'dom' | null;
  /** How long the test waited for the site's slot (crawls of the site hold it one page at a time). */
  waitedMs: number;
  /** How long the search page took to load and be read. */
  elapsedMs: number;
  message: string | null;
}

/** The worker's answer to a crawler-config test. */
export interface CrawlerDiagnostics {
  chromium: { ok: boolean; version: string | null; message: string | null };
  /** How the search pages were loaded: in Chromium, or by plain HTTP when javascript_rendering is off. */
  mode: 'browser' | 'http';
  sites: SiteDiagnosis[];
  worker: { hostname: string; pid: number };
  finishedAt: string;
}

/** POST /api/admin/crawler-config/test when a worker ran the test. */
export interface CrawlerTestResponse {
  success: boolean;
  message: string;
  data: CrawlerDiagnostics;
}
