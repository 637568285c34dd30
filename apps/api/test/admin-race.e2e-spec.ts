import type { ApiErrorResponse, AuthResultResponse } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { spawnProcess, type SpawnedProcess, waitForProcess } from '../../../tools/testing/process';
import { serverPort, testRedisUrl } from '../../../tools/testing/services';

const API_MAIN = path.resolve(__dirname, '../dist/main.js');
const SIGN_UPS = 50;

/**
 * The first-administrator rule (docs/product/back-office.md#first-administrator) under real concurrency: two built API
 * processes on one fresh database, 50 simultaneous sign-ups spread over both. The database (not a check-then-insert)
 * must decide.
 */
describe('first-administrator rule across processes', () => {
  let database: TestDatabase;
  const processes: SpawnedProcess[] = [];

  beforeAll(() => {
    if (!existsSync(API_MAIN)) throw new Error(`${API_MAIN} is missing: run "npm run build" first (npm test does)`);
  });

  afterAll(async () => {
    for (const api of processes) api.kill('SIGKILL');
    await Promise.all(processes.map((api) => api.exited));
    await database?.drop();
  });

  it(`lets exactly one of ${SIGN_UPS} concurrent sign-ups on two processes succeed`, async () => {
    database = await createTestDatabase();
    const ports = [await serverPort(), await serverPort()];
    for (const port of ports) {
      processes.push(
        spawnProcess('node', [API_MAIN], {
          ...process.env,
          DATABASE_URL: database.url,
          REDIS_URL: testRedisUrl(14),
          API_PORT: String(port),
          SESSION_SECRET: 'race-test-secret-0123456789abcdef0123',
          LOG_LEVEL: 'warn',
        }),
      );
    }
    for (const [index, port] of ports.entries()) {
      await waitForProcess(processes[index], async () => ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200 ? true : undefined), 90_000);
    }

    const statuses = await Promise.all(
      Array.from({ length: SIGN_UPS }, (_, index) =>
        fetch(`http://127.0.0.1:${ports[index % 2]}/api/admin/register`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `racer${index}@example.com`, password: 'race-password-1' }),
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as AuthResultResponse | ApiErrorResponse })),
      ),
    );
    const sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    const [{ admins }] = await sql.query(`SELECT count(*)::int AS admins FROM users WHERE "isAdmin"`);
    await sql.destroy();

    const successes = statuses.filter((answer) => answer.status >= 200 && answer.status < 300).length;
    const refusals = statuses.filter((answer) => answer.status === 403);
    console.log(`race: ${successes} success, ${refusals.length} × 403, ${admins} administrator row(s), over ${ports.length} processes`);
    expect(successes).toBe(1);
    expect(refusals).toHaveLength(SIGN_UPS - 1);
    expect(new Set(refusals.map((answer) => answer.body.message))).toEqual(new Set(['检测到系统已有管理员，请使用登录功能']));
    expect(admins).toBe(1);
  });
});
