import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { clientIp, cookiePair } from './support/admin-session';
import { testApiEnv } from './support/test-env';

/**
 * First-time mode, in its own file: passport keeps its (de)serializers on a process-wide singleton and
 * the first app registered answers, so each file's apps must share one database.
 */
describe('first-time mode (ADMIN_EMAIL + ADMIN_INITIAL_PASSWORD)', () => {
  const redisUrl = testRedisUrl(11);
  let seeded: TestDatabase;
  const apps: INestApplication[] = [];
  const start = async (overrides: Record<string, string> = {}) => {
    const instance = await createApp(
      testApiEnv({
        DATABASE_URL: seeded.url,
        REDIS_URL: redisUrl,
        ADMIN_EMAIL: 'Boss@Example.com',
        ADMIN_INITIAL_PASSWORD: 'initial-password',
        ...overrides,
      }),
    );
    await instance.init();
    apps.push(instance);
    return instance;
  };

  beforeAll(async () => {
    seeded = await createTestDatabase({ migrate: true });
  });

  afterAll(async () => {
    await Promise.all(apps.map((instance) => instance.close()));
    await seeded?.drop();
  });

  it('creates the administrator at start, flagged to change the password, and clears the flag once changed', async () => {
    const seededApp = await start();
    const api = () => request(seededApp.getHttpServer());
    expect((await api().get('/api/admin/check').expect(200)).body.hasAdmin).toBe(true);
    await api().post('/api/admin/register').send({ email: 'x@example.com', password: 'whatever-1' }).expect(403);

    const login = await api().post('/api/admin/login').set('X-Forwarded-For', clientIp()).send({ email: 'boss@example.com', password: 'initial-password' }).expect(200);
    const cookie = cookiePair(login.headers['set-cookie']);
    expect((await api().get('/api/admin/session').set('Cookie', cookie).expect(200)).body).toEqual({
      success: true,
      email: 'boss@example.com',
      mustChangePassword: true,
    });

    await api().post('/api/admin/change-password').set('Cookie', cookie).send({ currentPassword: 'initial-password', newPassword: 'my-own-password' }).expect(200);
    expect((await api().get('/api/admin/session').set('Cookie', cookie).expect(200)).body.mustChangePassword).toBe(false);
  });

  it('does not touch an existing administrator on the next start', async () => {
    const restarted = await start({ ADMIN_INITIAL_PASSWORD: 'a-different-initial' });
    const api = () => request(restarted.getHttpServer());
    await api().post('/api/admin/login').set('X-Forwarded-For', clientIp()).send({ email: 'boss@example.com', password: 'a-different-initial' }).expect(401);
    await api().post('/api/admin/login').set('X-Forwarded-For', clientIp()).send({ email: 'boss@example.com', password: 'my-own-password' }).expect(200);
  });
});
