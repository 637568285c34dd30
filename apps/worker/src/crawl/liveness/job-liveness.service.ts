import { CRAWL_SCHEDULE_TIMEZONE, CRAWL_WAIT_TIME_MAX_MS, type CrawlerConfig } from '@aipm/contracts';
import { AdminConfig, PublishedJobLiveness, readCrawlerConfig } from '@aipm/database';
import {
  bullOptions,
  JOB_LIVENESS_JOB_NAME,
  JOB_LIVENESS_PASS_BUDGET_MS,
  JOB_LIVENESS_PATTERN,
  JOB_LIVENESS_QUEUE,
  JOB_LIVENESS_RECHECK_HOURS,
  JOB_LIVENESS_SCHEDULER_ID,
  type JobLivenessResult,
  workerOptions,
} from '@aipm/queue';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Queue, Worker } from 'bullmq';
import type { Repository } from 'typeorm';
import { WORKER_ENV, type WorkerEnv } from '../../config/worker-env';
import { CRAWL_METRICS, type CrawlMetrics } from '../../metrics/worker-metrics';
import { USER_AGENTS } from '../browser/user-agents';
import { SitePausedError, SiteThrottle } from '../navigation/site.throttle';
import { PAGE_LOADER } from '../crawl.processor';
import type { PageLoader } from '../page.loader';
import type { SiteAdapter } from '../sites/site-adapter';
import { SiteRegistry } from '../sites/site-registry';
import { type PostingLiveness, readLoadFailure, readPostingPage } from './posting-liveness.reader';

/** Jobs read per pass; a pass seldom gets through more within its budget at the sites' pace. */
const PASS_BATCH = 1000;
/** A posting's page is small: it gets the crawl's default wait, not the longest. */
const POSTING_WAIT_MS = Math.min(CRAWL_WAIT_TIME_MAX_MS, 15_000);

/**
 * Published jobs that stay alive (docs/product/crawler.md#published-jobs-that-stay-alive, ADR 063): a job scheduler
 * on its own queue fires a pass every hour; a pass loads each due job's source page through the crawl's page loader
 * and navigation guard, one page at a time per site with the request delay (the crawl's Redis slot, ADR 010), and
 * reads it. Closed (404/410, the site's words, an expired flag): the job is deactivated with the reason. Refused or
 * failed: the job stays as it is, with the check recorded.
 */
@Injectable()
export class JobLivenessService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobLivenessService.name);
  private queue?: Queue;
  private worker?: Worker<unknown, JobLivenessResult>;
  private stopping = false;
  private userAgentTurn = 0;

  constructor(
    @Inject(WORKER_ENV) private readonly env: WorkerEnv,
    @InjectRepository(AdminConfig) private readonly settings: Repository<AdminConfig>,
    private readonly liveness: PublishedJobLiveness,
    private readonly registry: SiteRegistry,
    private readonly throttle: SiteThrottle,
    @Inject(PAGE_LOADER) private readonly loader: PageLoader,
    @Inject(CRAWL_METRICS) private readonly metrics: CrawlMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.queue = new Queue(JOB_LIVENESS_QUEUE, bullOptions(this.env.REDIS_URL));
    // Every worker upserts the same scheduler: one job per firing, whichever worker takes it.
    await this.queue.upsertJobScheduler(
      JOB_LIVENESS_SCHEDULER_ID,
      { pattern: JOB_LIVENESS_PATTERN, tz: CRAWL_SCHEDULE_TIMEZONE },
      { name: JOB_LIVENESS_JOB_NAME, opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } } },
    );
    this.worker = new Worker<unknown, JobLivenessResult>(JOB_LIVENESS_QUEUE, async () => this.pass(), { ...workerOptions(this.env.REDIS_URL), concurrency: 1 });
    this.worker.on('failed', (job, error) => this.logger.warn(`liveness pass ${job?.id} failed: ${error.message}`));
    this.worker.on('error', (error) => this.logger.error(`liveness worker: ${error.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    // A pass in progress stops after its current check; the jobs it left are the oldest for the next pass.
    this.stopping = true;
    await this.worker?.close();
    await this.queue?.close();
  }

  /** Checks every due job (never checked, or last checked more than the recheck interval ago) within the budget. */
  async pass(now: () => Date = () => new Date()): Promise<JobLivenessResult> {
    const started = Date.now();
    const result: JobLivenessResult = { checked: 0, open: 0, closed: 0, refused: 0, failed: 0, skipped: 0 };
    const due = await this.liveness.due(new Date(now().getTime() - JOB_LIVENESS_RECHECK_HOURS * 3600_000), PASS_BATCH);
    for (const job of due) {
      if (this.stopping || Date.now() - started > JOB_LIVENESS_PASS_BUDGET_MS) break;
      const source = this.sourceOf(job.sourceUrl);
      if (!source) {
        // Added by hand with an address on none of the five sites: there is no site to ask.
        result.skipped += 1;
        continue;
      }
      // Read before every page, as a crawl does: a changed delay or cookie applies from the next check.
      const config = await readCrawlerConfig(this.settings);
      let finding: PostingLiveness;
      try {
        finding = await this.throttle.run(source.adapter.site, config.request_delay, () => this.check(source.adapter, source.url, config));
      } catch (error) {
        // A site paused after repeated refusals is not asked (ADR 064): its jobs stay due for a later pass.
        if (!(error instanceof SitePausedError)) throw error;
        result.skipped += 1;
        continue;
      }
      const at = now();
      result.checked += 1;
      result[finding.outcome] += 1;
      this.metrics.checked(source.adapter.site, finding.outcome);
      if (finding.outcome === 'closed') {
        await this.liveness.close(job.id, finding.reason, finding.evidence, at);
        this.logger.log(`published job ${job.id} deactivated: ${finding.reason} (${finding.evidence}) at ${job.sourceUrl}`);
      } else {
        await this.liveness.recordCheck(job.id, finding.outcome, at);
        if (finding.outcome !== 'open') this.logger.warn(`published job ${job.id} not checked: ${finding.outcome}: ${finding.evidence}`);
      }
    }
    if (result.checked + result.skipped > 0) this.logger.log(`liveness pass: ${JSON.stringify(result)}`);
    return result;
  }

  private sourceOf(sourceUrl: string): { adapter: SiteAdapter; url: URL } | null {
    let url: URL;
    try {
      url = new URL(sourceUrl);
    } catch {
      return null;
    }
    const adapter = this.registry.siteOf(url);
    return adapter ? { adapter: postingAdapter(adapter), url: this.registry.toLoadUrl(adapter, url) } : null;
  }

  private async check(adapter: SiteAdapter, url: URL, config: CrawlerConfig): Promise<PostingLiveness> {
    const options = {
      javascript: config.javascript_rendering,
      stealth: config.anti_detection,
      cookie: config[adapter.cookieKey] as string,
      userAgent: config.user_agent_rotation ? USER_AGENTS[this.userAgentTurn++ % USER_AGENTS.length] : null,
      waitMs: POSTING_WAIT_MS,
    };
    try {
      return await this.loader.withPage(adapter, url, options, async (page) => readPostingPage(page));
    } catch (error) {
      return readLoadFailure(error);
    }
  }
}

/**
 * The site's adapter for a posting's own page: no search data call to make or wait for (the loader would otherwise
 * fetch the search endpoint beside it over plain HTTP). Everything else, the site's guard and cookie, is the site's.
 */
function postingAdapter(adapter: SiteAdapter): SiteAdapter {
  return Object.assign(Object.create(adapter) as SiteAdapter, {
    isDataEndpoint: () => false,
    dataRequest: () => null,
  });
}
