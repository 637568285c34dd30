/**
 * The ten cities of the automated crawl (docs/product/crawler.md#cities), default 长沙; each site adapter maps them
 * to its code.
 */
export const CRAWL_CITIES = ['长沙', '北京', '上海', '广州', '深圳', '杭州', '成都', '武汉', '西安', '南京'] as const;
export type CrawlCity = (typeof CRAWL_CITIES)[number];
export const DEFAULT_CRAWL_CITY: CrawlCity = '长沙';
export const DEFAULT_CRAWL_KEYWORD = 'AI产品经理';
/** The automated crawl asks for at most this many jobs per run (docs/product/crawler.md#automated-search). */
export const AUTOMATED_CRAWL_MAX_RESULTS = 50;
/**
 * A task's own 最大结果数: sent with the task and kept on it, so every run of it (manual or scheduled) stops once
 * that many results are stored (docs/product/crawler.md#task-form; a deviation from the spec, ADR 062).
 */
export const CRAWL_TASK_MAX_RESULTS = { min: 1, max: 500, default: 100 } as const;
/** Task form limits for the page wait (docs/product/validation.md#crawl-task-form). */
export const CRAWL_WAIT_TIME_MIN_MS = 3000;
export const CRAWL_WAIT_TIME_MAX_MS = 30000;

export function isCrawlCity(value: string): value is CrawlCity {
  return (CRAWL_CITIES as readonly string[]).includes(value);
}
