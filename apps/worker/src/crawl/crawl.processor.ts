import {
  CRAWL_WAIT_TIME_MAX_MS,
  CRAWL_WAIT_TIME_MIN_MS,
  DEFAULT_CRAWL_CITY,
  TRANSIENT_CRAWL_FAILURES,
  type CrawlerConfig,
  type CrawlFailureReason,
  type CrawlJobProgress,
  type CrawlRunStatistics,
  type CrawlSite,
  newRunStatistics,
  paceSignalOf,
  type SitePaceState,
  type SiteRunTally,
  taskSearchUrls,
  CRAWL_FAILURE_LABELS,
} from '@aipm/contracts';
import { AdminConfig, CrawlTask, CrawlTaskLifecycle, readCrawlerConfig, type SiteSessionContents } from '@aipm/database';
import type { CrawlJobData, CrawlJobResult } from '@aipm/queue';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { Repository } from 'typeorm';
import { USER_AGENTS } from './browser/user-agents';
import { CrawlResultWriter } from './crawl-result.writer';
import { LearnedSelectorService } from './dom/learned-selector.service';
import { SitePacing } from './navigation/site.pacing';
import { SitePausedError, SiteThrottle } from './navigation/site.throttle';
import { normalizeJob, type NormalizedJob } from './normalize/job.normalizer';
import { CrawlPageError, type PageGate, PageLoader } from './page.loader';
import { CheckCallRequester } from './live-view/check-call.requester';
import { type HeldCheck, type HumanCheckOutcome, LiveViewService } from './live-view/live-view.service';
import { CRAWL_METRICS, type CrawlMetrics } from '../metrics/worker-metrics';
import { readPage } from './reading/page.reader';
import type { SiteAdapter } from './sites/site-adapter';
import { SiteRegistry } from './sites/site-registry';
import { SiteSessionStore } from './sessions/site-session.store';
import { FailureSnapshotStore } from './storage/failure-snapshot.store';

/** Failures that are the site turning the crawler away (metrics: aipm_crawl_refusals_total). */
const SITE_REFUSALS: readonly CrawlFailureReason[] = ['login_wall', 'captcha', 'blocked'];
const DEFAULT_MAX_PAGES = 3;
const DEFAULT_WAIT_MS = 15_000;

export const PAGE_LOADER = Symbol('PAGE_LOADER');

interface Target {
  adapter: SiteAdapter;
  url: URL;
  /** The page a target starts at: 1, or the page a human check stopped it at (ADR 078). */
  fromPage: number;
}

/** A site's part of a run waiting for a human check: its tab held for the live view, its targets still to crawl. */
interface WaitingSite {
  held: HeldCheck;
  tab: object;
  targets: Target[];
  outcome: HumanCheckOutcome | null;
}

interface PageOutcome {
  jobs: NormalizedJob[];
  source: 'json' | 'embedded' | 'dom';
  hasMore: boolean | undefined;
}

/**
 * Runs one crawl task: every target (a search URL, or keyword × city on the task's site), page by page,
 * read by the page reader (JSON first, DOM through learned selectors as the fallback), which the crawl teaches
 * what its DOM readings found; results upserted by canonical sourceUrl.
 * The task moves running → completed | failed through its lifecycle (ADR 042), with the run's statistics kept on it.
 */
@Injectable()
export class CrawlProcessor {
  private readonly logger = new Logger(CrawlProcessor.name);
  private stopping = false;
  private stopSignal!: () => void;
  /** Settles when the worker shuts down: a run waiting for a human check stops waiting and hands its job back. */
  private readonly stopped = new Promise<void>((resolve) => (this.stopSignal = resolve));
  private userAgentTurn = 0;

  constructor(
    @InjectRepository(CrawlTask) private readonly tasks: Repository<CrawlTask>,
    @InjectRepository(AdminConfig) private readonly settings: Repository<AdminConfig>,
    private readonly writer: CrawlResultWriter,
    private readonly learned: LearnedSelectorService,
    private readonly snapshots: FailureSnapshotStore,
    private readonly registry: SiteRegistry,
    private readonly throttle: SiteThrottle,
    private readonly pacing: SitePacing,
    private readonly lifecycle: CrawlTaskLifecycle,
    private readonly sessions: SiteSessionStore,
    private readonly liveView: LiveViewService,
    private readonly checkCalls: CheckCallRequester,
    @Inject(PAGE_LOADER) private readonly loader: PageLoader,
    @Inject(CRAWL_METRICS) private readonly metrics: CrawlMetrics,
  ) {}

  /** From now on, active jobs stop between pages and go back to the queue for another worker. */
  stop(): void {
    this.stopping = true;
    this.stopSignal();
  }

  async process(job: Job<CrawlJobData, CrawlJobResult>, token?: string): Promise<CrawlJobResult> {
    // The run's pages share one tab, closed when the run ends however it ends (ADR 064); a site waiting for a human
    // check keeps its own until it resumes (ADR 078).
    const tabs = new Set<object>();
    try {
      return await this.run(job, tabs, token);
    } finally {
      for (const tab of tabs) await this.loader.closeTab(tab);
    }
  }

  private async run(job: Job<CrawlJobData, CrawlJobResult>, tabs: Set<object>, token?: string): Promise<CrawlJobResult> {
    let tab = {};
    tabs.add(tab);
    const task = await this.tasks.findOneBy({ id: job.data.taskId });
    if (!task) throw new UnrecoverableError(`crawl task ${job.data.taskId} does not exist`);
    const stats = this.startStats(job, task);
    if (job.data.scheduled) {
      if (!(await this.lifecycle.claimScheduled(task.id, String(job.id), stats))) {
        this.logger.warn(`task ${task.id}: scheduled firing ${job.id} skipped, the task is already running`);
        return { stats: task.lastRunStats ?? stats, resultIds: [], skipped: true };
      }
    } else {
      await this.lifecycle.start(task.id, stats);
    }
    // The site of the page being loaded: a failure belongs to it (site health).
    let site: CrawlSite | null = null;

    const resultIds: string[] = [];
    /*
     * 最大结果数 counts the distinct results this run stored, new or already known, across all its sites (ADR 062):
     * a re-run whose postings were found before stops as early as the first run did, so the cap bounds the load on
     * the sites and the run's list of results, not only the growth of the review queue.
     */
    const stored = new Set<string>();
    const maxResults = job.data.maxResults ?? task.maxResults ?? Number.POSITIVE_INFINITY;
    const maxPages = job.data.maxPages ?? DEFAULT_MAX_PAGES;
    // Sites skipped because their pace is paused, with why (ADR 064).
    const paused = new Map<CrawlSite, string>();
    // Of those, the sites skipped because their human check was not solved in time (ADR 078).
    const skippedChecks = new Set<CrawlSite>();
    // Sites waiting for a human check (等待验证, ADR 078), and when each site's wait ends however often it meets one.
    const waiting = new Map<CrawlSite, WaitingSite>();
    const deadlines = new Map<CrawlSite, { since: Date; until: Date }>();
    const remaining = (target: Target) => maxPages - target.fromPage + 1;
    try {
      const queue: Target[] = this.targets(task, job.data).map((target) => ({ ...target, fromPage: 1 }));
      stats.pagesTotal = queue.length * maxPages;
      for (;;) {
        if (this.stopping) await this.handBack(job, token, stats);
        // A settled check: solved, the site's part goes on from its page in the tab that met it; else it is skipped.
        for (const [waitingSite, wait] of waiting) {
          if (!wait.outcome) continue;
          waiting.delete(waitingSite);
          delete stats.humanChecks?.[waitingSite];
          if (wait.outcome === 'closed') {
            // The resumed site's pages go on in its own tab, where the operator passed the check.
            await this.loader.closeTab(tab);
            tabs.delete(tab);
            tab = wait.tab;
            queue.unshift(...wait.targets);
          } else {
            await this.loader.closeTab(wait.tab);
            paused.set(waitingSite, `${waitingSite}: ${CRAWL_FAILURE_LABELS.check_timed_out} (page ${wait.targets[0]?.fromPage ?? 1})`);
            skippedChecks.add(waitingSite);
            for (const target of wait.targets) stats.pagesTotal -= remaining(target);
          }
          await this.report(job, task.id, stats);
        }
        const next = queue.shift();
        if (!next) {
          if (waiting.size === 0) break;
          // Nothing else to crawl: the run waits for the first check to settle (or the worker to stop).
          await Promise.race([this.stopped, ...[...waiting.values()].map((wait) => wait.held.outcome)]);
          continue;
        }
        const { adapter, url } = next;
        if (waiting.has(adapter.site)) {
          // The site waits for a check: its other targets come after it, so its pages stay one at a time in order.
          waiting.get(adapter.site)!.targets.push(next);
          continue;
        }
        if (paused.has(adapter.site)) {
          stats.pagesTotal -= remaining(next);
          continue;
        }
        pages: for (let pageNumber = next.fromPage; pageNumber <= maxPages; pageNumber += 1) {
          if (this.stopping) await this.handBack(job, token, stats);
          site = adapter.site;
          if (stats.currentSite !== site) {
            // Stored before its first page: a worker that dies on it leaves the site to charge (site health).
            stats.currentSite = site;
            await this.lifecycle.recordProgress(task.id, stats);
          }
          const tally = siteTally(stats, adapter.site);
          const loadUrl = this.registry.toLoadUrl(adapter, adapter.withPage(url, pageNumber));
          // Read before every page: a changed delay or cookie applies from the next page, not the next job.
          const config = await readCrawlerConfig(this.settings);
          let outcome: PageOutcome;
          try {
            // Only the page's requests hold the site's slot; the tab's setup and the reading overlap the delay (ADR 064).
            const slot: PageGate = (load) => this.throttle.run(adapter.site, config.request_delay, (siteAnswered) => load(siteAnswered));
            const pageTab = tab;
            outcome = await this.pacedPage(adapter, () => this.crawlPage(adapter, loadUrl, config, task, pageNumber, slot, pageTab));
          } catch (error) {
            if (error instanceof CrawlPageError && error.keepsTab && job.data.waitForChecks === true && !this.stopping) {
              // A captcha or login wall: the site's part waits for the operator in the tab that met it (ADR 078).
              const now = new Date();
              const wait = deadlines.get(adapter.site) ?? { since: now, until: new Date(now.getTime() + config.human_check_timeout_minutes * 60_000) };
              deadlines.set(adapter.site, wait);
              const deadline = wait.until;
              if (deadline.getTime() <= Date.now()) {
                // Checks met again and again until the site's wait ran out: skipped like an unsolved one.
                paused.set(adapter.site, `${adapter.site}: ${CRAWL_FAILURE_LABELS.check_timed_out} (page ${pageNumber})`);
                skippedChecks.add(adapter.site);
                stats.pagesTotal -= maxPages - pageNumber + 1;
                break pages;
              }
              const waitingSite = await this.holdForCheck(job, task, stats, { adapter, tab, pageUrl: loadUrl, pageNumber, since: wait.since, deadline, reason: error.reason as 'captcha' | 'login_wall', message: error.message });
              if (waitingSite) {
                waitingSite.targets.push({ adapter, url, fromPage: pageNumber });
                waiting.set(adapter.site, waitingSite);
                // The held tab is the site's now (closed with the run's tabs however the run ends); the others go on in a new one.
                tab = {};
                tabs.add(tab);
                break pages;
              }
            }
            if (!(error instanceof SitePausedError)) throw error;
            // A paused site's part of the run is skipped (ADR 064): its other targets, and other sites, go on.
            paused.set(adapter.site, error.message);
            stats.pagesTotal -= maxPages - pageNumber + 1;
            break pages;
          }
          stats.pagesDone += 1;
          tally.pagesDone += 1;
          this.metrics.read(adapter.site, outcome.jobs.length);
          stats.sources[outcome.source] = (stats.sources[outcome.source] ?? 0) + outcome.jobs.length;
          for (const found of outcome.jobs) {
            const { id, inserted } = await this.writer.upsert(task.id, found, adapter.site, String(job.id));
            stats.found += 1;
            tally.found += 1;
            if (inserted) stats.new += 1;
            else stats.duplicates += 1;
            if (!stored.has(id)) resultIds.push(id);
            stored.add(id);
            if (stored.size >= maxResults) break;
          }
          await this.report(job, task.id, stats);
          if (stored.size >= maxResults) {
            // Stopped early: the pages not read leave the total, so progress still ends at 100 %.
            stats.pagesTotal = stats.pagesDone;
            // Checks still waiting end with their views: the run has what it came for.
            for (const wait of waiting.values()) await this.loader.closeTab(wait.tab);
            waiting.clear();
            delete stats.humanChecks;
            queue.length = 0;
            break pages;
          }
          if (outcome.jobs.length === 0 || outcome.hasMore === false) {
            // Fewer pages than planned: the total shrinks so progress still ends at 100 %.
            stats.pagesTotal -= maxPages - pageNumber;
            break;
          }
        }
      }
      if (paused.size > 0) {
        const message = [...paused.values()].join('; ');
        // Nothing loaded at all: the run fails as a refusal would, never "0 jobs".
        if (stats.pagesDone === 0) throw new CrawlPageError(skippedChecks.size === paused.size ? 'check_timed_out' : 'site_paused', message);
        for (const pausedSite of paused.keys()) {
          const reason = skippedChecks.has(pausedSite) ? 'check_timed_out' : 'site_paused';
          stats.failures[reason] = (stats.failures[reason] ?? 0) + 1;
          const tally = siteTally(stats, pausedSite);
          tally.failures[reason] = (tally.failures[reason] ?? 0) + 1;
        }
        stats.message = message;
      }
    } catch (error) {
      if (error instanceof DelayedError) throw error;
      delete stats.humanChecks;
      await this.fail(job, task.id, stats, error, site);
    }

    stats.finishedAt = new Date().toISOString();
    if (!(await this.lifecycle.complete({ taskId: task.id, jobId: String(job.id), scheduled: job.data.scheduled === true, stats, failedSite: null }))) {
      this.logger.warn(`task ${task.id}: run ${job.id} finished after the task had been ended as lost; its run is recorded`);
    }
    await job.updateProgress({ pagesDone: stats.pagesDone, pagesTotal: stats.pagesDone, jobsFound: stats.found } satisfies CrawlJobProgress);
    this.logger.log(`task ${task.id}: ${stats.pagesDone} pages, ${stats.found} jobs (${stats.new} new, ${stats.duplicates} already known)`);
    return { stats, resultIds };
  }

  /**
   * Holds the tab on the captcha or login wall as a live view for the operator and marks the site 等待验证 on the run
   * (the task card, the dashboard and the queue board follow the run's progress), and asks for the administrator's
   * call. Null when no view could be held (the refusal then fails the run as before).
   */
  private async holdForCheck(
    job: Job<CrawlJobData, CrawlJobResult>,
    task: CrawlTask,
    stats: CrawlRunStatistics,
    check: { adapter: SiteAdapter; tab: object; pageUrl: URL; pageNumber: number; since: Date; deadline: Date; reason: 'captcha' | 'login_wall'; message: string },
  ): Promise<WaitingSite | null> {
    const { adapter, tab, pageUrl, pageNumber, since, deadline, reason } = check;
    let held: HeldCheck;
    try {
      held = await this.liveView.holdForCheck(adapter.site, tab, pageUrl, deadline);
    } catch (error) {
      this.logger.warn(`task ${task.id}: ${adapter.site}: no live view for the ${reason}: ${(error as Error).message}`);
      return null;
    }
    const wait: WaitingSite = { held, tab, targets: [], outcome: null };
    void held.outcome.then((outcome) => (wait.outcome = outcome));
    stats.humanChecks ??= {};
    stats.humanChecks[adapter.site] = { reason, viewId: held.viewId, url: pageUrl.toString(), pageNumber, since: since.toISOString(), until: deadline.toISOString() };
    this.metrics.refused(adapter.site, reason);
    await this.report(job, task.id, stats);
    await job.log(`${adapter.site}: 等待验证 (${reason}) on page ${pageNumber}, until ${deadline.toISOString()}: ${check.message}`).catch(() => undefined);
    this.logger.warn(`task ${task.id}: ${adapter.site} waits for a human check (${reason}) on page ${pageNumber} until ${deadline.toISOString()}`);
    // The administrator may be phoned (a setting the notify worker reads). After the statistics are stored, since the
    // call checks the site still waits; not awaited: the call must never slow the run. Once per wait (its `since`).
    void this.checkCalls.request({ taskId: task.id, jobId: String(job.id), site: adapter.site, reason, since: since.toISOString(), until: deadline.toISOString() });
    return wait;
  }

  private startStats(job: Job<CrawlJobData, CrawlJobResult>, task: CrawlTask): CrawlRunStatistics {
    const previous = task.lastRunStats?.jobId === String(job.id) ? task.lastRunStats : null;
    return {
      ...newRunStatistics(String(job.id), job.attemptsMade + 1, new Date().toISOString()),
      scheduled: job.data.scheduled === true,
      // Failures and their snapshots add up over the attempts of one run.
      failures: { ...(previous?.failures ?? {}) },
      snapshots: { ...(previous?.snapshots ?? {}) },
      sites: Object.fromEntries(Object.entries(previous?.sites ?? {}).map(([site, tally]) => [site, { pagesDone: 0, found: 0, failures: { ...tally!.failures } }])),
    };
  }

  private targets(task: CrawlTask, data: CrawlJobData): Array<{ adapter: SiteAdapter; url: URL }> {
    if (task.targetUrls.length > 0) {
      return task.targetUrls.map((target) => {
        let url: URL;
        try {
          url = new URL(target);
        } catch {
          throw new CrawlPageError('navigation_refused', `target "${target}" is not a URL`);
        }
        const adapter = this.registry.siteOf(url);
        if (!adapter) throw new CrawlPageError('navigation_refused', `${url.hostname} is not one of the crawled sites`);
        return { adapter, url };
      });
    }
    if (!task.site || task.site === 'other') throw new CrawlPageError('navigation_refused', 'the task has neither target URLs nor a crawlable site');
    const adapter = this.registry.adapter(task.site);
    // The same list the admin previews: keywords × the task's site × the city.
    return taskSearchUrls({ keywords: task.keywords, sites: [task.site], cities: [data.city ?? DEFAULT_CRAWL_CITY] }).map(({ url }) => ({ adapter, url: new URL(url) }));
  }

  /**
   * A page's outcome moves its site's pace (ADR 064): a risk signal steps the site up, an answered page counts
   * towards a step down; other failures (timeouts, the network, our own) leave the pace alone. The next page of the
   * site may already be loading when this one is read: the update is a Redis transaction, so none is lost.
   */
  private async pacedPage(adapter: SiteAdapter, load: () => Promise<PageOutcome>): Promise<PageOutcome> {
    let outcome: PageOutcome;
    try {
      outcome = await load();
    } catch (error) {
      const signal = error instanceof CrawlPageError ? paceSignalOf(error.reason, error.status) : null;
      if (signal) await this.recordPace(adapter.site, () => this.pacing.refused(adapter.site, signal));
      throw error;
    }
    await this.recordPace(adapter.site, () => this.pacing.succeeded(adapter.site));
    return outcome;
  }

  private async recordPace(site: CrawlSite, update: () => Promise<SitePaceState>): Promise<void> {
    try {
      const state = await update();
      this.metrics.paced(site, state.level);
    } catch (error) {
      // The page's own outcome matters more than its pace: Redis unreachable slows nothing down, and says so.
      this.logger.warn(`${site}: pace not recorded: ${(error as Error).message}`);
    }
  }

  /**
   * A page loaded with the site's signed-in session when one is stored and opens (docs/decisions/070), and the
   * session told what the site made of it: read, or refused. Recording that never fails the page.
   */
  private async crawlPage(adapter: SiteAdapter, url: URL, config: CrawlerConfig, task: CrawlTask, pageNumber: number, slot: PageGate, tab: object): Promise<PageOutcome> {
    const session = await this.sessions.open(adapter.site);
    const record = (update: () => Promise<void>) => update().catch((error: Error) => this.logger.warn(`${adapter.site}: session outcome not recorded: ${error.message}`));
    try {
      const outcome = await this.loadPage(adapter, url, config, task, pageNumber, slot, tab, session);
      if (session) await record(() => this.sessions.succeeded(adapter.site));
      return outcome;
    } catch (error) {
      if (session && error instanceof CrawlPageError && SITE_REFUSALS.includes(error.reason)) await record(() => this.sessions.refused(adapter.site, error.reason, error.message));
      throw error;
    }
  }

  private async loadPage(adapter: SiteAdapter, url: URL, config: CrawlerConfig, task: CrawlTask, pageNumber: number, slot: PageGate, tab: object, session: SiteSessionContents | null): Promise<PageOutcome> {
    const javascript = task.crawlConfig.enableJavaScriptRendering ?? config.javascript_rendering;
    const options = {
      tab,
      session,
      // Only a page in the browser can take a deleted session out of it; a plain-HTTP page leaves that to the next one.
      withdrawn: javascript && !session ? this.sessions.withdrawn(adapter.site) : null,
      javascript,
      stealth: task.crawlConfig.antiDetectionMode ?? config.anti_detection,
      cookie: config[adapter.cookieKey] as string,
      userAgent: config.user_agent_rotation ? USER_AGENTS[this.userAgentTurn++ % USER_AGENTS.length] : null,
      waitMs: Math.min(CRAWL_WAIT_TIME_MAX_MS, Math.max(CRAWL_WAIT_TIME_MIN_MS, Number(task.crawlConfig.waitTime ?? DEFAULT_WAIT_MS))),
    };
    return this.loader.withPage(adapter, url, options, async (page) => {
      const reading = await readPage(adapter, page, () => this.learned.stored(adapter.site, adapter.searchPath));
      await this.learned.learn(adapter.site, adapter.searchPath, reading.lesson);
      if ('jobs' in reading) {
        const crawledAt = new Date();
        const canonical = (link: URL) => this.registry.canonical(adapter, link);
        const jobs = reading.jobs.map((found) => normalizeJob(found, { pageUrl: page.url, crawledAt, canonical })).filter((job): job is NormalizedJob => job !== null);
        return { jobs, source: reading.source, hasMore: reading.hasMore };
      }
      // Past the first page an empty page is the end of the results; on the first it is unexplained.
      if (reading.failure === 'no_data' && pageNumber > 1) return { jobs: [], source: 'dom', hasMore: false };
      // A data verdict's message names its site already; one read from the page itself does not.
      const message = reading.source ? reading.message : `${adapter.site}: ${reading.message}`;
      throw new CrawlPageError(reading.failure, message, { url: page.url.toString(), html: page.html, screenshot: await page.screenshot().catch(() => null) });
    }, slot);
  }

  private async report(job: Job<CrawlJobData, CrawlJobResult>, taskId: string, stats: CrawlRunStatistics): Promise<void> {
    const waiting = Object.keys(stats.humanChecks ?? {}).length > 0;
    // Recorded before it is announced: whoever the pushed progress sends to read the task (a card, the dashboard's
    // alerts) finds what it announced.
    await this.lifecycle.recordProgress(taskId, stats);
    await job.updateProgress({ pagesDone: stats.pagesDone, pagesTotal: stats.pagesTotal, jobsFound: stats.found, ...(waiting ? { humanChecks: { ...stats.humanChecks } } : {}) } satisfies CrawlJobProgress);
  }

  /** Records the failure (and the first snapshot of its kind), then fails or retries the job. */
  private async fail(job: Job<CrawlJobData, CrawlJobResult>, taskId: string, stats: CrawlRunStatistics, error: unknown, site: CrawlSite | null): Promise<never> {
    const reason: CrawlFailureReason = error instanceof CrawlPageError ? error.reason : 'unexpected';
    const message = (error as Error)?.message ?? String(error);
    stats.failures[reason] = (stats.failures[reason] ?? 0) + 1;
    if (site) {
      const tally = siteTally(stats, site);
      tally.failures[reason] = (tally.failures[reason] ?? 0) + 1;
      // The site's refusals (a login wall, a captcha, a block page) apart from failures of our own or the network.
      if (SITE_REFUSALS.includes(reason)) this.metrics.refused(site, reason);
      else this.metrics.failed(site);
    }
    stats.failureReason = reason;
    stats.message = message;
    if (error instanceof CrawlPageError && error.snapshot && !stats.snapshots[reason]) {
      const saved = await this.snapshots.save(`${taskId}/${job.id}/${reason}`, error.snapshot.html, error.snapshot.screenshot);
      if (saved) stats.snapshots[reason] = { ...saved, url: error.snapshot.url };
    }
    const retry = TRANSIENT_CRAWL_FAILURES.includes(reason) && job.attemptsMade + 1 < (job.opts.attempts ?? 1);
    stats.finishedAt = retry ? null : new Date().toISOString();
    if (retry) await this.lifecycle.awaitRetry(taskId, stats);
    else await this.lifecycle.fail({ taskId, jobId: String(job.id), scheduled: job.data.scheduled === true, stats, failedSite: site });
    this.logger.warn(`task ${taskId} (job ${job.id}, attempt ${stats.attempt}): ${reason}: ${message}${retry ? ' — will retry' : ''}`);
    if (retry) throw error instanceof Error ? error : new Error(message);
    throw new UnrecoverableError(`${reason}: ${message}`);
  }

  /** Shutting down: put the job back in the queue (it restarts from the first page elsewhere; upserts make that safe). */
  private async handBack(job: Job<CrawlJobData, CrawlJobResult>, token: string | undefined, stats: CrawlRunStatistics): Promise<never> {
    stats.message = 'worker shutting down: job handed back to the queue';
    delete stats.humanChecks;
    await this.lifecycle.recordProgress(job.data.taskId, stats);
    await job.moveToDelayed(Date.now() + 1000, token);
    throw new DelayedError();
  }
}

/** The run's figures for one site, created on its first page. */
function siteTally(stats: CrawlRunStatistics, site: CrawlSite): SiteRunTally {
  stats.sites ??= {};
  return (stats.sites[site] ??= { pagesDone: 0, found: 0, failures: {} });
}
