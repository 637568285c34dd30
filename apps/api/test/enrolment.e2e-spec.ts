import { ERROR_MESSAGES, STUDENT_MESSAGES } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError, expectFieldError } from './support/api-errors';
import { adminAgent, phoneSequence, sendMessage, sendRegistration } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

type Body = Record<string, unknown>;

/** The administrator adminAgent signs in (support/lead-admin.ts). */
const ADMIN_EMAIL = 'leads-admin@example.com';

/** 转为学员 (docs/product/students.md#enrol-a-lead): a registration or a message becomes a student, once. */
describe('enrolling a lead', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const nextPhone = phoneSequence('136');
  /** A new person's registration (a phone and an email of their own) unless the body says otherwise; its id. */
  const registration = (body: Body = {}) => {
    const phone = nextPhone();
    return sendRegistration(app, { name: '赵六', phone, email: `zhao${phone.slice(-4)}@example.com`, ...body });
  };
  const message = (body: Body = {}) => sendMessage(app, { name: '钱七', phone: nextPhone(), subject: 'course', message: '想报名', ...body });
  const count = async (table: string): Promise<number> => (await sql.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(9), FORM_RATE_LIMIT_PER_MINUTE: '100000' }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  it("creates the student from the registration's data, links both ways, marks the lead enrolled and audits both", async () => {
    const phone = nextPhone();
    const id = await registration({ phone, name: '孙八', email: 'SUN@Example.com' });

    const response = await admin.post(`/api/registrations/${id}/enrol`).send({ enrollmentDate: '2026-09-01' }).expect(201);

    expect(response.body).toMatchObject({ success: true, message: STUDENT_MESSAGES.enrolled });
    const student = response.body.data;
    expect(student).toMatchObject({
      name: '孙八',
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      email: 'sun@example.com',
      school: '湖南大学',
      major: '软件工程',
      status: 'active',
      enrollmentDate: '2026-09-01',
      enrolledFrom: { resource: 'registrations', id },
    });
    const [row] = await sql.query(`SELECT "phone", "phoneNormalized" FROM students WHERE id = $1`, [student.id]);
    expect(row).toEqual({ phone, phoneNormalized: `+86${phone}` });
    expect((await admin.get(`/api/registrations/${id}`).expect(200)).body.data).toMatchObject({ status: 'enrolled', studentId: student.id });
    expect((await admin.get(`/api/admin/students/${student.id}`).expect(200)).body.data.enrolledFrom).toEqual({ resource: 'registrations', id });
    // The list rows leave the link out (one record's read only).
    expect((await admin.get('/api/admin/students').query({ filter: JSON.stringify({ id: student.id }) }).expect(200)).body.data[0]).not.toHaveProperty('enrolledFrom');

    const entries = await sql.query(
      `SELECT "actorName", "action", "entity", "entityId", "before", "after", "details" FROM audit_log WHERE "entityId" IN ($1, $2) ORDER BY "createdAt"`,
      [student.id, id],
    );
    expect(entries).toEqual([
      expect.objectContaining({ actorName: ADMIN_EMAIL, action: 'student.create', entity: 'student', entityId: student.id, before: null, details: { enrolledFrom: { resource: 'registrations', id } } }),
      expect.objectContaining({
        actorName: ADMIN_EMAIL,
        action: 'lead.enrol',
        entity: 'registration',
        entityId: id,
        // Enrolled counts as contacted: the first contact is stamped (ADR 068).
        before: { status: 'new', studentId: null, firstContactedAt: null },
        after: { status: 'enrolled', studentId: student.id, firstContactedAt: expect.any(String) },
        details: { studentId: student.id },
      }),
    ]);
    // Who the person is stays out of the log (ADR 030): an erasure must be able to remove it.
    expect(JSON.stringify(entries)).not.toContain('孙八');
    expect(entries[0].after).toMatchObject({ phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, status: 'active' });
  });

  it('takes what the dialog changed over the lead, and enrols a consultation message', async () => {
    const id = await message();
    const otherPhone = nextPhone();

    const response = await admin.post(`/api/contact/${id}/enrol`).send({ name: '钱七七', phone: otherPhone, school: '中南大学', notes: '周末班' }).expect(201);

    expect(response.body.data).toMatchObject({ name: '钱七七', school: '中南大学', major: null, email: null, notes: '周末班', enrolledFrom: { resource: 'contact', id } });
    const [row] = await sql.query(`SELECT "phone" FROM students WHERE id = $1`, [response.body.data.id]);
    expect(row.phone).toBe(otherPhone);
    expect((await admin.get(`/api/contact/${id}`).expect(200)).body.data).toMatchObject({ status: 'enrolled', studentId: response.body.data.id });
  });

  it('refuses the same person twice with the existing student, and saves nothing', async () => {
    const phone = nextPhone();
    const first = await registration({ phone, email: 'once@example.com' });
    const student = (await admin.post(`/api/registrations/${first}/enrol`).send({}).expect(201)).body.data;
    const secondLead = await message({ phone: `+86 ${phone}` });
    const thirdLead = await registration({ email: 'ONCE@example.com' });
    const [students, audit] = [await count('students'), await count('audit_log')];

    const refused = (body: unknown) => expect(body).toEqual({ ...apiError('ALREADY_ENROLLED'), existingId: student.id });
    // The same lead again, another lead with the same phone, another with the same email.
    refused((await admin.post(`/api/registrations/${first}/enrol`).send({}).expect(409)).body);
    refused((await admin.post(`/api/contact/${secondLead}/enrol`).send({}).expect(409)).body);
    refused((await admin.post(`/api/registrations/${thirdLead}/enrol`).send({}).expect(409)).body);

    expect([await count('students'), await count('audit_log')]).toEqual([students, audit]);
    expect((await admin.get(`/api/contact/${secondLead}`).expect(200)).body.data).toMatchObject({ status: 'new', studentId: null });
  });

  it('lets one of simultaneous enrolments of a person through', async () => {
    const phone = nextPhone();
    const lead = await registration({ phone });
    const sameLead = await Promise.all(Array.from({ length: 4 }, () => admin.post(`/api/registrations/${lead}/enrol`).send({})));
    expect(sameLead.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);

    const [one, two] = [await registration(), await message()];
    const shared = nextPhone();
    const samePerson = await Promise.all([admin.post(`/api/registrations/${one}/enrol`).send({ phone: shared }), admin.post(`/api/contact/${two}/enrol`).send({ phone: shared })]);
    expect(samePerson.map((response) => response.status).sort()).toEqual([201, 409]);
    expect((await sql.query(`SELECT count(*)::int AS n FROM students WHERE "phoneNormalized" = $1`, [`+86${shared}`]))[0].n).toBe(1);
  });

  it('answers bad input and unknown leads with their codes, and strangers with 401', async () => {
    const id = await registration();
    expectFieldError((await admin.post(`/api/registrations/${id}/enrol`).send({ email: 'not-an-email' }).expect(400)).body, 'email', '请输入有效的邮箱地址');
    expectFieldError(
      (await admin.post(`/api/registrations/${id}/enrol`).send({ enrollmentDate: '2026-09-20', graduationDate: '2026-09-19' }).expect(400)).body,
      'graduationDate',
      ERROR_MESSAGES.GRADUATION_BEFORE_ENROLLMENT,
    );
    expectFieldError((await admin.post(`/api/registrations/${id}/enrol`).send({ studentId: id }).expect(400)).body, 'studentId', ERROR_MESSAGES.UNKNOWN_FIELD);
    expect((await admin.post('/api/registrations/00000000-0000-4000-8000-000000000000/enrol').send({}).expect(404)).body).toEqual(apiError('LEAD_NOT_FOUND'));
    expect((await admin.post('/api/contact/not-an-id/enrol').send({}).expect(400)).body.code).toBe('INVALID_LEAD_ID');
    await request(app.getHttpServer()).post(`/api/registrations/${id}/enrol`).send({}).expect(401);
    expect((await admin.get(`/api/registrations/${id}`).expect(200)).body.data).toMatchObject({ status: 'new', studentId: null });
  });

  it('keeps the lead when its student is deleted, and lets it be enrolled again', async () => {
    const id = await registration();
    const student = (await admin.post(`/api/registrations/${id}/enrol`).send({}).expect(201)).body.data;
    await admin.delete(`/api/admin/students/${student.id}`).expect(200);

    expect((await admin.get(`/api/registrations/${id}`).expect(200)).body.data).toMatchObject({ status: 'enrolled', studentId: null });
    await admin.post(`/api/registrations/${id}/enrol`).send({}).expect(201);
  });
});
