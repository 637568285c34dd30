import { CRAWLER_CHECK_CALL_SETTINGS_KEYS, type CrawlerCheckCallSettings, type CrawlSite, parseCrawlerCheckCallSettings } from '@aipm/contracts';
import type { DataSource } from 'typeorm';

/** The crawler check call's reads; its call row, the per-number limits and the outcome are LeadNotificationRepository's. */
export class CrawlerCheckRepository {
  constructor(private readonly dataSource: DataSource) {}

  async settings(): Promise<CrawlerCheckCallSettings> {
    const rows: Array<{ key: string; value: string }> = await this.dataSource.query(`SELECT "key", "value" FROM "admin_config" WHERE "key" = ANY($1)`, [
      Object.values(CRAWLER_CHECK_CALL_SETTINGS_KEYS),
    ]);
    return parseCrawlerCheckCallSettings(rows);
  }

  /**
   * Whether the site still waits in that run, as the task's statistics say (the crawl stores them on every change,
   * ADR 078): the same run, and the same wait (its `since`). Solved, skipped, the run ended or handed back: false.
   */
  async stillWaiting(wait: { taskId: string; jobId: string; site: CrawlSite; since: string }): Promise<boolean> {
    const [row] = await this.dataSource.query(
      `SELECT "lastRunStats" ->> 'jobId' AS "jobId", "lastRunStats" -> 'humanChecks' -> $2::text ->> 'since' AS "since" FROM "crawl_tasks" WHERE "id" = $1`,
      [wait.taskId, wait.site],
    );
    return Boolean(row) && row.jobId === wait.jobId && typeof row.since === 'string' && Date.parse(row.since) === Date.parse(wait.since);
  }
}

export type CrawlerCheckStore = Pick<CrawlerCheckRepository, keyof CrawlerCheckRepository>;
