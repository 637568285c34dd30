import { CRAWL_EVENTS_KEEPALIVE_MS, type LiveViewClosed, type LiveViewEvent, type LiveViewErrorCode, type LiveViewInput, type LiveViewOpened, type LiveViewSite } from '@aipm/contracts';
import { createRedisConnection, LIVE_VIEW_CHANNELS, LIVE_VIEW_KEYS_IN_REDIS } from '@aipm/queue';
import { Inject, Injectable, type MessageEvent, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { concat, defer, EMPTY, endWith, filter, from, ignoreElements, interval, map, merge, mergeMap, type Observable, share, Subject, takeUntil, takeWhile } from 'rxjs';
import { ApiError } from '../../common/errors/api.error';
import { API_ENV, type ApiEnv } from '../../config/api-env';

/** How long closing waits for the worker to store the session and confirm. */
export const LIVE_VIEW_CLOSE_WAIT_MS = 20_000;
const EVENTS_PATTERN = LIVE_VIEW_CHANNELS.events('*');

class LiveViewError extends ApiError<LiveViewErrorCode> {}

/**
 * The API's side of the live view (ADR 069): it asks the workers to open a view, relays the operator's input to the
 * worker holding it and the worker's frames to the administrator's event stream, all through Redis pub/sub. A
 * PUBLISH that no worker receives is a view no tab holds: LIVE_VIEW_CLOSED (or LIVE_VIEW_UNAVAILABLE on opening).
 */
@Injectable()
export class LiveViewService implements OnModuleDestroy {
  private readonly publisher: Redis;
  private subscriber: Redis | null = null;
  private subscribed: Promise<void> | null = null;
  private readonly events = new Subject<{ viewId: string; event: LiveViewEvent }>();
  private readonly closing = new Subject<void>();

  constructor(@Inject(API_ENV) private readonly env: ApiEnv) {
    this.publisher = createRedisConnection(env.REDIS_URL);
    // A dropped connection reconnects by itself; a call made meanwhile fails on its own.
    this.publisher.on('error', () => undefined);
  }

  async open(site: LiveViewSite): Promise<LiveViewOpened> {
    const viewId = randomUUID();
    const workers = await this.publisher.publish(LIVE_VIEW_CHANNELS.open(this.env.REDIS_URL), JSON.stringify({ viewId, site }));
    if (workers === 0) throw new LiveViewError('LIVE_VIEW_UNAVAILABLE');
    return { viewId, site };
  }

  async input(viewId: string, input: LiveViewInput): Promise<void> {
    const { kind, x, y, deltaX, deltaY, key, text } = input;
    const held = await this.publisher.publish(LIVE_VIEW_CHANNELS.input(viewId), JSON.stringify({ kind, x, y, deltaX, deltaY, key, text }));
    if (held === 0) throw new LiveViewError('LIVE_VIEW_CLOSED');
  }

  /** Asks the worker to store the session and close the tab, and answers what it stored. */
  async close(viewId: string): Promise<LiveViewClosed> {
    await this.listen();
    const closed = new Promise<Extract<LiveViewEvent, { type: 'closed' }> | null>((resolve) => {
      const timer = setTimeout(() => {
        subscription.unsubscribe();
        resolve(null);
      }, LIVE_VIEW_CLOSE_WAIT_MS);
      const subscription = this.events.pipe(filter((message) => message.viewId === viewId && message.event.type === 'closed')).subscribe((message) => {
        clearTimeout(timer);
        subscription.unsubscribe();
        resolve(message.event as Extract<LiveViewEvent, { type: 'closed' }>);
      });
    });
    const held = await this.publisher.publish(LIVE_VIEW_CHANNELS.input(viewId), JSON.stringify({ kind: 'close' }));
    if (held === 0) throw new LiveViewError('LIVE_VIEW_CLOSED');
    const event = await closed;
    if (!event) throw new LiveViewError('LIVE_VIEW_TIMED_OUT');
    return { site: event.site, stored: event.stored, cookies: event.cookies, origins: event.origins };
  }

  /**
   * The view's frames and its closing as server-sent events: the latest frame first (a page that does not change
   * sends no new one), then every event until `closed`, with keep-alives.
   */
  stream(viewId: string): Observable<MessageEvent> {
    const latest = defer(async () => {
      await this.listen();
      return this.publisher.get(LIVE_VIEW_KEYS_IN_REDIS.frame(viewId));
    }).pipe(mergeMap((text) => (text ? from([JSON.parse(text) as LiveViewEvent]) : EMPTY)));
    const live = this.events.pipe(
      filter((message) => message.viewId === viewId),
      map((message) => message.event),
    );
    const events = concat(latest, live).pipe(takeWhile((event) => event.type !== 'closed', true));
    const keepAlive = interval(CRAWL_EVENTS_KEEPALIVE_MS).pipe(map((): MessageEvent => ({ type: 'keepalive', data: '' })));
    const messages = events.pipe(
      map((event): MessageEvent => ({ data: event as object })),
      share(),
    );
    // The keep-alives end with the view, so the stream ends after `closed`.
    const ended = messages.pipe(ignoreElements(), endWith(null));
    return merge(messages, keepAlive.pipe(takeUntil(ended))).pipe(takeUntil(this.closing));
  }

  async onModuleDestroy(): Promise<void> {
    this.closing.next();
    this.closing.complete();
    await this.subscriber?.quit().catch(() => undefined);
    await this.publisher.quit().catch(() => undefined);
  }

  /** One pattern subscription per process, on first use, for every view's events. */
  private listen(): Promise<void> {
    this.subscribed ??= (async () => {
      const subscriber = createRedisConnection(this.env.REDIS_URL);
      this.subscriber = subscriber;
      subscriber.on('error', () => undefined);
      subscriber.on('pmessage', (_pattern: string, channel: string, text: string) => {
        const viewId = channel.split(':').at(-2);
        try {
          if (viewId) this.events.next({ viewId, event: JSON.parse(text) as LiveViewEvent });
        } catch {
          // Not an event of ours.
        }
      });
      await subscriber.psubscribe(EVENTS_PATTERN);
    })();
    this.subscribed.catch(() => (this.subscribed = null));
    return this.subscribed;
  }
}
