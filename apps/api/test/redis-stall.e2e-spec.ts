import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { type PrivateRedis, startPrivateRedis } from '../../../tools/testing/private-servers';
import { apiError } from './support/api-errors';
import { testApiEnv } from './support/test-env';

const ADMIN = { email: 'admin@example.com', password: 'stall-password-1' };
const ANSWER_WITHIN_MS = 2_000;

/**
 * With Redis frozen (SIGSTOP: connections stay open, nothing answers), the public forms still store the lead and answer
 * at once (their rate limit fails open, docs/product/lead-capture.md#rate-limit), and sign-in answers 503 at once (its
 * limiter fails closed, docs/product/back-office.md#sign-in-throttling). The Redis is this suite's own: freezing the
 * shared one would stall other suites.
 */
describe('a frozen Redis', () => {
  let redis: PrivateRedis;
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;

  const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const startedAt = Date.now();
    const value = await work();
    return { value, ms: Date.now() - startedAt };
  };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redis.url }));
    await app.init();
    await request(app.getHttpServer()).post('/api/admin/register').send(ADMIN).expect(201);
    redis.freeze();
  });

  afterAll(async () => {
    redis?.thaw(); // the queues' connections must be able to close
    await app?.close();
    await sql?.destroy();
    await database?.drop();
    await redis?.stop();
  });

  it(`answers a registration within ${ANSWER_WITHIN_MS} ms and stores it`, async () => {
    const body = { name: '李四', phone: '13900001234', school: '湖南大学', major: '软件工程', agreement: true };
    const { value: response, ms } = await timed(() => request(app.getHttpServer()).post('/api/registrations').set('X-Forwarded-For', '203.0.113.9').send(body));
    expect(response.status).toBe(201);
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(await sql.query(`SELECT name, phone FROM registrations WHERE id = $1`, [response.body.data.id])).toEqual([{ name: '李四', phone: '13900001234' }]);
  });

  it(`answers a contact message within ${ANSWER_WITHIN_MS} ms and stores it`, async () => {
    const body = { name: '王五', phone: '13900004321', subject: 'course', message: '想了解课程安排和费用' };
    const { value: response, ms } = await timed(() => request(app.getHttpServer()).post('/api/contact').set('X-Forwarded-For', '203.0.113.9').send(body));
    expect(response.status).toBe(201);
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(await sql.query(`SELECT count(*)::int AS n FROM contact_messages`)).toEqual([{ n: 1 }]);
  });

  it(`refuses sign-in with 503 within ${ANSWER_WITHIN_MS} ms rather than skipping the limit`, async () => {
    const { value: response, ms } = await timed(() => request(app.getHttpServer()).post('/api/admin/login').set('X-Forwarded-For', '203.0.113.9').send(ADMIN));
    expect(response.status).toBe(503);
    expect(response.body).toEqual(apiError('LOGIN_UNAVAILABLE'));
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
  });
});
