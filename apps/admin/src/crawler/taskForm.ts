import {
  CRAWL_CITIES,
  CRAWL_WAIT_TIME_MAX_MS,
  CRAWL_WAIT_TIME_MIN_MS,
  type CrawlCity,
  DEFAULT_CRAWL_CITY,
  SEARCH_SITES,
  type SearchSite,
  siteOfUrl,
  type TaskSearchUrl,
  taskSearchUrls,
  CRAWL_TASK_MAX_RESULTS,
} from '@aipm/contracts';

import type { CreateCrawlTaskBody } from './crawlerApi';

/** Task form limits and defaults (docs/product/crawler.md#task-form). */
export const TASK_FORM = {
  waitTime: { min: CRAWL_WAIT_TIME_MIN_MS, max: CRAWL_WAIT_TIME_MAX_MS, step: 1000, default: 8000 },
  maxResults: CRAWL_TASK_MAX_RESULTS,
} as const;

export interface TaskFormValues {
  name: string;
  sites: SearchSite[];
  /** As typed: comma-separated (full-width commas too). */
  keywords: string;
  cities: CrawlCity[];
  /** As typed: one URL per line. */
  extraUrls: string;
  enableJavaScriptRendering: boolean;
  antiDetectionMode: boolean;
  waitTime: string;
  maxResults: string;
}

export const INITIAL_TASK_FORM: TaskFormValues = {
  name: '',
  sites: ['zhaopin'],
  keywords: '',
  cities: [DEFAULT_CRAWL_CITY],
  extraUrls: '',
  enableJavaScriptRendering: true,
  antiDetectionMode: true,
  waitTime: String(TASK_FORM.waitTime.default),
  maxResults: String(TASK_FORM.maxResults.default),
};

/** A message to show: a translation key and its values. */
export interface FieldMessage {
  key: string;
  values?: Record<string, string | number>;
}
export type TaskFormErrors = Partial<Record<keyof TaskFormValues, FieldMessage>>;

/** Keywords as docs/product/crawler.md#task-form reads them: comma-separated, trimmed, empties dropped. */
export function splitList(text: string): string[] {
  return text
    .split(/[,，、]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function extraUrlLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The search pages the task will load, in the worker's order (the same templates it uses). */
export function previewOf(values: Pick<TaskFormValues, 'keywords' | 'sites' | 'cities'>): TaskSearchUrl[] {
  // In the catalogue's order whatever order they were ticked in, so the preview does not reshuffle.
  const sites = SEARCH_SITES.filter((site) => values.sites.includes(site));
  const cities = CRAWL_CITIES.filter((city) => values.cities.includes(city));
  return taskSearchUrls({ keywords: splitList(values.keywords), sites, cities });
}

/**
 * The form's own checks, with the messages of docs/product/validation.md#crawl-task-form; empty when it may be sent.
 */
export function validateTaskForm(values: TaskFormValues): TaskFormErrors {
  const errors: TaskFormErrors = {};
  if (values.name.trim() === '') errors.name = { key: 'aipm.errors.TASK_NAME_REQUIRED' };
  else if (values.name.trim().length > 255) errors.name = { key: 'aipm.errors.TASK_NAME_TOO_LONG' };
  const keywords = splitList(values.keywords);
  if (keywords.length === 0) errors.keywords = { key: 'aipm.errors.SEARCH_KEYWORD_REQUIRED' };
  else if (keywords.some((keyword) => keyword.length > 50)) errors.keywords = { key: 'aipm.errors.KEYWORD_TOO_LONG' };
  if (values.sites.length === 0) errors.sites = { key: 'aipm.crawler.form.sites_required' };
  if (values.cities.length === 0) errors.cities = { key: 'aipm.crawler.form.cities_required' };
  for (const line of extraUrlLines(values.extraUrls)) {
    let valid = false;
    try {
      valid = ['http:', 'https:'].includes(new URL(line).protocol);
    } catch {
      valid = false;
    }
    if (!valid) {
      errors.extraUrls = { key: 'aipm.crawler.form.url_invalid', values: { url: line } };
      break;
    }
    // The worker loads only the five sites' pages (it refuses any other host).
    if (!siteOfUrl(line)) {
      errors.extraUrls = { key: 'aipm.crawler.form.url_not_job_site', values: { url: line } };
      break;
    }
  }
  const wait = Number(values.waitTime);
  if (values.waitTime.trim() === '' || !Number.isFinite(wait) || wait < TASK_FORM.waitTime.min) errors.waitTime = { key: 'aipm.errors.WAIT_TIME_TOO_SHORT' };
  else if (wait > TASK_FORM.waitTime.max) errors.waitTime = { key: 'aipm.errors.WAIT_TIME_TOO_LONG' };
  const max = Number(values.maxResults);
  if (values.maxResults.trim() === '' || !Number.isFinite(max) || max < TASK_FORM.maxResults.min) errors.maxResults = { key: 'aipm.crawler.form.max_results_too_small' };
  else if (max > TASK_FORM.maxResults.max) errors.maxResults = { key: 'aipm.crawler.form.max_results_too_large' };
  return errors;
}

/**
 * The body of POST /api/admin/crawl-tasks: one target URL per keyword per site per city (the preview), then the extra
 * ones, and the task's 最大结果数, which every run of it honours (ADR 062).
 */
export function taskBodyOf(values: TaskFormValues): CreateCrawlTaskBody {
  const targets = [...previewOf(values).map(({ url }) => url), ...extraUrlLines(values.extraUrls)];
  return {
    name: values.name.trim(),
    keywords: splitList(values.keywords),
    targetUrls: [...new Set(targets)],
    ...(values.sites.length === 1 ? { site: values.sites[0] } : {}),
    enableJavaScriptRendering: values.enableJavaScriptRendering,
    antiDetectionMode: values.antiDetectionMode,
    // The input steps by 1000; a typed value is rounded to whole seconds within the bounds the API takes.
    waitTime: Math.round(Number(values.waitTime) / TASK_FORM.waitTime.step) * TASK_FORM.waitTime.step,
    maxResults: Math.round(Number(values.maxResults)),
  };
}
