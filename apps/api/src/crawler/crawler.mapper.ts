import { CRAWL_WAIT_TIME_MIN_MS, type CrawledJob, type CrawlResultResponse, type CrawlResultSource, type CrawlTaskResponse } from '@aipm/contracts';
import type { CrawledJobRow, CrawlResult, CrawlTask } from '@aipm/database';

/** Defaults of the task form (docs/product/crawler.md#task-form): JS rendering and anti-detection on, 8 s page wait. */
export const DEFAULT_TASK_WAIT_TIME_MS = 8000;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** `nextRunAt`: the schedule's next firing, as Redis has it. */
export function toCrawlTaskView(task: CrawlTask, nextRunAt: Date | null = null): CrawlTaskResponse {
  const config = task.crawlConfig ?? {};
  return {
    id: task.id,
    name: task.name,
    site: task.site,
    keywords: task.keywords ?? [],
    targetUrls: task.targetUrls ?? [],
    status: task.status,
    enableJavaScriptRendering: config.enableJavaScriptRendering ?? true,
    antiDetectionMode: config.antiDetectionMode ?? true,
    waitTime: typeof config.waitTime === 'number' && config.waitTime >= CRAWL_WAIT_TIME_MIN_MS ? config.waitTime : DEFAULT_TASK_WAIT_TIME_MS,
    maxResults: task.maxResults,
    createdAt: task.createdAt.toISOString(),
    lastRunAt: iso(task.lastRunAt),
    lastRunStats: task.lastRunStats,
    createdBy: task.createdBy,
    schedule: task.schedule ?? null,
    nextRunAt: task.schedule ? iso(nextRunAt) : null,
  };
}

export function toCrawlResultSource(result: CrawlResult): CrawlResultSource {
  return { resultId: result.id, site: result.site ?? null, sourceUrl: result.sourceUrl, taskId: result.taskId, extractedAt: result.extractedAt.toISOString() };
}

/** The posting's fields of a row as answers carry them (CrawledJob, the source of the shape; ADR 047). */
export function toCrawledJobView(row: CrawledJobRow): CrawledJob {
  return {
    title: row.title,
    company: row.company,
    location: row.location,
    salary: row.salary,
    salaryMin: row.salaryMin,
    salaryMax: row.salaryMax,
    salaryCurrency: row.salaryCurrency,
    salaryPeriod: row.salaryPeriod,
    salaryMonths: row.salaryMonths,
    postedAt: iso(row.postedAt),
    description: row.description,
    requirements: row.requirements,
    skillTags: row.skillTags ?? [],
    sourceUrl: row.sourceUrl,
  };
}

/** `group`: the other results of the same posting (same dedupeKey); the result itself is listed first. */
export function toCrawlResultView(result: CrawlResult, group: readonly CrawlResult[] = []): CrawlResultResponse {
  return {
    id: result.id,
    taskId: result.taskId,
    ...toCrawledJobView(result),
    status: result.status,
    reviewFeedback: result.reviewFeedback,
    extractedAt: result.extractedAt.toISOString(),
    reviewedAt: iso(result.reviewedAt),
    publishedAt: iso(result.publishedAt),
    createdAt: result.createdAt.toISOString(),
    site: result.site,
    sources: [result, ...group.filter((other) => other.id !== result.id)].map(toCrawlResultSource),
  };
}
