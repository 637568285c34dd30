import { createDataSourceOptions, PublishedJob } from '@aipm/database';
import { createTestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';

import { testRedisUrl } from '../../../tools/testing/services';
import { testApiEnv } from './support/test-env';

let sequence = 0;
/** A published job with distinct, increasing publishing times unless told otherwise. */
function jobRow(overrides: Partial<PublishedJob> = {}): Partial<PublishedJob> {
  sequence += 1;
  return {
    title: `AI 产品经理 ${sequence}`,
    company: `公司 ${sequence}`,
    location: '长沙',
    sourceUrl: `https://jobs.example.com/${sequence}`,
    skillTags: ['AI', 'PRD', 'SQL', 'RAG'],
    publishedAt: new Date(Date.UTC(2025, 7, 1, 0, sequence)),
    ...overrides,
  };
}

describe('GET /api/jobs', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    dataSource = await new DataSource(createDataSourceOptions(database.url)).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(4) }));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  beforeEach(async () => {
    await dataSource.getRepository(PublishedJob).clear();
  });

  const insert = (...rows: Partial<PublishedJob>[]) => dataSource.getRepository(PublishedJob).save(rows);

  it('answers an empty list when nothing is published', async () => {
    const response = await request(app.getHttpServer()).get('/api/jobs').expect(200);
    expect(response.body).toEqual({ success: true, data: [] });
  });

  it('returns at most 6 active jobs by default, newest first, without inactive ones', async () => {
    const rows = Array.from({ length: 8 }, () => jobRow());
    rows[7] = { ...rows[7], isActive: false };
    await insert(...rows);

    const response = await request(app.getHttpServer()).get('/api/jobs').expect(200);

    expect(response.body.success).toBe(true);
    expect(response.body.data.map((job: { title: string }) => job.title)).toEqual(
      [rows[6], rows[5], rows[4], rows[3], rows[2], rows[1]].map((row) => row.title),
    );
  });

  it('honours the limit', async () => {
    await insert(jobRow(), jobRow(), jobRow());
    const response = await request(app.getHttpServer()).get('/api/jobs?limit=2').expect(200);
    expect(response.body.data).toHaveLength(2);
  });

  it.each(['0', '51', 'abc', '2.5'])('rejects limit=%s with 400', async (limit) => {
    const response = await request(app.getHttpServer()).get(`/api/jobs?limit=${limit}`).expect(400);
    expect(response.body.message).toEqual(expect.anything());
  });

  it('maps the entity to the public fields only', async () => {
    const postedAt = new Date('2025-08-10T08:00:00.000Z');
    const [saved] = await insert(
      jobRow({
        title: 'AI 产品经理',
        company: '长沙智算科技',
        companyLogo: null,
        remote: true,
        employmentType: 'full_time',
        seniority: 'senior',
        salaryMin: 15000,
        salaryMax: 25000,
        description: '负责大模型应用产品规划',
        requirements: '三年以上产品经验',
        skillTags: ['LLM', 'PRD'],
        sourceUrl: 'https://jobs.example.com/ai-pm',
        postedAt,
      }),
    );

    const response = await request(app.getHttpServer()).get('/api/jobs').expect(200);

    expect(response.body.data).toEqual([
      {
        id: saved.id,
        title: 'AI 产品经理',
        company: '长沙智算科技',
        companyLogo: null,
        location: '长沙',
        remote: true,
        employmentType: 'full_time',
        salaryMin: 15000,
        salaryMax: 25000,
        salaryCurrency: 'CNY',
        description: '负责大模型应用产品规划',
        requirements: '三年以上产品经验',
        skillTags: ['LLM', 'PRD'],
        sourceUrl: 'https://jobs.example.com/ai-pm',
        postedAt: postedAt.toISOString(),
        // Published + the job_expiry_days setting (30 by default; ADR 020).
        validThrough: new Date(saved.publishedAt.getTime() + 30 * 24 * 3600 * 1000).toISOString(),
      },
    ]);
  });

  it('falls back to the publishing time when the posting date is unknown', async () => {
    const publishedAt = new Date('2025-08-12T02:00:00.000Z');
    await insert(jobRow({ postedAt: null, publishedAt }));
    const response = await request(app.getHttpServer()).get('/api/jobs').expect(200);
    expect(response.body.data[0].postedAt).toBe(publishedAt.toISOString());
  });
});
