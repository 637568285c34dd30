import { Redis, type RedisOptions } from 'ioredis';
import type { ConnectionOptions as BullConnectionOptions } from 'bullmq';

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

/** The same connection settings in the shape BullMQ's Queue and Worker accept. */
export function bullConnectionFromUrl(url: string): BullConnectionOptions {
  const { host, port, username, password, db, tls } = redisOptionsFromUrl(url);
  return { host, port, username, password, db, tls, maxRetriesPerRequest: null };
}
