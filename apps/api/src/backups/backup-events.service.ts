import type { BackupLiveEvent } from '@aipm/contracts';
import { BACKUP_QUEUE } from '@aipm/queue';
import { Inject, Injectable, type MessageEvent, type OnModuleDestroy } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { QueueEventFanOut } from '../queue/queue-event-fan-out';

/** A keep-alive message this often, so idle proxies keep the stream open (the crawl events' figure). */
const KEEP_ALIVE_MS = 15_000;

/** Backups as they start and end, for the back office's card (docs/product/backups.md#in-the-back-office). Nothing polls. */
@Injectable()
export class BackupEventsService implements OnModuleDestroy {
  private readonly fanOut: QueueEventFanOut<BackupLiveEvent>;

  constructor(@Inject(API_ENV) env: ApiEnv) {
    this.fanOut = new QueueEventFanOut<BackupLiveEvent>(
      BACKUP_QUEUE,
      env.REDIS_URL,
      (queueEvents, emit) => {
        queueEvents.on('active', () => emit({ type: 'started' }));
        queueEvents.on('completed', () => emit({ type: 'finished', status: 'succeeded' }));
        queueEvents.on('failed', () => emit({ type: 'finished', status: 'failed' }));
      },
      { keepAliveMs: KEEP_ALIVE_MS },
    );
  }

  stream(): Observable<MessageEvent> {
    return this.fanOut.stream();
  }

  async onModuleDestroy(): Promise<void> {
    await this.fanOut.close();
  }
}
