import { createTestDatabase } from '@aipm/database/testing';
import { WORKER_HEARTBEAT_KEY } from '@aipm/queue';
import { Redis } from 'ioredis';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnProcess, waitFor } from '../../../tools/testing/process';
import { testRedisUrl } from '../../../tools/testing/services';

const WORKER_MAIN = path.resolve(__dirname, '../dist/main.js');

describe('worker process', () => {
  beforeAll(() => {
    if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run "npm run build" first (npm test does)`);
  });

  it('refuses to start without a usable Chromium and names the variable', async () => {
    const worker = spawnProcess('node', [WORKER_MAIN], { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(await worker.exited).toBe(1);
    expect(worker.stderr()).toContain('- CHROMIUM_PATH: must be the path of an executable Chromium');
  });

  it('beats while running and clears its heartbeat on SIGTERM', async () => {
    const database = await createTestDatabase();
    const redisUrl = testRedisUrl(5);
    const redis = new Redis(redisUrl);
    const worker = spawnProcess('node', [WORKER_MAIN], { ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl });
    try {
      const heartbeat = await waitFor(async () => (await redis.get(WORKER_HEARTBEAT_KEY)) ?? undefined, 30_000);
      expect(JSON.parse(heartbeat)).toMatchObject({ pid: worker.child.pid, beatAt: expect.any(String), chromiumPath: process.env.CHROMIUM_PATH });

      worker.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
      expect(await redis.get(WORKER_HEARTBEAT_KEY)).toBeNull();
    } finally {
      worker.kill('SIGKILL');
      redis.disconnect();
      await database.drop();
    }
  });
});
