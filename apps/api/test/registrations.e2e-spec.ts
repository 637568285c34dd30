import { AGREEMENT_VERSION, ERROR_MESSAGES, FIRST_TOUCH_COOKIE, LEAD_ERRORS, LEAD_MESSAGES } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { RegistrationsController } from '../src/registrations/registrations.controller';
import { RegistrationsService } from '../src/registrations/registrations.service';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { adminAgent, visitorIp } from './support/lead-admin';
import { testApiEnv } from './support/test-env';
import { apiError, expectFieldError, invalidInput } from './support/api-errors';

let sequence = 0;
/** A valid registration body with a phone no other test uses. */
function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    name: '张三',
    phone: `139${String(10_000_000 + sequence).slice(-8)}`,
    email: 'zhangsan@example.com',
    school: '中南大学',
    major: '计算机科学与技术',
    goals: '转型 AI 产品经理',
    agreement: true,
    ...overrides,
  };
}
const without = (field: string) => {
  const body = registration();
  delete body[field];
  return body;
};

/**
 * The registration form's rules (docs/product/validation.md#registration-form), as the API applies them: [case, body,
 * field, message]. `message` is the first failing rule, `errors[field]` names the field.
 */
const RULES: [string, Record<string, unknown>, string, string][] = [
  ['name missing', without('name'), 'name', '姓名不能为空'],
  ['name blank', registration({ name: '   ' }), 'name', '姓名不能为空'],
  ['name not text', registration({ name: 42 }), 'name', '姓名不能为空'],
  ['name too long', registration({ name: '张'.repeat(51) }), 'name', LEAD_ERRORS.NAME_TOO_LONG],
  ['phone missing', without('phone'), 'phone', '手机号码不能为空'],
  ['phone empty', registration({ phone: '' }), 'phone', '手机号码不能为空'],
  ['phone not a number', registration({ phone: 'abc' }), 'phone', LEAD_ERRORS.INVALID_PHONE],
  ['phone ten digits', registration({ phone: '1391234567' }), 'phone', LEAD_ERRORS.INVALID_PHONE],
  ['phone a landline', registration({ phone: '0731-8888888' }), 'phone', LEAD_ERRORS.INVALID_PHONE],
  ['phone +86 but no mobile', registration({ phone: '+86 731 8888 8888' }), 'phone', LEAD_ERRORS.INVALID_MAINLAND_PHONE],
  ['email invalid', registration({ email: 'not-an-email' }), 'email', '请输入有效的邮箱地址'],
  ['school missing', without('school'), 'school', '请填写在读/毕业学校'],
  ['school blank', registration({ school: ' ' }), 'school', '请填写在读/毕业学校'],
  ['major missing', without('major'), 'major', '请填写就读专业'],
  ['major blank', registration({ major: '' }), 'major', '请填写就读专业'],
  ['agreement missing', without('agreement'), 'agreement', LEAD_ERRORS.AGREEMENT_REQUIRED],
  ['agreement false', registration({ agreement: false }), 'agreement', LEAD_ERRORS.AGREEMENT_REQUIRED],
  ['agreement a string', registration({ agreement: 'true' }), 'agreement', LEAD_ERRORS.AGREEMENT_REQUIRED],
  ['goals too long', registration({ goals: 'a'.repeat(2001) }), 'goals', LEAD_ERRORS.GOALS_TOO_LONG],
  ['source not an object', registration({ source: 'wechat' }), 'source', LEAD_ERRORS.INVALID_SOURCE],
  ['unknown field', registration({ isAdmin: true }), 'isAdmin', ERROR_MESSAGES.UNKNOWN_FIELD],
];

describe(RegistrationsController.name, () => {
  const redisUrl = testRedisUrl(12);
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  const extraApps: INestApplication[] = [];

  const http = () => request(app.getHttpServer());
  const register = (body: Record<string, unknown>, ip = visitorIp()) =>
    http().post('/api/registrations').set('X-Forwarded-For', ip).send(body);
  const rowsOf = (phoneNormalized: string) =>
    sql.query(`SELECT * FROM registrations WHERE "phoneNormalized" = $1 ORDER BY "createdAt"`, [phoneNormalized]);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    await flushRedis(redisUrl); // rate-limit counters of an earlier run
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await Promise.all([app, ...extraApps].map((each) => each?.close()));
    await sql?.destroy();
    await database?.drop();
  });

  describe('POST /api/registrations (public)', () => {
    it.each(RULES)('refuses %s with 400 and the spec message', async (_case, body, field, message) => {
      const response = await register(body).expect(400);
      expectFieldError(response.body, field, message);
    });

    it('names every failing field and reports the first rule of the form in message', async () => {
      const response = await register({}).expect(400);
      expect(response.body).toEqual(
        invalidInput({ name: 'NAME_REQUIRED', phone: 'REGISTRATION_PHONE_REQUIRED', school: 'SCHOOL_REQUIRED', major: 'MAJOR_REQUIRED', agreement: 'AGREEMENT_REQUIRED' }),
      );
      expect(response.body.errors).toEqual({
        name: '姓名不能为空',
        phone: '手机号码不能为空',
        school: '请填写在读/毕业学校',
        major: '请填写就读专业',
        agreement: LEAD_ERRORS.AGREEMENT_REQUIRED,
      });
      expect(await sql.query(`SELECT count(*)::int AS n FROM registrations`)).toEqual([{ n: 0 }]);
    });

    it('stores a registration before answering, with the normalised phone, consent and first-touch source', async () => {
      const source = {
        utm_source: 'wechat',
        utm_medium: 'social',
        utm_campaign: 'autumn',
        referrer: 'https://mp.weixin.qq.com/',
        landingPath: '/?utm_source=wechat',
      };
      const before = Date.now();
      const response = await http()
        .post('/api/registrations')
        .set('X-Forwarded-For', '203.0.113.77')
        .set('User-Agent', 'Mozilla/5.0 (iPhone) MicroMessenger/8.0')
        .send(registration({ name: ' 李四 ', phone: '+86 138-0013-8000', email: ' LiSi@Example.COM ', goals: '', source }))
        .expect(201);

      expect(response.body).toEqual({ success: true, message: LEAD_MESSAGES.registrationSucceeded, data: { id: expect.any(String) } });
      const [row] = await rowsOf('+8613800138000');
      expect(row).toMatchObject({
        id: response.body.data.id,
        name: '李四',
        phone: '+86 138-0013-8000',
        email: 'lisi@example.com',
        goals: null,
        status: 'new',
        repeatCount: 0,
        agreementVersion: AGREEMENT_VERSION,
        agreementIp: '203.0.113.77',
        agreementUserAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0',
        source,
      });
      expect(row.agreedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.agreedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('accepts an empty email and no goals (both optional)', async () => {
      const body = registration({ email: '' });
      delete body.goals;
      const response = await register(body).expect(201);
      const [row] = await sql.query(`SELECT email, goals FROM registrations WHERE id = $1`, [response.body.data.id]);
      expect(row).toEqual({ email: null, goals: null });
    });

    it('accepts an international number in + form', async () => {
      const response = await register(registration({ phone: '+44 7911 123456' })).expect(201);
      const [row] = await sql.query(`SELECT "phoneNormalized" FROM registrations WHERE id = $1`, [response.body.data.id]);
      expect(row.phoneNormalized).toBe('+447911123456');
    });

    it('takes the first-touch source from the landing cookie when the body has none', async () => {
      const cookie = `${FIRST_TOUCH_COOKIE}=${encodeURIComponent(
        JSON.stringify({ utm_source: 'baidu', utm_term: 'AI产品经理', unknown: 'x' })
      )}`;
      const response = await http()
        .post('/api/registrations')
        .set('X-Forwarded-For', visitorIp())
        .set('Cookie', cookie)
        .send(registration())
        .expect(201);
      const [row] = await sql.query(`SELECT source FROM registrations WHERE id = $1`, [response.body.data.id]);
      expect(row.source).toEqual({ utm_source: 'baidu', utm_term: 'AI产品经理' });
    });

    it('answers a filled honeypot like a success and stores nothing', async () => {
      const body = registration({ website: 'http://spam.example.com' });
      const response = await register(body).expect(201);
      expect(response.body).toEqual({ success: true, message: LEAD_MESSAGES.registrationSucceeded, data: { id: expect.any(String) } });
      expect(await sql.query(`SELECT id FROM registrations WHERE phone = $1`, [body.phone])).toEqual([]);
    });

    it('keeps the same phone within 24 hours as a repeat of the first lead, and the visitor still sees success', async () => {
      const first = await register(registration({ phone: '13700001111', email: '' })).expect(201);
      const again = await register(registration({ phone: '+86 137 0000 1111', name: '张三丰', email: 'zsf@example.com' })).expect(201);

      expect(again.body).toEqual({ success: true, message: LEAD_MESSAGES.registrationSucceeded, data: { id: first.body.data.id } });
      const rows = await rowsOf('+8613700001111');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: '张三', repeatCount: 1, email: 'zsf@example.com' });
      expect(rows[0].lastRepeatedAt).toBeInstanceOf(Date);

      const detail = await admin.get(`/api/registrations/${first.body.data.id}`).expect(200);
      expect(detail.body.data).toMatchObject({ repeatCount: 1, lastRepeatedAt: rows[0].lastRepeatedAt.toISOString() });
    });

    it('starts a new lead when the first one is more than 24 hours old', async () => {
      const first = await register(registration({ phone: '13700002222' })).expect(201);
      await sql.query(`UPDATE registrations SET "createdAt" = now() - interval '25 hours' WHERE id = $1`, [first.body.data.id]);

      const later = await register(registration({ phone: '137-0000-2222' })).expect(201);
      expect(later.body.data.id).not.toBe(first.body.data.id);
      expect((await rowsOf('+8613700002222')).map((row: { repeatCount: number }) => row.repeatCount)).toEqual([0, 0]);
    });

    /**
     * Holds the registrations table while `bodies` are posted at once, spread over `apps` (API processes), until
     * each app's group commit has its one statement waiting on a lock and every other registration queued for
     * the next, then lets them all go. Without the hold the first submissions could finish before the last arrive.
     */
    async function postTogether(bodies: Record<string, unknown>[], apps: INestApplication[] = [app]) {
      const queued = () => apps.reduce((sum, each) => sum + each.get(RegistrationsService).writes.queued, 0);
      const blocker = sql.createQueryRunner();
      await blocker.connect();
      await blocker.startTransaction();
      await blocker.query(`LOCK TABLE registrations IN SHARE ROW EXCLUSIVE MODE`);
      const pending = bodies.map((body, index) =>
        request(apps[index % apps.length].getHttpServer()).post('/api/registrations').set('X-Forwarded-For', visitorIp()).send(body).then((response) => response)
      );
      try {
        for (let waited = 0; waited < 10_000; waited += 50) {
          const [{ waiting }] = await sql.query(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`
          );
          if (waiting >= apps.length && queued() === bodies.length - apps.length) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(queued()).toBe(bodies.length - apps.length);
      } finally {
        await blocker.commitTransaction();
        await blocker.release();
      }
      return Promise.all(pending);
    }

    it('creates one lead from 20 simultaneous submissions of one phone to two API processes, counting the other 19 as repeats', async () => {
      // Each process's first submission races the other's for the phone's lock; the rest share each process's next statement.
      const second = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl }));
      await second.init();
      extraApps.push(second);
      const responses = await postTogether(
        Array.from({ length: 20 }, (_, index) => registration({ phone: index % 4 < 2 ? '13700003333' : '+86 13700003333' })),
        [app, second]
      );

      expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
      const rows = await rowsOf('+8613700003333');
      expect(rows).toHaveLength(1);
      expect(rows[0].repeatCount).toBe(19);
      expect(new Set(responses.map((response) => response.body.data.id))).toEqual(new Set([rows[0].id]));
    });

    it('stores registrations that arrive together in one statement, and answers each with its own lead', async () => {
      const bodies = Array.from({ length: 30 }, (_, index) => registration({ name: `同批${index}` }));
      const statements = jest.spyOn(app.get(DataSource), 'query');
      const responses = await postTogether(bodies);
      const registrationStatements = statements.mock.calls.filter(([text]) => String(text).includes('aipm_register_lead'));
      statements.mockRestore();

      expect(responses.map((response) => response.status)).toEqual(Array(30).fill(201));
      expect(registrationStatements).toHaveLength(2); // the first alone, then the 29 that waited
      for (const [index, body] of bodies.entries()) {
        const [row] = await rowsOf(`+86${body.phone as string}`);
        expect(row).toMatchObject({ id: responses[index].body.data.id, name: `同批${index}`, repeatCount: 0 });
      }
      const calls = await sql.query(
        `SELECT count(*)::int AS calls FROM lead_notifications WHERE "registrationId" = ANY($1::uuid[])`,
        [responses.map((response) => response.body.data.id)]
      );
      expect(calls[0].calls).toBe(30);
    });

    it('refuses only the registration the database refuses when it shared its statement with others', async () => {
      await sql.query(`ALTER TABLE registrations ADD CONSTRAINT test_refused_name CHECK ("name" <> '拒收')`);
      try {
        const bodies = Array.from({ length: 8 }, (_, index) => registration({ name: index === 5 ? '拒收' : `同批${index}` }));
        const responses = await postTogether(bodies);

        expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 500, 201, 201]);
        expect(responses[5].body).toMatchObject({ success: false });
        for (const [index, body] of bodies.entries()) expect(await rowsOf(`+86${body.phone as string}`)).toHaveLength(index === 5 ? 0 : 1);
      } finally {
        await sql.query(`ALTER TABLE registrations DROP CONSTRAINT test_refused_name`);
      }
    });

    it('refuses a body over 32 KB with 413 in the API envelope, and malformed JSON with 400', async () => {
      const large = await register(registration({ goals: 'x'.repeat(40 * 1024) })).expect(413);
      expect(large.body).toEqual(apiError('BODY_TOO_LARGE'));

      const malformed = await http()
        .post('/api/registrations')
        .set('X-Forwarded-For', visitorIp())
        .set('Content-Type', 'application/json')
        .send('{"name":')
        .expect(400);
      expect(malformed.body).toEqual(apiError('BAD_REQUEST'));
    });

    it(`limits each client IP to FORM_RATE_LIMIT_PER_MINUTE (default 5) submissions a minute: 429 with a message and code`, async () => {
      const ip = '192.0.2.10';
      for (let index = 0; index < 5; index += 1) await register(registration(), ip).expect(201);
      const limited = await register(registration(), ip).expect(429);
      expect(limited.body).toEqual(apiError('FORM_RATE_LIMITED'));
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Invalid submissions count too, and other visitors are not affected.
      await register({}, ip).expect(429);
      await register(registration(), '192.0.2.11').expect(201);
      // The contact form has its own allowance.
      await http()
        .post('/api/contact')
        .set('X-Forwarded-For', ip)
        .send({ name: '王五', phone: '13712345678', subject: 'course' })
        .expect(201);
    });

    it('counts the last 60 seconds, not the calendar minute: 10 submissions across a minute boundary pass only 5', async () => {
      // Only Date is faked (the guard's clock); timers, sockets and the database run as usual.
      const boundary = Date.UTC(2030, 0, 1, 8, 1, 0);
      jest.useFakeTimers({
        doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
        now: boundary - 1_500,
      });
      try {
        const ip = '192.0.2.12';
        const statuses: number[] = [];
        for (let index = 0; index < 5; index += 1) statuses.push((await register(registration(), ip)).status);
        jest.setSystemTime(boundary + 1_500);
        const refused = await register(registration(), ip);
        statuses.push(refused.status);
        for (let index = 0; index < 4; index += 1) statuses.push((await register(registration(), ip)).status);
        expect({ passedOfTen: statuses.filter((status) => status === 201).length, statuses }).toEqual({ passedOfTen: 5, statuses: [201, 201, 201, 201, 201, 429, 429, 429, 429, 429] });
        // The oldest of the five leaves the window 57 s after the refusal: Retry-After says when.
        expect(refused.headers['retry-after']).toBe('57');
        // A minute after the first five, the window holds none of them (refusals are not counted): the form passes again.
        jest.setSystemTime(boundary + 58_501);
        await register(registration(), ip).expect(201);
      } finally {
        jest.useRealTimers();
      }
    });

    it('takes the limit from FORM_RATE_LIMIT_PER_MINUTE', async () => {
      const strict = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl, FORM_RATE_LIMIT_PER_MINUTE: '2' }));
      await strict.init();
      extraApps.push(strict);
      const post = () =>
        request(strict.getHttpServer()).post('/api/registrations').set('X-Forwarded-For', '192.0.2.20').send(registration());
      await post().expect(201);
      await post().expect(201);
      await post().expect(429);
    });
  });

  describe('back office (administrator only)', () => {
    it.each([
      ['get', '/api/registrations'],
      ['get', '/api/registrations/export'],
      ['get', '/api/registrations/00000000-0000-4000-8000-000000000000'],
      ['patch', '/api/registrations/00000000-0000-4000-8000-000000000000'],
      ['delete', '/api/registrations/00000000-0000-4000-8000-000000000000'],
      ['post', '/api/admin/people/erase'],
    ] as const)('%s %s needs the administrator session (401)', async (method, path) => {
      const response = await http()[method](path).expect(401);
      expect(response.body).toEqual(apiError('UNAUTHORIZED'));
    });

    describe('lists with react-admin parameters', () => {
      const base = Date.UTC(2025, 7, 1, 2, 0); // 2025-08-01 10:00 Beijing
      const day = 24 * 60 * 60 * 1000;

      beforeAll(async () => {
        await sql.query(`DELETE FROM registrations`);
        // 30 leads, one a day from 2025-08-01; every third contacted; names sortable; one school stands out.
        for (let index = 0; index < 30; index += 1) {
          await sql.query(
            `INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major, status, "createdAt")
             VALUES ($1, $2, $3, $4, $5, '软件工程', $6, $7)`,
            [
              `学员${String(index).padStart(2, '0')}`,
              `1360000${String(1000 + index)}`,
              `+861360000${String(1000 + index)}`,
              `s${index}@example.com`,
              index === 7 ? '湖南师范大学' : '中南大学',
              index % 3 === 0 ? 'contacted' : 'new',
              new Date(base + index * day),
            ]
          );
        }
      });

      it('pages newest first by default and answers Content-Range', async () => {
        const response = await admin.get('/api/registrations').query({ range: '[0,9]' }).expect(200);
        expect(response.headers['content-range']).toBe('registrations 0-9/30');
        expect(response.body.success).toBe(true);
        expect(response.body.data).toHaveLength(10);
        expect(response.body.data[0].name).toBe('学员29');
        expect(Object.keys(response.body.data[0]).sort()).toEqual(
          [
            'agreement',
            'createdAt',
            'email',
            'firstContactedAt',
            'followUpAt',
            'goals',
            'id',
            'lastRepeatedAt',
            'major',
            'name',
            'note',
            // The records of its person (the person page's chip).
            'personRecords',
            'phone',
            'repeatCount',
            'school',
            'source',
            'status',
            'statusNote',
            'statusReason',
            'studentId',
          ].sort()
        );
      });

      it('serves a later page and a sort', async () => {
        const response = await admin.get('/api/registrations').query({ range: '[10,19]', sort: '["name","ASC"]' }).expect(200);
        expect(response.headers['content-range']).toBe('registrations 10-19/30');
        expect(response.body.data.map((lead: { name: string }) => lead.name)).toEqual(
          Array.from({ length: 10 }, (_, index) => `学员${index + 10}`)
        );
      });

      it("accepts react-admin's default sort by id", async () => {
        const response = await admin.get('/api/registrations').query({ sort: '["id","ASC"]', range: '[0,29]' }).expect(200);
        const ids = response.body.data.map((lead: { id: string }) => lead.id);
        expect(ids).toEqual([...ids].sort());
      });

      it.each([
        ['q over the name', { q: '学员0' }, 10],
        ['q over the school', { q: '湖南师范' }, 1],
        ['q over the email', { q: 's12@' }, 1],
        ['q over the phone digits, however typed', { q: '136 0000 1015' }, 1],
        ['status', { status: 'contacted' }, 10],
        ['several statuses', { status: ['contacted', 'new'] }, 30],
        ['a Beijing calendar-day range', { createdAt_gte: '2025-08-03', createdAt_lte: '2025-08-05' }, 3],
        ['q, status and dates together', { q: '学员', status: 'new', createdAt_gte: '2025-08-20' }, 8],
      ])('filters by %s', async (_case, filter, total) => {
        const response = await admin
          .get('/api/registrations')
          .query({ filter: JSON.stringify(filter), range: '[0,49]' })
          .expect(200);
        expect(response.headers['content-range']).toMatch(new RegExp(`/${total}$`));
        expect(response.body.data).toHaveLength(total);
      });

      it('answers an empty page with a zero total', async () => {
        const response = await admin.get('/api/registrations').query({ filter: '{"q":"没有这个人"}' }).expect(200);
        expect(response.headers['content-range']).toBe('registrations */0');
        expect(response.body).toEqual({ success: true, data: [] });
      });

      it('serves react-admin getMany through an id filter', async () => {
        const ids = (await sql.query(`SELECT id FROM registrations ORDER BY name LIMIT 2`)).map((row: { id: string }) => row.id);
        const response = await admin
          .get('/api/registrations')
          .query({ filter: JSON.stringify({ id: ids }) })
          .expect(200);
        expect(response.body.data.map((lead: { id: string }) => lead.id).sort()).toEqual([...ids].sort());
      });

      it.each([
        ['range not JSON', { range: '0-9' }],
        ['range reversed', { range: '[9,0]' }],
        ['range too large', { range: '[0,1000]' }],
        ['sort by an unknown field', { sort: '["password","ASC"]' }],
        ['sort in an unknown order', { sort: '["name","UP"]' }],
        ['an unknown filter', { filter: '{"phoneNormalized":"x"}' }],
        ['a status outside the list', { filter: '{"status":"vip"}' }],
        ['a date that is no date', { filter: '{"createdAt_gte":"yesterday"}' }],
        ['an unknown parameter', { page: '2' }],
      ])('refuses %s with 400', async (_case, query) => {
        const response = await admin.get('/api/registrations').query(query).expect(400);
        expect(response.body).toMatchObject({ success: false, code: expect.stringMatching(/^(INVALID_LIST_QUERY|UNKNOWN_FIELD)$/) });
      });
    });

    describe('follow-up, deletion and PIPL erasure', () => {
      let id: string;
      beforeEach(async () => {
        const response = await register(registration()).expect(201);
        id = response.body.data.id;
      });

      it('edits status, note and follow-up date, and clears them with null', async () => {
        const followUpAt = '2025-09-01T02:00:00.000Z';
        const response = await admin
          .patch(`/api/registrations/${id}`)
          .send({ status: 'contacted', note: '已电话沟通，约周五面谈', followUpAt })
          .expect(200);
        expect(response.body).toMatchObject({
          success: true,
          message: LEAD_MESSAGES.updated,
          data: { id, status: 'contacted', note: '已电话沟通，约周五面谈', followUpAt },
        });
        expect((await admin.get(`/api/registrations/${id}`).expect(200)).body.data).toMatchObject({ status: 'contacted', followUpAt });

        const cleared = await admin
          .patch(`/api/registrations/${id}`)
          .send({ note: null, followUpAt: null, status: 'enrolled' })
          .expect(200);
        expect(cleared.body.data).toMatchObject({ status: 'enrolled', note: null, followUpAt: null });
      });

      it.each([
        [{ status: 'vip' }, 'status', LEAD_ERRORS.INVALID_LEAD_STATUS],
        [{ followUpAt: 'next friday' }, 'followUpAt', LEAD_ERRORS.INVALID_FOLLOW_UP_AT],
        [{ note: 'a'.repeat(2001) }, 'note', LEAD_ERRORS.NOTE_TOO_LONG],
        [{ name: '改名' }, 'name', ERROR_MESSAGES.UNKNOWN_FIELD],
      ])('refuses the edit %p', async (body, field, message) => {
        const response = await admin.patch(`/api/registrations/${id}`).send(body).expect(400);
        expectFieldError(response.body, field, message);
      });

      it('answers 404 for an unknown id and 400 for a malformed one', async () => {
        expect((await admin.get('/api/registrations/00000000-0000-4000-8000-000000000000').expect(404)).body).toEqual(apiError('LEAD_NOT_FOUND'));
        expect((await admin.get('/api/registrations/not-a-uuid').expect(400)).body).toEqual(invalidInput({ id: 'INVALID_LEAD_ID' }));
      });

      it('deletes one registration', async () => {
        const response = await admin.delete(`/api/registrations/${id}`).expect(200);
        expect(response.body).toMatchObject({ success: true, message: LEAD_MESSAGES.deleted, data: { id } });
        await admin.get(`/api/registrations/${id}`).expect(404);
      });

      it('erases every registration and message of one person by phone or email, and nobody else', async () => {
        await sql.query(`UPDATE registrations SET "createdAt" = now() - interval '2 days' WHERE id = $1`, [id]);
        const [{ phone }] = await sql.query(`SELECT phone FROM registrations WHERE id = $1`, [id]);
        await register(registration({ phone: `+86 ${phone}`, email: 'other@example.com' })).expect(201); // a second lead, days later
        await register(registration({ phone: '13999990000', email: 'same-person@example.com' })).expect(201);
        await http()
          .post('/api/contact')
          .set('X-Forwarded-For', visitorIp())
          .send({ name: '张三', phone: `0086${phone}`, subject: 'pricing' })
          .expect(201);
        const bystander = await register(registration({ phone: '13888880000', email: 'bystander@example.com' })).expect(201);

        const response = await admin
          .post('/api/admin/people/erase')
          .send({ phone: `${phone.slice(0, 3)}-${phone.slice(3)}`, email: 'same-person@example.com' })
          .expect(200);
        expect(response.body).toEqual({ success: true, message: LEAD_MESSAGES.erased, data: { registrations: 3, messages: 1, students: 0 } });
        const left = await sql.query(
          `SELECT id FROM registrations WHERE "phoneNormalized" IN ($1, '+8613999990000') OR email = 'same-person@example.com'`,
          [`+86${phone}`]
        );
        expect(left).toEqual([]);
        await admin.get(`/api/registrations/${bystander.body.data.id}`).expect(200);
      });

      it('masks the phone in the list and the detail, and shows one in full through the reveal call', async () => {
        const [{ phone }] = await sql.query(`SELECT phone FROM registrations WHERE id = $1`, [id]);
        const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
        const list = await admin.get('/api/registrations').query({ filter: JSON.stringify({ id: [id] }) }).expect(200);
        expect(list.body.data.map((row: { phone: string }) => row.phone)).toEqual([masked]);
        expect((await admin.get(`/api/registrations/${id}`).expect(200)).body.data.phone).toBe(masked);
        // The digits of the number still find the lead.
        const found = await admin.get('/api/registrations').query({ filter: JSON.stringify({ q: phone.slice(3, 9) }) }).expect(200);
        expect(found.body.data.map((row: { id: string }) => row.id)).toContain(id);

        const revealed = await admin.post('/api/admin/people/reveal-phone').send({ resource: 'registrations', id }).expect(200);
        expect(revealed.body).toEqual({ success: true, data: { phone } });
        expect((await admin.post('/api/admin/people/reveal-phone').send({ resource: 'contact', id }).expect(404)).body).toEqual(apiError('LEAD_NOT_FOUND'));
        expect((await admin.post('/api/admin/people/reveal-phone').send({ resource: 'users', id }).expect(400)).body).toEqual(invalidInput({ resource: 'INVALID_PERSON_RECORD' }));
        await http().post('/api/admin/people/reveal-phone').send({ resource: 'registrations', id }).expect(401);
      });

      it('exports everything stored about the person of a record as one JSON file, phones in full', async () => {
        // An email of this person alone (the suite's registrations share one).
        const [[{ phone, email }]] = await sql.query(`UPDATE registrations SET email = 'pipl-export@example.com' WHERE id = $1 RETURNING phone, email`, [id]);
        await http().post('/api/contact').set('X-Forwarded-For', visitorIp()).send({ name: '张三', phone: `+86 ${phone}`, subject: 'pricing', message: '学费可以分期吗？' }).expect(201);
        await admin.post('/api/admin/students').send({ name: '张三', phone, email: email.toUpperCase() }).expect(201);
        const bystander = await register(registration({ phone: '13888881111', email: 'bystander2@example.com' })).expect(201);

        const response = await admin.post('/api/admin/people/export').send({ resource: 'registrations', id }).expect(200);
        expect(response.headers['content-disposition']).toMatch(/^attachment; filename="person-\d{8}\.json"$/);
        expect(response.headers['cache-control']).toBe('no-store');
        const data = response.body.data;
        expect(data.identity).toEqual({ phones: [`+86${phone}`], emails: [email] });
        expect(data.registrations.map((row: { id: string; phone: string }) => [row.id, row.phone])).toEqual([[id, phone]]);
        expect(data.messages).toEqual([expect.objectContaining({ phone: `+86 ${phone}`, subject: 'pricing', message: '学费可以分期吗？' })]);
        expect(data.consents).toEqual([expect.objectContaining({ registrationId: id, version: AGREEMENT_VERSION, agreedAt: expect.any(String) })]);
        // Each lead's new-lead call record (the registration's and the message's).
        expect(data.notifications).toHaveLength(2);
        expect(data.students).toEqual([expect.objectContaining({ student: expect.objectContaining({ name: '张三', phone }), contracts: [], payments: [], accounts: [], files: [] })]);
        expect(JSON.stringify(data)).not.toContain(bystander.body.data.id);

        // By phone alone, the same person.
        const byPhone = await admin.post('/api/admin/people/export').send({ phone }).expect(200);
        expect(byPhone.body.data.registrations).toHaveLength(1);
        expect(byPhone.body.data.students).toHaveLength(1);
        expect((await admin.post('/api/admin/people/export').send({}).expect(400)).body).toMatchObject(apiError('EXPORT_NEEDS_IDENTITY'));
        expect((await admin.post('/api/admin/people/export').send({ resource: 'students', id: '00000000-0000-4000-8000-000000000000' }).expect(404)).body).toEqual(apiError('LEAD_NOT_FOUND'));
        await admin.post('/api/admin/people/erase').send({ phone }).expect(200);
      });

      it('erases the person a record names (the back office shows the phone masked)', async () => {
        const [[{ phone }]] = await sql.query(`UPDATE registrations SET email = NULL WHERE id = $1 RETURNING phone`, [id]);
        const message = await http().post('/api/contact').set('X-Forwarded-For', visitorIp()).send({ name: '张三', phone, subject: 'course' }).expect(201);
        const response = await admin.post('/api/admin/people/erase').send({ resource: 'contact', id: message.body.data.id }).expect(200);
        expect(response.body.data).toEqual({ registrations: 1, messages: 1, students: 0 });
        await admin.get(`/api/registrations/${id}`).expect(404);
      });

      it('refuses an erasure without phone or email', async () => {
        const response = await admin.post('/api/admin/people/erase').send({}).expect(400);
        expect(response.body).toMatchObject(apiError('ERASURE_NEEDS_IDENTITY'));
      });
    });

    describe('CSV export', () => {
      beforeAll(async () => {
        await sql.query(`DELETE FROM registrations`);
        await sql.query(
          `INSERT INTO registrations (name, phone, "phoneNormalized", school, major, status, "createdAt")
           SELECT '学员' || n, '135' || lpad(n::text, 8, '0'), '+86135' || lpad(n::text, 8, '0'), '中南大学', '软件工程',
                  CASE WHEN n % 4 = 0 THEN 'enrolled' ELSE 'new' END, timestamptz '2025-08-01 10:00+08' + n * interval '1 minute'
           FROM generate_series(1, 1500) AS n`
        );
        await sql.query(`UPDATE registrations SET name = '=HYPERLINK("x")', goals = '第一行\n第二行, 含逗号' WHERE name = '学员1'`);
        await sql.query(`UPDATE registrations SET status = 'contacted', "followUpAt" = timestamptz '2025-08-05 00:00+08' WHERE name = '学员2'`);
        await sql.query(
          `UPDATE registrations SET status = 'lost', "statusReason" = 'budget', "statusNote" = '明年再说', "firstContactedAt" = timestamptz '2025-08-01 10:33+08'
           WHERE name = '学员3'`
        );
      });

      it('streams every matching row (more than 1,000) as UTF-8 CSV with a BOM for Excel', async () => {
        const response = await admin
          .get('/api/registrations/export')
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          })
          .expect(200);
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).toMatch(/^attachment; filename="registrations-\d{8}\.csv"$/);
        const body = response.body as Buffer;
        expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const text = body.toString('utf8').slice(1);
        const lines = text.split('\r\n').filter(Boolean);
        expect(lines[0]).toBe(
          '报名时间,姓名,手机号码,邮箱,学校,专业,学习目标,状态,原因,原因说明,首次联系时间,备注,跟进日期,重复提交次数,来源,媒介,活动,来源页面,协议版本,ID'
        );
        // The header and 1,500 rows (records end in CRLF; the line break inside a quoted goal is a bare LF).
        expect(lines).toHaveLength(1 + 1500);
        // Labels, not codes; a follow-up is a day, not "00:00".
        // Phones masked (PIPL).
        expect(lines[1]).toMatch(/^2025-08-02 11:00,学员1500,135\*\*\*\*1500,,中南大学,软件工程,,已报名入学,/);
        expect(lines).toContainEqual(expect.stringMatching(/^2025-08-01 10:02,学员2,135\*\*\*\*0002,,中南大学,软件工程,,已联系,,,,,2025-08-05,0,/));
        // A lead given up: its reason as 线索设置 words it, the note and the first contact in China time.
        expect(lines).toContainEqual(expect.stringMatching(/^2025-08-01 10:03,学员3,135\*\*\*\*0003,,中南大学,软件工程,,已流失,预算不足,明年再说,2025-08-01 10:33,,,0,/));
        // A whole field, not any eleven digits: the ID column's UUIDs contain digit runs like 135xxxxxxxx by chance.
        expect(text).not.toMatch(/(^|,)135\d{8}(,|$)/m);
        expect(text).not.toMatch(/,(new|contacted|enrolled|lost|budget),/);
        expect(text).toContain(`"'=HYPERLINK(""x"")"`);
        expect(text).toContain('"第一行\n第二行, 含逗号"');
      });

      it('exports only what the filter matches, in the asked order', async () => {
        const response = await admin
          .get('/api/registrations/export')
          .query({ filter: '{"status":"enrolled"}', sort: '["createdAt","ASC"]' })
          .expect(200);
        const lines = response.text
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter(Boolean);
        expect(lines).toHaveLength(1 + 375);
        expect(lines[1]).toMatch(/^2025-08-01 10:04,学员4,/);
      });

      it('refuses a malformed filter before sending anything', async () => {
        const response = await admin.get('/api/registrations/export').query({ filter: '{oops' }).expect(400);
        expect(response.body).toMatchObject(apiError('INVALID_LIST_QUERY'));
      });
    });
  });
});
