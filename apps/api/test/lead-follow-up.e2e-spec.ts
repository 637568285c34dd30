import { DEFAULT_LEAD_STATUS_REASONS, FIRST_CONTACT_PATH, LEAD_SETTINGS_PATH, SOURCE_FUNNEL_PATH } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { LeadFollowUpService } from '../src/dashboard/lead-follow-up.service';
import { testRedisUrl } from '../../../tools/testing/services';
import { invalidInput } from './support/api-errors';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

/*
 * Leads given up with a reason, the first contact and the dashboard's follow-up figures
 * (docs/product/lead-capture.md#status-reasons, docs/product/back-office.md#first-contact-and-funnel, ADR 068).
 *
 * "Now" for the figures is 2026-03-10T17:30Z, Wednesday 2026-03-11 01:30 in Asia/Shanghai, ISO week 2026-W11
 * (Monday 2026-03-09). The 12 weeks run from Monday 2025-12-22 (2025-12-21T16:00Z).
 */
const NOW = new Date('2026-03-10T17:30:00Z');

describe('lead follow-up', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const insertLead = async (
    table: 'registrations' | 'contact_messages',
    values: { createdAt?: string; status?: string; firstContactedAt?: string | null; source?: object | null; statusReason?: string | null } = {},
  ): Promise<string> => {
    const { createdAt = new Date().toISOString(), status = 'new', firstContactedAt = null, source = null, statusReason = null } = values;
    const specific = table === 'registrations' ? { columns: 'school, major', values: `'中南大学', '计算机'` } : { columns: 'subject', values: `'course'` };
    const [row] = await sql.query<{ id: string }[]>(
      `INSERT INTO ${table} (name, phone, ${specific.columns}, "createdAt", status, "firstContactedAt", source, "statusReason")
       VALUES ('张三', '13800000000', ${specific.values}, $1, $2, $3, $4, $5) RETURNING id`,
      [createdAt, status, firstContactedAt, source === null ? null : JSON.stringify(source), statusReason],
    );
    return row!.id;
  };
  /** A lead that arrived at `createdAt` and was first contacted `seconds` later. */
  const contactedAfter = (table: 'registrations' | 'contact_messages', createdAt: string, seconds: number) =>
    insertLead(table, { createdAt, status: 'contacted', firstContactedAt: new Date(Date.parse(createdAt) + seconds * 1000).toISOString() });
  const stored = async (table: string, id: string) =>
    (await sql.query<Record<string, unknown>[]>(`SELECT status, "statusReason", "statusNote", "firstContactedAt" FROM ${table} WHERE id = $1`, [id]))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(13) }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  describe('marking a lead invalid or lost', () => {
    it('needs a reason the settings offer, takes a note, and clears both when the lead comes back', async () => {
      const id = await insertLead('registrations');
      const patch = (body: object) => admin.patch(`/api/registrations/${id}`).send(body);

      expect((await patch({ status: 'lost' }).expect(400)).body).toEqual(invalidInput({ statusReason: 'LEAD_STATUS_REASON_REQUIRED' }));
      expect((await patch({ status: 'invalid', statusReason: '' }).expect(400)).body).toEqual(invalidInput({ statusReason: 'LEAD_STATUS_REASON_REQUIRED' }));
      expect((await patch({ status: 'lost', statusReason: 'no_such_reason' }).expect(400)).body).toEqual(invalidInput({ statusReason: 'UNKNOWN_LEAD_STATUS_REASON' }));
      expect((await patch({ status: 'lost', statusReason: 'budget', statusNote: '字'.repeat(501) }).expect(400)).body).toEqual(
        invalidInput({ statusNote: 'STATUS_NOTE_TOO_LONG' }),
      );
      expect((await patch({ status: 'contacted', statusReason: 'budget' }).expect(400)).body).toEqual(invalidInput({ statusReason: 'LEAD_STATUS_REASON_NOT_ALLOWED' }));
      expect((await patch({ statusNote: '没有状态' }).expect(400)).body).toEqual(invalidInput({ statusNote: 'LEAD_STATUS_REASON_NOT_ALLOWED' }));
      expect(await stored('registrations', id)).toMatchObject({ status: 'new', statusReason: null });

      const lost = await patch({ status: 'lost', statusReason: 'budget', statusNote: '  预算只有五千  ' }).expect(200);
      expect(lost.body.data).toMatchObject({ status: 'lost', statusReason: 'budget', statusNote: '预算只有五千', firstContactedAt: null });

      // The reason of a lead already given up can change on its own; the note alone too.
      await patch({ statusReason: 'chose_competitor' }).expect(200);
      expect((await patch({ statusNote: '报了别家' }).expect(200)).body.data).toMatchObject({ status: 'lost', statusReason: 'chose_competitor', statusNote: '报了别家' });

      const back = await patch({ status: 'contacted' }).expect(200);
      expect(back.body.data).toMatchObject({ status: 'contacted', statusReason: null, statusNote: null });
    });

    it('audits the change with the reason (lead.status.change)', async () => {
      const id = await insertLead('contact_messages');
      await admin.patch(`/api/contact/${id}`).send({ status: 'invalid', statusReason: 'wrong_number', statusNote: '空号' }).expect(200);
      const [entry] = await sql.query<{ before: Record<string, unknown>; after: Record<string, unknown> }[]>(
        `SELECT before, after FROM audit_log WHERE action = 'lead.status.change' AND "entityId" = $1`,
        [id],
      );
      expect(entry?.before).toMatchObject({ status: 'new' });
      expect(entry?.after).toMatchObject({ status: 'invalid', statusReason: 'wrong_number', statusNote: '空号' });
    });

    it('refuses a reason that breaks the database rules even from outside the API (CHECK constraints)', async () => {
      await expect(insertLead('registrations', { status: 'contacted', statusReason: 'budget' })).rejects.toThrow(/CHK_registrations_statusReason/);
      await expect(insertLead('contact_messages', { createdAt: '2026-03-02T00:00:00Z', firstContactedAt: '2026-03-01T00:00:00Z' })).rejects.toThrow(
        /CHK_contact_messages_firstContactedAt/,
      );
    });

    it('enrolling a lost lead clears its reason and stamps the first contact', async () => {
      const id = await insertLead('registrations');
      await admin.patch(`/api/registrations/${id}`).send({ status: 'lost', statusReason: 'unreachable' }).expect(200);
      await sql.query(`UPDATE registrations SET phone = '13812340001' WHERE id = $1`, [id]);
      await admin.post(`/api/registrations/${id}/enrol`).send({}).expect(201);
      const row = await stored('registrations', id);
      expect(row).toMatchObject({ status: 'enrolled', statusReason: null, statusNote: null });
      expect(row['firstContactedAt']).toBeInstanceOf(Date);
    });
  });

  describe('first contact', () => {
    it('is stamped on the first move to contacted and never changed after', async () => {
      const id = await insertLead('registrations');
      const patch = (body: object) => admin.patch(`/api/registrations/${id}`).send(body).expect(200);

      await patch({ note: '先发短信' });
      expect((await stored('registrations', id))['firstContactedAt']).toBeNull();
      const first = (await patch({ status: 'contacted' })).body.data.firstContactedAt as string;
      expect(Date.now() - Date.parse(first)).toBeLessThan(60_000);

      await patch({ status: 'new' });
      await patch({ status: 'lost', statusReason: 'no_need' });
      const again = await patch({ status: 'contacted' });
      expect(again.body.data.firstContactedAt).toBe(first);
      expect((await patch({ status: 'enrolled' })).body.data.firstContactedAt).toBe(first);
    });

    it('is stamped by a move straight to enrolled, on messages as on registrations', async () => {
      const id = await insertLead('contact_messages');
      const response = await admin.patch(`/api/contact/${id}`).send({ status: 'enrolled' }).expect(200);
      expect(response.body.data.firstContactedAt).toEqual(expect.any(String));
    });

    it('is not stamped by marking a lead invalid without contact', async () => {
      const id = await insertLead('contact_messages');
      await admin.patch(`/api/contact/${id}`).send({ status: 'invalid', statusReason: 'duplicate' }).expect(200);
      expect((await stored('contact_messages', id))['firstContactedAt']).toBeNull();
    });
  });

  describe('线索设置', () => {
    const put = (statusReasons: unknown) => admin.put(LEAD_SETTINGS_PATH).send({ statusReasons });
    const offered = (codes: string[]) => codes.map((code) => ({ code, zh: `原因${code}`, en: `Reason ${code}` }));

    it('starts with the default reasons', async () => {
      const response = await admin.get(LEAD_SETTINGS_PATH).expect(200);
      expect(response.body.data.statusReasons).toEqual(DEFAULT_LEAD_STATUS_REASONS);
    });

    it.each([
      ['not a list', 'budget', 'INVALID_LEAD_STATUS_REASONS'],
      ['an empty list', [], 'LEAD_STATUS_REASONS_EMPTY'],
      ['31 reasons', offered(Array.from({ length: 31 }, (_, index) => `r${index}`)), 'TOO_MANY_LEAD_STATUS_REASONS'],
      ['an entry without en', [{ code: 'a', zh: '甲' }], 'INVALID_LEAD_STATUS_REASONS'],
      ['an entry with another field', [{ code: 'a', zh: '甲', en: 'A', retired: false }], 'INVALID_LEAD_STATUS_REASONS'],
      ['an upper-case code', [{ code: 'Budget', zh: '预算', en: 'Budget' }], 'INVALID_LEAD_STATUS_REASON_CODE'],
      ['a code over 32 characters', [{ code: 'a'.repeat(33), zh: '甲', en: 'A' }], 'INVALID_LEAD_STATUS_REASON_CODE'],
      ['a blank label', [{ code: 'a', zh: '  ', en: 'A' }], 'LEAD_STATUS_REASON_LABEL_INVALID'],
      ['a label over 40 characters', [{ code: 'a', zh: '甲', en: 'A'.repeat(41) }], 'LEAD_STATUS_REASON_LABEL_INVALID'],
      ['a code twice', [...offered(['a']), ...offered(['a'])], 'DUPLICATE_LEAD_STATUS_REASON'],
    ] as const)('refuses %s', async (_case, statusReasons, code) => {
      expect((await put(statusReasons).expect(400)).body).toEqual(invalidInput({ statusReasons: code }));
    });

    it('retires a reason left out: no longer accepted, still stored and named on the leads that used it', async () => {
      const id = await insertLead('registrations');
      await admin.patch(`/api/registrations/${id}`).send({ status: 'lost', statusReason: 'budget' }).expect(200);

      const kept = DEFAULT_LEAD_STATUS_REASONS.filter((reason) => reason.code !== 'budget');
      const saved = await put([...kept, { code: 'no_show', zh: ' 试听未到 ', en: 'Missed the trial class' }]).expect(200);
      expect(saved.body.data.statusReasons).toEqual([...kept, { code: 'no_show', zh: '试听未到', en: 'Missed the trial class' }, { code: 'budget', zh: '预算不足', en: 'Budget too small', retired: true }]);

      expect((await admin.get(`/api/registrations/${id}`).expect(200)).body.data).toMatchObject({ status: 'lost', statusReason: 'budget' });
      const other = await insertLead('registrations');
      expect((await admin.patch(`/api/registrations/${other}`).send({ status: 'lost', statusReason: 'budget' }).expect(400)).body).toEqual(
        invalidInput({ statusReason: 'UNKNOWN_LEAD_STATUS_REASON' }),
      );
      await admin.patch(`/api/registrations/${other}`).send({ status: 'lost', statusReason: 'no_show' }).expect(200);

      // Offered again, it comes back.
      const restored = await put(DEFAULT_LEAD_STATUS_REASONS).expect(200);
      expect(restored.body.data.statusReasons).toEqual([...DEFAULT_LEAD_STATUS_REASONS, { code: 'no_show', zh: '试听未到', en: 'Missed the trial class', retired: true }]);
    });

    it('is the administrator’s only', async () => {
      const { default: request } = await import('supertest');
      await request(app.getHttpServer()).get(LEAD_SETTINGS_PATH).expect(401);
      await request(app.getHttpServer()).get(FIRST_CONTACT_PATH).expect(401);
      await request(app.getHttpServer()).get(SOURCE_FUNNEL_PATH).expect(401);
    });
  });

  describe('dashboard figures', () => {
    beforeEach(async () => {
      await sql.query(`DELETE FROM registrations`);
      await sql.query(`DELETE FROM contact_messages`);
    });

    it('answers 12 empty weeks and no sources without leads', async () => {
      const stats = await app.get(LeadFollowUpService).firstContact(NOW);
      expect(stats.weeks).toHaveLength(12);
      expect(stats.weeks[0]).toEqual({ week: '2025-12-22', isoWeek: '2025-W52', arrived: 0, contacted: 0, medianSeconds: null, waiting: 0 });
      expect(stats.weeks[11]).toMatchObject({ week: '2026-03-09', isoWeek: '2026-W11' });
      expect(await app.get(LeadFollowUpService).sourceFunnel(NOW)).toEqual({ timeZone: 'Asia/Shanghai', from: '2025-12-22', weeks: 12, sources: [] });
    });

    it('takes the median time to first contact per ISO week of arrival in Asia/Shanghai, the leads still new apart', async () => {
      // Before the window (Sunday 2025-12-21 23:00 in Shanghai): left out.
      await contactedAfter('registrations', '2025-12-21T15:00:00Z', 60);
      // W09 (from Monday 2026-02-23): 100 s and 301 s → 200.5, rounded; a lead contacted before the time was kept is in neither.
      await contactedAfter('registrations', '2026-02-23T02:00:00Z', 100);
      await contactedAfter('contact_messages', '2026-02-24T02:00:00Z', 301);
      await insertLead('registrations', { createdAt: '2026-02-25T02:00:00Z', status: 'contacted' });
      // W10 (from Monday 2026-03-02): 1 h, 2 h (a message), 3 h → 2 h; still new on Sunday 23:30 in Shanghai.
      await contactedAfter('registrations', '2026-03-02T02:00:00Z', 3600);
      await contactedAfter('contact_messages', '2026-03-04T02:00:00Z', 7200);
      await contactedAfter('registrations', '2026-03-03T02:00:00Z', 10800);
      await insertLead('registrations', { createdAt: '2026-03-08T15:30:00Z' });
      // W11 (from Monday 2026-03-09 00:00 in Shanghai, 2026-03-08T16:00Z): 10, 20 and 30 minutes → 20 minutes.
      await contactedAfter('registrations', '2026-03-08T16:30:00Z', 1800);
      await contactedAfter('registrations', '2026-03-09T01:00:00Z', 600);
      await contactedAfter('contact_messages', '2026-03-10T01:00:00Z', 1200);
      // Given up without contact: arrived, neither contacted nor waiting.
      await insertLead('contact_messages', { createdAt: '2026-03-10T02:00:00Z', status: 'invalid', statusReason: 'duplicate' });

      const { weeks } = await app.get(LeadFollowUpService).firstContact(NOW);
      expect(weeks.slice(8)).toEqual([
        { week: '2026-02-16', isoWeek: '2026-W08', arrived: 0, contacted: 0, medianSeconds: null, waiting: 0 },
        { week: '2026-02-23', isoWeek: '2026-W09', arrived: 3, contacted: 2, medianSeconds: 201, waiting: 0 },
        { week: '2026-03-02', isoWeek: '2026-W10', arrived: 4, contacted: 3, medianSeconds: 7200, waiting: 1 },
        { week: '2026-03-09', isoWeek: '2026-W11', arrived: 4, contacted: 3, medianSeconds: 1200, waiting: 0 },
      ]);
      expect(weeks.slice(0, 8).every((week) => week.arrived === 0)).toBe(true);

      // The route answers the window of the real "now".
      const response = await admin.get(FIRST_CONTACT_PATH).expect(200);
      expect(response.body.data.weeks).toHaveLength(12);
    });

    it('counts the funnel per first-touch source: utm_source, else the referrer host, else direct', async () => {
      const at = '2026-03-03T02:00:00Z';
      const contactedAt = '2026-03-03T03:00:00Z';
      const wechat = { utm_source: ' WeChat ', landingPath: '/' };
      await insertLead('registrations', { createdAt: at, source: wechat });
      await insertLead('registrations', { createdAt: at, source: wechat, status: 'contacted', firstContactedAt: contactedAt });
      await insertLead('registrations', { createdAt: at, source: { utm_source: 'wechat' }, status: 'enrolled', firstContactedAt: contactedAt });
      await insertLead('contact_messages', { createdAt: at, source: wechat, status: 'lost', statusReason: 'budget', firstContactedAt: contactedAt });
      // utm_source wins over the referrer.
      await insertLead('contact_messages', { createdAt: at, source: { utm_source: 'wechat', referrer: 'https://www.zhihu.com/' } });
      // The referrer's host without www.; a lead contacted before the time was kept is still reached.
      await insertLead('registrations', { createdAt: at, source: { referrer: 'https://www.zhihu.com/question/1' }, status: 'contacted' });
      await insertLead('contact_messages', { createdAt: at, source: { referrer: 'https://zhihu.com/' }, status: 'invalid', statusReason: 'duplicate' });
      // Neither (or no source at all): direct.
      await insertLead('registrations', { createdAt: at, source: { landingPath: '/courses', utm_source: '  ' } });
      await insertLead('contact_messages', { createdAt: at, source: null });
      // Before the window.
      await insertLead('registrations', { createdAt: '2025-12-01T02:00:00Z', source: { utm_source: 'baidu' } });

      const funnel = await app.get(LeadFollowUpService).sourceFunnel(NOW);
      expect(funnel).toEqual({
        timeZone: 'Asia/Shanghai',
        from: '2025-12-22',
        weeks: 12,
        sources: [
          { kind: 'utm', name: 'wechat', arrived: 5, contacted: 3, enrolled: 1, givenUp: 1, contactedRate: 0.6, enrolledRate: 0.2 },
          { kind: 'direct', name: null, arrived: 2, contacted: 0, enrolled: 0, givenUp: 0, contactedRate: 0, enrolledRate: 0 },
          { kind: 'referrer', name: 'zhihu.com', arrived: 2, contacted: 1, enrolled: 0, givenUp: 1, contactedRate: 0.5, enrolledRate: 0 },
        ],
      });
      expect((await admin.get(SOURCE_FUNNEL_PATH).expect(200)).body.data.weeks).toBe(12);
    });
  });
});
