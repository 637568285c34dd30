import type { BackupLiveEvent } from '@aipm/contracts';
import { BACKUP_QUEUE } from '@aipm/queue';
import { Inject, Injectable, type MessageEvent, type OnModuleDestroy } from '@nestjs/common';
import { defer, interval, map, merge, mergeMap, type Observable, Subject, takeUntil } from 'rxjs';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { QueueEventsConnection } from '../queue/queue-events.connection';

/** A keep-alive message this often, so idle proxies keep the stream open (the crawl events' figure). */
const KEEP_ALIVE_MS = 15_000;

/**
 * Backups as they start and end, for the back office's card: the backups queue's events in Redis, read once per API
 * process and fanned out to every open stream. Nothing polls.
 */
@Injectable()
export class BackupEventsService implements OnModuleDestroy {
  private readonly connection: QueueEventsConnection;
  private readonly events = new Subject<BackupLiveEvent>();
  private readonly closing = new Subject<void>();
  private listening?: Promise<void>;

  constructor(@Inject(API_ENV) env: ApiEnv) {
    this.connection = new QueueEventsConnection(BACKUP_QUEUE, env.REDIS_URL);
  }

  stream(): Observable<MessageEvent> {
    const live = defer(async () => this.listen()).pipe(mergeMap(() => this.events));
    return merge(
      live.pipe(map((event): MessageEvent => ({ data: event }))),
      interval(KEEP_ALIVE_MS).pipe(map((): MessageEvent => ({ type: 'keepalive', data: '' }))),
    ).pipe(takeUntil(this.closing));
  }

  async onModuleDestroy(): Promise<void> {
    this.closing.next();
    this.closing.complete();
    await this.connection.close();
  }

  private listen(): Promise<void> {
    this.listening ??= this.connection.ready().then((queueEvents) => {
      queueEvents.on('active', () => this.events.next({ type: 'started' }));
      queueEvents.on('completed', () => this.events.next({ type: 'finished', status: 'succeeded' }));
      queueEvents.on('failed', () => this.events.next({ type: 'finished', status: 'failed' }));
    });
    this.listening.catch(() => (this.listening = undefined));
    return this.listening;
  }
}
