import { Counter, Gauge, type Registry } from 'prom-client';
import { METRIC_NAMES } from './names';

/** Leads stored (the API): by kind and by the first touch's utm_source, `direct` without one. */
export function leadMetrics(registry: Registry) {
  const leads = new Counter({ name: METRIC_NAMES.leads, help: 'Leads stored, by kind and source', labelNames: ['kind', 'source'], registers: [registry] });
  return {
    stored(kind: 'registration' | 'message', source: string | null | undefined): void {
      // A source is what a link said: kept short and plain, so a visitor cannot make series without end.
      const label = source && /^[\w.-]{1,32}$/.test(source) ? source.toLowerCase() : source ? 'other' : 'direct';
      leads.inc({ kind, source: label });
    },
  };
}

/** The crawl (the worker): pages by site and outcome, refusals by site and reason, jobs found by site. */
export function crawlMetrics(registry: Registry) {
  const pages = new Counter({ name: METRIC_NAMES.crawlPages, help: 'Crawled pages, by site and outcome (read, refused, failed)', labelNames: ['site', 'outcome'], registers: [registry] });
  const refusals = new Counter({ name: METRIC_NAMES.crawlRefusals, help: 'Pages a site refused, by site and reason', labelNames: ['site', 'reason'], registers: [registry] });
  const jobs = new Counter({ name: METRIC_NAMES.crawlJobs, help: 'Jobs found, by site', labelNames: ['site'], registers: [registry] });
  const pace = new Gauge({ name: METRIC_NAMES.crawlPaceStep, help: 'Pace step of each site: 0 normal, 1 slow x2, 2 slow x4, 3 paused', labelNames: ['site'], registers: [registry] });
  const liveness = new Counter({ name: METRIC_NAMES.livenessChecks, help: 'Published jobs checked at their source, by site and outcome', labelNames: ['site', 'outcome'], registers: [registry] });
  return {
    /** One published job's check at its source (ADR 063): open, closed, refused or failed. */
    checked(site: string, outcome: string): void {
      liveness.inc({ site, outcome });
    },
    read(site: string, jobsFound: number): void {
      pages.inc({ site, outcome: 'read' });
      if (jobsFound > 0) jobs.inc({ site }, jobsFound);
    },
    refused(site: string, reason: string): void {
      pages.inc({ site, outcome: 'refused' });
      refusals.inc({ site, reason });
    },
    failed(site: string): void {
      pages.inc({ site, outcome: 'failed' });
    },
    /** The site's pace step after a page's outcome was recorded (ADR 064). */
    paced(site: string, level: number): void {
      pace.set({ site }, level);
    },
  };
}

/**
 * New-lead phone calls by provider and outcome (dialing, placed, throttled, refused, failed), counted from the call log
 * when scraped: the log is never deleted from, so the count only grows, whichever worker placed the call.
 */
export function callMetrics(registry: Registry, counts: () => Promise<Array<{ provider: string; status: string; count: number }>>): void {
  new Counter({
    name: METRIC_NAMES.calls,
    help: 'New-lead phone calls, by provider and outcome (from the call log)',
    labelNames: ['provider', 'outcome'],
    registers: [registry],
    aggregator: 'first',
    async collect() {
      this.reset();
      for (const row of await counts()) this.inc({ provider: row.provider, outcome: row.status }, row.count);
    },
  });
}

/** The last good backup (read from the runs when scraped): when it ended and its size; 0 before the first (so an alert on its age fires). */
export function backupMetrics(registry: Registry, lastSuccess: () => Promise<{ finishedAt: Date; sizeBytes: number } | null>): void {
  new Gauge({
    name: METRIC_NAMES.backupLastSuccess,
    help: 'When the last good backup ended, Unix seconds',
    registers: [registry],
    // Read from the database: across an API cluster, one process's answer, not their sum.
    aggregator: 'first',
    async collect() {
      this.reset();
      const run = await lastSuccess();
      if (run) this.set(run.finishedAt.getTime() / 1000);
    },
  });
  new Gauge({
    name: METRIC_NAMES.backupLastSize,
    help: 'Size of the last good backup, bytes',
    registers: [registry],
    aggregator: 'first',
    async collect() {
      this.reset();
      const run = await lastSuccess();
      if (run) this.set(run.sizeBytes);
    },
  });
}
