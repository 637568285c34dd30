import { createTestDatabase } from '@aipm/database/testing';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnProcess, waitFor } from '../../../tools/testing/process';
import { closedPort, testRedisUrl } from '../../../tools/testing/services';
import type { HealthResponse } from '../src/health/health.response';

const API_MAIN = path.resolve(__dirname, '../dist/main.js');

/** The built API as npm start runs it: boot checks, migrations at start, graceful stop. */
describe('api process', () => {
  beforeAll(() => {
    if (!existsSync(API_MAIN)) throw new Error(`${API_MAIN} is missing: run "npm run build" first (npm test does)`);
  });

  it('refuses to start and names every missing variable', async () => {
    const api = spawnProcess('node', [API_MAIN], { PATH: process.env.PATH ?? '' });
    const exitCode = await api.exited;

    expect(exitCode).toBe(1);
    for (const variable of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'SESSION_SECRET']) {
      expect(api.stderr()).toContain(`- ${variable}: is missing`);
    }
  });

  it('migrates an empty database, serves health and stops cleanly on SIGTERM', async () => {
    const database = await createTestDatabase();
    const port = await closedPort();
    const secret = 'process-test-secret-0123456789abcdef';
    const api = spawnProcess('node', [API_MAIN], {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(4),
      API_PORT: String(port),
      SESSION_SECRET: secret,
      LOG_LEVEL: 'info',
    });
    try {
      const health = await waitFor(async () => {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        return response.status === 200 ? (response.json() as Promise<HealthResponse>) : undefined;
      }, 30_000);
      expect(health.status).toBe('ok');
      expect(api.stdout()).toContain('"migrationsApplied":["InitialSchema');

      api.kill('SIGTERM');
      expect(await api.exited).toBe(0);
      // Structured JSON logs, and no secret in them.
      const firstLine = JSON.parse(api.stdout().split('\n').find((line) => line.startsWith('{')) ?? '{}');
      expect(firstLine).toMatchObject({ app: 'api', level: expect.any(Number) });
      expect(api.stdout() + api.stderr()).not.toContain(secret);
      expect(api.stdout() + api.stderr()).not.toContain(new URL(database.url).password || '\u0000');
    } finally {
      api.kill('SIGKILL');
      await database.drop();
    }
  });
});
