import { crawlMetrics, createRegistry } from '@aipm/metrics';
import type { Provider } from '@nestjs/common';
import type { Registry } from 'prom-client';

/** The worker's metrics (docs/product/operations.md#metrics), served by main.ts on METRICS_PORT. */
export const WORKER_METRICS = Symbol('WORKER_METRICS');
/** Crawled pages, refusals and jobs found, per site. */
export const CRAWL_METRICS = Symbol('CRAWL_METRICS');
export type CrawlMetrics = ReturnType<typeof crawlMetrics>;

export const WORKER_METRICS_PROVIDERS: Provider[] = [
  { provide: WORKER_METRICS, useFactory: (): Registry => createRegistry('worker') },
  { provide: CRAWL_METRICS, useFactory: (registry: Registry) => crawlMetrics(registry), inject: [WORKER_METRICS] },
];
