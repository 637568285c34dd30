import type { PersonTimeline, PersonTimelineEvent } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { adminAgent, phoneSequence, sendMessage, sendRegistration } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

type Body = Record<string, unknown>;

/** The administrator adminAgent signs in (support/lead-admin.ts). */
const ADMIN_EMAIL = 'leads-admin@example.com';

/** The person page (docs/product/back-office.md#person-page): one person across their records, on one timeline. */
describe('the person page', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const nextPhone = phoneSequence('137');
  const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  const registration = (body: Body) => sendRegistration(app, { name: '周九', ...body });
  const message = (body: Body) => sendMessage(app, { name: '周九', ...body });
  const timeline = async (resource: string, id: string): Promise<PersonTimeline> => (await admin.get(`/api/admin/people/${resource}/${id}/timeline`).expect(200)).body.data;
  const kinds = (events: PersonTimelineEvent[]) => events.map((event) => event.kind);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(5), FORM_RATE_LIMIT_PER_MINUTE: '100000' }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  it('finds every record of one person by phone or email, from any of them, with what staff did, newest first', async () => {
    const phone = nextPhone();
    const otherPhone = nextPhone();
    const first = await registration({ phone, email: 'zhou9@example.com' });
    // Another phone, the same email: the same person.
    const second = await registration({ phone: otherPhone, email: 'Zhou9@Example.com', name: '周 九' });
    const question = await message({ phone });
    const stranger = await registration({ phone: nextPhone(), email: 'someone@example.com' });
    // Apart in time, so the order is certain.
    await sql.query(`UPDATE registrations SET "createdAt" = now() - interval '3 days', "agreedAt" = now() - interval '3 days' WHERE id = $1`, [first]);
    await sql.query(`UPDATE registrations SET "createdAt" = now() - interval '2 days', "agreedAt" = now() - interval '2 days' WHERE id = $1`, [second]);
    await sql.query(`UPDATE contact_messages SET "createdAt" = now() - interval '1 day' WHERE id = $1`, [question]);

    await admin.patch(`/api/registrations/${first}`).send({ status: 'contacted', note: '已电话联系，周末试听' }).expect(200);
    const student = (await admin.post(`/api/contact/${question}/enrol`).send({ enrollmentDate: '2026-09-01' }).expect(201)).body.data;
    await admin.post('/api/admin/payments').send({ studentId: student.id, amount: 1_280_000, paymentMethod: 'wechat', paymentDate: '2026-09-02' }).expect(201);

    const page = await timeline('registrations', first);

    expect(page.identity).toEqual({ names: ['周九', '周 九'], phones: [masked(phone), masked(otherPhone)], emails: ['zhou9@example.com'] });
    expect(page.records.map((row) => `${row.resource}:${row.id}`).sort()).toEqual([`registrations:${first}`, `registrations:${second}`, `contact:${question}`, `students:${student.id}`].sort());
    expect(page.records.map((row) => row.id)).not.toContain(stranger);
    // Newest first: what staff did just now, then the message (a day ago), then the two registrations with their consents.
    const times = page.events.map((event) => event.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(kinds(page.events)).toEqual(expect.arrayContaining(['payment', 'student', 'enrolment', 'status_change', 'note', 'message', 'lead_call', 'registration', 'consent']));
    // At one instant a record comes after what followed it, read newest first: the consent above its registration.
    expect(kinds(page.events).slice(-4)).toEqual(['consent', 'registration', 'consent', 'registration']);
    expect(page.events.filter((event) => event.kind === 'registration').map((event) => event.record.id)).toEqual([second, first]);

    const change = page.events.find((event) => event.kind === 'status_change')!;
    expect(change).toEqual({ kind: 'status_change', at: expect.any(String), record: { resource: 'registrations', id: first }, actor: ADMIN_EMAIL, facts: { from: 'new', to: 'contacted', reason: null } });
    expect(page.events.find((event) => event.kind === 'note')).toMatchObject({ actor: ADMIN_EMAIL, record: { id: first }, facts: { note: '已电话联系，周末试听' } });
    expect(page.events.find((event) => event.kind === 'enrolment')).toMatchObject({ actor: ADMIN_EMAIL, record: { resource: 'contact', id: question }, facts: { studentId: student.id } });
    expect(page.events.find((event) => event.kind === 'payment')).toMatchObject({ record: { resource: 'students', id: student.id }, facts: { amountCents: 1_280_000, currency: 'CNY', paymentDate: '2026-09-02' } });
    expect(page.events.find((event) => event.kind === 'consent' && event.record.id === first)).toMatchObject({ facts: { version: expect.any(String) } });
    expect(page.events.filter((event) => event.kind === 'lead_call')).toHaveLength(3);

    // Phones stay masked everywhere on the page (revealing is the audited action of the record's own page).
    const text = JSON.stringify(page);
    for (const full of [phone, otherPhone]) expect(text).not.toContain(full.slice(3, 7) + full.slice(-4));
    // The same person from each of their records.
    for (const [resource, id] of [['registrations', second], ['contact', question], ['students', student.id]] as const) {
      expect((await timeline(resource, id)).records).toHaveLength(4);
    }
    // A read, not an action: the page writes nothing to the audit log.
    const before = (await sql.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n;
    await timeline('registrations', first);
    expect((await sql.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n).toBe(before);
  });

  it('shows on each list row how many records its person has, read by the statement that reads the page', async () => {
    const phone = nextPhone();
    const lead = await registration({ phone, email: 'chip@example.com' });
    await message({ phone });
    await message({ phone: nextPhone(), email: 'chip@example.com' });
    const alone = await registration({ phone: nextPhone(), email: 'alone@example.com' });

    const rows = (await admin.get('/api/registrations').query({ filter: JSON.stringify({ id: [lead, alone] }) }).expect(200)).body.data as Array<{ id: string; personRecords: number }>;
    expect(Object.fromEntries(rows.map((row) => [row.id, row.personRecords]))).toEqual({ [lead]: 3, [alone]: 1 });
    const messages = (await admin.get('/api/contact').query({ filter: JSON.stringify({ q: phone.slice(-8) }) }).expect(200)).body.data as Array<{ personRecords: number }>;
    // Counted as the page finds the person: the message without an email shares the phone with the registration,
    // whose email brings the other message.
    expect(messages.map((row) => row.personRecords)).toEqual([3]);
    const [{ id: question }] = (await admin.get('/api/contact').query({ filter: JSON.stringify({ q: phone.slice(-8) }) }).expect(200)).body.data as Array<{ id: string }>;
    expect((await admin.get(`/api/admin/people/contact/${question}/timeline`).expect(200)).body.data.records).toHaveLength(3);
  });

  it('answers 404 for a record that is gone or a kind that holds no person, and 400 for a malformed id', async () => {
    expect((await admin.get('/api/admin/people/registrations/00000000-0000-4000-8000-000000000000/timeline').expect(404)).body).toEqual(apiError('LEAD_NOT_FOUND'));
    const id = await registration({ phone: nextPhone() });
    expect((await admin.get(`/api/admin/people/payments/${id}/timeline`).expect(404)).body).toEqual(apiError('LEAD_NOT_FOUND'));
    expect((await admin.get('/api/admin/people/registrations/not-an-id/timeline').expect(400)).body).toMatchObject(apiError('INVALID_LEAD_ID'));
    await request(app.getHttpServer()).get(`/api/admin/people/registrations/${id}/timeline`).expect(401);
  });
});
