import { Redis } from 'ioredis';

export { refusingPort, serverPort } from './ports';
export { REDIS_DATABASES_PER_WORKER, testRedisUrl } from './redis-databases';

/**
 * Empties one logical Redis database (counters an earlier run left behind). The client is closed even when the
 * command fails, and gives up after one retry, so a Redis that is down fails the suite instead of keeping it alive.
 */
export async function flushRedis(url: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}
