import { Redis } from 'ioredis';
import { connect, createServer } from 'node:net';

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

/**
 * A loopback port nothing listens on right now, for a server the test starts on it. Not for a dependency that
 * must stay down (refusingPort): a server a parallel suite starts on port 0 may be handed the same port.
 */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A loopback port that refuses connections, to stand for a dependency that is down for the whole test. Below
 * 1024: listening on port 0 never hands those out (the ephemeral range starts far above), so no server a parallel
 * suite starts can take it, as happened with a port from closedPort (an HTTP 404 where "unreachable" was expected).
 * From 1023 down: Chromium refuses to load many of the lower ones (its restricted ports) before connecting.
 */
export async function refusingPort(): Promise<number> {
  for (let port = 1023; port >= 1000; port -= 1) if (await refuses(port)) return port;
  throw new Error('every port from 1000 to 1023 answers on 127.0.0.1');
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
