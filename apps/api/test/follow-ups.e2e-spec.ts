import { FOLLOW_UP_PATHS, type FollowUpDueEvent, type PersonTimeline, type TodayAgenda } from '@aipm/contracts';
import { FollowUps1797700000000 } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { endOfBusinessDay } from '../src/follow-ups/follow-ups.service';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError, invalidInput } from './support/api-errors';
import { openEventStream } from './support/event-stream';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

/*
 * Follow-ups that remind (docs/product/back-office.md#follow-ups, ADR 073): scheduled on a registration or a
 * message, refused in the past, completed once with a result, listed per lead and per person, 今日待办's two
 * parts, the reminder pushed on the event stream when one falls due, and the migration of the old follow-up dates.
 * Real PostgreSQL and Redis.
 */
describe('follow-ups', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let port: number;

  const insertLead = async (
    table: 'registrations' | 'contact_messages',
    values: { phone?: string; email?: string | null; status?: string; createdAt?: string; followUpAt?: string | null; name?: string } = {},
  ): Promise<string> => {
    const { phone = '13800000000', email = null, status = 'new', createdAt = new Date().toISOString(), followUpAt = null, name = '张三' } = values;
    const specific = table === 'registrations' ? { columns: 'school, major', values: `'中南大学', '计算机'` } : { columns: 'subject', values: `'course'` };
    const [row] = await sql.query<{ id: string }[]>(
      `INSERT INTO ${table} (name, phone, "phoneNormalized", email, ${specific.columns}, status, "createdAt", "followUpAt")
       VALUES ($1, $2, $3, $4, ${specific.values}, $5, $6, $7) RETURNING id`,
      [name, phone, `+86${phone}`, email, status, createdAt, followUpAt],
    );
    return row!.id;
  };
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const schedule = (body: object) => admin.post(FOLLOW_UP_PATHS.base).send(body);
  /** Moves a follow-up's due time, as time passing would (the API refuses a past one). */
  const moveDue = (id: string, dueAt: string) => sql.query(`UPDATE follow_ups SET "dueAt" = $2 WHERE id = $1`, [id, dueAt]);
  const today = async () => (await admin.get(FOLLOW_UP_PATHS.today).expect(200)).body.data as TodayAgenda;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(13) }));
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  beforeEach(async () => {
    await sql.query(`DELETE FROM follow_ups`);
    await sql.query(`DELETE FROM registrations`);
    await sql.query(`DELETE FROM contact_messages`);
  });

  it('schedules a follow-up of a registration and of a message, and lists each lead’s', async () => {
    const registration = await insertLead('registrations');
    const message = await insertLead('contact_messages');
    const dueAt = inMinutes(120);

    const created = await schedule({ leadType: 'registration', leadId: registration, dueAt, kind: 'phone', note: '  问清楚每周能投入的时间 ' }).expect(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      leadType: 'registration',
      leadId: registration,
      dueAt,
      kind: 'phone',
      note: '问清楚每周能投入的时间',
      result: null,
      doneAt: null,
      createdAt: expect.any(String),
    });
    await schedule({ leadType: 'message', leadId: message, dueAt: inMinutes(60), kind: 'wechat' }).expect(201);
    await schedule({ leadType: 'message', leadId: message, dueAt: inMinutes(30), kind: 'meeting', note: null }).expect(201);

    const ofRegistration = (await admin.get(FOLLOW_UP_PATHS.base).query({ leadType: 'registration', leadId: registration }).expect(200)).body.data;
    expect(ofRegistration.map((row: { kind: string }) => row.kind)).toEqual(['phone']);
    const ofMessage = (await admin.get(FOLLOW_UP_PATHS.base).query({ leadType: 'message', leadId: message }).expect(200)).body.data;
    // Latest due first.
    expect(ofMessage.map((row: { kind: string }) => row.kind)).toEqual(['wechat', 'meeting']);
  });

  it('refuses a due time in the past, a kind it does not know, a lead that is not there, and a broken lead reference', async () => {
    const registration = await insertLead('registrations');
    const valid = { leadType: 'registration', leadId: registration, dueAt: inMinutes(10), kind: 'phone' };

    const past = await schedule({ ...valid, dueAt: inMinutes(-5) }).expect(400);
    expect(past.body).toEqual(invalidInput({ dueAt: 'FOLLOW_UP_DUE_IN_PAST' }));
    expect(past.body.message).toBe('到期时间不能早于现在，请选择未来的时间');
    // A minute of grace: "now" picked in a form arrives a few seconds late.
    await schedule({ ...valid, dueAt: new Date(Date.now() - 20_000).toISOString() }).expect(201);

    expect((await schedule({ ...valid, kind: 'email' }).expect(400)).body).toEqual(invalidInput({ kind: 'INVALID_FOLLOW_UP_KIND' }));
    expect((await schedule({ ...valid, dueAt: 'tomorrow' }).expect(400)).body).toEqual(invalidInput({ dueAt: 'INVALID_FOLLOW_UP_DUE_AT' }));
    expect((await schedule({ ...valid, leadType: 'student' }).expect(400)).body).toEqual(invalidInput({ leadType: 'INVALID_FOLLOW_UP_LEAD' }));
    expect((await schedule({ ...valid, note: '字'.repeat(2001) }).expect(400)).body).toEqual(invalidInput({ note: 'FOLLOW_UP_NOTE_TOO_LONG' }));
    expect((await schedule({ ...valid, leadId: '00000000-0000-4000-8000-000000000000' }).expect(404)).body).toEqual(apiError('LEAD_NOT_FOUND'));
    // The message's id is not a registration's.
    const message = await insertLead('contact_messages');
    expect((await schedule({ ...valid, leadId: message }).expect(404)).body).toEqual(apiError('LEAD_NOT_FOUND'));
    expect(Number((await sql.query(`SELECT count(*) FROM follow_ups`))[0].count)).toBe(1);
  });

  it('completes a follow-up once, with a result, and audits both steps', async () => {
    const registration = await insertLead('registrations');
    const id = (await schedule({ leadType: 'registration', leadId: registration, dueAt: inMinutes(5), kind: 'phone' }).expect(201)).body.data.id as string;
    const complete = (body: object, followUp = id) => admin.post(`${FOLLOW_UP_PATHS.base}/${followUp}/complete`).send(body);

    expect((await complete({ result: '   ' }).expect(400)).body).toEqual(invalidInput({ result: 'FOLLOW_UP_RESULT_REQUIRED' }));
    expect((await complete({}).expect(400)).body).toEqual(invalidInput({ result: 'FOLLOW_UP_RESULT_REQUIRED' }));
    const done = await complete({ result: '已沟通，周末来面谈' }).expect(200);
    expect(done.body.data).toMatchObject({ id, result: '已沟通，周末来面谈', doneAt: expect.any(String) });
    expect((await complete({ result: '又打了一次' }).expect(409)).body).toEqual(apiError('FOLLOW_UP_ALREADY_DONE'));
    expect((await complete({ result: 'x' }, '00000000-0000-4000-8000-000000000000').expect(404)).body).toEqual(apiError('FOLLOW_UP_NOT_FOUND'));
    expect((await complete({ result: 'x' }, 'not-a-uuid').expect(400)).body).toEqual(invalidInput({ id: 'INVALID_FOLLOW_UP_ID' }));

    const entries = await sql.query<{ action: string; entityId: string; before: object | null; after: { doneAt: string | null; result: string | null } | null }[]>(
      `SELECT action, "entityId", before, after FROM audit_log WHERE entity = 'follow_up' AND "entityId" = $1 ORDER BY "createdAt", id`,
      [id],
    );
    expect(entries.map((entry) => [entry.action, entry.entityId])).toEqual([
      ['follow_up.create', id],
      ['follow_up.complete', id],
    ]);
    expect(entries[1]!.after).toMatchObject({ result: '已沟通，周末来面谈', doneAt: expect.any(String) });
  });

  it('opens 今日待办 on follow-ups due today or overdue, earliest first, then the leads nobody has contacted', async () => {
    const anna = await insertLead('registrations', { name: '安娜', phone: '13811112222', createdAt: '2026-01-01T00:00:00Z' });
    const bo = await insertLead('contact_messages', { name: '博', phone: '13922223333', createdAt: '2026-01-02T00:00:00Z' });
    const waiting = await insertLead('registrations', { name: '新来的', phone: '13733334444', createdAt: '2026-01-03T00:00:00Z' });
    const olderWaiting = await insertLead('contact_messages', { name: '等着的', phone: '13644445555', createdAt: '2026-01-02T12:00:00Z' });
    await insertLead('registrations', { name: '已联系', status: 'contacted' });
    const overdue = (await schedule({ leadType: 'registration', leadId: anna, dueAt: inMinutes(5), kind: 'phone' }).expect(201)).body.data.id;
    const laterToday = (await schedule({ leadType: 'message', leadId: bo, dueAt: inMinutes(5), kind: 'wechat' }).expect(201)).body.data.id;
    const tomorrow = (await schedule({ leadType: 'message', leadId: bo, dueAt: inMinutes(10), kind: 'meeting' }).expect(201)).body.data.id;
    const done = (await schedule({ leadType: 'registration', leadId: anna, dueAt: inMinutes(5), kind: 'phone' }).expect(201)).body.data.id;
    const until = endOfBusinessDay(new Date());
    await moveDue(overdue, new Date(Date.now() - 26 * 3600_000).toISOString());
    await moveDue(laterToday, new Date(until.getTime() - 1000).toISOString());
    await moveDue(tomorrow, new Date(until.getTime() + 1000).toISOString());
    await moveDue(done, new Date(Date.now() - 3600_000).toISOString());
    await admin.post(`${FOLLOW_UP_PATHS.base}/${done}/complete`).send({ result: '打过了' }).expect(200);

    const agenda = await today();
    expect(agenda).toMatchObject({ timeZone: 'Asia/Shanghai', until: until.toISOString(), followUpsTotal: 2, newLeadsTotal: 2 });
    expect(agenda.followUps.map((row) => [row.id, row.name, row.phone, row.overdue])).toEqual([
      [overdue, '安娜', '138****2222', true],
      [laterToday, '博', '139****3333', false],
    ]);
    // Leads with an open follow-up are in the first part already; a contacted lead is in neither.
    expect(agenda.newLeads.map((row) => [row.leadType, row.leadId, row.name, row.phone])).toEqual([
      ['registration', waiting, '新来的', '137****4444'],
      ['message', olderWaiting, '等着的', '136****5555'],
    ]);
  });

  it('puts one person’s follow-ups on their person page, over their registrations and messages', async () => {
    const first = await insertLead('registrations', { phone: '13855556666', email: 'li@example.com' });
    const again = await insertLead('contact_messages', { phone: '13855556666' });
    const byEmail = await insertLead('contact_messages', { phone: '13900001111', email: 'li@example.com' });
    const someoneElse = await insertLead('registrations', { phone: '13700002222' });
    const ids: Record<string, string> = {};
    for (const [leadType, leadId] of [
      ['registration', first],
      ['message', again],
      ['message', byEmail],
      ['registration', someoneElse],
    ]) {
      ids[leadId] = (await schedule({ leadType, leadId, dueAt: inMinutes(30), kind: 'wechat', note: `跟进 ${leadId.slice(0, 4)}` }).expect(201)).body.data.id;
    }
    await admin.post(`${FOLLOW_UP_PATHS.base}/${ids[again]}/complete`).send({ result: '已加微信' }).expect(200);

    const page = (await admin.get(`/api/admin/people/registrations/${first}/timeline`).expect(200)).body.data as PersonTimeline;
    const followUps = page.events.filter((event) => event.kind === 'follow_up');
    expect(followUps.map((event) => event.record.id).sort()).toEqual([first, again, byEmail].sort());
    expect(followUps.find((event) => event.record.id === again)).toMatchObject({
      record: { resource: 'contact', id: again },
      actor: expect.any(String),
      facts: { method: 'wechat', done: true, result: '已加微信', note: `跟进 ${again.slice(0, 4)}` },
    });
    expect(followUps.find((event) => event.record.id === first)).toMatchObject({ actor: null, facts: { done: false, result: null, dueAt: expect.any(String) } });
  });

  it('pushes a reminder on the event stream when a follow-up falls due, and none for one completed before', async () => {
    const registration = await insertLead('registrations', { name: '王五', phone: '13566667777' });
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'leads-admin@example.com', password: 'leads-admin-password-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    const stream = await openEventStream<FollowUpDueEvent>(port, FOLLOW_UP_PATHS.events, cookie);
    try {
      expect(stream.status).toBe(200);
      const soon = (await schedule({ leadType: 'registration', leadId: registration, dueAt: new Date(Date.now() + 1500).toISOString(), kind: 'phone', note: '回电' }).expect(201)).body.data.id;
      const cancelled = (await schedule({ leadType: 'registration', leadId: registration, dueAt: new Date(Date.now() + 1000).toISOString(), kind: 'wechat' }).expect(201)).body.data.id;
      await admin.post(`${FOLLOW_UP_PATHS.base}/${cancelled}/complete`).send({ result: '对方先打来了' }).expect(200);

      const event = await stream.until((candidate) => candidate.type === 'due', 10_000);
      expect(event.followUp).toMatchObject({ id: soon, name: '王五', phone: '135****7777', kind: 'phone', note: '回电' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.events().map((candidate) => candidate.followUp.id)).toEqual([soon]);
    } finally {
      stream.close();
    }
  });

  it('keeps the stream the administrator’s only', async () => {
    const response = await fetch(`http://127.0.0.1:${port}${FOLLOW_UP_PATHS.events}`);
    expect([response.status, await response.json()]).toEqual([401, apiError('UNAUTHORIZED')]);
  });

  it('turns every lead’s old follow-up date into a follow-up: open while the lead is open, done once it is closed', async () => {
    const open = await insertLead('registrations', { followUpAt: '2026-01-05T02:00:00Z' });
    const contacted = await insertLead('contact_messages', { status: 'contacted', followUpAt: '2026-01-06T02:00:00Z' });
    const enrolled = await insertLead('registrations', { status: 'enrolled', followUpAt: '2026-01-07T02:00:00Z' });
    await insertLead('registrations');
    const runner = sql.createQueryRunner();
    try {
      const migration = new FollowUps1797700000000();
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const rows = await sql.query<{ lead: string; dueAt: Date; kind: string; doneAt: Date | null; result: string | null }[]>(
      `SELECT coalesce("registrationId", "contactMessageId") AS lead, "dueAt", kind, "doneAt", result FROM follow_ups ORDER BY "dueAt"`,
    );
    expect(rows.map((row) => [row.lead, new Date(row.dueAt).toISOString(), row.kind, row.doneAt === null, row.result])).toEqual([
      [open, '2026-01-05T02:00:00.000Z', 'phone', true, null],
      [contacted, '2026-01-06T02:00:00.000Z', 'phone', true, null],
      [enrolled, '2026-01-07T02:00:00.000Z', 'phone', false, '线索已结束，跟进日期随迁移关闭'],
    ]);
  });
});
