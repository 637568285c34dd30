import type { CrawlFailureReason } from '@aipm/contracts';
import type { SiteSessionContents } from '@aipm/database';
import type { HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';
import type { BrowserService } from './browser/browser.service';
import type { NavigationGuard } from './navigation/navigation.guard';
import { fontFaceSources, usesPrivateGlyphs } from './reading/private-font.decoder';
import { applySession, cookieHeader, forgetSession } from './sessions/session-in-browser';
import { detectBlockPage } from './sites/block.detector';
import type { SiteAdapter } from './sites/site-adapter';
import type { SiteRegistry } from './sites/site-registry';

/** A search page as loaded: its final URL and HTML, and the data-endpoint bodies it received. */
export interface LoadedPage {
  url: URL;
  status: number;
  html: string;
  dataBodies: unknown[];
  /** Bytes of the page's `@font-face` files, by address as the page writes it, when it draws private-use glyphs. */
  fonts?: ReadonlyMap<string, Uint8Array>;
  /** A PNG of the page when it was rendered in Chromium. */
  screenshot(): Promise<Buffer | null>;
  /** The real site's address a loaded one stands for (SiteRegistry.realAddress); itself when absent. */
  realAddress?: (url: URL) => URL;
}

export interface LoadOptions {
  javascript: boolean;
  stealth: boolean;
  cookie: string;
  /** The site's signed-in session (docs/decisions/070); when there is one it is sent instead of the pasted cookie. */
  session?: SiteSessionContents | null;
  /** A session the browser was given earlier and must no longer send (deleted): taken out of it before the page. */
  withdrawn?: SiteSessionContents | null;
  userAgent: string | null;
  /** Navigation timeout and the longest wait for the page's own requests to settle. */
  waitMs: number;
  /** Keeps the tab between pages of one holder (a crawl run) instead of opening one per page; see BrowserService.withTab. */
  tab?: object;
}

/** A page that could not be crawled, with what the operator needs to see why. */
export class CrawlPageError extends Error {
  constructor(
    readonly reason: CrawlFailureReason,
    message: string,
    readonly snapshot?: { url: string; html: string; screenshot: Buffer | null },
    /** The HTTP status when the site answered with an error status. */
    readonly status?: number,
  ) {
    super(message);
    this.name = CrawlPageError.name;
  }

  /** A captcha or login wall waits for a human check in the very tab that met it (ADR 078): the tab stays open. */
  get keepsTab(): boolean {
    return HUMAN_CHECK_REASONS.includes(this.reason);
  }
}

/** Refusals a person can clear in the live view: the run waits for them (等待验证) instead of failing (ADR 078). */
export const HUMAN_CHECK_REASONS: readonly CrawlFailureReason[] = ['captcha', 'login_wall'];

/**
 * Runs a page's requests to its site: the crawl passes the site's slot (SiteThrottle.run). `siteAnswered` is called
 * when the site's first answer to the page's navigation arrives, from which the site's delay counts.
 */
export type PageGate = <R>(load: (siteAnswered: () => void) => Promise<R>) => Promise<R>;
const ungated: PageGate = (load) => load(() => undefined);

const SKIPPED_RESOURCES = new Set(['image', 'media', 'font']);
/** A page's salary font is small; more files or bytes than this are not a salary font (docs/decisions/060). */
const MAX_FONTS = 3;
const MAX_FONT_BYTES = 1_000_000;
const MAX_REDIRECTS = 5;

function statusFailure(status: number): CrawlFailureReason | null {
  if (status === 401) return 'login_wall';
  if (status === 403) return 'blocked';
  if (status === 429 || status >= 500 || status >= 400) return 'http_error';
  return null;
}

/**
 * An error status read with the page it came with: a WAF's 405 or a 403 that shows a slider is a captcha,
 * and the site's own words go into the message. 404, 410 and 429 keep their HTTP meaning (429 is retried).
 */
function refusedWith(status: number, html: string, url: URL, requested: URL, realAddress: (url: URL) => URL): { reason: CrawlFailureReason; message: string } | null {
  const byStatus = statusFailure(status);
  if (!byStatus) return null;
  const refusal = status >= 400 && status < 500 && ![404, 410, 429].includes(status) ? detectBlockPage(html, url, realAddress) : null;
  return refusal ? { reason: refusal.reason, message: `${requested}: HTTP ${status}: ${refusal.evidence}` } : { reason: byStatus, message: `${requested}: HTTP ${status}` };
}

function cookiesFor(cookie: string, url: URL): Array<{ name: string; value: string; domain: string; path: string }> {
  return cookie
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')).trim(), value: pair.slice(pair.indexOf('=') + 1).trim(), domain: url.hostname, path: '/' }));
}

/**
 * Loads a search page either in Chromium (the page runs its scripts; data-endpoint responses are captured)
 * or, with JavaScript rendering off, by plain HTTP (page, then the data endpoint). Every request and
 * redirect passes the navigation guard; images, media and fonts are never fetched.
 */
export class PageLoader {
  /** The real site's address of a loaded one, for judging refusals and handed on with every page read. */
  private readonly realAddress: (url: URL) => URL;

  constructor(
    private readonly browser: BrowserService,
    private readonly guard: NavigationGuard,
    registry: SiteRegistry,
  ) {
    this.realAddress = (url) => registry.realAddress(url);
  }

  /**
   * `gate` wraps only the requests to the site (the navigation and the page's own requests, or the plain-HTTP
   * fetches): the crawl passes the site's slot there, so opening and preparing the tab, reading the page and closing
   * the tab overlap the site's request delay instead of adding to it (ADR 064).
   */
  async withPage<T>(adapter: SiteAdapter, url: URL, options: LoadOptions, use: (page: LoadedPage) => Promise<T>, gate: PageGate = ungated): Promise<T> {
    const first = await this.guard.check(url);
    if (!first.allowed) throw new CrawlPageError('navigation_refused', first.reason);
    return options.javascript ? this.inBrowser(adapter, url, options, use, gate) : use(await gate((siteAnswered) => this.overHttp(adapter, url, options, siteAnswered)));
  }

  /** Closes the tab a holder kept between its pages (LoadOptions.tab). */
  closeTab(holder: object): Promise<void> {
    return this.browser.closeTab(holder);
  }

  private async inBrowser<T>(adapter: SiteAdapter, url: URL, options: LoadOptions, use: (page: LoadedPage) => Promise<T>, gate: PageGate): Promise<T> {
    const inTab = (work: (page: Page) => Promise<T>) => (options.tab ? this.browser.withTab(options.tab, options.stealth, work) : this.browser.withPage(options.stealth, work));
    return inTab(async (page) => {
      // A kept tab carries the previous page's listeners: this page's are added here and removed when it is done.
      const listeners: Array<[string, (...args: never[]) => void]> = [];
      const listen = <A>(event: 'request' | 'response', handler: (arg: A) => void) => {
        page.on(event, handler as never);
        listeners.push([event, handler as never]);
      };
      // The storage script stays with a kept tab: removed when this page is done, like the listeners.
      if (options.withdrawn) await forgetSession(page, options.withdrawn);
      const undoSession = options.session ? await applySession(page, options.session) : null;
      try {
        return await this.loadInTab(page, adapter, url, options, use, gate, listen);
      } finally {
        for (const [event, handler] of listeners) page.off(event as 'request', handler as never);
        await undoSession?.();
      }
    });
  }

  private async loadInTab<T>(
    page: Page,
    adapter: SiteAdapter,
    url: URL,
    options: LoadOptions,
    use: (page: LoadedPage) => Promise<T>,
    gate: PageGate,
    listen: <A>(event: 'request' | 'response', handler: (arg: A) => void) => void,
  ): Promise<T> {
    {
      let refused: string | null = null;
      /** Set inside the site's slot: marks the moment the site's first answer to the navigation arrives. */
      let navigationAnswered: (() => void) | null = null;
      await page.setRequestInterception(true);
      listen('request', (request: HTTPRequest) => void this.screen(page, request, (reason) => (refused = reason)));
      const pending: Array<Promise<void>> = [];
      const dataBodies: unknown[] = [];
      let dataArrived!: () => void;
      const firstData = new Promise<void>((resolve) => (dataArrived = resolve));
      listen('response', (response: HTTPResponse) => {
        if (response.request().isNavigationRequest() && response.request().frame() === page.mainFrame()) navigationAnswered?.();
        let responseUrl: URL;
        try {
          responseUrl = new URL(response.url());
        } catch {
          return;
        }
        if (!adapter.isDataEndpoint(responseUrl) || response.request().method() === 'OPTIONS') return;
        pending.push(
          response.json().then(
            (body: unknown) => {
              dataBodies.push(body);
              dataArrived();
            },
            () => undefined,
          ),
        );
      });
      if (options.userAgent) await page.setUserAgent({ userAgent: options.userAgent });
      await page.setExtraHTTPHeaders({ 'accept-language': 'zh-CN,zh;q=0.9' });
      if (options.cookie && !options.session) await page.browserContext().setCookie(...cookiesFor(options.cookie, url));

      const { status, html, finalUrl, fonts } = await gate(async (siteAnswered) => {
        navigationAnswered = siteAnswered;
        let status = 0;
        try {
          const response = await page.goto(url.toString(), { waitUntil: 'domcontentloaded', timeout: options.waitMs });
          status = response?.status() ?? 0;
        } catch (error) {
          const message = (error as Error).message;
          if (refused) throw new CrawlPageError('navigation_refused', refused);
          if (/timeout/i.test(message)) throw new CrawlPageError('timeout', `${url}: ${message}`);
          throw new CrawlPageError('network_error', `${url}: ${message}`);
        }
        let html = await page.content();
        // Embedded state is complete at DOMContentLoaded; otherwise wait for the page's own data request
        // (or, for pages without one, for the network to settle).
        if (adapter.extractEmbedded(html) === null) {
          await Promise.race([firstData, page.waitForNetworkIdle({ idleTime: 250, timeout: options.waitMs })]).catch(() => undefined);
          await Promise.all(pending);
          html = await page.content();
        }
        if (refused) throw new CrawlPageError('navigation_refused', refused);
        const finalUrl = new URL(page.url());
        return { status, html, finalUrl, fonts: await this.salaryFonts(html, finalUrl, options) };
      });
      const loaded: LoadedPage = {
        url: finalUrl,
        status,
        html,
        dataBodies,
        fonts,
        screenshot: async () => Buffer.from(await page.screenshot({ type: 'png', fullPage: false })),
        realAddress: this.realAddress,
      };
      const failure = refusedWith(status, html, finalUrl, url, this.realAddress);
      if (failure) throw new CrawlPageError(failure.reason, failure.message, { url: finalUrl.toString(), html, screenshot: await loaded.screenshot().catch(() => null) }, status);
      return use(loaded);
    }
  }

  /** Lets a request through only if the guard allows its URL; a refused main-frame navigation is remembered. */
  private async screen(page: Page, request: HTTPRequest, onRefused: (reason: string) => void): Promise<void> {
    if (request.isInterceptResolutionHandled()) return;
    if (SKIPPED_RESOURCES.has(request.resourceType())) return request.abort('blockedbyclient');
    const target = new URL(request.url());
    if (target.protocol === 'data:' || target.protocol === 'blob:') return request.continue();
    const verdict = await this.guard.check(target);
    if (verdict.allowed) return request.continue();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) onRefused(`${verdict.reason} (${target})`);
    return request.abort('blockedbyclient');
  }

  private async overHttp(adapter: SiteAdapter, url: URL, options: LoadOptions, siteAnswered: () => void = () => undefined): Promise<LoadedPage> {
    const headers: Record<string, string> = { 'accept-language': 'zh-CN,zh;q=0.9', accept: 'text/html,application/json;q=0.9,*/*;q=0.8' };
    if (options.userAgent) headers['user-agent'] = options.userAgent;
    const cookie = options.session ? cookieHeader(options.session.cookies, url) : options.cookie;
    if (cookie) headers['cookie'] = cookie;
    const page = await this.fetchFollowing(url, { method: 'GET', headers }, options.waitMs);
    siteAnswered();
    const html = await page.response.text();
    const failure = refusedWith(page.response.status, html, page.url, url, this.realAddress);
    if (failure) throw new CrawlPageError(failure.reason, failure.message, { url: page.url.toString(), html, screenshot: null }, page.response.status);
    const dataBodies: unknown[] = [];
    const request = adapter.extractEmbedded(html) === null ? adapter.dataRequest(page.url) : null;
    if (request) {
      const data = await this.fetchFollowing(request.url, { method: request.method, body: request.body, headers: { ...headers, ...request.headers, referer: page.url.toString() } }, options.waitMs);
      const dataFailure = statusFailure(data.response.status);
      if (dataFailure) throw new CrawlPageError(dataFailure, `${request.url}: HTTP ${data.response.status}`, { url: page.url.toString(), html, screenshot: null }, data.response.status);
      dataBodies.push(await data.response.json().catch(() => null));
    }
    return { url: page.url, status: page.response.status, html, dataBodies, fonts: await this.salaryFonts(html, page.url, options), screenshot: async () => null, realAddress: this.realAddress };
  }

  /**
   * The `@font-face` files of a page that draws private-use glyphs (BOSS直聘's salary digits), fetched over
   * guarded HTTP like the page: Chromium itself fetches no fonts. A font that fails is left out; the cards
   * are still read, their salaries as drawn.
   */
  private async salaryFonts(html: string, pageUrl: URL, options: LoadOptions): Promise<Map<string, Uint8Array>> {
    const fonts = new Map<string, Uint8Array>();
    if (!usesPrivateGlyphs(html)) return fonts;
    for (const source of fontFaceSources(html).filter((address) => !address.startsWith('data:')).slice(0, MAX_FONTS)) {
      try {
        const headers: Record<string, string> = { referer: pageUrl.toString() };
        if (options.userAgent) headers['user-agent'] = options.userAgent;
        const { response } = await this.fetchFollowing(new URL(source, pageUrl), { method: 'GET', headers }, options.waitMs);
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (response.ok && bytes.length <= MAX_FONT_BYTES) fonts.set(source, bytes);
      } catch {
        // A refused or failed font address leaves its glyphs undecoded, nothing more.
      }
    }
    return fonts;
  }

  /** fetch with manual redirects, each hop checked by the guard, so no redirect leaves the allowed sites. */
  private async fetchFollowing(url: URL, init: RequestInit, timeoutMs: number): Promise<{ url: URL; response: Response }> {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const verdict = await this.guard.check(current);
      if (!verdict.allowed) throw new CrawlPageError('navigation_refused', `${verdict.reason} (${current})`);
      let response: Response;
      try {
        response = await fetch(current, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const message = (error as Error).message;
        throw new CrawlPageError(/timeout|abort/i.test(message) ? 'timeout' : 'network_error', `${current}: ${message}`);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current);
        init = { ...init, method: 'GET', body: undefined };
        continue;
      }
      return { url: current, response };
    }
    throw new CrawlPageError('navigation_refused', `${url}: more than ${MAX_REDIRECTS} redirects`);
  }
}
