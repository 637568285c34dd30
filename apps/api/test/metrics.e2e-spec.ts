import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { QUEUE_NAMES } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import type { Registry } from 'prom-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { METRICS_REGISTRY } from '../src/metrics/metrics.module';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { visitorIp } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

/**
 * The API's metrics (docs/product/operations.md#metrics), as its registry answers a scrape: requests by route
 * pattern, the leads it stored by kind and source, every queue, and the last good backup.
 */
describe('API metrics', () => {
  const redisUrl = testRedisUrl(9);
  let database: TestDatabase;
  let app: INestApplication;
  let registry: Registry;

  beforeAll(async () => {
    await flushRedis(redisUrl);
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl }));
    await app.init();
    registry = app.get<Registry>(METRICS_REGISTRY);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const http = request(app.getHttpServer());
    await http.get('/api/health').expect(200);
    await http.get('/api/admin/students/3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12').expect(401);
    await http.get('/api/no-such-route/12345').expect(404);
    const text = await registry.metrics();
    expect(text).toMatch(/^aipm_http_requests_total\{method="GET",route="\/api\/health",status="200",app="api"\} 1$/m);
    expect(text).toMatch(/^aipm_http_requests_total\{method="GET",route="\/api\/admin\/students\/:id",status="401",app="api"\} 1$/m);
    expect(text).toMatch(/^aipm_http_requests_total\{method="GET",route="unmatched",status="404",app="api"\} 1$/m);
    expect(text).not.toContain('3f2b8c1e');
    expect(text).not.toContain('12345');
  });

  it('counts the leads stored by kind and source, a repeat or a bot not at all', async () => {
    const http = request(app.getHttpServer());
    const registration = { name: '赵六', phone: '13612345678', school: '湖南大学', major: '软件工程', agreement: true };
    await http.post('/api/registrations').set('X-Forwarded-For', visitorIp()).send({ ...registration, source: { utm_source: 'WeChat' } }).expect(201);
    // The same person again within the repeat window: one lead, not two.
    await http.post('/api/registrations').set('X-Forwarded-For', visitorIp()).send({ ...registration, source: { utm_source: 'WeChat' } }).expect(201);
    await http.post('/api/registrations').set('X-Forwarded-For', visitorIp()).send({ ...registration, phone: '13612345679', website: 'spam.example' }).expect(201);
    await http.post('/api/contact').set('X-Forwarded-For', visitorIp()).send({ name: '钱七', phone: '13712345678', subject: 'course', message: '想报名' }).expect(201);
    const text = await registry.metrics();
    expect(text).toMatch(/^aipm_leads_total\{kind="registration",source="wechat",app="api"\} 1$/m);
    expect(text).toMatch(/^aipm_leads_total\{kind="message",source="direct",app="api"\} 1$/m);
    expect(text).not.toMatch(/^aipm_leads_total\{kind="registration",source="direct"/m);
  });

  it('says every queue’s jobs, the phone calls and the last good backup, read when scraped', async () => {
    let text = await registry.metrics();
    // Every queue is reported. The leads of the test above may have put a call on the notify queue by now (the outbox
    // runs on its own), which no worker here takes: its wait is a number, not necessarily 0.
    for (const queue of QUEUE_NAMES) expect(text).toMatch(new RegExp(`^aipm_queue_oldest_waiting_seconds\\{queue="${queue}",app="api"\\} \\d+(\\.\\d+)?$`, 'm'));
    expect(text).toContain('aipm_queue_oldest_waiting_seconds{queue="crawl",app="api"} 0');
    expect(text).toContain('aipm_backup_last_success_timestamp_seconds{app="api"} 0');
    await app
      .get(DataSource)
      .query(
        `INSERT INTO backup_runs (trigger, status, "startedAt", "finishedAt", name, location, "sizeBytes", tables, rows, files, "fileBytes") VALUES ('schedule', 'succeeded', '2026-11-28T18:59:30Z', '2026-11-28T19:00:00Z', 'a.tar', '/b/a.tar', 52400000, 30, 10, 1, 5)`,
      );
    await app.get(DataSource).query(`INSERT INTO notification_calls (provider, status, trigger, "calledNumber") VALUES ('aliyun', 'placed', 'lead', '+8673188886666'), ('aliyun', 'placed', 'batch', '+8673188886666'), ('twilio', 'failed', 'lead', '+85212345678')`);
    text = await registry.metrics();
    expect(text).toContain('aipm_backup_last_success_timestamp_seconds{app="api"} 1795892400');
    expect(text).toContain('aipm_phone_calls_total{provider="aliyun",outcome="placed",app="api"} 2');
    expect(text).toContain('aipm_phone_calls_total{provider="twilio",outcome="failed",app="api"} 1');
    expect(text).toContain('aipm_backup_last_size_bytes{app="api"} 52400000');
  });
});
