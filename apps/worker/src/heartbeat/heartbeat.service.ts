import { hostname } from 'node:os';
import {
  createRedisConnection,
  WORKER_HEARTBEAT_INTERVAL_MS,
  WORKER_HEARTBEAT_KEY,
  WORKER_HEARTBEAT_TTL_MS,
  type WorkerHeartbeat,
} from '@aipm/queue';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { WORKER_ENV, type WorkerEnv } from '../config/worker-env';
import { SiteRegistry } from '../crawl/sites/site-registry';

/** Tells the API (through Redis) that a worker is alive; the key expires by itself if this process dies. */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(HeartbeatService.name);
  private readonly redis: Redis;
  private readonly startedAt = new Date().toISOString();
  private readonly chromiumPath: string;
  private readonly siteOrigins: Partial<Record<string, string>>;
  private timer?: NodeJS.Timeout;

  constructor(@Inject(WORKER_ENV) env: WorkerEnv) {
    this.redis = createRedisConnection(env.REDIS_URL, { maxRetriesPerRequest: 1 });
    // The API's crawling-service status reports which browser the worker drives.
    this.chromiumPath = env.CHROMIUM_PATH;
    // The task form's preview shows the addresses this worker really loads (docs/product/crawler.md#task-form).
    this.siteOrigins = SiteRegistry.fromEnv(env.CRAWLER_SITE_ORIGINS).siteOrigins();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), WORKER_HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.redis.del(WORKER_HEARTBEAT_KEY).catch(() => undefined);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private async beat(): Promise<void> {
    const heartbeat: WorkerHeartbeat = {
      pid: process.pid,
      hostname: hostname(),
      startedAt: this.startedAt,
      beatAt: new Date().toISOString(),
      chromiumPath: this.chromiumPath,
      ...(Object.keys(this.siteOrigins).length > 0 ? { siteOrigins: this.siteOrigins } : {}),
    };
    try {
      await this.redis.set(WORKER_HEARTBEAT_KEY, JSON.stringify(heartbeat), 'PX', WORKER_HEARTBEAT_TTL_MS);
    } catch (error) {
      this.logger.warn(`heartbeat not written: ${(error as Error).message}`);
    }
  }
}
