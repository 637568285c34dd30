import { backupIsStale, failingSites, QUEUE_WAIT_ALERT_SECONDS, SEARCH_SITES, type SearchSite, type SitePages, type SystemAlert } from '@aipm/contracts';
import { BackupRun } from '@aipm/database';
import { oldestWaitSeconds } from '@aipm/metrics';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource, Repository } from 'typeorm';
import { lastGoodBackup } from '../backups/last-good-backup';
import { ALL_QUEUES } from '../queue/queue.module';

/** Each site's pages over the last hour from the runs that ended in it: read (pagesDone), and every failed attempt. */
const PAGES_LAST_HOUR = `
  SELECT site,
         coalesce(sum("pagesDone"), 0)::int AS read,
         coalesce(sum((SELECT coalesce(sum(value::int), 0) FROM jsonb_each_text(failures))), 0)::int AS failed
    FROM crawl_runs
   WHERE "finishedAt" > $1
   GROUP BY site`;

/**
 * The dashboard's alerts (docs/product/operations.md#on-the-dashboard): the conditions of the Prometheus rules
 * CrawlSiteFailing, QueueWaitingTooLong and BackupTooOld, read from crawl_runs, the queues and backup_runs when the
 * dashboard asks, for a school that runs no Prometheus.
 */
@Injectable()
export class SystemAlertsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(BackupRun) private readonly runs: Repository<BackupRun>,
    @Inject(ALL_QUEUES) private readonly queues: Queue[],
  ) {}

  async alerts(now = new Date()): Promise<SystemAlert[]> {
    const [backup, checks, queues, sites] = await Promise.all([this.backupAlert(now), this.checkAlerts(), this.queueAlerts(now), this.siteAlerts(now)]);
    return [...backup, ...checks, ...queues, ...sites];
  }

  /** Running tasks with a site waiting for a human check (等待验证, ADR 078): the operator has minutes to act. */
  private async checkAlerts(): Promise<SystemAlert[]> {
    const rows = await this.dataSource.query<Array<{ id: string; name: string; checks: Record<string, { pageNumber: number; until: string }> }>>(
      `SELECT id, name, "lastRunStats"->'humanChecks' AS checks FROM crawl_tasks WHERE status = 'running' AND jsonb_typeof("lastRunStats"->'humanChecks') = 'object' ORDER BY "lastRunAt" DESC NULLS LAST`,
    );
    return rows.flatMap((row) =>
      Object.entries(row.checks ?? {})
        .filter(([site]) => (SEARCH_SITES as readonly string[]).includes(site))
        .map(([site, check]): SystemAlert => ({ kind: 'crawl_waiting_check', taskId: row.id, taskName: row.name, site: site as SearchSite, pageNumber: check.pageNumber, until: check.until })),
    );
  }

  private async backupAlert(now: Date): Promise<SystemAlert[]> {
    const last = await lastGoodBackup(this.runs);
    const lastSuccess = last ? { finishedAt: last.finishedAt.toISOString() } : null;
    return backupIsStale(lastSuccess, now) ? [{ kind: 'backup_stale', lastSuccessAt: lastSuccess?.finishedAt ?? null }] : [];
  }

  private async queueAlerts(now: Date): Promise<SystemAlert[]> {
    const waits = await Promise.all(this.queues.map(async (queue) => ({ queue: queue.name, waitingSeconds: Math.round(await oldestWaitSeconds(queue, now.getTime())) })));
    return waits.filter((wait) => wait.waitingSeconds > QUEUE_WAIT_ALERT_SECONDS).map((wait): SystemAlert => ({ kind: 'queue_waiting', ...wait }));
  }

  private async siteAlerts(now: Date): Promise<SystemAlert[]> {
    const rows = await this.dataSource.query<Array<{ site: string; read: number; failed: number }>>(PAGES_LAST_HOUR, [new Date(now.getTime() - 3_600_000)]);
    const pages: SitePages[] = rows.filter((row): row is SitePages => (SEARCH_SITES as readonly string[]).includes(row.site)).map((row) => ({ site: row.site as SearchSite, read: row.read, failed: row.failed }));
    return failingSites(pages);
  }
}
