import fs from 'node:fs';
import path from 'node:path';

import { createRedisConnection } from '@aipm/queue';

import { E2E_DATA_DIR } from '../../playwright.config';

/**
 * Test-only access to the Redis of the system Playwright started: `npm start` publishes its services in
 * `<data dir>/run/services.json` (tools/lib/shared-services.mjs), as e2e/site/jobs-database.ts reaches its database.
 * For state a journey leaves behind that no back-office action undoes (a site's crawl pace).
 */
export async function withSystemRedis<T>(work: (redis: ReturnType<typeof createRedisConnection>) => Promise<T>): Promise<T> {
  const published = JSON.parse(fs.readFileSync(path.resolve(E2E_DATA_DIR, 'run', 'services.json'), 'utf8')) as { env: { REDIS_URL: string } };
  const redis = createRedisConnection(published.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}
