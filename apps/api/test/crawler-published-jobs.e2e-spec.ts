import { type ErrorCode, PUBLISHED_JOB_MESSAGES } from '@aipm/contracts';
import { createDataSourceOptions, PublishedJob, PublishedJobLiveness } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';
import { apiError } from './support/api-errors';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('admin published jobs', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    dataSource = await new DataSource(createDataSourceOptions(database.url)).initialize();
    // 15 as in crawler.e2e-spec: this suite writes nothing to Redis.
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(15) }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  const insert = (index: number, fields: Partial<PublishedJob> = {}) =>
    dataSource.getRepository(PublishedJob).save({
      title: `AI 产品经理 ${index}`,
      company: `公司 ${index}`,
      sourceUrl: `https://jobs.example.com/${index}`,
      salaryMin: 15000,
      salaryMax: 25000,
      publishedAt: new Date(Date.UTC(2025, 7, 1, index)),
      ...fields,
    });

  it('lists active and deactivated jobs, newest first, uncached', async () => {
    const older = await insert(1, { isActive: false });
    const newer = await insert(2);
    const response = await admin.get('/api/admin/published-jobs').expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.data).toEqual([
      expect.objectContaining({ id: newer.id, isActive: true, salaryMin: 15000, crawlResultId: null, publishedAt: newer.publishedAt.toISOString() }),
      expect.objectContaining({ id: older.id, isActive: false }),
    ]);
  });

  it('deactivates and shows a job, which leaves and rejoins the public list', async () => {
    const job = await insert(3);
    const off = await admin.patch(`/api/admin/published-jobs/${job.id}/status`).send({ isActive: false }).expect(200);
    expect(off.body).toMatchObject({ success: true, message: PUBLISHED_JOB_MESSAGES.updated, data: { id: job.id, isActive: false } });
    const hidden = await request(app.getHttpServer()).get('/api/jobs?limit=50').expect(200);
    expect(hidden.body.data.map((row: { id: string }) => row.id)).not.toContain(job.id);
    await admin.patch(`/api/admin/published-jobs/${job.id}/status`).send({ isActive: true }).expect(200);
    const shown = await request(app.getHttpServer()).get('/api/jobs?limit=50').expect(200);
    expect(shown.body.data.map((row: { id: string }) => row.id)).toContain(job.id);
  });

  it('drops a job the liveness check found closed from the public list at once, and shows the administrator why', async () => {
    const closing = await insert(7, { sourceUrl: 'https://www.zhipin.com/job_detail/gone-7.html' });
    const refused = await insert(8, { sourceUrl: 'https://www.zhipin.com/job_detail/refused-8.html' });
    const publicIds = async () => ((await request(app.getHttpServer()).get('/api/jobs?limit=50').expect(200)).body.data as Array<{ id: string }>).map((row) => row.id);
    expect(await publicIds()).toEqual(expect.arrayContaining([closing.id, refused.id]));

    // What one pass of the worker's check writes (apps/worker/test/job-liveness.e2e-spec.ts runs the pass itself).
    const liveness = new PublishedJobLiveness(dataSource);
    const checkedAt = new Date('2026-11-28T08:40:00.000Z');
    expect(await liveness.close(closing.id, 'source_gone', 'HTTP 404', checkedAt)).toBe(true);
    await liveness.recordCheck(refused.id, 'refused', checkedAt);

    const ids = await publicIds();
    expect(ids).not.toContain(closing.id);
    expect(ids).toContain(refused.id);
    const listed = (await admin.get('/api/admin/published-jobs').expect(200)).body.data as Array<Record<string, unknown>>;
    expect(listed.find((row) => row.id === closing.id)).toMatchObject({
      isActive: false,
      closedReason: 'source_gone',
      closedEvidence: 'HTTP 404',
      sourceCheckedAt: checkedAt.toISOString(),
      sourceCheckOutcome: 'closed',
    });
    expect(listed.find((row) => row.id === refused.id)).toMatchObject({ isActive: true, closedReason: null, sourceCheckOutcome: 'refused' });
    // A second finding changes nothing: the job was closed once.
    expect(await liveness.close(closing.id, 'source_closed', '职位已关闭', new Date())).toBe(false);
  });

  it('lets caches keep the public list only as long as it is unchanged (ETag), so a change shows on the next load', async () => {
    const job = await insert(5);
    const publicList = (etag?: string) => {
      const call = request(app.getHttpServer()).get('/api/jobs?limit=50');
      return etag ? call.set('If-None-Match', etag) : call;
    };
    const first = await publicList().expect(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(first.body.data.map((row: { id: string }) => row.id)).toContain(job.id);

    // Unchanged: the cached copy stays good, and no body is sent.
    const unchanged = await publicList(etag).expect(304);
    expect(unchanged.text).toBe('');

    await admin.patch(`/api/admin/published-jobs/${job.id}/status`).send({ isActive: false }).expect(200);
    const afterDeactivation = await publicList(etag).expect(200);
    expect(afterDeactivation.body.data.map((row: { id: string }) => row.id)).not.toContain(job.id);

    await admin.delete(`/api/admin/published-jobs/${job.id}`).expect(200);
    const afterDeletion = await publicList(afterDeactivation.headers['etag'] as string);
    // Deleting an inactive job leaves the public list as it was.
    expect(afterDeletion.status).toBe(304);
  });

  it('deletes a job for good', async () => {
    const job = await insert(4);
    expect((await admin.delete(`/api/admin/published-jobs/${job.id}`).expect(200)).body).toEqual({ success: true, message: PUBLISHED_JOB_MESSAGES.deleted });
    expect(await dataSource.getRepository(PublishedJob).findOneBy({ id: job.id })).toBeNull();
    await admin.delete(`/api/admin/published-jobs/${job.id}`).expect(404);
  });

  it.each<[string, () => ReturnType<Awaited<ReturnType<typeof adminAgent>>['patch']>, number, string]>([
    ['a malformed id', () => admin.patch('/api/admin/published-jobs/1/status').send({ isActive: true }), 400, 'INVALID_JOB_ID'],
    ['an unknown id', () => admin.patch(`/api/admin/published-jobs/${UNKNOWN_ID}/status`).send({ isActive: true }), 404, 'JOB_NOT_FOUND'],
    ['isActive as text', () => admin.patch(`/api/admin/published-jobs/${UNKNOWN_ID}/status`).send({ isActive: 'false' }), 400, 'INVALID_IS_ACTIVE'],
    ['a malformed id on delete', () => admin.delete('/api/admin/published-jobs/1'), 400, 'INVALID_JOB_ID'],
  ])('answers %s', async (_case, send, status, code) => {
    const response = await send().expect(status);
    expect(response.body).toMatchObject(apiError(code as ErrorCode));
  });
});
