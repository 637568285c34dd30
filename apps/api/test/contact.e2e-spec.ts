import { CONTACT_SUBJECTS, LEAD_ERRORS, LEAD_MESSAGES, ERROR_MESSAGES } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { ContactController } from '../src/contact/contact.controller';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { adminAgent, visitorIp } from './support/lead-admin';
import { testApiEnv } from './support/test-env';
import { apiError, expectFieldError, invalidInput } from './support/api-errors';

function message(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '王五',
    email: 'wangwu@example.com',
    phone: '13712345678',
    subject: 'course',
    message: '请问九月班还有名额吗？',
    ...overrides,
  };
}
const without = (field: string) => {
  const body = message();
  delete body[field];
  return body;
};

/** docs/product/validation.md#contact-form as the API applies it: [case, body, field, message]. */
const RULES: [string, Record<string, unknown>, string, string][] = [
  ['name missing', without('name'), 'name', '姓名不能为空'],
  ['name blank', message({ name: ' ' }), 'name', '姓名不能为空'],
  ['email invalid', message({ email: 'wangwu@' }), 'email', '请输入有效的邮箱地址'],
  ['phone missing', without('phone'), 'phone', '请输入手机号码'],
  ['phone empty', message({ phone: '' }), 'phone', '请输入手机号码'],
  ['phone invalid', message({ phone: '12345' }), 'phone', LEAD_ERRORS.INVALID_PHONE],
  ['subject missing', without('subject'), 'subject', '请选择咨询主题'],
  ['subject empty', message({ subject: '' }), 'subject', '请选择咨询主题'],
  ['subject outside the list', message({ subject: 'sales' }), 'subject', '请选择咨询主题'],
  ['message too long', message({ message: '问'.repeat(2001) }), 'message', LEAD_ERRORS.MESSAGE_TOO_LONG],
  ['unknown field', message({ status: 'enrolled' }), 'status', ERROR_MESSAGES.UNKNOWN_FIELD],
];

describe(ContactController.name, () => {
  const redisUrl = testRedisUrl(13);
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const http = () => request(app.getHttpServer());
  const send = (body: Record<string, unknown>, ip = visitorIp()) => http().post('/api/contact').set('X-Forwarded-For', ip).send(body);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    await flushRedis(redisUrl);
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  describe('POST /api/contact (public)', () => {
    it.each(RULES)('refuses %s with 400 and the spec message', async (_case, body, field, text) => {
      const response = await send(body).expect(400);
      expectFieldError(response.body, field, text);
    });

    it('names every failing field and reports the first rule of the form in message', async () => {
      const response = await send({}).expect(400);
      expect(response.body).toEqual(invalidInput({ name: 'NAME_REQUIRED', phone: 'CONTACT_PHONE_REQUIRED', subject: 'SUBJECT_REQUIRED' }));
      expect(response.body.errors).toEqual({ name: '姓名不能为空', phone: '请输入手机号码', subject: '请选择咨询主题' });
    });

    it.each(CONTACT_SUBJECTS)('stores a message about %s and answers 消息发送成功！', async (subject) => {
      const response = await send(message({ subject, phone: '+86 (137) 1234-5678', email: ' WangWu@Example.com ' })).expect(201);
      expect(response.body).toEqual({ success: true, message: '消息发送成功！', data: { id: expect.any(String) } });
      const [row] = await sql.query(`SELECT * FROM contact_messages WHERE id = $1`, [response.body.data.id]);
      expect(row).toMatchObject({ subject, phoneNormalized: '+8613712345678', email: 'wangwu@example.com', status: 'new' });
    });

    it('accepts a message without email and body (both optional), with the first-touch source', async () => {
      const response = await send({
        name: '赵六',
        phone: '+1 415 555 2671',
        subject: 'enterprise',
        email: '',
        source: { utm_source: 'zhihu' },
      }).expect(201);
      const [row] = await sql.query(`SELECT email, message, source, "phoneNormalized" FROM contact_messages WHERE id = $1`, [
        response.body.data.id,
      ]);
      expect(row).toEqual({ email: null, message: null, source: { utm_source: 'zhihu' }, phoneNormalized: '+14155552671' });
    });

    it('answers a filled honeypot like a success and stores nothing', async () => {
      const before = await sql.query(`SELECT count(*)::int AS n FROM contact_messages`);
      const response = await send(message({ website: 'buy-now.example' })).expect(201);
      expect(response.body).toEqual({ success: true, message: '消息发送成功！', data: { id: expect.any(String) } });
      expect(await sql.query(`SELECT count(*)::int AS n FROM contact_messages`)).toEqual(before);
    });

    it('limits each client IP to 5 messages a minute with 429, a translated message and a code', async () => {
      for (let index = 0; index < 5; index += 1) await send(message(), '192.0.2.30').expect(201);
      const limited = await send(message(), '192.0.2.30').expect(429);
      expect(limited.body).toEqual(apiError('FORM_RATE_LIMITED'));
    });
  });

  describe('back office (administrator only)', () => {
    it.each([
      ['get', '/api/contact'],
      ['get', '/api/contact/export'],
      ['patch', '/api/contact/00000000-0000-4000-8000-000000000000'],
      ['delete', '/api/contact/00000000-0000-4000-8000-000000000000'],
    ] as const)('%s %s needs the administrator session (401)', async (method, path) => {
      expect((await http()[method](path).expect(401)).body).toEqual(apiError('UNAUTHORIZED'));
    });

    describe('with known messages', () => {
      beforeAll(async () => {
        await sql.query(`DELETE FROM contact_messages`);
        await sql.query(
          `INSERT INTO contact_messages (name, phone, "phoneNormalized", subject, message, "createdAt")
           SELECT '访客' || n, '137' || lpad(n::text, 8, '0'), '+86137' || lpad(n::text, 8, '0'),
                  (ARRAY['course','pricing','enterprise','technical','other'])[1 + n % 5],
                  CASE WHEN n = 3 THEN '企业内训报价' ELSE '咨询课程' END,
                  timestamptz '2025-08-01 10:00+08' + n * interval '1 hour'
           FROM generate_series(1, 1100) AS n`
        );
      });

      it('lists newest first with Content-Range, filtered by subject, q and date', async () => {
        const all = await admin.get('/api/contact').query({ range: '[0,24]' }).expect(200);
        expect(all.headers['content-range']).toBe('contact 0-24/1100');
        expect(all.body.data[0]).toEqual({
          id: expect.any(String),
          name: '访客1100',
          phone: '137****1100', // masked (PIPL): the reveal call shows it in full
          email: null,
          subject: 'course',
          message: '咨询课程',
          status: 'new',
          note: null,
          followUpAt: null,
          statusReason: null,
          statusNote: null,
          firstContactedAt: null,
          studentId: null,
          source: null,
          createdAt: expect.any(String),
          // The records of its person (the person page's chip): this one alone.
          personRecords: 1,
        });

        const pricing = await admin.get('/api/contact').query({ filter: '{"subject":"pricing"}', range: '[0,4]' }).expect(200);
        expect(pricing.headers['content-range']).toBe('contact 0-4/220');
        expect(pricing.body.data.every((row: { subject: string }) => row.subject === 'pricing')).toBe(true);

        const searched = await admin.get('/api/contact').query({ filter: '{"q":"内训"}' }).expect(200);
        expect(searched.body.data.map((row: { name: string }) => row.name)).toEqual(['访客3']);

        const oneDay = await admin
          .get('/api/contact')
          .query({ filter: '{"createdAt_gte":"2025-08-02","createdAt_lte":"2025-08-02"}', range: '[0,49]' })
          .expect(200);
        expect(oneDay.headers['content-range']).toBe('contact 0-23/24');

        await admin.get('/api/contact').query({ filter: '{"subject":"sales"}' }).expect(400);
      });

      it('edits the follow-up of a message and deletes it', async () => {
        const [{ id }] = await sql.query(`SELECT id FROM contact_messages WHERE name = '访客3'`);
        const updated = await admin.patch(`/api/contact/${id}`).send({ status: 'contacted', note: '已发报价' }).expect(200);
        expect(updated.body).toMatchObject({
          success: true,
          message: LEAD_MESSAGES.updated,
          data: { id, status: 'contacted', note: '已发报价' },
        });
        const contacted = await admin.get('/api/contact').query({ filter: '{"status":"contacted"}' }).expect(200);
        expect(contacted.body.data.map((row: { id: string }) => row.id)).toEqual([id]);

        await admin.delete(`/api/contact/${id}`).expect(200);
        expect((await admin.get(`/api/contact/${id}`).expect(404)).body).toEqual(apiError('LEAD_NOT_FOUND'));
      });

      it('exports every matching message as CSV with a BOM, past 1,000 rows', async () => {
        const response = await admin.get('/api/contact/export').expect(200);
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(
          response.text.startsWith('\uFEFF提交时间,姓名,手机号码,邮箱,咨询主题,咨询内容,状态,原因,原因说明,首次联系时间,备注,跟进日期,来源,媒介,活动,来源页面,ID\r\n')
        ).toBe(true);
        const lines = response.text.split('\r\n').filter(Boolean);
        expect(lines).toHaveLength(1 + 1099); // one was deleted above
        // Labels, not codes: 访客1100 asked about courses (1100 % 5 = 0) and is still new.
        // Phones masked (PIPL).
        expect(lines).toContainEqual(expect.stringMatching(/^2025-\d\d-\d\d \d\d:00,访客1100,137\*\*\*\*1100,,课程咨询,咨询课程,新咨询,/));
        // A whole field, not any eleven digits: the ID column's UUIDs contain digit runs like 137xxxxxxxx by chance.
        expect(response.text).not.toMatch(/(^|,)137\d{8}(,|$)/m);
        expect(response.text).not.toMatch(/,(course|pricing|enterprise|technical|other|new),/);
      });
    });
  });
});
