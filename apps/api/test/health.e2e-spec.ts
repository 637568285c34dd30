import { createTestDatabase } from '@aipm/database/testing';
import { WORKER_HEARTBEAT_KEY } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { createApp } from '../src/bootstrap/create-app';

import { refusingPort, testRedisUrl } from '../../../tools/testing/services';
import { cookiePair } from './support/admin-session';
import { testApiEnv } from './support/test-env';

const ADMIN = { email: 'health-admin@example.com', password: 'health-admin-password' };

describe('GET /api/health', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const redisUrl = testRedisUrl(3);
  const apps: INestApplication[] = [];

  async function startApp(overrides: Record<string, string> = {}): Promise<INestApplication> {
    const app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl, ...overrides }));
    await app.init();
    apps.push(app);
    return app;
  }

  /** The administrator's cookie; every app of this suite shares the database, so it works on each. */
  let cookie: string;
  const details = (app: INestApplication) => request(app.getHttpServer()).get('/api/admin/health').set('Cookie', cookie);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    const app = await startApp();
    cookie = cookiePair((await request(app.getHttpServer()).post('/api/admin/register').send(ADMIN).expect(201)).headers['set-cookie']);
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.drop();
  });

  it('answers 200 when the database, Redis and storage are up: up/down to anyone, details to the administrator', async () => {
    const app = await startApp();
    const probe = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(probe.body).toEqual({ status: 'ok' }); // no latencies, errors or worker state for strangers
    expect(probe.headers['cache-control']).toBe('no-store');
    await request(app.getHttpServer()).get('/api/admin/health').expect(401);

    const response = await details(app).expect(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      dependencies: { database: { status: 'up' }, redis: { status: 'up' }, storage: { status: 'up' } },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('reports a live worker from its heartbeat', async () => {
    const app = await startApp();
    const redis = new Redis(redisUrl);
    try {
      await redis.del(WORKER_HEARTBEAT_KEY);
      const before = await details(app).expect(200);
      expect(before.body.worker).toEqual({ status: 'down' });

      const beatAt = new Date().toISOString();
      await redis.set(WORKER_HEARTBEAT_KEY, JSON.stringify({ pid: 1, hostname: 'test', startedAt: beatAt, beatAt }), 'PX', 5000);
      const after = await details(app).expect(200);
      expect(after.body.worker).toEqual({ status: 'up', lastBeatAt: beatAt });
    } finally {
      await redis.del(WORKER_HEARTBEAT_KEY);
      redis.disconnect();
    }
  });

  it('answers 503 and names Redis when Redis is unreachable', async () => {
    const app = await startApp({ REDIS_URL: `redis://127.0.0.1:${await refusingPort()}` });
    expect((await request(app.getHttpServer()).get('/api/health').expect(503)).body).toEqual({ status: 'error' });
    const response = await details(app).expect(503);

    expect(response.body.status).toBe('error');
    expect(response.body.dependencies.redis.status).toBe('down');
    expect(response.body.dependencies.redis.error).toEqual(expect.any(String));
    expect(response.body.dependencies.database.status).toBe('up');
    expect(response.body.dependencies.storage.status).toBe('up');
  });

  it('answers 503 and names storage when the S3 server is unreachable', async () => {
    const app = await startApp({ S3_ENDPOINT: `http://127.0.0.1:${await refusingPort()}` });
    expect((await request(app.getHttpServer()).get('/api/health').expect(503)).body).toEqual({ status: 'error' });
    const response = await details(app).expect(503);

    expect(response.body.dependencies.storage.status).toBe('down');
    expect(response.body.dependencies.database.status).toBe('up');
  });

  it('keeps the request id given by the front door', async () => {
    const app = await startApp();
    const response = await request(app.getHttpServer()).get('/api/health').set('x-request-id', 'front-door-42').expect(200);
    expect(response.headers['x-request-id']).toBe('front-door-42');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const app = await startApp();
    const page = await request(app.getHttpServer()).get('/api/docs').expect(200);
    expect(page.text).toContain('swagger-ui');

    const document = await request(app.getHttpServer()).get('/api/docs/openapi.json').expect(200);
    expect(document.body.paths['/api/health']).toBeDefined();
    expect(document.body.paths['/api/admin/health']).toBeDefined();
  });
});
