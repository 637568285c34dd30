import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import puppeteerCore, { type Browser, type Page } from 'puppeteer-core';
import { addExtra } from 'puppeteer-extra';
import StealthPlugin from 'puppeteer-extra-plugin-stealth';
import { WORKER_ENV, type WorkerEnv } from '../../config/worker-env';

/**
 * Pages a kept tab loads before it is replaced: its renderer grows with every page it has shown (five tabs went
 * from 45 to 65 MB each over 90 pages), while a new tab costs about 0.4 s, outside the site's slot (ADR 064).
 * With 10, five sites at once held their renderers near 43 MB each.
 */
const TAB_PAGES = 10;

/**
 * Flags measured to work for Debian's Chromium as root without a display (design stack notes). The last two hold
 * the memory of five sites crawled at once (ADR 064): renderers only for the tabs themselves, no spare renderer
 * launched ahead for a next tab, no earlier page of a kept tab in the back/forward cache (30–45 MB each), and no
 * renderer for the address bar's WebUI popups, which Chromium 156 loads ahead even headless (a browser without an
 * address bar to type in); and V8 tuned for size over speed in the pages' own scripts, which only fetch and draw a
 * list.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--disable-features=SpareRendererForSitePerProcess,BackForwardCache,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
  '--js-flags=--optimize-for-size',
];

/**
 * One Chromium per worker, with at most `CRAWL_CONCURRENCY` tabs open at once. A crashed browser is
 * relaunched on the next page; switching stealth on or off relaunches it once no tab is in use.
 */
@Injectable()
export class BrowserService implements OnApplicationShutdown {
  private readonly logger = new Logger(BrowserService.name);
  private browser: Browser | null = null;
  private launching: Promise<Browser> | null = null;
  private stealth: boolean | null = null;
  private profileDir: string | null = null;
  private inUse = 0;
  private readonly waiting: Array<() => void> = [];
  /** The tabs Chromium opened by itself at launch, closed once ours exist (openTab). */
  private initialTabs: Page[] = [];
  /** Tabs kept between pages, by their holder (withTab), and how many pages each has loaded. */
  private readonly kept = new Map<object, Page>();
  private readonly tabUses = new Map<object, number>();
  private closed = false;
  launches = 0;

  constructor(@Inject(WORKER_ENV) private readonly env: WorkerEnv) {}

  get concurrency(): number {
    return this.env.CRAWL_CONCURRENCY;
  }

  /** Runs `work` with a fresh tab, closed afterwards (a tab keeps no state between crawl pages). */
  async withPage<T>(stealth: boolean, work: (page: Page) => Promise<T>): Promise<T> {
    await this.acquireSlot();
    let page: Page | null = null;
    try {
      page = await this.openTab(stealth);
      return await work(page);
    } finally {
      await page?.close().catch(() => undefined);
      this.releaseSlot();
    }
  }

  /**
   * Runs `work` in the tab `holder` keeps between its calls (a crawl run's pages, one after the other), opening it
   * on the first call or after it closed. A new tab costs more than the page load itself (the stealth evasions are
   * set up tab by tab, about 0.4 s on two busy cores), so a run reuses one for up to TAB_PAGES pages, each page's
   * listeners removed by the caller. A tab whose work failed is closed (the next page gets a fresh one);
   * `closeTab(holder)` ends it.
   */
  async withTab<T>(holder: object, stealth: boolean, work: (page: Page) => Promise<T>): Promise<T> {
    let page = this.kept.get(holder);
    const uses = (this.tabUses.get(holder) ?? 0) + 1;
    if (!page || page.isClosed() || !this.browser?.connected || uses > TAB_PAGES) {
      if (page) await this.closeTab(holder);
      await this.acquireSlot();
      try {
        page = await this.openTab(stealth);
      } catch (error) {
        this.releaseSlot();
        throw error;
      }
      this.kept.set(holder, page);
      this.tabUses.set(holder, 1);
    } else {
      this.tabUses.set(holder, uses);
    }
    try {
      return await work(page);
    } catch (error) {
      // A page that waits for a human check stays open for the live view (ADR 078); its holder closes it later.
      if ((error as { keepsTab?: boolean } | null)?.keepsTab !== true) await this.closeTab(holder);
      throw error;
    }
  }

  /** The open tab `holder` keeps, if any (a crawl's page held for a human check). */
  keptTab(holder: object): Page | undefined {
    const page = this.kept.get(holder);
    return page && !page.isClosed() ? page : undefined;
  }

  /** Closes the tab `holder` kept, if any, and frees its place among the CRAWL_CONCURRENCY tabs. */
  async closeTab(holder: object): Promise<void> {
    const page = this.kept.get(holder);
    if (!page) return;
    this.kept.delete(holder);
    this.tabUses.delete(holder);
    await page.close().catch(() => undefined);
    this.releaseSlot();
  }

  /**
   * The Chromium's version (e.g. "Chrome/156.0.7632.0"), launching it if none runs. A running browser is asked
   * as it is, whatever its stealth setting: relaunching it here could close tabs that crawls are using.
   */
  async version(stealth: boolean): Promise<string> {
    const browser = this.browser?.connected ? this.browser : await this.ensureBrowser(stealth);
    return browser.version();
  }

  /** PID of the running Chromium (for the benchmark's memory figure), if one is running. */
  browserPid(): number | undefined {
    return this.browser?.process()?.pid;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.closeBrowser();
  }

  /**
   * A new tab. The blank tab Chromium opens at launch is never used (a crawl opens its own, set up by the stealth
   * evasions): closed once the first one of ours exists, it would otherwise hold a renderer (30–40 MB) for nothing.
   */
  private async openTab(stealth: boolean): Promise<Page> {
    const page = await (await this.ensureBrowser(stealth)).newPage();
    const initial = this.initialTabs.splice(0);
    await Promise.all(initial.map((tab) => tab.close().catch(() => undefined)));
    return page;
  }

  private async ensureBrowser(stealth: boolean): Promise<Browser> {
    if (this.closed) throw new Error('the browser is shut down');
    if (this.browser?.connected && (this.stealth === stealth || this.inUse > 1)) return this.browser;
    if (this.launching) return this.launching;
    this.launching = (async () => {
      await this.closeBrowser();
      const browser = await this.launch(stealth);
      this.browser = browser;
      this.stealth = stealth;
      return browser;
    })().finally(() => (this.launching = null));
    return this.launching;
  }

  private async launch(stealth: boolean): Promise<Browser> {
    this.profileDir = await mkdtemp(path.join(tmpdir(), 'aipm-chromium-'));
    // SIGTERM and SIGINT are the worker's (main.ts): it closes Chromium once the crawls have handed their jobs back.
    // Puppeteer's handlers would kill Chromium under the page in flight on SIGTERM, and exit at once on SIGINT.
    const signals = { handleSIGINT: false, handleSIGTERM: false };
    const options = { executablePath: this.env.CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, userDataDir: this.profileDir, ...signals };
    const browser = stealth ? await addExtra(puppeteerCore).use(StealthPlugin()).launch(options) : await puppeteerCore.launch(options);
    this.launches += 1;
    this.initialTabs = await browser.pages().catch(() => []);
    const profileDir = this.profileDir;
    browser.on('disconnected', () => {
      if (this.browser === browser) {
        this.browser = null;
        if (!this.closed) this.logger.warn('Chromium disconnected: it will be relaunched for the next page');
      }
      void rm(profileDir, { recursive: true, force: true }).catch(() => undefined);
    });
    this.logger.log(`Chromium launched (stealth ${stealth ? 'on' : 'off'}, pid ${browser.process()?.pid})`);
    return browser;
  }

  private async closeBrowser(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await browser.close().catch(() => browser.process()?.kill('SIGKILL'));
  }

  private async acquireSlot(): Promise<void> {
    if (this.inUse < this.env.CRAWL_CONCURRENCY) {
      this.inUse += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inUse -= 1;
  }
}
