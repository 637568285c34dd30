import type { CrawlResultStatus, CrawlSite, CrawlTaskStatus } from '../enums/crawl.enums';
import type { CrawlRunStatistics } from './crawl-failure';
import type { CrawlerConfig } from './crawler-config';

/** A crawl task as the admin lists it. */
export interface CrawlTaskView {
  id: string;
  name: string;
  site: CrawlSite | null;
  keywords: string[];
  targetUrls: string[];
  status: CrawlTaskStatus;
  enableJavaScriptRendering: boolean;
  antiDetectionMode: boolean;
  waitTime: number;
  createdAt: string;
  lastRunAt: string | null;
  lastRunStats: CrawlRunStatistics | null;
  createdBy: string | null;
}

/** A crawl result under review (rawData stays on the server). */
export interface CrawlResultView {
  id: string;
  taskId: string | null;
  title: string;
  company: string;
  location: string | null;
  salary: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
  salaryMonths: number | null;
  postedAt: string | null;
  description: string | null;
  requirements: string | null;
  skillTags: string[];
  sourceUrl: string;
  status: CrawlResultStatus;
  reviewFeedback: string | null;
  extractedAt: string;
  reviewedAt: string | null;
  publishedAt: string | null;
  createdAt: string;
}

/** GET /api/admin/crawler-config: cookies are masked, never echoed back in full. */
export type CrawlerConfigView = CrawlerConfig;

/** GET /api/admin/firecrawl-config: whether crawling can run now (spec §3 "crawling-service config"). */
export interface CrawlServiceStatus {
  isValid: boolean;
  message: string;
}

/** POST /api/admin/crawl/run and /api/admin/zhaopin/search. */
export interface AutomatedCrawlResponse {
  success: boolean;
  message: string;
  data: { taskId: string; jobId: string; finished: boolean; jobs: CrawlResultView[] };
}
