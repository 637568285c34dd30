import { KEY_PREFIX } from './queue-names';

/**
 * The worker refreshes this key while it runs, so the API's health report can say whether a worker is
 * alive without a network path between them. It expires on its own when the worker dies.
 */
export const WORKER_HEARTBEAT_KEY = `${KEY_PREFIX}:worker:heartbeat`;
export const WORKER_HEARTBEAT_INTERVAL_MS = 10_000;
export const WORKER_HEARTBEAT_TTL_MS = 3 * WORKER_HEARTBEAT_INTERVAL_MS;

export interface WorkerHeartbeat {
  pid: number;
  hostname: string;
  startedAt: string;
  beatAt: string;
  /** The Chromium the worker drives (it refuses to start without an executable one); absent from older workers. */
  chromiumPath?: string;
  /** The sites it loads from another origin (CRAWLER_SITE_ORIGINS, tests and demos): site → origin; absent when none. */
  siteOrigins?: Partial<Record<string, string>>;
}
