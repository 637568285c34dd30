import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { DashboardStatsService } from '../src/dashboard/dashboard-stats.service';
import { testRedisUrl } from '../../../tools/testing/services';
import { cookiePair } from './support/admin-session';
import { testApiEnv } from './support/test-env';

const registration = (createdAt: string) => ({ name: '张三', phone: '13800000000', school: '中南大学', major: '计算机', createdAt });

describe(DashboardStatsService.name, () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(13) }));
    await app.init();
    // 2026-03-10 in Asia/Shanghai runs from 2026-03-09T16:00Z to 2026-03-10T16:00Z.
    for (const createdAt of ['2026-03-09T15:59:59Z', '2026-03-09T16:00:00Z', '2026-03-10T08:00:00Z', '2026-03-10T15:59:59Z', '2026-03-10T16:00:00Z']) {
      await sql.query(`INSERT INTO registrations (name, phone, school, major, "createdAt") VALUES ($1, $2, $3, $4, $5)`, Object.values(registration(createdAt)));
    }
    await sql.query(`INSERT INTO contact_messages (name, phone, subject) VALUES ('李四', '13900000000', 'course'), ('王五', '13700000000', 'course')`);
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  it('counts "today" on the Asia/Shanghai calendar day, whatever the server zone', async () => {
    const stats = app.get(DashboardStatsService);
    // 01:30 in Shanghai on 2026-03-10 is still 2026-03-09 in UTC.
    expect(await stats.stats(new Date('2026-03-09T17:30:00Z'))).toEqual({ totalRegistrations: 5, totalMessages: 2, todayRegistrations: 3 });
    expect(await stats.stats(new Date('2026-03-10T16:30:00Z'))).toEqual({ totalRegistrations: 5, totalMessages: 2, todayRegistrations: 1 });
  });

  it('GET /api/admin/stats answers the three cards for the administrator only', async () => {
    await request(app.getHttpServer()).get('/api/admin/stats').expect(401);
    const signUp = await request(app.getHttpServer()).post('/api/admin/register').send({ email: 'admin@example.com', password: 'password-123' }).expect(201);
    const response = await request(app.getHttpServer()).get('/api/admin/stats').set('Cookie', cookiePair(signUp.headers['set-cookie'])).expect(200);
    expect(response.body).toEqual({
      success: true,
      data: { totalRegistrations: 5, totalMessages: 2, todayRegistrations: expect.any(Number) },
    });
  });
});
