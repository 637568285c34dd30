import { Redis } from 'ioredis';
import { createServer } from 'node:net';

/** The Redis that npm test started, on another logical database so parallel suites keep their keys apart. */
export function testRedisUrl(database: number): string {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = `/${database}`;
  return url.toString();
}

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

/** A loopback port nothing listens on, to stand for a dependency that is down. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
