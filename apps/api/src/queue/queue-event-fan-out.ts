import type { MessageEvent } from '@nestjs/common';
import type { QueueEvents } from 'bullmq';
import { defer, interval, map, merge, mergeMap, type Observable, Subject, takeUntil } from 'rxjs';
import { QueueEventsConnection } from './queue-events.connection';

/**
 * A queue's events as server-sent event streams (the crawl runs', the backups'): the queue's event stream in Redis is
 * read once per process, from the first client on, however many administrators watch; every client's stream gets
 * each event `subscribe` emits, and a keep-alive message every `options.keepAliveMs` (read per stream: tests shorten
 * it) so that idle proxies keep the connection. Every stream ends at `close()` (the API shutting down; the browser's
 * EventSource then reconnects).
 */
export class QueueEventFanOut<E> {
  private readonly connection: QueueEventsConnection;
  private readonly events = new Subject<E>();
  private readonly closing = new Subject<void>();
  private listening?: Promise<void>;

  constructor(
    queueName: string,
    redisUrl: string,
    private readonly subscribe: (queueEvents: QueueEvents, emit: (event: E) => void) => void,
    private readonly options: { keepAliveMs: number },
  ) {
    this.connection = new QueueEventsConnection(queueName, redisUrl);
  }

  stream(): Observable<MessageEvent> {
    const live = defer(async () => this.listen()).pipe(mergeMap(() => this.events));
    return merge(
      live.pipe(map((event): MessageEvent => ({ data: event as object }))),
      interval(this.options.keepAliveMs).pipe(map((): MessageEvent => ({ type: 'keepalive', data: '' }))),
    ).pipe(takeUntil(this.closing));
  }

  /** Open streams end first, so closing the HTTP server does not wait on them. */
  async close(): Promise<void> {
    this.closing.next();
    this.closing.complete();
    await this.connection.close();
  }

  /** Subscribes to the queue's events once per process, on the first stream; a failure (Redis down) is tried again by the next. */
  private listen(): Promise<void> {
    this.listening ??= this.connection.ready().then((queueEvents) => this.subscribe(queueEvents, (event) => this.events.next(event)));
    this.listening.catch(() => (this.listening = undefined));
    return this.listening;
  }
}
