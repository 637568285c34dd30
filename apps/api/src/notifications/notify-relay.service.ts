import { leadNotifyJobId, NOTIFY_JOB_NAME, NOTIFY_JOB_OPTIONS, NOTIFY_QUEUE, type NotifyJobData } from '@aipm/queue';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { EntityManager } from 'typeorm';

import { LeadNotificationOutboxRepository, type LeadReference } from './lead-notification-outbox.repository';

/** How often the relay looks for outbox rows still to queue (Redis was down, or the API stopped before). */
export const NOTIFY_RELAY_INTERVAL_MS = 5_000;
/** Rows queued per pass; a burst larger than this takes several passes, each right after the other. */
export const RELAY_BATCH = 500;

/**
 * The transactional outbox of new-lead calls (ADR 021). `record` writes the row in the lead's own transaction;
 * after the commit `kick` relays it to the notify queue without the visitor waiting. While Redis is down the
 * relay's one pass in flight waits for it (BullMQ queues the command until the connection returns) and no
 * other starts, so nothing piles up; rows it has not queued yet are found again by the next pass. A row may
 * be queued twice (a pass that queued it and stopped before marking it): its job id makes the second add a
 * no-op.
 */
@Injectable()
export class NotifyRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(NotifyRelay.name);
  private running: Promise<void> | null = null;
  private again = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly outbox: LeadNotificationOutboxRepository,
    @InjectQueue(NOTIFY_QUEUE) private readonly queue: Queue,
  ) {}

  /** In the transaction that stores the lead: the lead and its call are committed together or not at all. */
  async record(manager: EntityManager, lead: LeadReference): Promise<void> {
    await this.outbox.add(manager, lead);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), NOTIFY_RELAY_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Starts a pass unless one is running, in which case that one runs another when done. Never throws. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.passes()
      .catch((error: Error) => this.logger.warn(`notify relay: ${error.message}`))
      .finally(() => {
        this.running = null;
      });
  }

  /** For tests and shutdown: the pass in flight, if any, has ended. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      while ((await this.relayBatch()) === RELAY_BATCH);
    } while (this.again);
  }

  /** Queues one batch of unqueued rows, oldest first; returns how many it queued. */
  private async relayBatch(): Promise<number> {
    const ids = await this.outbox.unqueued(RELAY_BATCH);
    if (ids.length === 0) return 0;
    const data = (id: string): NotifyJobData => ({ reason: 'lead', notificationId: id });
    await this.queue.addBulk(ids.map((id) => ({ name: NOTIFY_JOB_NAME, data: data(id), opts: { ...NOTIFY_JOB_OPTIONS, jobId: leadNotifyJobId(id) } })));
    // Marked only once queued: a failed add leaves the rows for the next pass (a second add is a no-op by job id).
    await this.outbox.markQueued(ids);
    return ids.length;
  }
}
