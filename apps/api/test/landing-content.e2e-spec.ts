import { addDays, defaultLandingContent, formatIsoDate, type LandingContent, LANDING_CONTENT_PATHS } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

/** 网站内容 (docs/product/public-site.md#content-edited-in-the-back-office, ADR 074): draft, publish, history, restore. */
describe('landing content API', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  const today = formatIsoDate(new Date());
  const cohortStart = addDays(today, 60);

  const live = () => request(app.getHttpServer()).get(LANDING_CONTENT_PATHS.live);
  const draftOf = async (): Promise<LandingContent> => (await admin.get(LANDING_CONTENT_PATHS.draft).expect(200)).body.data.content;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(5) }));
    await app.init();
    admin = await adminAgent(app);
    // A fresh install with its next cohort planned: the first publication's early bird comes before it.
    await admin.post('/api/admin/cohorts').send({ name: '下一期', startDate: cohortStart, capacity: 30 }).expect(201);
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  it("makes a fresh install's first publication from the spec's content, the early bird before the next cohort, once however many ask", async () => {
    expect(await sql.query('SELECT count(*)::int AS n FROM landing_publications')).toEqual([{ n: 0 }]);
    const answers = await Promise.all([live(), live(), live(), live()]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(await sql.query('SELECT count(*)::int AS n FROM landing_publications')).toEqual([{ n: 1 }]);

    const first = answers[0]!;
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBe(`"landing-${first.body.data.id}"`);
    expect(first.body.data).toMatchObject({ publishedBy: null, restoredFrom: null });
    expect(first.body.data.content).toEqual(defaultLandingContent(cohortStart, today));
    expect(first.body.data.content.pricing.promotions[0].options.map((option: { endsOn: string }) => option.endsOn)).toEqual([addDays(cohortStart, -35), addDays(cohortStart, -30)]);
  });

  it('answers 304 to the live ETag, and the new content once a publish changed it', async () => {
    const { headers } = await live().expect(200);
    const unchanged = await live().set('If-None-Match', headers.etag!).expect(304);
    expect(unchanged.text).toBe('');
    await live().set('If-None-Match', '"landing-0"').expect(200);
  });

  it('keeps an edit as a draft until it is published, then shows it publicly and in the history with who and when', async () => {
    const before = (await live().expect(200)).body.data;
    const content = await draftOf();
    content.faq.items[0]!.question = { zh: '零基础可以报名吗？', en: 'Can a beginner join?' };
    const saved = await admin.put(LANDING_CONTENT_PATHS.draft).send(content).expect(200);
    expect(saved.body).toMatchObject({ success: true, message: '草稿已保存', data: { unpublished: true, savedAt: expect.any(String) } });
    // A draft is not live.
    expect((await live().expect(200)).body.data.id).toBe(before.id);
    expect((await live().expect(200)).body.data.content.faq.items[0].question.zh).toBe('没有技术背景可以参加吗？');

    const published = await admin.post(LANDING_CONTENT_PATHS.publish).expect(200);
    expect(published.body).toMatchObject({ success: true, message: '已发布', data: { publishedBy: 'leads-admin@example.com', restoredFrom: null } });
    const now = (await live().set('If-None-Match', `"landing-${before.id}"`).expect(200)).body.data;
    expect(now.id).toBe(published.body.data.id);
    expect(now.content.faq.items[0].question).toEqual({ zh: '零基础可以报名吗？', en: 'Can a beginner join?' });
    expect((await admin.get(LANDING_CONTENT_PATHS.draft).expect(200)).body.data.unpublished).toBe(false);

    const history = (await admin.get(LANDING_CONTENT_PATHS.publications).expect(200)).body;
    expect(history.data.map((row: { id: number }) => row.id)).toEqual([now.id, before.id]);
    expect(history.data[0]).toEqual({ id: now.id, publishedAt: expect.any(String), publishedBy: 'leads-admin@example.com', restoredFrom: null });
    expect(history.data[0]).not.toHaveProperty('content');
  });

  it('restores an earlier publication as a new one that names it, live at once, and makes it the draft', async () => {
    const history = (await admin.get(LANDING_CONTENT_PATHS.publications).expect(200)).body.data as Array<{ id: number }>;
    const first = history.at(-1)!.id;
    const restored = await admin.post(LANDING_CONTENT_PATHS.restore(first)).expect(200);
    expect(restored.body).toMatchObject({ message: '已恢复该版本并发布', data: { restoredFrom: first, publishedBy: 'leads-admin@example.com' } });
    const now = (await live().expect(200)).body.data;
    expect(now).toMatchObject({ id: restored.body.data.id, restoredFrom: first });
    expect(now.content).toEqual((await admin.get(`${LANDING_CONTENT_PATHS.publications}/${first}`).expect(200)).body.data.content);
    expect((await draftOf()).faq.items[0]!.question.zh).toBe('没有技术背景可以参加吗？');
    // Every publication is kept.
    expect(await sql.query('SELECT count(*)::int AS n FROM landing_publications')).toEqual([{ n: 3 }]);

    expect((await admin.post(LANDING_CONTENT_PATHS.restore(999_999)).expect(404)).body).toEqual(apiError('LANDING_PUBLICATION_NOT_FOUND'));
    await admin.get(`${LANDING_CONTENT_PATHS.publications}/999999`).expect(404);
    // An id past the column's integer range is no publication either, not a database error.
    await admin.get(`${LANDING_CONTENT_PATHS.publications}/99999999999999999999`).expect(404);
    expect((await admin.post(LANDING_CONTENT_PATHS.restore(2 ** 31)).expect(404)).body).toEqual(apiError('LANDING_PUBLICATION_NOT_FOUND'));
  });

  it('refuses a draft that breaks the declared rules, naming each field with its limit, and keeps the draft as it was', async () => {
    const content = await draftOf();
    content.faq.items[1]!.answer.en = 'x'.repeat(401);
    content.hero.title.zh = '';
    content.instructors.more.pop();
    content.pricing.promotions[0]!.options[0]!.endsOn = '2026-13-01';
    const refused = await admin.put(LANDING_CONTENT_PATHS.draft).send(content).expect(400);
    expect(refused.body).toEqual({
      success: false,
      code: 'LANDING_TEXT_REQUIRED',
      message: '不能为空',
      errors: {
        'hero.title.zh': '不能为空',
        'instructors.more': '需要正好7项',
        'pricing.promotions.0.options.0.endsOn': '请输入有效的日期（YYYY-MM-DD）',
        'faq.items.1.answer.en': '不能超过400个字符',
      },
      fieldCodes: {
        'hero.title.zh': 'LANDING_TEXT_REQUIRED',
        'instructors.more': 'LANDING_LIST_SIZE',
        'pricing.promotions.0.options.0.endsOn': 'LANDING_INVALID_VALUE',
        'faq.items.1.answer.en': 'LANDING_TEXT_TOO_LONG',
      },
    });
    expect((await admin.put(LANDING_CONTENT_PATHS.draft).send({ ...(await draftOf()), extra: 1 }).expect(400)).body.fieldCodes).toEqual({ '': 'LANDING_INVALID_VALUE' });
    expect((await draftOf()).hero.title.zh).not.toBe('');
  });

  it('takes a draft larger than the general 32 KB body limit on its own routes only', async () => {
    const content = await draftOf();
    for (const item of content.faq.items) item.answer = { zh: '答'.repeat(400), en: 'a'.repeat(400) };
    for (const module of content.courses.modules) module.description = { zh: '述'.repeat(160), en: 'd'.repeat(160) };
    for (const card of content.features.cards) card.text = { zh: '特'.repeat(160), en: 'f'.repeat(160) };
    content.about.mission = { zh: '使'.repeat(400), en: 'm'.repeat(400) };
    for (const instructor of content.instructors.core) instructor.bio = { zh: '师'.repeat(160), en: 'b'.repeat(160) };
    for (const card of content.goals.cards) card.text = { zh: '标'.repeat(160), en: 'g'.repeat(160) };
    expect(Buffer.byteLength(JSON.stringify(content))).toBeGreaterThan(32 * 1024);
    await admin.put(LANDING_CONTENT_PATHS.draft).send(content).expect(200);
    expect((await admin.post('/api/admin/cohorts').send({ name: 'x'.repeat(40 * 1024), startDate: today, capacity: 1 }).expect(413)).body.code).toBe('BODY_TOO_LARGE');
  });

  it('keeps the draft and the publications to the administrator', async () => {
    const stranger = request(app.getHttpServer());
    await stranger.get(LANDING_CONTENT_PATHS.draft).expect(401);
    await stranger.put(LANDING_CONTENT_PATHS.draft).send(defaultLandingContent(null, today)).expect(401);
    await stranger.post(LANDING_CONTENT_PATHS.publish).expect(401);
    await stranger.get(LANDING_CONTENT_PATHS.publications).expect(401);
    await stranger.post(LANDING_CONTENT_PATHS.restore(1)).expect(401);
  });
});
