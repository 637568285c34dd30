import type { FollowUpDueEvent } from '@aipm/contracts';
import { createRedisConnection } from '@aipm/queue';
import { Inject, Injectable, Logger, type MessageEvent, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { interval, map, merge, Observable, Subject, takeUntil } from 'rxjs';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { REDIS_CLIENT } from '../redis/redis.module';
import { toAgendaFollowUp } from './follow-up.mapper';
import { FollowUpsRepository } from './follow-ups.repository';

/** A keep-alive message this often, so idle proxies keep the stream open (the crawl events' figure). */
const KEEP_ALIVE_MS = 15_000;
/** Every API process hears here that follow-ups changed, so each wakes at the right time for its own streams. */
export const FOLLOW_UPS_CHANGED_CHANNEL = 'aipm:follow-ups:changed';
/** setTimeout's limit (about 24.8 days): a later due time is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Reminders pushed to the back office (docs/product/back-office.md#follow-ups, ADR 073): while at least one
 * administrator's stream is open on this process, one timer waits for the earliest open follow-up's due time;
 * when it fires, the follow-ups that fell due since the last firing go to every stream. A follow-up created or
 * completed on any process is announced on a Redis channel, and every process sets its timer again. Nothing polls.
 */
@Injectable()
export class FollowUpRemindersService implements OnModuleDestroy {
  private readonly logger = new Logger(FollowUpRemindersService.name);
  private readonly due = new Subject<FollowUpDueEvent>();
  private readonly closing = new Subject<void>();
  private watchers = 0;
  private timer?: NodeJS.Timeout;
  private subscriber?: Redis;
  /** Follow-ups due up to this time have been announced (or were due before anyone watched: 今日待办 lists them). */
  private announcedUntil = new Date();
  /** Set again while a run is under way: one more run follows it, so a change is never missed. */
  private arming?: Promise<void>;
  private armAgain = false;
  /** Read per stream: tests shorten it. */
  keepAliveMs = KEEP_ALIVE_MS;

  constructor(
    private readonly followUps: FollowUpsRepository,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  stream(): Observable<MessageEvent> {
    return new Observable<MessageEvent>((subscriber) => {
      if (this.watchers++ === 0) this.start();
      const subscription = merge(
        this.due.pipe(map((event): MessageEvent => ({ data: event }))),
        interval(this.keepAliveMs).pipe(map((): MessageEvent => ({ type: 'keepalive', data: '' }))),
      ).subscribe(subscriber);
      return () => {
        subscription.unsubscribe();
        if (--this.watchers === 0) this.stop();
      };
    }).pipe(takeUntil(this.closing));
  }

  /** A follow-up was created or completed here: this process and every other one look at the due times again. */
  changed(): void {
    this.arm();
    this.redis.publish(FOLLOW_UPS_CHANGED_CHANNEL, '1').catch((error: unknown) => this.logger.warn(`could not announce a follow-up change: ${String(error)}`));
  }

  async onModuleDestroy(): Promise<void> {
    this.closing.next();
    this.closing.complete();
    this.stop();
  }

  private start(): void {
    this.announcedUntil = new Date();
    const subscriber = createRedisConnection(this.env.REDIS_URL);
    this.subscriber = subscriber;
    subscriber.on('message', () => this.arm());
    subscriber.on('error', (error) => this.logger.warn(`follow-up reminders' Redis: ${error.message}`));
    subscriber.subscribe(FOLLOW_UPS_CHANGED_CHANNEL).catch((error: unknown) => this.logger.warn(`could not listen for follow-up changes: ${String(error)}`));
    this.arm();
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) void subscriber.quit().catch(() => subscriber.disconnect());
  }

  /** Announces what fell due, then waits for the next due time; runs one at a time. */
  private arm(): void {
    if (this.watchers === 0) return;
    if (this.arming) {
      this.armAgain = true;
      return;
    }
    this.arming = this.announceAndWait()
      .catch((error: unknown) => this.logger.warn(`follow-up reminders: ${String(error)}`))
      .finally(() => {
        this.arming = undefined;
        if (this.armAgain) {
          this.armAgain = false;
          this.arm();
        }
      });
  }

  private async announceAndWait(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = new Date();
    const fallen = await this.followUps.dueBetween(this.announcedUntil, now);
    this.announcedUntil = now;
    for (const row of fallen) this.due.next({ type: 'due', followUp: toAgendaFollowUp(row, now) });
    const next = await this.followUps.nextDueAfter(now);
    if (!next || this.watchers === 0) return;
    this.timer = setTimeout(() => this.arm(), Math.min(Math.max(next.getTime() - Date.now(), 0), LONGEST_TIMER_MS));
  }
}
