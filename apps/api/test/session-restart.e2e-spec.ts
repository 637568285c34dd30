import { runMigrations } from '@aipm/database';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { type PrivatePostgres, type PrivateRedis, startPrivatePostgres, startPrivateRedis } from '../../../tools/testing/private-servers';
import { waitFor } from '../../../tools/testing/process';
import { cookiePair } from './support/admin-session';
import { apiError } from './support/api-errors';
import { testApiEnv } from './support/test-env';

const ADMIN = { email: 'admin@example.com', password: 'restart-password-1' };

/**
 * Restarting PostgreSQL while the back office is open must not sign the administrator out
 * (docs/product/back-office.md#sessions). The cluster is this suite's own (a restart of the shared one would fail
 * every suite running beside it).
 */
describe('a PostgreSQL restart with an open session', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let app: INestApplication;
  let databaseUrl: string;

  const verify = (cookie: string) => request(app.getHttpServer()).get('/api/admin/session').set('Cookie', cookie);

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
    const server = await new DataSource({ type: 'postgres', url: postgres.url }).initialize();
    await server.query('CREATE DATABASE aipm_restart');
    await server.destroy();
    const url = new URL(postgres.url);
    url.pathname = '/aipm_restart';
    databaseUrl = url.toString();
    await runMigrations(databaseUrl);
    app = await createApp(testApiEnv({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url }));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([postgres?.stop(), redis?.stop()]);
  });

  it('answers 503 while the database is down and keeps the session for when it is back', async () => {
    const registered = await request(app.getHttpServer()).post('/api/admin/register').send(ADMIN).expect(201);
    const cookie = cookiePair(registered.headers['set-cookie']);
    await verify(cookie).expect(200);

    // The browser keeps polling through the restart, as the back office does: the requests whose session
    // load fails while the server stops or starts must not delete the session row.
    const during: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        during.push((await verify(cookie)).status);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await postgres.restart(async () => {
      // Down: the session cannot be read, which is an error to retry, not a logout.
      const down = await verify(cookie).expect(503);
      expect(down.body).toEqual(apiError('SESSION_UNAVAILABLE'));
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    polling = false;
    await poller;
    expect(during.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(during).toContain(503);

    // Back: the pools reconnect; until they have, every answer is the 503, never a 401 or a 500.
    const interim: number[] = [];
    const back = await waitFor(async () => {
      const response = await verify(cookie);
      if (response.status === 200) return response;
      interim.push(response.status);
      return undefined;
    }, 20_000, 200);
    expect(interim.every((status) => status === 503)).toBe(true);
    expect(back.body).toEqual({ success: true, email: ADMIN.email, mustChangePassword: false });

    // Still one session row, and a state-changing call works with the same cookie.
    const sql = await new DataSource({ type: 'postgres', url: databaseUrl }).initialize();
    try {
      expect(await sql.query(`SELECT count(*)::int AS n FROM session`)).toEqual([{ n: 1 }]);
    } finally {
      await sql.destroy();
    }
    await request(app.getHttpServer()).get('/api/admin/verify').set('Cookie', cookie).expect(200);
  });
});
