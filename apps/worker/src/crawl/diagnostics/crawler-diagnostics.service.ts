import { hostname } from 'node:os';
import { type CrawlerConfig, type CrawlerDiagnostics, type CrawlFailureReason, DEFAULT_CRAWL_CITY, DEFAULT_CRAWL_KEYWORD, type SiteDiagnosis } from '@aipm/contracts';
import type { CrawlerDiagnosticsJobData, CrawlerDiagnosticsJobResult } from '@aipm/queue';
import { AdminConfig, readCrawlerConfig } from '@aipm/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type Job, UnrecoverableError } from 'bullmq';
import type { Repository } from 'typeorm';
import { BrowserService } from '../browser/browser.service';
import { USER_AGENTS } from '../browser/user-agents';
import { PAGE_LOADER } from '../crawl.processor';
import { LearnedSelectorService } from '../dom/learned-selector.service';
import { SiteBusyError, SitePausedError, SiteThrottle } from '../navigation/site.throttle';
import { CrawlPageError, type LoadedPage, type PageGate, PageLoader } from '../page.loader';
import { readPage } from '../reading/page.reader';
import type { SiteAdapter } from '../sites/site-adapter';
import { SITE_ADAPTERS, SiteRegistry } from '../sites/site-registry';

/** Longest wait for one search page (navigation, then its data requests: up to twice this). */
const PAGE_WAIT_MS = 8000;
const MIN_PAGE_WAIT_MS = 1000;
/** Kept free before the API's deadline for the answer to travel back. */
const ANSWER_MARGIN_MS = 1500;
const CHROMIUM_WAIT_MS = 20_000;

/** Reasons that say the site never answered; the others come from a page it served. */
const UNREACHED: readonly CrawlFailureReason[] = ['network_error', 'timeout', 'navigation_refused', 'unexpected'];

interface SiteReading {
  outcome: 'ok' | CrawlFailureReason;
  jobs: number;
  source: SiteDiagnosis['source'];
  message: string | null;
}

/**
 * The crawler-config test (POST /api/admin/crawler-config/test, run here because the API never drives a
 * browser): Chromium starts, and each site's search page, loaded as a crawl would load it (stored cookie,
 * origin overrides, navigation guard, one page at a time per site), lists jobs rather than a login wall,
 * captcha or block page. The page is read by the crawl's own page reader, with the learned selectors a crawl
 * would try. Nothing is stored: no results, no learned selectors, no selector statistics.
 */
@Injectable()
export class CrawlerDiagnosticsService {
  private readonly logger = new Logger(CrawlerDiagnosticsService.name);

  constructor(
    @InjectRepository(AdminConfig) private readonly settings: Repository<AdminConfig>,
    private readonly registry: SiteRegistry,
    private readonly throttle: SiteThrottle,
    private readonly browser: BrowserService,
    @Inject(PAGE_LOADER) private readonly loader: PageLoader,
    private readonly learned: LearnedSelectorService,
  ) {}

  /** The diagnostics queue's processor. */
  async process(job: Job<CrawlerDiagnosticsJobData, CrawlerDiagnosticsJobResult>): Promise<CrawlerDiagnosticsJobResult> {
    if (Date.now() >= job.data.deadline) throw new UnrecoverableError('crawler test skipped: the API stopped waiting for it before it started');
    const result = await this.diagnose(job.data.deadline);
    this.logger.log(`crawler test ${job.id}: Chromium ${result.chromium.ok ? 'ok' : 'failed'}; ${result.sites.map((site) => `${site.site} ${site.outcome}`).join(', ')}`);
    return result;
  }

  async diagnose(deadline: number): Promise<CrawlerDiagnostics> {
    const config = await readCrawlerConfig(this.settings);
    const mode = config.javascript_rendering ? 'browser' : 'http';
    const chromium = await this.chromium(config.anti_detection, Math.min(CHROMIUM_WAIT_MS, deadline - Date.now()));
    const sites = await Promise.all(
      SITE_ADAPTERS.map((adapter, index) =>
        mode === 'browser' && !chromium.ok ? this.untried(adapter, config, 'not tried: Chromium did not start') : this.site(adapter, config, deadline, index),
      ),
    );
    return { chromium, mode, sites, worker: { hostname: hostname(), pid: process.pid }, finishedAt: new Date().toISOString() };
  }

  private async chromium(stealth: boolean, waitMs: number): Promise<CrawlerDiagnostics['chromium']> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${waitMs} ms`)), Math.max(0, waitMs))));
    try {
      const version = await Promise.race([this.browser.version(stealth), timeout]);
      return { ok: true, version, message: null };
    } catch (error) {
      // Puppeteer's launch errors run to several lines (stderr, a troubleshooting link): the first says it.
      const firstLine = (error as Error).message.split('\n').find((line) => line.trim() !== '') ?? String(error);
      return { ok: false, version: null, message: firstLine.trim() };
    } finally {
      clearTimeout(timer);
    }
  }

  private async site(adapter: SiteAdapter, config: CrawlerConfig, deadline: number, turn: number): Promise<SiteDiagnosis> {
    const url = this.registry.toLoadUrl(adapter, adapter.searchUrl({ keyword: DEFAULT_CRAWL_KEYWORD, city: DEFAULT_CRAWL_CITY, page: 1 }));
    const cookie = config[adapter.cookieKey] as string;
    const base = { site: adapter.site, url: url.toString(), cookie: cookie !== '' };
    // What is left is shared out: up to twice the page wait for the load, the rest for the site's slot.
    const left = deadline - Date.now() - ANSWER_MARGIN_MS;
    const waitMs = Math.max(MIN_PAGE_WAIT_MS, Math.min(PAGE_WAIT_MS, Math.floor(left / 3)));
    const maxSlotWaitMs = Math.max(0, left - 2 * waitMs);
    const options = {
      javascript: config.javascript_rendering,
      stealth: config.anti_detection,
      cookie,
      userAgent: config.user_agent_rotation ? USER_AGENTS[turn % USER_AGENTS.length] : null,
      waitMs,
    };

    const queuedAt = Date.now();
    let startedAt = queuedAt;
    let status: number | null = null;
    try {
      // The slot wraps only the site's requests, and its delay counts from the site's first answer, as in a crawl
      // (PageLoader.withPage, ADR 064): a tab that was slow to open must not shorten the wait before the next page.
      const slot: PageGate = (load) =>
        this.throttle.run(
          adapter.site,
          config.request_delay,
          (siteAnswered) => {
            startedAt = Date.now();
            return load(siteAnswered);
          },
          { maxWaitMs: maxSlotWaitMs },
        );
      const reading = await this.loader.withPage(
        adapter,
        url,
        options,
        async (page) => {
          status = page.status;
          return this.read(adapter, page);
        },
        slot,
      );
      return { ...base, reachable: true, status, ...reading, waitedMs: startedAt - queuedAt, elapsedMs: Date.now() - startedAt };
    } catch (error) {
      const waitedMs = startedAt - queuedAt;
      if (error instanceof SiteBusyError) {
        return { ...base, reachable: null, status: null, outcome: 'busy', jobs: 0, source: null, message: error.message, waitedMs: Date.now() - queuedAt, elapsedMs: 0 };
      }
      // A paused site is not loaded, not even for a test (ADR 064); the test does not move the pace either.
      if (error instanceof SitePausedError) {
        return { ...base, reachable: null, status: null, outcome: 'site_paused', jobs: 0, source: null, message: error.message, waitedMs: Date.now() - queuedAt, elapsedMs: 0 };
      }
      const reason: CrawlFailureReason = error instanceof CrawlPageError ? error.reason : 'unexpected';
      return {
        ...base,
        reachable: !UNREACHED.includes(reason),
        status: error instanceof CrawlPageError && error.status !== undefined ? error.status : status,
        outcome: reason,
        jobs: 0,
        source: null,
        message: (error as Error).message,
        waitedMs,
        elapsedMs: Date.now() - startedAt,
      };
    }
  }

  /** What a crawl would make of the page; the selector lesson is dropped, since the test stores nothing. */
  private async read(adapter: SiteAdapter, page: LoadedPage): Promise<SiteReading> {
    const reading = await readPage(adapter, page, () => this.learned.stored(adapter.site, adapter.searchPath));
    if ('jobs' in reading) return { outcome: 'ok', jobs: reading.jobs.length, source: reading.source, message: null };
    return { outcome: reading.failure, jobs: 0, source: reading.source, message: reading.message };
  }

  private untried(adapter: SiteAdapter, config: CrawlerConfig, message: string): SiteDiagnosis {
    const url = this.registry.toLoadUrl(adapter, adapter.searchUrl({ keyword: DEFAULT_CRAWL_KEYWORD, city: DEFAULT_CRAWL_CITY, page: 1 }));
    return { site: adapter.site, url: url.toString(), cookie: config[adapter.cookieKey] !== '', reachable: null, status: null, outcome: 'not_tested', jobs: 0, source: null, message, waitedMs: 0, elapsedMs: 0 };
  }
}
