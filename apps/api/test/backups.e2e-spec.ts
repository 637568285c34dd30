import { type BackupLiveEvent, BACKUP_MESSAGES, type BackupStatusResponse } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { BACKUP_QUEUE, bullOptions } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { createApp } from '../src/bootstrap/create-app';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { openEventStream } from './support/event-stream';
import { testApiEnv } from './support/test-env';

const EMAIL = 'backups-admin@example.com';
const PASSWORD = 'backups-admin-password-1';

/**
 * 数据备份 (docs/product/backups.md#in-the-back-office): the runs the worker recorded, the 36-hour warning, 立即备份
 * on the worker's queue (refused while one waits), and the stream that says when a run starts and ends. The worker's
 * own part is apps/worker/src/backup/backup.service.int-spec.ts; here a BullMQ worker stands in for it.
 */
describe('backups in the back office', () => {
  const redisUrl = testRedisUrl(11);
  let database: TestDatabase;
  let app: INestApplication;
  let base: string;
  let port: number;
  let cookie: string;
  let sql: Client;

  const call = async (method: string, path: string) => {
    const response = await fetch(`${base}${path}`, { method, headers: { cookie, origin: base, 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
    return { status: response.status, body: (await response.json()) as { data?: BackupStatusResponse; message?: string; code?: string } };
  };
  const status = async () => (await call('GET', '/api/admin/backups')).body.data!;
  const run = (fields: { status: 'succeeded' | 'failed'; hoursAgo: number; trigger?: string }) =>
    sql.query(
      `INSERT INTO backup_runs (trigger, status, "startedAt", "finishedAt", name, location, "sizeBytes", tables, rows, files, "fileBytes", error)
       VALUES ($1, $2, now() - make_interval(secs => $3 * 3600 + 30), now() - make_interval(secs => $3 * 3600), $4, $5, $6, $7, $8, $9, $10, $11)`,
      fields.status === 'succeeded'
        ? [fields.trigger ?? 'schedule', 'succeeded', fields.hoursAgo, `run-${fields.hoursAgo}.tar`, `/backups/run-${fields.hoursAgo}.tar`, 52_400_000, 30, 100_512, 40, 48_000_000, null]
        : [fields.trigger ?? 'schedule', 'failed', fields.hoursAgo, null, null, null, null, null, null, null, 'pg_dump failed (exit 1): connection refused'],
    );

  beforeAll(async () => {
    await flushRedis(redisUrl);
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl }));
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    const registered = await fetch(`${base}/api/admin/register`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    expect(registered.status).toBe(201);
    cookie = registered.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await app?.close();
    await database?.drop();
  });

  it('is the administrator’s only', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/backups'],
      ['POST', '/api/admin/backups'],
      ['GET', '/api/admin/backups/events'],
    ]) {
      const response = await fetch(`${base}${path}`, { method, headers: { origin: base } });
      expect([path, response.status, await response.json()]).toEqual([path, 401, apiError('UNAUTHORIZED')]);
    }
  });

  it('warns without any good backup, and when the last good one is more than 36 hours old', async () => {
    expect(await status()).toEqual({ runs: [], lastSuccess: null, stale: true, running: false, schedule: null });

    await run({ status: 'succeeded', hoursAgo: 40 });
    await run({ status: 'failed', hoursAgo: 2, trigger: 'manual' });
    const old = await status();
    expect(old).toMatchObject({ stale: true, running: false, lastSuccess: { status: 'succeeded', location: '/backups/run-40.tar', sizeBytes: 52_400_000, rows: 100_512 } });
    // Newest first: the failed run, then the good one.
    expect(old.runs.map((entry) => [entry.status, entry.trigger, entry.error])).toEqual([
      ['failed', 'manual', 'pg_dump failed (exit 1): connection refused'],
      ['succeeded', 'schedule', null],
    ]);

    await run({ status: 'succeeded', hoursAgo: 35 });
    expect(await status()).toMatchObject({ stale: false, lastSuccess: { location: '/backups/run-35.tar' } });
  });

  it('starts a backup now, refuses a second while it waits, and streams its start and end', async () => {
    const stream = await openEventStream<BackupLiveEvent>(port, '/api/admin/backups/events', cookie);
    expect(stream.status).toBe(200);
    expect(await call('POST', '/api/admin/backups')).toEqual({ status: 202, body: { success: true, message: BACKUP_MESSAGES.started } });
    expect((await status()).running).toBe(true);
    expect(await call('POST', '/api/admin/backups')).toEqual({ status: 409, body: apiError('BACKUP_ALREADY_RUNNING') });
    const queue = new Queue(BACKUP_QUEUE, bullOptions(redisUrl));
    expect((await queue.getJobs(['waiting'])).map((job) => job.data)).toEqual([{ trigger: 'manual', requestedBy: expect.any(String) }]);
    await queue.close();

    // The worker's stand-in takes the job and ends it.
    const worker = new Worker(BACKUP_QUEUE, async () => ({ name: 'aipm-backup-20261129-030000.tar' }), bullOptions(redisUrl));
    try {
      await stream.until((event) => event.type === 'finished', 20_000);
      expect(stream.events()).toEqual([{ type: 'started' }, { type: 'finished', status: 'succeeded' }]);
    } finally {
      await worker.close();
      stream.close();
    }
    expect((await status()).running).toBe(false);

    const audit = await fetch(`${base}/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'backup.start' }))}`, { headers: { cookie } });
    expect(((await audit.json()) as { data: unknown[] }).data).toHaveLength(1);
  });
});
