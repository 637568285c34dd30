import {
  type AutomatedCrawlResponse,
  type AutomatedCrawlSite,
  CRAWL_ADMIN_PATHS,
  CRAWLER_OPS_PATHS,
  type CrawlCity,
  type CrawlResultResponse,
  type CrawlResultsPage,
  type CrawlResultsQuery,
  type CrawlServiceStatus,
  type CrawlTaskResponse,
} from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** What POST /api/admin/crawl-tasks takes from the form (docs/product/crawler.md#crawler-calls). */
export interface CreateCrawlTaskBody {
  name: string;
  keywords: string[];
  targetUrls: string[];
  site?: string;
  enableJavaScriptRendering: boolean;
  antiDetectionMode: boolean;
  waitTime: number;
  maxResults: number;
}

/** POST /api/admin/crawl-results: a job added by hand, created approved (docs/product/crawler.md#manual-job). */
export interface ManualJobBody {
  title: string;
  company: string;
  location: string;
  salary: string;
  description: string;
  requirements: string;
  skillTags: string[];
  sourceUrl: string;
  status: 'approved';
}

export interface AutomatedCrawlBody {
  site: AutomatedCrawlSite;
  keywords: string[];
  city: CrawlCity;
  maxResults: number;
  taskName: string;
}

/** The results list's query string, in a fixed order. (No cache buster: the answer is `no-store`.) */
export function resultsUrl(query: CrawlResultsQuery): string {
  const params = new URLSearchParams();
  for (const key of ['limit', 'offset', 'taskId', 'site', 'status'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${CRAWL_ADMIN_PATHS.results}?${search}` : CRAWL_ADMIN_PATHS.results;
}

/**
 * The crawler calls of docs/product/crawler.md#crawler-calls. The data provider's client unwraps `{ success, data }`
 * and turns failures into HttpErrors whose message is the translation key of the API's code; answers that carry
 * more than `data` are read from the body.
 */
export const crawlerClient = defineSectionClient('crawler', (http) => ({
  serviceStatus: async () => JSON.parse((await http(CRAWL_ADMIN_PATHS.serviceStatus)).body) as CrawlServiceStatus,
  tasks: async () => (await http(CRAWL_ADMIN_PATHS.tasks)).json as CrawlTaskResponse[],
  createTask: async (body: CreateCrawlTaskBody) =>
    (await http(CRAWL_ADMIN_PATHS.tasks, { method: 'POST', body: JSON.stringify(body) })).json as CrawlTaskResponse,
  runTask: async (id: string) => {
    await http(CRAWL_ADMIN_PATHS.runTask(id), { method: 'POST' });
  },
  results: async (query: CrawlResultsQuery) => {
    const page = JSON.parse((await http(resultsUrl(query))).body) as CrawlResultsPage;
    return { data: page.data, total: page.total, totalIsEstimate: page.totalIsEstimate === true };
  },
  addManual: async (body: ManualJobBody) =>
    (await http(CRAWL_ADMIN_PATHS.results, { method: 'POST', body: JSON.stringify(body) })).json as CrawlResultResponse,
  review: async (id: string, status: 'approved' | 'rejected') =>
    (await http(CRAWL_ADMIN_PATHS.review(id), { method: 'PATCH', body: JSON.stringify({ status }) })).json as CrawlResultResponse,
  publish: async (id: string) => {
    await http(CRAWL_ADMIN_PATHS.publish(id), { method: 'POST' });
  },
  setSchedule: async (id: string, cron: string) =>
    (await http(CRAWLER_OPS_PATHS.schedule(id), { method: 'PUT', body: JSON.stringify({ cron }) })).json as CrawlTaskResponse,
  clearSchedule: async (id: string) => (await http(CRAWLER_OPS_PATHS.schedule(id), { method: 'DELETE' })).json as CrawlTaskResponse,
  clear: async () => (JSON.parse((await http(CRAWL_ADMIN_PATHS.clear, { method: 'DELETE' })).body) as { deletedCount: number }).deletedCount,
  automatedRun: async (body: AutomatedCrawlBody) =>
    JSON.parse((await http(CRAWL_ADMIN_PATHS.automatedRun, { method: 'POST', body: JSON.stringify(body) })).body) as AutomatedCrawlResponse,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useCrawlerApi = () => useSectionClient(crawlerClient);

export const CRAWLER_QUERY_KEYS = {
  status: ['aipm', 'crawler', 'status'] as const,
  tasks: ['aipm', 'crawler', 'tasks'] as const,
  /** Every results list, whatever its filters and page. */
  results: ['aipm', 'crawler', 'results'] as const,
};
