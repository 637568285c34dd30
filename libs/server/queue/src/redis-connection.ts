import { Redis, type RedisOptions } from 'ioredis';
import type { ConnectionOptions as BullConnectionOptions } from 'bullmq';
import { KEY_PREFIX } from './queue-names';

/**
 * Options for a connection BullMQ can share: `maxRetriesPerRequest: null` is required by BullMQ workers
 * (a blocking command must wait through a reconnect instead of failing).
 */
export function redisOptionsFromUrl(url: string, overrides: RedisOptions = {}): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
    ...overrides,
  };
}

export function createRedisConnection(url: string, overrides: RedisOptions = {}): Redis {
  return new Redis(redisOptionsFromUrl(url, overrides));
}

/** What every BullMQ Queue, Worker and QueueEvents of this system is given. */
export interface BullOptions {
  connection: BullConnectionOptions;
  prefix: string;
}

/**
 * The connection and key prefix for BullMQ, the one place they are decided: a producer and a consumer
 * that disagreed on either would silently talk past each other. Each caller gets its own options object
 * (BullMQ opens its own connections from it).
 */
export function bullOptions(redisUrl: string): BullOptions {
  const { host, port, username, password, db, tls } = redisOptionsFromUrl(redisUrl);
  return { connection: { host, port, username, password, db, tls, maxRetriesPerRequest: null }, prefix: `${KEY_PREFIX}:bull` };
}

/**
 * A BullMQ Worker's options: bullOptions, and BullMQ's own count of the jobs it finished (completed, failed) per queue,
 * which the API's metrics read from Redis (docs/product/operations.md#metrics); an hour of per-minute points is kept.
 */
export function workerOptions(redisUrl: string): BullOptions & { metrics: { maxDataPoints: number } } {
  return { ...bullOptions(redisUrl), metrics: { maxDataPoints: 60 } };
}
