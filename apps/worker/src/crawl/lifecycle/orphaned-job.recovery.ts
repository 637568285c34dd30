import { hostname } from 'node:os';
import { bullOptions, CRAWL_QUEUE, createRedisConnection } from '@aipm/queue';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { WORKER_ENV, type WorkerEnv } from '../../config/worker-env';

/** One key per live crawl worker, named after its BullMQ worker id (the first part of its lock tokens). */
export const WORKER_PRESENCE_PREFIX = 'aipm:crawl-worker:';
const PRESENCE_TTL_MS = 10_000;
const PRESENCE_REFRESH_MS = 3_000;
const SWEEP_INTERVAL_MS = 5_000;

interface Presence {
  hostname: string;
  pid: number;
}

/**
 * Hands back at once the crawl jobs of a worker that died. BullMQ alone notices only when the job's lock
 * has run out and its stalled check has then run twice, up to twice the lock duration (40–63 s measured).
 * Each worker announces itself under a short-lived key; a job whose lock names a worker with no key, or
 * one on this host whose process is gone (a supervised restart), goes back to the queue now.
 */
@Injectable()
export class OrphanedJobRecovery implements OnApplicationShutdown {
  private readonly logger = new Logger(OrphanedJobRecovery.name);
  private readonly redis: Redis;
  private readonly queue: Queue;
  private readonly presence: Presence = { hostname: hostname(), pid: process.pid };
  private workerId?: string;
  private timers: NodeJS.Timeout[] = [];

  constructor(@Inject(WORKER_ENV) env: WorkerEnv) {
    this.redis = createRedisConnection(env.REDIS_URL, { maxRetriesPerRequest: 1 });
    this.queue = new Queue(CRAWL_QUEUE, bullOptions(env.REDIS_URL));
    this.queue.on('error', (error) => this.logger.warn(`crawl queue: ${error.message}`));
  }

  /** Announces `workerId` (before it takes a job, so no live worker looks dead) and sweeps from now on. */
  async start(workerId: string): Promise<void> {
    this.workerId = workerId;
    await this.announce();
    await this.sweep();
    this.timers = [setInterval(() => void this.announce(), PRESENCE_REFRESH_MS), setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS)];
    for (const timer of this.timers) timer.unref();
  }

  /** Moves every active job of a dead worker back to wait; resolves with their ids. Never throws. */
  async sweep(): Promise<string[]> {
    const handedBack: string[] = [];
    try {
      for (const job of await this.queue.getActive()) {
        const token = await this.redis.get(`${this.queue.toKey(job.id!)}:lock`);
        // No lock: it ran out, and BullMQ's own stalled check takes the job back.
        if (!token) continue;
        const owner = token.slice(0, token.indexOf(':'));
        if (owner === this.workerId || (await this.isAlive(owner))) continue;
        try {
          await job.moveToWait(token);
          handedBack.push(job.id!);
          this.logger.warn(`crawl job ${job.id}: its worker ${owner} is gone, back in the queue`);
        } catch {
          // Finished or taken back by another worker in the meantime.
        }
      }
    } catch (error) {
      this.logger.warn(`looking for jobs of dead workers: ${(error as Error).message}`);
    }
    return handedBack;
  }

  async onApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    if (this.workerId) await this.redis.del(WORKER_PRESENCE_PREFIX + this.workerId).catch(() => undefined);
    await this.queue.close().catch(() => undefined);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private async announce(): Promise<void> {
    try {
      await this.redis.set(WORKER_PRESENCE_PREFIX + this.workerId, JSON.stringify(this.presence), 'PX', PRESENCE_TTL_MS);
    } catch (error) {
      this.logger.warn(`presence not written: ${(error as Error).message}`);
    }
  }

  private async isAlive(workerId: string): Promise<boolean> {
    const stored = await this.redis.get(WORKER_PRESENCE_PREFIX + workerId);
    if (!stored) return false;
    const presence = JSON.parse(stored) as Presence;
    // On another host only the key's expiry can tell; on this one the process table can, at once.
    return presence.hostname !== this.presence.hostname || processExists(presence.pid);
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
