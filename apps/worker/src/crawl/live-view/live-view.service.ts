import { privateHostReason } from '@aipm/config';
import {
  LIVE_VIEW_HEIGHT,
  LIVE_VIEW_IDLE_MS,
  LIVE_VIEW_INPUT_KINDS,
  LIVE_VIEW_KEYS,
  LIVE_VIEW_MAX_FPS,
  LIVE_VIEW_TEXT_MAX,
  LIVE_VIEW_WIDTH,
  type LiveViewEvent,
  type LiveViewInput,
  SEARCH_SITES,
} from '@aipm/contracts';
import { AdminConfig, readCrawlerConfig } from '@aipm/database';
import { createRedisConnection, LIVE_VIEW_CHANNELS, LIVE_VIEW_KEY_TTL_S, LIVE_VIEW_KEYS_IN_REDIS } from '@aipm/queue';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { CDPSession, HTTPRequest, KeyInput, Page } from 'puppeteer-core';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import { WORKER_ENV, type WorkerEnv } from '../../config/worker-env';
import { BrowserService } from '../browser/browser.service';
import { NavigationGuard } from '../navigation/navigation.guard';
import { applySession, captureSession, forgetSession } from '../sessions/session-in-browser';
import { SiteSessionStore } from '../sessions/site-session.store';
import { SiteRegistry } from '../sites/site-registry';

/** Where the operator starts signing in: the site's own sign-in page, or its home page with its 登录 button. */
const SIGN_IN_PAGES: Record<(typeof SEARCH_SITES)[number], string> = {
  zhipin: 'https://www.zhipin.com/web/user/?ka=header-login',
  liepin: 'https://www.liepin.com/',
  job51: 'https://we.51job.com/',
  zhaopin: 'https://www.zhaopin.com/',
  lagou: 'https://www.lagou.com/',
};

const FRAME_INTERVAL_MS = 1000 / LIVE_VIEW_MAX_FPS;
const JPEG_QUALITY = 60;

type CloseReason = Extract<LiveViewEvent, { type: 'closed' }>['reason'];

interface LiveView {
  viewId: string;
  site: (typeof SEARCH_SITES)[number];
  holder: object;
  page: Page;
  client: CDPSession;
  /** Inputs run one after the other, in the order the operator made them. */
  queue: Promise<void>;
  pressed: boolean;
  idle: NodeJS.Timeout;
  lastFrameAt: number;
  pendingFrame: NodeJS.Timeout | null;
  closing: boolean;
  /** A crawl's own tab held for a human check (ADR 078): closing leaves the tab to the crawl and tells it. */
  hold: { settle: (outcome: HumanCheckOutcome) => void; deadline: NodeJS.Timeout; refresh: NodeJS.Timeout; screen: (request: HTTPRequest) => void } | null;
}

/** How a held check ended: the operator closed the view (the crawl re-reads the page), or nobody did in time. */
export type HumanCheckOutcome = 'closed' | 'timed_out';

/** A crawl's tab on a captcha or login wall, shown as a live view until the operator closes it or the deadline. */
export interface HeldCheck {
  viewId: string;
  outcome: Promise<HumanCheckOutcome>;
}

/**
 * The live view of the worker's Chromium (ADR 069): a tab on a site's sign-in page whose screencast (CDP
 * `Page.startScreencast`, JPEG, at most 1280×800 and LIVE_VIEW_MAX_FPS a second) goes to the API through Redis
 * pub/sub, and whose input comes back the same way and is dispatched with `Input.dispatchMouseEvent`,
 * `Input.dispatchKeyEvent` and `Input.insertText`. Closing it stores the site's session (SiteSessionStore). The tab
 * is one of the worker's CRAWL_CONCURRENCY tabs, in the one Chromium.
 */
@Injectable()
export class LiveViewService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(LiveViewService.name);
  private subscriber: Redis | null = null;
  private publisher: Redis | null = null;
  private readonly views = new Map<string, LiveView>();

  constructor(
    @Inject(WORKER_ENV) private readonly env: WorkerEnv,
    @InjectRepository(AdminConfig) private readonly settings: Repository<AdminConfig>,
    private readonly browser: BrowserService,
    private readonly registry: SiteRegistry,
    private readonly guard: NavigationGuard,
    private readonly sessions: SiteSessionStore,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = createRedisConnection(this.env.REDIS_URL);
    this.publisher = createRedisConnection(this.env.REDIS_URL);
    // A dropped connection reconnects (and resubscribes) by itself: nothing to report here.
    this.subscriber.on('error', () => undefined);
    this.publisher.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, message: string) => void this.received(channel, message));
    await this.subscriber.subscribe(LIVE_VIEW_CHANNELS.open(this.env.REDIS_URL));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.views.keys()].map((viewId) => this.finish(viewId, 'failed', false, 'the worker is shutting down')));
    await this.subscriber?.quit().catch(() => undefined);
    await this.publisher?.quit().catch(() => undefined);
  }

  private async received(channel: string, message: string): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(message) as Record<string, unknown>;
    } catch {
      return;
    }
    if (channel === LIVE_VIEW_CHANNELS.open(this.env.REDIS_URL)) {
      const { viewId, site } = body as { viewId?: unknown; site?: unknown };
      if (typeof viewId !== 'string' || !SEARCH_SITES.includes(site as never)) return;
      // Every worker hears the request; the first to claim the view opens it.
      const claimed = await this.publisher!.set(LIVE_VIEW_KEYS_IN_REDIS.owner(viewId), String(process.pid), 'EX', LIVE_VIEW_KEY_TTL_S, 'NX');
      if (claimed) await this.open(viewId, site as LiveView['site']).catch((error: Error) => this.failedToOpen(viewId, site as LiveView['site'], error));
      return;
    }
    const view = [...this.views.values()].find((candidate) => LIVE_VIEW_CHANNELS.input(candidate.viewId) === channel);
    if (!view) return;
    if (body.kind === 'close') {
      await this.finish(view.viewId, 'operator', true);
      return;
    }
    const input = readInput(body);
    if (!input) return;
    view.queue = view.queue.then(() => this.dispatch(view, input)).catch((error: Error) => this.logger.warn(`live view ${view.viewId}: input not dispatched: ${error.message}`));
  }

  private async open(viewId: string, site: LiveView['site']): Promise<void> {
    const adapter = this.registry.adapter(site);
    const holder = {};
    await this.show(viewId, site, holder, this.registry.toLoadUrl(adapter, new URL(SIGN_IN_PAGES[site])), null);
  }

  /**
   * Holds a crawl's own tab (`holder`, its page on the captcha or login wall) as a live view for the operator
   * (ADR 078): the same page, its cookies and its session, screencast like any view. A crawl that loads over plain
   * HTTP has no tab: one is opened on `url` with the site's stored session instead. Closing stores the session and
   * hands the tab back to the crawl; at `deadline` the view ends and the tab closes.
   */
  async holdForCheck(site: LiveView['site'], holder: object, url: URL, deadline: Date): Promise<HeldCheck> {
    const viewId = randomUUID();
    await this.publisher!.set(LIVE_VIEW_KEYS_IN_REDIS.owner(viewId), String(process.pid), 'EX', LIVE_VIEW_KEY_TTL_S);
    let settle!: (outcome: HumanCheckOutcome) => void;
    const outcome = new Promise<HumanCheckOutcome>((resolve) => (settle = resolve));
    const kept = this.browser.keptTab(holder);
    await this.show(viewId, site, holder, kept ? null : url, { settle, until: deadline, page: kept });
    return { viewId, outcome };
  }

  private async show(viewId: string, site: LiveView['site'], holder: object, start: URL | null, held: { settle: (outcome: HumanCheckOutcome) => void; until: Date; page?: Page } | null): Promise<void> {
    const config = await readCrawlerConfig(this.settings);
    const page = held?.page ?? (await this.browser.withTab(holder, config.anti_detection, async (tab) => tab));
    try {
      await page.setViewport({ width: LIVE_VIEW_WIDTH, height: LIVE_VIEW_HEIGHT });
      await page.setRequestInterception(true);
      const screen = (request: HTTPRequest) => void this.screen(request);
      page.on('request', screen);
      if (start) {
        const session = await this.sessions.open(site);
        const withdrawn = session ? null : this.sessions.withdrawn(site);
        // A deleted session the browser still holds would sign the operator in again, and be stored again on closing.
        if (withdrawn) await forgetSession(page, withdrawn);
        if (session) await applySession(page, session);
      }
      const client = await page.createCDPSession();
      if (held?.page) {
        // The crawl went on in another tab: the held one is brought forward, as a background tab gets no input or frames.
        await page.bringToFront();
        await client.send('Emulation.setFocusEmulationEnabled', { enabled: true }).catch(() => undefined);
      }
      const hold = held
        ? {
            settle: held.settle,
            deadline: setTimeout(() => void this.finish(viewId, 'idle', false), Math.max(0, held.until.getTime() - Date.now())),
            // A captcha that does not move sends no frame: its latest one is kept as long as the check waits.
            refresh: setInterval(() => void this.publisher?.multi().expire(LIVE_VIEW_KEYS_IN_REDIS.frame(viewId), LIVE_VIEW_KEY_TTL_S).expire(LIVE_VIEW_KEYS_IN_REDIS.owner(viewId), LIVE_VIEW_KEY_TTL_S).exec().catch(() => undefined), 60_000),
            screen,
          }
        : null;
      hold?.deadline.unref();
      hold?.refresh.unref();
      // A held check waits for the operator until its deadline, not for the idle time of a sign-in view.
      const idle = held ? setTimeout(() => undefined, 0) : this.idleTimer(viewId);
      const view: LiveView = { viewId, site, holder, page, client, queue: Promise.resolve(), pressed: false, idle, lastFrameAt: 0, pendingFrame: null, closing: false, hold };
      this.views.set(viewId, view);
      client.on('Page.screencastFrame', (frame: { data: string; sessionId: number; metadata: { deviceWidth?: number; deviceHeight?: number } }) => {
        void client.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
        this.frameArrived(view, frame.data);
      });
      page.once('close', () => void this.finish(viewId, 'page_closed', false));
      await this.subscriber!.subscribe(LIVE_VIEW_CHANNELS.input(viewId));
      await client.send('Page.startScreencast', { format: 'jpeg', quality: JPEG_QUALITY, maxWidth: LIVE_VIEW_WIDTH, maxHeight: LIVE_VIEW_HEIGHT, everyNthFrame: 1 });
      // Not awaited to the end: a sign-in page that keeps loading is still shown and usable.
      if (start) void page.goto(start.toString(), { waitUntil: 'domcontentloaded', timeout: 30_000 }).catch((error: Error) => this.logger.warn(`live view ${viewId}: ${start}: ${error.message}`));
      this.logger.log(`live view ${viewId} opened on ${site}${held ? ` for a human check of a crawl until ${held.until.toISOString()}` : ''}`);
    } catch (error) {
      this.views.delete(viewId);
      await this.browser.closeTab(holder);
      held?.settle('timed_out');
      throw error;
    }
  }

  /** Navigations stay on the site's domains (the crawler's guard); nothing the page loads may reach a private address. */
  private async screen(request: HTTPRequest): Promise<void> {
    if (request.isInterceptResolutionHandled()) return;
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return request.continue();
    if (request.isNavigationRequest()) return (await this.guard.check(url)).allowed ? request.continue() : request.abort('blockedbyclient');
    if (this.registry.configuredOrigins().has(url.origin)) return request.continue();
    const refused = /^https?:$/.test(url.protocol) ? await privateHostReason(url).catch(() => 'unresolvable') : 'scheme';
    return refused ? request.abort('blockedbyclient') : request.continue();
  }

  /** At most LIVE_VIEW_MAX_FPS frames a second; the last frame of a burst is sent when its interval ends. */
  private frameArrived(view: LiveView, jpeg: string): void {
    const send = () => {
      view.pendingFrame = null;
      view.lastFrameAt = Date.now();
      const event: LiveViewEvent = { type: 'frame', jpeg, width: LIVE_VIEW_WIDTH, height: LIVE_VIEW_HEIGHT, url: view.page.isClosed() ? '' : view.page.url() };
      const text = JSON.stringify(event);
      void this.publisher!.multi().set(LIVE_VIEW_KEYS_IN_REDIS.frame(view.viewId), text, 'EX', LIVE_VIEW_KEY_TTL_S).publish(LIVE_VIEW_CHANNELS.events(view.viewId), text).exec().catch(() => undefined);
    };
    if (view.pendingFrame) clearTimeout(view.pendingFrame);
    const wait = view.lastFrameAt + FRAME_INTERVAL_MS - Date.now();
    if (wait <= 0) send();
    else view.pendingFrame = setTimeout(send, wait);
  }

  private async dispatch(view: LiveView, input: LiveViewInput): Promise<void> {
    if (view.closing) return;
    if (view.page.isClosed()) return this.finish(view.viewId, 'page_closed', false);
    view.idle.refresh();
    const { client } = view;
    const at = { x: input.x ?? 0, y: input.y ?? 0 };
    switch (input.kind) {
      case 'click':
        await client.send('Input.dispatchMouseEvent', { type: 'mouseMoved', ...at });
        await client.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at, button: 'left', buttons: 1, clickCount: 1 });
        await client.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at, button: 'left', buttons: 0, clickCount: 1 });
        return;
      case 'down':
        view.pressed = true;
        await client.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at, button: 'left', buttons: 1, clickCount: 1 });
        return;
      case 'move':
        await client.send('Input.dispatchMouseEvent', { type: 'mouseMoved', ...at, button: view.pressed ? 'left' : 'none', buttons: view.pressed ? 1 : 0 });
        return;
      case 'up':
        view.pressed = false;
        await client.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at, button: 'left', buttons: 0, clickCount: 1 });
        return;
      case 'scroll':
        await client.send('Input.dispatchMouseEvent', { type: 'mouseWheel', ...at, deltaX: input.deltaX ?? 0, deltaY: input.deltaY ?? 0 });
        return;
      case 'key':
        // Puppeteer's key table gives each key its code and key code for Input.dispatchKeyEvent (Enter submits a form).
        await view.page.keyboard.press(input.key as KeyInput);
        return;
      case 'text':
        await client.send('Input.insertText', { text: input.text ?? '' });
        return;
    }
  }

  /**
   * Ends a view: the operator's close stores the site's session first (cookies of the site's domains, the Web Storage
   * of its origins open in the tab); an idle view, a closed page or a failure stores nothing. The API hears
   * `closed` on the view's events either way.
   */
  private async finish(viewId: string, reason: CloseReason, store: boolean, message?: string): Promise<void> {
    const view = this.views.get(viewId);
    if (!view || view.closing) return;
    view.closing = true;
    clearTimeout(view.idle);
    if (view.pendingFrame) clearTimeout(view.pendingFrame);
    await this.subscriber?.unsubscribe(LIVE_VIEW_CHANNELS.input(viewId)).catch(() => undefined);
    let closed: LiveViewEvent = { type: 'closed', site: view.site, stored: false, cookies: 0, origins: 0, reason, ...(message ? { message } : {}) };
    if (store && !view.page.isClosed()) {
      try {
        await view.queue;
        const session = await captureSession(view.page, (host) => this.isSiteHost(view.site, host));
        await this.sessions.save(view.site, session);
        closed = { ...closed, stored: true, cookies: session.cookies.length, origins: session.origins.length };
      } catch (error) {
        closed = { ...closed, reason: 'failed', message: (error as Error).message };
      }
    }
    await view.client.send('Page.stopScreencast').catch(() => undefined);
    this.views.delete(viewId);
    if (view.hold) {
      clearTimeout(view.hold.deadline);
      clearInterval(view.hold.refresh);
      view.page.off('request', view.hold.screen);
      await view.client.detach().catch(() => undefined);
    }
    // A held check's tab goes back to its crawl, which re-reads the page in it; unsolved in time, it closes.
    if (!view.hold || reason === 'idle' || reason === 'failed') await this.browser.closeTab(view.holder);
    view.hold?.settle(reason === 'idle' ? 'timed_out' : 'closed');
    await this.publisher
      ?.multi()
      .del(LIVE_VIEW_KEYS_IN_REDIS.frame(viewId), LIVE_VIEW_KEYS_IN_REDIS.owner(viewId))
      .publish(LIVE_VIEW_CHANNELS.events(viewId), JSON.stringify(closed))
      .exec()
      .catch(() => undefined);
    this.logger.log(`live view ${viewId} on ${view.site} closed (${closed.reason}${closed.stored ? `, session stored: ${closed.cookies} cookies` : ''})`);
  }

  /** A host of the site: on its domains, or the host of its overridden origin (tests and demos). */
  private isSiteHost(site: LiveView['site'], host: string): boolean {
    const overridden = this.registry.overriddenOrigin(site);
    if (overridden && new URL(overridden).hostname === host) return true;
    return this.registry.siteOf(new URL(`https://${host}/`))?.site === site;
  }

  private idleTimer(viewId: string): NodeJS.Timeout {
    const timer = setTimeout(() => void this.finish(viewId, 'idle', false), LIVE_VIEW_IDLE_MS);
    timer.unref();
    return timer;
  }

  private async failedToOpen(viewId: string, site: LiveView['site'], error: Error): Promise<void> {
    this.logger.warn(`live view ${viewId} could not open: ${error.message}`);
    const closed: LiveViewEvent = { type: 'closed', site, stored: false, cookies: 0, origins: 0, reason: 'failed', message: error.message };
    await this.publisher?.multi().del(LIVE_VIEW_KEYS_IN_REDIS.owner(viewId)).publish(LIVE_VIEW_CHANNELS.events(viewId), JSON.stringify(closed)).exec().catch(() => undefined);
  }
}

/** An input as the API forwarded it, checked again: the worker trusts nothing that came through Redis. */
export function readInput(body: Record<string, unknown>): LiveViewInput | null {
  const kind = body.kind;
  if (!LIVE_VIEW_INPUT_KINDS.includes(kind as never)) return null;
  const coordinate = (value: unknown, max: number) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(0, value)) : undefined);
  const delta = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(-5000, Math.min(5000, value)) : undefined);
  const input: LiveViewInput = { kind: kind as LiveViewInput['kind'], x: coordinate(body.x, LIVE_VIEW_WIDTH), y: coordinate(body.y, LIVE_VIEW_HEIGHT) };
  if (kind === 'scroll') Object.assign(input, { deltaX: delta(body.deltaX), deltaY: delta(body.deltaY) });
  if (kind === 'key') {
    if (!LIVE_VIEW_KEYS.includes(body.key as never)) return null;
    input.key = body.key as LiveViewInput['key'];
  }
  if (kind === 'text') {
    if (typeof body.text !== 'string' || body.text.length > LIVE_VIEW_TEXT_MAX) return null;
    input.text = body.text;
  }
  return input;
}
