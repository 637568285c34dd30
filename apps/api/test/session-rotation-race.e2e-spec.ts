import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource, type QueryRunner } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { waitFor } from '../../../tools/testing/process';
import { clientIp, cookiePair, sessionCookie } from './support/admin-session';
import { testApiEnv } from './support/test-env';

const ADMIN = { email: 'race-admin@example.com', password: 'race-password-1' };

/**
 * The administrator signs in again while the dashboard's reads, sent with the old cookie, are still running.
 * Sign-in rotates the session (the old one is destroyed); an answer that arrives after the sign-in's must not
 * put the old, ended session's cookie back in the browser, or the next verify is 401 and the back office
 * signs out. The slow read is real: its query waits on a lock this test holds on the registrations table.
 */
describe('a sign-in while requests with the old session are in flight', () => {
  const redisUrl = testRedisUrl(12); // shared with other suites: nothing here is flushed, the email is this suite's own
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let locker: QueryRunner | undefined;

  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl }));
    await app.init();
    await http().post('/api/admin/register').send(ADMIN).expect(201);
  });

  afterAll(async () => {
    if (locker?.isTransactionActive) await locker.rollbackTransaction();
    await locker?.release();
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  it('leaves the new session in the browser when the old request answers last', async () => {
    const login = () => http().post('/api/admin/login').set('X-Forwarded-For', clientIp());
    const oldCookie = cookiePair((await login().send(ADMIN).expect(200)).headers['set-cookie']);
    await http().get('/api/admin/verify').set('Cookie', oldCookie).expect(200);

    // Hold the dashboard's count query on a lock, so its answer comes after the sign-in's.
    locker = sql.createQueryRunner();
    await locker.connect();
    await locker.startTransaction();
    await locker.query('LOCK TABLE "registrations" IN ACCESS EXCLUSIVE MODE');
    const slow = http().get('/api/admin/stats').set('Cookie', oldCookie).then((response) => response);
    await waitFor(async () => {
      const [row] = await sql.query(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%registrations%'`,
      );
      return row.waiting > 0 ? true : undefined;
    }, 10_000, 20);

    // The browser sends its current (old) cookie with the sign-in, as the back office does.
    const signedIn = await login().set('Cookie', oldCookie).send(ADMIN).expect(200);
    const newCookie = cookiePair(signedIn.headers['set-cookie']);
    expect(newCookie).not.toBe(oldCookie);

    await locker.commitTransaction();
    const slowAnswer = await slow;
    expect(slowAnswer.status).toBe(200); // it began while the old session was alive

    // What the browser's cookie jar holds after both answers, in the order they arrived.
    const lastSet = sessionCookie(slowAnswer.headers['set-cookie']);
    const jar = lastSet ? lastSet.split(';')[0] : newCookie;
    expect(jar).toBe(newCookie);
    await http().get('/api/admin/verify').set('Cookie', jar).expect(200);
    // The old session did end at the sign-in, and the late answer did not bring it back.
    await http().get('/api/admin/verify').set('Cookie', oldCookie).expect(401);
  });
});
