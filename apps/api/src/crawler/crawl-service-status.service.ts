import type { CrawlServiceState, CrawlServiceStatus } from '@aipm/contracts';
import { WORKER_HEARTBEAT_KEY, WORKER_HEARTBEAT_TTL_MS, type WorkerHeartbeat } from '@aipm/queue';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '../redis/redis.module';

export const CRAWL_SERVICE_MESSAGES = {
  redisDown: '爬虫服务不可用：无法连接 Redis 队列',
  workerMissing: '爬虫服务不可用：抓取进程未运行（没有新的心跳）',
  chromiumMissing: '爬虫服务不可用：抓取进程没有报告可用的 Chromium',
  usable: '爬虫服务可用',
} as const;

export interface CrawlServiceReport extends CrawlServiceStatus {
  reason: CrawlServiceState;
  heartbeat: WorkerHeartbeat | null;
}

/**
 * Whether a crawl can run now, from what the API can see without a browser: Redis answers, a worker
 * heartbeat is fresh, and that worker runs with a Chromium. The API never launches Chromium itself.
 */
@Injectable()
export class CrawlServiceStatusService {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async check(now: Date = new Date()): Promise<CrawlServiceReport> {
    let raw: string | null;
    try {
      raw = await this.redis.get(WORKER_HEARTBEAT_KEY);
    } catch {
      return { isValid: false, reason: 'redis_down', message: CRAWL_SERVICE_MESSAGES.redisDown, heartbeat: null };
    }
    const heartbeat = parseHeartbeat(raw);
    if (!heartbeat || now.getTime() - Date.parse(heartbeat.beatAt) > WORKER_HEARTBEAT_TTL_MS) {
      return { isValid: false, reason: 'worker_missing', message: CRAWL_SERVICE_MESSAGES.workerMissing, heartbeat };
    }
    // A worker refuses to start without an executable CHROMIUM_PATH, so a live one has a browser; a worker
    // that names it is reported with it. An empty path is a worker saying it has none.
    if (heartbeat.chromiumPath === '') return { isValid: false, reason: 'chromium_missing', message: CRAWL_SERVICE_MESSAGES.chromiumMissing, heartbeat };
    const browser = heartbeat.chromiumPath ? `，Chromium: ${heartbeat.chromiumPath}` : '';
    const siteOrigins = heartbeat.siteOrigins && Object.keys(heartbeat.siteOrigins).length > 0 ? { siteOrigins: heartbeat.siteOrigins } : {};
    return { isValid: true, reason: 'usable', worker: `${heartbeat.hostname}:${heartbeat.pid}`, ...siteOrigins, message: `${CRAWL_SERVICE_MESSAGES.usable}（抓取进程 ${heartbeat.hostname}:${heartbeat.pid}${browser}）`, heartbeat };
  }
}

function parseHeartbeat(raw: string | null): WorkerHeartbeat | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<WorkerHeartbeat>;
    return typeof value.beatAt === 'string' && Number.isFinite(Date.parse(value.beatAt)) ? (value as WorkerHeartbeat) : null;
  } catch {
    return null;
  }
}
