import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { type INestApplication, Logger } from '@nestjs/common';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { testApiEnv } from './support/test-env';

/*
 * An export that fails mid-stream (docs/product/back-office.md#csv-export). The database really fails here:
 * a lock the export's first batch cannot get (lock_timeout), its backend terminated while it waits, and its
 * backend terminated after the first rows went out (pg_terminate_backend from a second connection).
 */

/** Enough rows that the CSV (about 15 MB) cannot fit in the socket buffers of a client that stops reading. */
const ROWS = 150_000;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  /** true: the chunked body ended with its final chunk; false: the transfer was aborted. */
  complete: boolean;
  error: string | null;
}

/**
 * A download the way a browser sees it, over a real socket. `onFirstChunk` runs with the response paused after
 * the first bytes arrived, so the server is held mid-stream by back-pressure until it resolves.
 */
function download(url: string, cookie: string, onFirstChunk?: () => Promise<void>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { cookie } }, (res) => {
      let bytes = 0;
      let held = false;
      let error: string | null = null;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (held || !onFirstChunk) return;
        held = true;
        res.pause();
        onFirstChunk().then(() => res.resume(), reject);
      });
      res.on('error', (failure) => (error = failure.message));
      res.on('close', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, complete: res.complete, error }));
    });
    req.on('error', reject);
  });
}

describe('CSV export when the database fails', () => {
  const redisUrl = testRedisUrl(13);
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let base: string;
  let cookie: string;
  let databaseName: string;

  /** The export's own backend: the one running a query over registrations that is not ours. */
  async function exportBackend(): Promise<number | undefined> {
    const rows = (await sql.query(
      // By the export's first column: PostgreSQL keeps only the first 1,024 bytes of a statement here
      // (track_activity_query_size), and the export's column list alone is longer than that.
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'SELECT to_char(registration."createdAt"%' AND state = 'active'`,
    )) as { pid: number }[];
    return rows[0]?.pid;
  }

  async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const found = await probe();
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const activity = await sql.query(`SELECT pid, state, wait_event_type, left(query, 80) AS query FROM pg_stat_activity WHERE datname = current_database()`);
    throw new Error(`timed out waiting for ${what}: ${JSON.stringify(activity)}`);
  }

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    databaseName = new URL(database.url).pathname.slice(1);
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    // Every API connection gives up on a lock after 1 s (set before the app opens its pool).
    await sql.query(`ALTER DATABASE "${databaseName}" SET lock_timeout = '1s'`);
    await sql.query(
      `INSERT INTO registrations (name, phone, "phoneNormalized", school, major, goals, status, "createdAt")
       SELECT '学员' || n, '135' || lpad(n::text, 8, '0'), '+86135' || lpad(n::text, 8, '0'), '中南大学', '软件工程', '转型做 AI 产品经理',
              'new', timestamptz '2025-08-01 10:00+08' + n * interval '1 second'
       FROM generate_series(1, ${ROWS}) AS n`,
    );
    await flushRedis(redisUrl);
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl, LOG_LEVEL: 'error' }));
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const registered = await request(app.getHttpServer())
      .post('/api/admin/register')
      .send({ email: 'export-admin@example.com', password: 'export-admin-password-1' })
      .expect(201);
    cookie = (registered.headers['set-cookie'] as unknown as string[]).map((line) => line.split(';')[0]).join('; ');
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  it('refuses a malformed filter with 400 and its code, before any byte of CSV', async () => {
    const response = await request(base).get('/api/registrations/export').set('Cookie', cookie).query({ filter: '{oops' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(apiError('INVALID_LIST_QUERY'));
  });

  it('answers 503 DATABASE_UNAVAILABLE when the first batch cannot be read (lock timeout)', async () => {
    const locker = sql.createQueryRunner();
    await locker.startTransaction();
    try {
      await locker.query('LOCK TABLE registrations IN ACCESS EXCLUSIVE MODE');
      const response = await request(base).get('/api/contact/export').set('Cookie', cookie);
      // The contact export reads its own table: the lock above does not concern it.
      expect(response.status).toBe(200);
      const blocked = await request(base).get('/api/registrations/export').set('Cookie', cookie);
      expect(blocked.status).toBe(503);
      expect(blocked.headers['content-type']).toMatch(/^application\/json/);
      expect(blocked.body).toMatchObject(apiError('DATABASE_UNAVAILABLE'));
    } finally {
      await locker.rollbackTransaction();
      await locker.release();
    }
  });

  it('answers 503 DATABASE_UNAVAILABLE when its backend is terminated before the first row', async () => {
    const locker = sql.createQueryRunner();
    await locker.startTransaction();
    try {
      await locker.query('LOCK TABLE registrations IN ACCESS EXCLUSIVE MODE');
      const answer = request(base).get('/api/registrations/export').set('Cookie', cookie).then((response) => response);
      // Waiting on the lock, so nothing has been read yet: the restart-like failure comes before the header.
      const pid = await waitFor(exportBackend, 'the export to wait on the lock');
      await sql.query('SELECT pg_terminate_backend($1)', [pid]);
      const response = await answer;
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject(apiError('DATABASE_UNAVAILABLE'));
    } finally {
      await locker.rollbackTransaction();
      await locker.release();
    }
  });

  it('aborts the transfer, logs one line and keeps serving when the backend dies after the first rows', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    let terminated: number | undefined;
    const answer = await download(`${base}/api/registrations/export`, cookie, async () => {
      // The header and the first rows are out; the client holds the rest back, so the cursor is still open.
      terminated = await waitFor(exportBackend, 'the export cursor');
      await sql.query('SELECT pg_terminate_backend($1)', [terminated]);
    });
    expect(terminated).toEqual(expect.any(Number));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    // What a browser needs to call the download failed: no final chunk, an error on the response.
    expect({ complete: answer.complete, error: answer.error }).toEqual({ complete: false, error: 'aborted' });
    expect(answer.bytes).toBeGreaterThan(0);
    const aborts = warn.mock.calls.filter(([message]) => String(message).includes('CSV export registrations aborted after its header'));
    expect(aborts).toHaveLength(1);
    expect(String(aborts[0]![0])).not.toContain('\n');

    // The process and its pool carry on: the broken connection was dropped, a new export is whole.
    await sql.query(`DELETE FROM registrations WHERE name <> '学员1' AND name <> '学员2'`);
    const again = await download(`${base}/api/registrations/export`, cookie);
    expect({ status: again.status, complete: again.complete, error: again.error }).toEqual({ status: 200, complete: true, error: null });
    const list = await request(base).get('/api/registrations').set('Cookie', cookie).expect(200);
    expect((list.body as { data: unknown[] }).data).toHaveLength(2);
  });
});
