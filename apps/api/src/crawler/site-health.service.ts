import {
  type CrawlFailureReason,
  NORMAL_PACE,
  PACE_KEY_SUFFIX,
  paceView,
  readPaceHash,
  SEARCH_SITES,
  type SearchSite,
  SITE_HEALTH_RUN_WINDOW,
  type SiteHealth,
  type SitePaceView,
} from '@aipm/contracts';
import { AdminConfig, readCrawlerConfig } from '@aipm/database';
import { KEY_PREFIX } from '@aipm/queue';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource, Repository } from 'typeorm';
import { REDIS_CLIENT } from '../redis/redis.module';

interface RecentRun {
  site: SearchSite;
  jobId: string;
  taskId: string | null;
  status: 'completed' | 'failed';
  finishedAt: Date;
  found: number;
  failures: Partial<Record<CrawlFailureReason, number>>;
  failureReason: CrawlFailureReason | null;
  recency: number;
  foundBefore: boolean | null;
}

/**
 * The last runs of each site (crawl_runs), newest first, each knowing whether any earlier run of the site
 * found jobs: a run with none after runs with some is the first sign of a redesign or a block.
 */
const RECENT_RUNS = `
  SELECT * FROM (
    SELECT site, "jobId", "taskId", status, "finishedAt", found, failures, "failureReason",
      row_number() OVER (PARTITION BY site ORDER BY "finishedAt" DESC, id DESC) AS recency,
      bool_or(found > 0) OVER (PARTITION BY site ORDER BY "finishedAt" ASC, id ASC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS "foundBefore"
    FROM crawl_runs
  ) runs WHERE recency <= $1 ORDER BY site, recency`;

const LAST_SUCCESS = `SELECT site, max("finishedAt") AS "lastSuccessAt" FROM crawl_runs WHERE status = 'completed' GROUP BY site`;

const SELECTORS = `SELECT site, count(*)::int AS count, max(confidence) AS best, avg(confidence) AS average, max("lastUsed") AS "lastUsed"
  FROM learned_selectors GROUP BY site`;

/** GET /api/admin/crawler/site-health (docs/product/crawler.md#site-health). */
@Injectable()
export class SiteHealthService {
  private readonly logger = new Logger(SiteHealthService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(AdminConfig) private readonly settings: Repository<AdminConfig>,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  async report(): Promise<SiteHealth[]> {
    const [runs, successes, selectors, paces] = await Promise.all([
      this.dataSource.query<RecentRun[]>(RECENT_RUNS, [SITE_HEALTH_RUN_WINDOW]),
      this.dataSource.query<Array<{ site: string; lastSuccessAt: Date }>>(LAST_SUCCESS),
      this.dataSource.query<Array<{ site: string; count: number; best: number | null; average: number | null; lastUsed: Date | null }>>(SELECTORS),
      this.paces(),
    ]);
    return SEARCH_SITES.map((site) => {
      const recent = runs.filter((run) => run.site === site);
      const failuresByReason: Partial<Record<CrawlFailureReason, number>> = {};
      for (const run of recent) {
        for (const [reason, count] of Object.entries(run.failures ?? {})) {
          failuresByReason[reason as CrawlFailureReason] = (failuresByReason[reason as CrawlFailureReason] ?? 0) + (count ?? 0);
        }
      }
      const zeroJobRuns = recent
        .filter((run) => run.found === 0 && run.foundBefore === true)
        .map((run) => ({ jobId: run.jobId, taskId: run.taskId, finishedAt: new Date(run.finishedAt).toISOString(), status: run.status, failureReason: run.failureReason }));
      const selector = selectors.find((row) => row.site === site);
      const lastSuccess = successes.find((row) => row.site === site)?.lastSuccessAt ?? null;
      return {
        site,
        runs: recent.length,
        successRate: recent.length === 0 ? null : recent.filter((run) => run.status === 'completed').length / recent.length,
        lastSuccessAt: lastSuccess ? new Date(lastSuccess).toISOString() : null,
        lastRunAt: recent[0] ? new Date(recent[0].finishedAt).toISOString() : null,
        failuresByReason,
        selectors: {
          count: selector?.count ?? 0,
          bestConfidence: selector?.best ?? null,
          averageConfidence: selector?.average === null || selector?.average === undefined ? null : Number(selector.average),
          lastUsed: selector?.lastUsed ? new Date(selector.lastUsed).toISOString() : null,
        },
        zeroJobRuns,
        flagged: recent[0] !== undefined && recent[0].found === 0 && recent[0].foundBefore === true,
        pace: paces?.get(site) ?? null,
      };
    });
  }

  /**
   * Each site's pace step as the workers keep it in Redis (ADR 064), read against Redis' clock (a pause that has
   * run out shows as slow ×4). Null when Redis does not answer: the rest of the report is still worth showing.
   */
  private async paces(): Promise<Map<SearchSite, SitePaceView> | null> {
    try {
      const pipeline = this.redis.pipeline().time();
      for (const site of SEARCH_SITES) pipeline.hgetall(`${KEY_PREFIX}:${PACE_KEY_SUFFIX}:${site}`);
      const [answers, config] = await Promise.all([pipeline.exec(), readCrawlerConfig(this.settings)]);
      if (!answers || answers.some(([error]) => error)) throw answers?.find(([error]) => error)?.[0] ?? new Error('no answer');
      const [seconds, micros] = answers[0][1] as [string, string];
      const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
      return new Map(
        SEARCH_SITES.map((site, index) => {
          const hash = answers[index + 1][1] as Record<string, string>;
          return [site, paceView(Object.keys(hash).length === 0 ? NORMAL_PACE : readPaceHash(hash), config.request_delay, now)];
        }),
      );
    } catch (error) {
      this.logger.warn(`site paces not read: ${(error as Error).message}`);
      return null;
    }
  }
}
