import type { SearchSite } from '../crawl/search-urls';

/*
 * The alerts the dashboard raises without Prometheus (docs/product/operations.md#on-the-dashboard): the same
 * conditions as ops/prometheus/alerts.yml's CrawlSiteFailing, QueueWaitingTooLong and BackupTooOld, computed from the
 * database and the queues when the dashboard opens.
 */

/** A site whose pages were read less often than this over the last hour is failing… */
export const SITE_FAILING_READ_SHARE = 0.5;
/** …when at least this many pages were tried (fewer say nothing). */
export const SITE_FAILING_MIN_PAGES = 4;
/** A queue whose oldest waiting job has waited longer than this. */
export const QUEUE_WAIT_ALERT_SECONDS = 15 * 60;

export type SystemAlert =
  | { kind: 'crawl_site_failing'; site: SearchSite; readShare: number; pages: number }
  | { kind: 'queue_waiting'; queue: string; waitingSeconds: number }
  | { kind: 'backup_stale'; lastSuccessAt: string | null }
  /** A running crawl task whose site waits for a human check (等待验证, ADR 078), until `until`. */
  | { kind: 'crawl_waiting_check'; taskId: string; taskName: string; site: SearchSite; pageNumber: number; until: string };

/** One site's pages over the last hour: read, and refused or failed. */
export interface SitePages {
  site: SearchSite;
  read: number;
  failed: number;
}

/** The sites that read fewer than half their pages over the last hour, with enough pages to judge. */
export function failingSites(pages: readonly SitePages[]): SystemAlert[] {
  return pages.flatMap(({ site, read, failed }) => {
    const total = read + failed;
    if (total < SITE_FAILING_MIN_PAGES || read / total >= SITE_FAILING_READ_SHARE) return [];
    return [{ kind: 'crawl_site_failing' as const, site, readShare: read / total, pages: total }];
  });
}

/** GET /api/admin/system-alerts: the conditions that hold now, most urgent first (none: an empty list). */
export const SYSTEM_ALERTS_PATH = '/api/admin/system-alerts';
