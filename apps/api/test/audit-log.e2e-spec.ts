import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_REDACTED, type AuditAction, type AuditEntity, type AuditEntryResponse, LANDING_CONTENT_PATHS, STORAGE_PROXY_PATH } from '@aipm/contracts';
import { createDataSourceOptions, CrawlerSiteSession, CrawlResult, SiteSessionSeal } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { CRAWL_RUN_OPTIONS, type CrawlRunOptions } from '../src/crawler/crawl-run.service';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { VALID_BODIES } from './fuzz/valid-bodies';
import { adminAgent, visitorIp } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

const ADMIN_EMAIL = 'leads-admin@example.com';
const ADMIN_PASSWORD = 'leads-admin-password-1';
const NEW_PASSWORD = 'audit-new-password-2';
const WRONG_PASSWORD = 'wrong-password-audit-9';
const ACCOUNT_PASSWORD = 'acct-secret-77';
const STUDENT_PASSWORD = 'student-secret-55';
const COOKIE = 'wt2=audit-cookie-value-0123456789';
const SECRETS = [ADMIN_PASSWORD, NEW_PASSWORD, WRONG_PASSWORD, ACCOUNT_PASSWORD, STUDENT_PASSWORD, 'wangwu', 'ww@example.com', COOKIE, 'audit-cookie-value'];
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

type Agent = ReturnType<typeof request.agent>;
interface Ids {
  [name: string]: string;
}
interface AuditedCase {
  name: string;
  action: AuditAction;
  entity: AuditEntity;
  /** Performs the audited request (asserting its status) and returns the entity id the entry must name, if known. */
  run: (admin: Agent, ids: Ids) => Promise<string | null | void>;
  /** Extra checks of the one entry. */
  check?: (entry: AuditEntryResponse, ids: Ids) => void;
}

/**
 * docs/product/back-office.md#audited-actions (ADR 030): every administrator route that changes or reveals data writes
 * exactly one entry with its action and entity, and no secret reaches the log; the table refuses UPDATE, DELETE and
 * TRUNCATE; the back office's list filters and its CSV export.
 */
describe('audit log', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let admin: Agent;
  let dataSource: DataSource;
  const env = testApiEnv();
  const ids: Ids = {};

  const entries = async (): Promise<AuditEntryResponse[]> =>
    (await dataSource.query(`SELECT * FROM audit_log ORDER BY "createdAt", id`)).map((row: Record<string, unknown>) => ({ ...row, createdAt: (row['createdAt'] as Date).toISOString() }));

  const storeUrl = (proxied: string) => `${env.S3_ENDPOINT.replace(/\/+$/, '')}${proxied.slice(STORAGE_PROXY_PATH.length)}`;

  beforeAll(async () => {
    // 立即备份 below leaves its job waiting (no worker here): a run before it in this worker's Redis database left one too.
    await flushRedis(testRedisUrl(8));
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(8) }));
    await app.init();
    // The automated search answers "still running" after this wait: no crawl worker runs in this suite.
    (app.get(CRAWL_RUN_OPTIONS) as CrawlRunOptions).waitMs = 300;
    admin = await adminAgent(app);
    dataSource = new DataSource(createDataSourceOptions(database.url, { poolSize: 2 }));
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await app?.close();
    await database?.drop();
  });

  /** A pending result as a crawl worker stores it (no crawl runs here). */
  const crawledResult = async (key: string): Promise<string> =>
    (
      await dataSource.getRepository(CrawlResult).save({
        title: `AI 产品经理 ${key}`,
        company: '长沙某科技',
        location: '长沙',
        salary: '15-25K',
        description: '负责大模型产品的规划与落地',
        requirements: '三年以上产品经验，熟悉 AI',
        skillTags: ['AI'],
        sourceUrl: `https://www.zhipin.com/job_detail/${key}.html`,
        site: 'zhipin',
      })
    ).id;

  const publicPost = (path: string, body: object) => request(app.getHttpServer()).post(path).set('X-Forwarded-For', visitorIp()).send(body);

  const CASES: AuditedCase[] = [
    {
      name: 'sign-out',
      action: 'auth.logout',
      entity: 'admin',
      run: async (agent) => {
        await agent.post('/api/admin/logout').expect(200);
      },
    },
    {
      name: 'a failed sign-in, naming the account tried but not the password',
      action: 'auth.login.fail',
      entity: 'admin',
      run: async (agent) => {
        await agent.post('/api/admin/login').set('X-Forwarded-For', '203.0.113.77').send({ email: ADMIN_EMAIL, password: WRONG_PASSWORD }).expect(401);
      },
      check: (entry) => expect(entry).toMatchObject({ actorId: null, actorName: ADMIN_EMAIL, ip: '203.0.113.77', entityId: null }),
    },
    {
      name: 'sign-in, from the address the front door forwarded',
      action: 'auth.login',
      entity: 'admin',
      run: async (agent, known) => {
        const response = await agent.post('/api/admin/login').set('X-Forwarded-For', '203.0.113.78').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
        expect(response.body.success).toBe(true);
        known['admin'] = (await dataSource.query(`SELECT id FROM users`))[0].id;
        return known['admin'];
      },
      check: (entry, known) => expect(entry).toMatchObject({ actorId: known['admin'], actorName: ADMIN_EMAIL, ip: '203.0.113.78' }),
    },
    {
      name: 'password change',
      action: 'auth.password.change',
      entity: 'admin',
      run: async (agent, known) => {
        await agent.post('/api/admin/change-password').send({ currentPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD }).expect(200);
        return known['admin'];
      },
    },
    {
      name: 'a registration status change, with the status before and after',
      action: 'lead.status.change',
      entity: 'registration',
      run: async (agent, known) => {
        known['registration'] = (await publicPost('/api/registrations', VALID_BODIES['post /api/registrations']!).expect(201)).body.data.id;
        await agent.patch(`/api/registrations/${known['registration']}`).send({ status: 'contacted' }).expect(200);
        return known['registration'];
      },
      // The first contact is stamped with it (ADR 068).
      check: (entry) =>
        expect({ before: entry.before, after: entry.after }).toEqual({
          before: { status: 'new', firstContactedAt: null },
          after: { status: 'contacted', firstContactedAt: expect.any(String) },
        }),
    },
    {
      name: 'a registration note change',
      action: 'lead.update',
      entity: 'registration',
      run: async (agent, known) => {
        await agent.patch(`/api/registrations/${known['registration']}`).send({ note: '周末回电' }).expect(200);
        return known['registration'];
      },
      check: (entry) => expect(entry.after).toEqual({ note: '周末回电' }),
    },
    {
      name: 'a follow-up scheduled on a registration',
      action: 'follow_up.create',
      entity: 'follow_up',
      run: async (agent, known) => {
        const dueAt = new Date(Date.now() + 3_600_000).toISOString();
        known['followUp'] = (await agent.post('/api/admin/follow-ups').send({ leadType: 'registration', leadId: known['registration'], dueAt, kind: 'phone', note: '回电' }).expect(201)).body.data.id;
        return known['followUp'];
      },
      check: (entry) => expect(entry.after).toMatchObject({ kind: 'phone', note: '回电', doneAt: null }),
    },
    {
      name: 'a follow-up completed with its result',
      action: 'follow_up.complete',
      entity: 'follow_up',
      run: async (agent, known) => {
        await agent.post(`/api/admin/follow-ups/${known['followUp']}/complete`).send({ result: '已沟通' }).expect(200);
        return known['followUp'];
      },
      check: (entry) => expect({ before: entry.before, after: entry.after }).toMatchObject({ before: { result: null }, after: { result: '已沟通' } }),
    },
    {
      name: 'a registrations export, with its filter',
      action: 'lead.export',
      entity: 'registration',
      run: async (agent) => {
        await agent.get('/api/registrations/export').query({ filter: JSON.stringify({ status: 'contacted' }) }).expect(200);
      },
      check: (entry) => expect(entry.details).toEqual({ filter: { status: 'contacted' } }),
    },
    {
      name: 'a registration deletion, keeping the masked phone but not the name',
      action: 'lead.delete',
      entity: 'registration',
      run: async (agent, known) => {
        await agent.delete(`/api/registrations/${known['registration']}`).expect(200);
        return known['registration'];
      },
      check: (entry) => {
        expect(entry.after).toBeNull();
        expect(entry.before).toMatchObject({ phone: '139****5678', status: 'contacted' });
        expect(entry.before).not.toHaveProperty('name');
        expect(entry.before).not.toHaveProperty('email');
      },
    },
    {
      name: 'a message status change',
      action: 'lead.status.change',
      entity: 'message',
      run: async (agent, known) => {
        known['message'] = (await publicPost('/api/contact', VALID_BODIES['post /api/contact']!).expect(201)).body.data.id;
        await agent.patch(`/api/contact/${known['message']}`).send({ status: 'invalid', statusReason: 'wrong_number' }).expect(200);
        return known['message'];
      },
      // The reason a lead is given up for is part of the change (ADR 068).
      check: (entry) =>
        expect({ before: entry.before, after: entry.after }).toEqual({ before: { status: 'new', statusReason: null }, after: { status: 'invalid', statusReason: 'wrong_number' } }),
    },
    {
      name: 'a messages export',
      action: 'lead.export',
      entity: 'message',
      run: async (agent) => {
        await agent.get('/api/contact/export').expect(200);
      },
    },
    {
      name: 'a message deletion',
      action: 'lead.delete',
      entity: 'message',
      run: async (agent, known) => {
        await agent.delete(`/api/contact/${known['message']}`).expect(200);
        return known['message'];
      },
    },
    {
      name: 'a phone shown in full, naming the record it was read from',
      action: 'phone.reveal',
      entity: 'registration',
      run: async (agent) => {
        await publicPost('/api/registrations', { ...VALID_BODIES['post /api/registrations']!, phone: '13700002222', email: 'reveal.me@example.com' }).expect(201);
        const listed = await agent.get('/api/registrations').query({ filter: JSON.stringify({ q: '13700002222' }) }).expect(200);
        const id = listed.body.data[0].id as string;
        expect(listed.body.data[0].phone).toBe('137****2222');
        const revealed = await agent.post('/api/admin/people/reveal-phone').send({ resource: 'registrations', id }).expect(200);
        expect(revealed.body.data.phone).toContain('13700002222');
        return id;
      },
      check: (entry) => {
        expect(entry).toMatchObject({ before: null, after: null });
        expect(JSON.stringify(entry)).not.toContain('19912345678');
      },
    },
    {
      name: 'one person’s data exported as a file, the identity masked',
      action: 'person.export',
      entity: 'person',
      run: async (agent) => {
        const file = await agent.post('/api/admin/people/export').send({ phone: '13700002222' }).expect(200);
        expect(file.headers['content-disposition']).toMatch(/^attachment; filename="person-\d{8}\.json"$/);
        expect(file.body.data.registrations).toHaveLength(1);
      },
      check: (entry) => {
        expect(entry.details).toEqual({
          phone: '137****2222',
          email: null,
          records: { registrations: 1, messages: 0, consents: expect.any(Number), notifications: expect.any(Number), students: 0 },
        });
        expect(JSON.stringify(entry)).not.toContain('reveal.me');
      },
    },
    {
      name: 'a merge of duplicates, naming the two leads and the fields taken, never their contents',
      action: 'lead.merge',
      entity: 'person',
      run: async (agent, known) => {
        const survivorId = (await publicPost('/api/registrations', { ...VALID_BODIES['post /api/registrations']!, phone: '13700003333', email: 'merge.me@example.com' }).expect(201)).body.data.id;
        const mergedId = (await publicPost('/api/contact', { ...VALID_BODIES['post /api/contact']!, phone: '13700003333' }).expect(201)).body.data.id;
        const merged = await agent.post('/api/admin/people/merges').send({ survivorResource: 'registrations', survivorId, mergedResource: 'contact', mergedId, fields: ['name'] }).expect(201);
        known['merge'] = merged.body.data.id;
        return known['merge'];
      },
      check: (entry) => {
        expect(entry).toMatchObject({ before: null, after: null, details: { survivor: { resource: 'registrations' }, merged: { resource: 'contact' }, fields: ['name'] } });
        expect(JSON.stringify(entry)).not.toContain('13700003333');
        expect(JSON.stringify(entry)).not.toContain('merge.me');
      },
    },
    {
      name: 'a merge undone',
      action: 'lead.merge.undo',
      entity: 'person',
      run: async (agent, known) => {
        await agent.post(`/api/admin/people/merges/${known['merge']}/undo`).expect(200);
        return known['merge'];
      },
    },
    {
      name: 'a person’s erasure, masked',
      action: 'lead.erase',
      entity: 'person',
      run: async (agent) => {
        await publicPost('/api/registrations', { ...VALID_BODIES['post /api/registrations']!, phone: '13700001111', email: 'erase.me@example.com' }).expect(201);
        await agent.post('/api/admin/people/erase').send({ phone: '13700001111', email: 'erase.me@example.com' }).expect(200);
      },
      check: (entry) => {
        expect(entry.details).toMatchObject({ phone: '137****1111', email: 'e***@example.com', erased: { registrations: 1 } });
        expect(JSON.stringify(entry)).not.toContain('erase.me');
      },
    },
    {
      name: 'a student creation',
      action: 'student.create',
      entity: 'student',
      run: async (agent, known) => {
        known['student'] = (await agent.post('/api/admin/students').send({ name: '王五', phone: '13800138000', enrollmentDate: '2026-03-02' }).expect(201)).body.data.id;
        return known['student'];
      },
      // Who the student is stays out of the log (an erasure must be able to remove it); the masked phone stays.
      check: (entry) => {
        expect(entry.after).toMatchObject({ phone: '138****8000', status: 'active' });
        expect(entry.after).not.toHaveProperty('name');
      },
    },
    {
      name: 'a student change',
      action: 'student.update',
      entity: 'student',
      run: async (agent, known) => {
        await agent.patch(`/api/admin/students/${known['student']}`).send({ school: '湖南大学', status: 'graduated', graduationDate: '2026-04-05' }).expect(200);
        return known['student'];
      },
      // That the school changed is kept, not what it says.
      check: (entry) => expect(entry).toMatchObject({ before: { school: AUDIT_REDACTED, status: 'active' }, after: { school: AUDIT_REDACTED, status: 'graduated', graduationDate: '2026-04-05' } }),
    },
    {
      name: 'a student export',
      action: 'student.export',
      entity: 'student',
      run: async (agent, known) => {
        await agent.get(`/api/admin/students/${known['student']}/export`).expect(200);
        return known['student'];
      },
    },
    {
      name: 'a contract creation',
      action: 'contract.create',
      entity: 'contract',
      run: async (agent, known) => {
        const body = { studentId: known['student'], contractNumber: 'HT-2025-0901', courseName: 'AI产品经理训练营', contractAmount: 1_980_000, startDate: '2025-09-20', endDate: '2025-10-25' };
        known['contract'] = (await agent.post('/api/admin/contracts').send(body).expect(201)).body.data.id;
        return known['contract'];
      },
    },
    {
      name: 'a contract change',
      action: 'contract.update',
      entity: 'contract',
      run: async (agent, known) => {
        await agent.patch(`/api/admin/contracts/${known['contract']}`).send({ courseName: 'AI产品经理训练营（周末班）' }).expect(200);
        return known['contract'];
      },
    },
    {
      name: 'a payment',
      action: 'payment.create',
      entity: 'payment',
      run: async (agent, known) => {
        known['payment'] = (await agent.post('/api/admin/payments').send({ studentId: known['student'], amount: 500_000, paymentDate: '2025-09-01' }).expect(201)).body.data.id;
        return known['payment'];
      },
    },
    {
      name: 'a payment deletion',
      action: 'payment.delete',
      entity: 'payment',
      run: async (agent, known) => {
        await agent.delete(`/api/admin/payments/${known['payment']}`).expect(200);
        return known['payment'];
      },
    },
    {
      name: 'a student account, its password hidden',
      action: 'account.create',
      entity: 'account',
      run: async (agent, known) => {
        const body = { studentId: known['student'], username: 'wangwu', email: 'ww@example.com', password: ACCOUNT_PASSWORD };
        known['account'] = (await agent.post('/api/admin/student-accounts').send(body).expect(201)).body.data.id;
        return known['account'];
      },
      check: (entry) => {
        expect(entry.after).toMatchObject({ password: AUDIT_REDACTED, status: 'active' });
        expect(JSON.stringify(entry)).not.toMatch(/wangwu|ww@example\.com/);
      },
    },
    {
      name: 'a student account change',
      action: 'account.update',
      entity: 'account',
      run: async (agent, known) => {
        await agent.patch(`/api/admin/student-accounts/${known['account']}`).send({ password: `${ACCOUNT_PASSWORD}x` }).expect(200);
        return known['account'];
      },
      check: (entry) => expect(entry).toMatchObject({ before: { password: AUDIT_REDACTED }, after: { password: AUDIT_REDACTED } }),
    },
    {
      name: 'a reset link for a student login, made by the administrator, without its token',
      action: 'account.reset_link.create',
      entity: 'account',
      run: async (agent, known) => {
        known['resetPath'] = (await agent.post(`/api/admin/student-accounts/${known['account']}/reset-link`).expect(201)).body.data.path;
        return known['account'];
      },
      check: (entry, known) => expect(JSON.stringify(entry)).not.toContain(known['resetPath']!.split('/').pop()),
    },
    {
      name: 'a student password set with the link, the student as the actor',
      action: 'student.password.reset',
      entity: 'account',
      run: async (_agent, known) => {
        await publicPost('/api/student/reset', { token: known['resetPath']!.split('/').pop(), password: STUDENT_PASSWORD }).expect(200);
        return known['account'];
      },
      check: (entry, known) => expect(entry).toMatchObject({ actorId: known['account'], actorName: `student:${known['account']}`, actorKind: 'student' }),
    },
    {
      name: 'a failed student sign-in, naming the login tried',
      action: 'student.login.fail',
      entity: 'account',
      run: async (_agent, known) => {
        await publicPost('/api/student/login', { login: 'wangwu', password: WRONG_PASSWORD }).expect(401);
        return known['account'];
      },
      check: (entry, known) => expect(entry).toMatchObject({ actorId: null, actorName: `student:${known['account']}`, actorKind: 'student' }),
    },
    {
      name: 'a student sign-in',
      action: 'student.login',
      entity: 'account',
      run: async (_agent, known) => {
        const signedIn = await publicPost('/api/student/login', { login: 'wangwu', password: STUDENT_PASSWORD }).expect(200);
        known['studentCookie'] = ([signedIn.headers['set-cookie']].flat() as string[]).find((line) => line.startsWith('aipm.student='))!.split(';')[0];
        return known['account'];
      },
      check: (entry, known) => expect(entry).toMatchObject({ actorId: known['account'], actorName: `student:${known['account']}`, actorKind: 'student' }),
    },
    {
      name: 'a student password change',
      action: 'student.password.change',
      entity: 'account',
      run: async (_agent, known) => {
        const changed = await request(app.getHttpServer()).post('/api/student/password').set('Cookie', known['studentCookie']!).send({ currentPassword: STUDENT_PASSWORD, newPassword: `${STUDENT_PASSWORD}x` }).expect(200);
        known['studentCookie'] = ([changed.headers['set-cookie']].flat() as string[]).find((line) => line.startsWith('aipm.student='))!.split(';')[0];
        return known['account'];
      },
      check: (entry, known) => expect(entry).toMatchObject({ actorId: known['account'], actorKind: 'student' }),
    },
    {
      name: 'an offer a student reports, the student as the actor, without the employer',
      action: 'student.offer.report',
      entity: 'outcome',
      run: async (_agent, known) => {
        const report = { category: 'in_field_full_time', date: '2026-05-10', employer: '报告公司', title: 'AI 产品经理', city: '长沙', startDate: '2026-06-01', monthlyBase: 1_500_000, monthsPerYear: 14 };
        const answer = await request(app.getHttpServer()).post('/api/student/offers').set('Cookie', known['studentCookie']!).field('report', JSON.stringify(report)).attach('evidence', PDF, 'offer.pdf').expect(201);
        known['reportedOffer'] = answer.body.data.id;
        return known['reportedOffer'];
      },
      check: (entry, known) => {
        expect(entry).toMatchObject({ actorId: known['account'], actorKind: 'student', after: { reviewState: 'pending', reportedByStudent: true } });
        expect(JSON.stringify(entry)).not.toContain('报告公司');
      },
    },
    {
      name: "a student's offer report returned with the reason",
      action: 'outcome.return',
      entity: 'outcome',
      run: async (agent, known) => {
        await agent.post(`/api/admin/outcomes/${known['reportedOffer']}/return`).send({ reason: '请补充劳动合同' }).expect(200);
        return known['reportedOffer'];
      },
      check: (entry) => expect(entry).toMatchObject({ actorKind: 'admin', before: { reviewState: 'pending' }, after: { reviewState: 'returned', returnReason: '请补充劳动合同' } }),
    },
    {
      name: "a student's offer report accepted",
      action: 'outcome.accept',
      entity: 'outcome',
      run: async (agent, known) => {
        // Another report, waiting (written in SQL: the report itself is the case above).
        const [{ id }] = await dataSource.query(
          `INSERT INTO student_outcomes ("studentId", category, date, employer, title, city, "startDate", "monthlyBase", "monthsPerYear", "fixedExtras", "reviewState", "reportedByStudent")
           VALUES ($1, 'in_field_contract', '2026-05-11', '另一家', '产品助理', '长沙', '2026-06-01', 900000, 12, 0, 'pending', true) RETURNING id`,
          [known['student']],
        );
        await agent.post(`/api/admin/outcomes/${id}/accept`).expect(200);
        return id;
      },
      check: (entry) => expect(entry).toMatchObject({ actorKind: 'admin', before: { reviewState: 'pending' }, after: { reviewState: 'accepted' } }),
    },
    {
      name: 'a student sign-out',
      action: 'student.logout',
      entity: 'account',
      run: async (_agent, known) => {
        await request(app.getHttpServer()).post('/api/student/logout').set('Cookie', known['studentCookie']!).expect(200);
        return known['account'];
      },
      check: (entry, known) => expect(entry).toMatchObject({ actorId: known['account'], actorKind: 'student' }),
    },
    {
      name: 'a student account deletion',
      action: 'account.delete',
      entity: 'account',
      run: async (agent, known) => {
        await agent.delete(`/api/admin/student-accounts/${known['account']}`).expect(200);
        return known['account'];
      },
    },
    {
      name: 'a file upload',
      action: 'file.upload',
      entity: 'file',
      run: async (agent, known) => {
        const { uploadURL, method, headers } = (await agent.post('/api/contracts/upload-url').send({ fileName: 'contract.pdf' }).expect(200)).body.data;
        expect((await fetch(storeUrl(uploadURL), { method, headers, body: PDF })).status).toBe(200);
        known['file'] = (await agent.post('/api/contracts/confirm-upload').send({ uploadURL }).expect(200)).body.data.accessURL;
        return known['file'].replace(/^.*\/files\//, '');
      },
      check: (entry) => expect(entry.details).toMatchObject({ kind: 'contract', type: 'pdf' }),
    },
    {
      name: 'a file view',
      action: 'file.view',
      entity: 'file',
      run: async (agent, known) => {
        await agent.get(known['file']!).expect(302);
        return known['file']!.replace(/^.*\/files\//, '');
      },
    },
    {
      name: "a student file saved, the uploader's file name hidden",
      action: 'file.save',
      entity: 'file',
      run: async (agent, known) => {
        known['studentFile'] = (await agent.post('/api/admin/student-files').send({ studentId: known['student'], accessURL: known['file'] }).expect(201)).body.data.id;
        return known['studentFile'];
      },
      check: (entry) => {
        expect(entry.after).toMatchObject({ contractId: null });
        expect(JSON.stringify(entry)).not.toMatch(/contract\.pdf/);
      },
    },
    {
      name: 'a student file moved to a contract',
      action: 'file.move',
      entity: 'file',
      run: async (agent, known) => {
        await agent.patch(`/api/admin/student-files/${known['studentFile']}`).send({ contractId: known['contract'] }).expect(200);
        return known['studentFile'];
      },
      check: (entry) => expect(entry).toMatchObject({ before: { contractId: null }, after: { contractId: expect.any(String) } }),
    },
    {
      name: 'a student file deletion',
      action: 'file.delete',
      entity: 'file',
      run: async (agent, known) => {
        await agent.delete(`/api/admin/student-files/${known['studentFile']}`).expect(200);
        return known['studentFile'];
      },
    },
    {
      name: 'a contract deletion',
      action: 'contract.delete',
      entity: 'contract',
      run: async (agent, known) => {
        await agent.delete(`/api/admin/contracts/${known['contract']}`).expect(200);
        return known['contract'];
      },
    },
    {
      name: 'a student deletion',
      action: 'student.delete',
      entity: 'student',
      run: async (agent, known) => {
        await agent.delete(`/api/admin/students/${known['student']}`).expect(200);
        return known['student'];
      },
    },
    {
      name: 'a cohort',
      action: 'cohort.create',
      entity: 'cohort',
      run: async (agent, known) => {
        known['cohort'] = (await agent.post('/api/admin/cohorts').send({ name: '审计期', startDate: '2026-03-02', capacity: 20 }).expect(201)).body.data.id;
        return known['cohort'];
      },
      check: (entry) => expect(entry.after).toMatchObject({ name: '审计期', capacity: 20, status: 'enrolling' }),
    },
    {
      name: 'a cohort change',
      action: 'cohort.update',
      entity: 'cohort',
      run: async (agent, known) => {
        await agent.patch(`/api/admin/cohorts/${known['cohort']}`).send({ capacity: 25 }).expect(200);
        return known['cohort'];
      },
      check: (entry) => expect({ before: entry.before, after: entry.after }).toEqual({ before: { capacity: 20 }, after: { capacity: 25 } }),
    },
    {
      name: 'an attendance mark, with the mark before and after',
      action: 'attendance.mark',
      entity: 'attendance',
      run: async (agent) => {
        // Set up in SQL: only the mark is the action under test.
        const [{ id: cohortId }] = await dataSource.query(`INSERT INTO cohorts (name, "startDate", "moduleDays", capacity) VALUES ('考勤审计期', '2026-03-02', '{2,6,7,4,3,9,4}', 5) RETURNING id`);
        const [{ id: studentId }] = await dataSource.query(`INSERT INTO students (name, phone, "cohortId") VALUES ('考勤学员', '13700001234', $1) RETURNING id`, [cohortId]);
        await agent.put(`/api/admin/cohorts/${cohortId}/attendance/2026-03-03/${studentId}`).send({ mark: 'late' }).expect(200);
        return studentId;
      },
      check: (entry) => expect({ before: entry.before, after: entry.after, date: entry.details?.['date'] }).toEqual({ before: { mark: null }, after: { mark: 'late' }, date: '2026-03-03' }),
    },
    {
      name: 'a job outcome, without the employer or notes',
      action: 'outcome.create',
      entity: 'outcome',
      run: async (agent, known) => {
        const [{ id: studentId }] = await dataSource.query(`INSERT INTO students (name, phone, "enrollmentDate") VALUES ('就业学员', '13700004321', '2026-03-02') RETURNING id`);
        const body = { studentId, category: 'seeking', date: '2026-05-10', notes: '正在面试' };
        known['outcome'] = (await agent.post('/api/admin/outcomes').send(body).expect(201)).body.data.id;
        return known['outcome'];
      },
      check: (entry) => {
        expect(entry.after).toMatchObject({ category: 'seeking', date: '2026-05-10' });
        expect(entry.after).not.toHaveProperty('notes');
      },
    },
    {
      name: 'a job outcome change',
      action: 'outcome.update',
      entity: 'outcome',
      run: async (agent, known) => {
        await agent.patch(`/api/admin/outcomes/${known['outcome']}`).send({ date: '2026-05-12' }).expect(200);
        return known['outcome'];
      },
      check: (entry) => expect({ before: entry.before, after: entry.after }).toEqual({ before: { date: '2026-05-10' }, after: { date: '2026-05-12' } }),
    },
    {
      name: 'a job outcome deletion',
      action: 'outcome.delete',
      entity: 'outcome',
      run: async (agent, known) => {
        await agent.delete(`/api/admin/outcomes/${known['outcome']}`).expect(200);
        return known['outcome'];
      },
    },
    {
      name: 'a cohort deletion',
      action: 'cohort.delete',
      entity: 'cohort',
      run: async (agent, known) => {
        await agent.delete(`/api/admin/cohorts/${known['cohort']}`).expect(200);
        return known['cohort'];
      },
    },
    {
      name: 'a crawl task',
      action: 'crawl_task.create',
      entity: 'crawl_task',
      run: async (agent, known) => {
        const task = { name: '长沙 AI产品经理', keywords: ['AI产品经理'], targetUrls: ['https://www.zhipin.com/web/geek/job?query=AI&city=101250100'], site: 'zhipin', waitTime: 5000 };
        known['task'] = (await agent.post('/api/admin/crawl-tasks').send(task).expect(201)).body.data.id;
        return known['task'];
      },
    },
    {
      name: 'a crawl task schedule',
      action: 'crawl_task.schedule.set',
      entity: 'crawl_task',
      run: async (agent, known) => {
        await agent.put(`/api/admin/crawl-tasks/${known['task']}/schedule`).send({ cron: '0 9 * * 1-5' }).expect(200);
        return known['task'];
      },
      check: (entry) => expect(entry.after).toMatchObject({ schedule: '0 9 * * 1-5' }),
    },
    {
      name: 'a crawl task schedule removal',
      action: 'crawl_task.schedule.clear',
      entity: 'crawl_task',
      run: async (agent, known) => {
        await agent.delete(`/api/admin/crawl-tasks/${known['task']}/schedule`).expect(200);
        return known['task'];
      },
    },
    {
      name: 'a crawl task run',
      action: 'crawl_task.run',
      entity: 'crawl_task',
      run: async (agent, known) => {
        await agent.post(`/api/admin/crawl-tasks/${known['task']}/run`).expect(202);
        return known['task'];
      },
    },
    {
      name: 'an automated search',
      action: 'crawl.run',
      entity: 'crawl_task',
      run: async (agent) => {
        await agent.post('/api/admin/crawl/run').send({ site: 'zhaopin', keywords: ['AI产品经理'], city: '长沙', maxResults: 50, taskName: '审计测试' }).expect(200);
      },
    },
    {
      name: 'a job added by hand',
      action: 'crawl_result.create',
      entity: 'crawl_result',
      run: async (agent, known) => {
        const body = { ...VALID_BODIES['post /api/admin/crawl-results']!, sourceUrl: 'https://www.zhipin.com/job_detail/audit-1.html' };
        known['manual'] = (await agent.post('/api/admin/crawl-results').send(body).expect(201)).body.data.id;
        return known['manual'];
      },
    },
    {
      name: 'an approval',
      action: 'crawl_result.approve',
      entity: 'crawl_result',
      run: async (agent, known) => {
        known['result'] = await crawledResult('audit-2');
        await agent.patch(`/api/admin/crawl-results/${known['result']}/review`).send({ status: 'approved' }).expect(200);
        return known['result'];
      },
      check: (entry) => expect(entry).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved' } }),
    },
    {
      name: 'a rejection',
      action: 'crawl_result.reject',
      entity: 'crawl_result',
      run: async (agent) => {
        const id = await crawledResult('audit-3');
        await agent.patch(`/api/admin/crawl-results/${id}/review`).send({ status: 'rejected' }).expect(200);
        return id;
      },
    },
    {
      name: 'publishing',
      action: 'crawl_result.publish',
      entity: 'crawl_result',
      run: async (agent, known) => {
        known['job'] = (await agent.post(`/api/admin/crawl-results/${known['result']}/publish`).expect(200)).body.data.publishedJobId;
        return known['result'];
      },
      check: (entry, known) => expect(entry.details).toEqual({ publishedJobId: known['job'] }),
    },
    {
      name: 'hiding a published job',
      action: 'job.deactivate',
      entity: 'published_job',
      run: async (agent, known) => {
        await agent.patch(`/api/admin/published-jobs/${known['job']}/status`).send({ isActive: false }).expect(200);
        return known['job'];
      },
      check: (entry) => expect(entry).toMatchObject({ before: { isActive: true }, after: { isActive: false } }),
    },
    {
      name: 'showing it again',
      action: 'job.activate',
      entity: 'published_job',
      run: async (agent, known) => {
        await agent.patch(`/api/admin/published-jobs/${known['job']}/status`).send({ isActive: true }).expect(200);
        return known['job'];
      },
    },
    {
      name: 'deleting a published job',
      action: 'job.delete',
      entity: 'published_job',
      run: async (agent, known) => {
        await agent.delete(`/api/admin/published-jobs/${known['job']}`).expect(200);
        return known['job'];
      },
    },
    {
      name: 'clearing the crawl results',
      action: 'crawl_result.clear',
      entity: 'crawl_result',
      run: async (agent) => {
        await agent.delete('/api/admin/crawl-results/clear').expect(200);
      },
      check: (entry) => expect(entry.details).toEqual({ deletedCount: expect.any(Number) }),
    },
    {
      name: 'crawler settings, the cookie hidden',
      action: 'settings.crawler.change',
      entity: 'crawler_settings',
      run: async (agent) => {
        await agent.post('/api/admin/crawler-config').send({ request_delay: 4000, boss_cookie: COOKIE }).expect(200);
      },
      check: (entry) => expect(entry).toMatchObject({ before: { request_delay: 3000, boss_cookie: null }, after: { request_delay: 4000, boss_cookie: AUDIT_REDACTED } }),
    },
    {
      name: 'a site session deleted: which site, never the session',
      action: 'settings.crawler.session.delete',
      entity: 'crawler_settings',
      run: async (agent) => {
        const sealed = new SiteSessionSeal('audit-site-session-key-0123456789abcdef').seal('liepin', { cookies: [{ name: 'lt', value: COOKIE, domain: '.liepin.com', path: '/' }], origins: [] });
        await dataSource.getRepository(CrawlerSiteSession).save({ site: 'liepin', sealed, capturedAt: new Date('2026-11-27T08:00:00.000Z') });
        await agent.delete('/api/admin/crawler/site-sessions/liepin').expect(200);
      },
      check: (entry) => expect(entry.details).toEqual({ site: 'liepin', capturedAt: '2026-11-27T08:00:00.000Z' }),
    },
    {
      name: 'site settings',
      action: 'settings.site.change',
      entity: 'site_settings',
      run: async (agent) => {
        const current = (await agent.get('/api/admin/site-settings').expect(200)).body.data;
        await agent.put('/api/admin/site-settings').send({ ...current, wechatId: 'aipm_audit_2026' }).expect(200);
      },
      check: (entry) => expect(entry.after).toEqual({ wechatId: 'aipm_audit_2026' }),
    },
    {
      name: 'daily summary call setting',
      action: 'settings.phone.summary.change',
      entity: 'phone_settings',
      run: async (agent) => {
        await agent.put('/api/admin/phone-daily-summary').send({ enabled: true, time: '08:30', ttsCode: 'TTS_300000002' }).expect(200);
      },
      check: (entry) => expect(entry.after).toMatchObject({ enabled: true, time: '08:30', ttsCode: 'TTS_300000002' }),
    },
    {
      name: 'crawler check call setting',
      action: 'settings.phone.crawler_check.change',
      entity: 'phone_settings',
      run: async (agent) => {
        await agent.put('/api/admin/phone-crawler-check').send({ enabled: true, ttsCode: 'TTS_300000003' }).expect(200);
      },
      check: (entry) => expect(entry.after).toEqual({ enabled: true, ttsCode: 'TTS_300000003' }),
    },
    {
      name: 'landing content: a draft saved',
      action: 'landing.draft.save',
      entity: 'landing_content',
      run: async (agent) => {
        const { content } = (await agent.get(LANDING_CONTENT_PATHS.draft).expect(200)).body.data;
        await agent.put(LANDING_CONTENT_PATHS.draft).send({ ...content, faq: { items: [{ ...content.faq.items[0], question: { zh: '审计问题？', en: 'Audit question?' } }, ...content.faq.items.slice(1)] } }).expect(200);
      },
      check: (entry) => expect(entry).toMatchObject({ entity: 'landing_content', before: null, after: null }),
    },
    {
      name: 'landing content: published',
      action: 'landing.publish',
      entity: 'landing_content',
      run: async (agent) => {
        await agent.post(LANDING_CONTENT_PATHS.publish).expect(200);
      },
      check: (entry) => expect(entry.details).toEqual({ publicationId: expect.any(Number) }),
    },
    {
      name: 'landing content: an earlier publication restored',
      action: 'landing.restore',
      entity: 'landing_content',
      run: async (agent) => {
        const [, earlier] = (await agent.get(LANDING_CONTENT_PATHS.publications).expect(200)).body.data;
        await agent.post(LANDING_CONTENT_PATHS.restore(earlier.id)).expect(200);
      },
      check: (entry) => expect(entry).toMatchObject({ entityId: expect.stringMatching(/^\d+$/), details: { publicationId: expect.any(Number) } }),
    },
    {
      name: 'landing content: an image uploaded',
      action: 'landing.image.upload',
      entity: 'landing_content',
      run: async (agent) => {
        const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);
        await agent.post(LANDING_CONTENT_PATHS.images).attach('file', png, 'logo.png').expect(200);
      },
      check: (entry) => expect(entry.details).toEqual({ file: expect.stringMatching(/^[0-9a-f]{64}\.png$/), type: 'png', size: 33 }),
    },
    {
      name: 'salary-guarantee rules',
      action: 'settings.guarantee.change',
      entity: 'guarantee_settings',
      run: async (agent) => {
        await agent.put('/api/admin/guarantee/settings').send({ minAttendance: 80 }).expect(200);
      },
      check: (entry) => expect({ before: entry.before, after: entry.after }).toEqual({ before: { minAttendance: 90 }, after: { minAttendance: 80 } }),
    },
    {
      name: 'lead settings (the reasons a lead is given up for)',
      action: 'settings.leads.change',
      entity: 'lead_settings',
      run: async (agent) => {
        const current = (await agent.get('/api/admin/lead-settings').expect(200)).body.data.statusReasons as { code: string }[];
        await agent.put('/api/admin/lead-settings').send({ statusReasons: current.filter((reason) => reason.code !== 'other') }).expect(200);
      },
      check: (entry) =>
        expect((entry.after as { statusReasons: unknown[] }).statusReasons).toContainEqual({ code: 'other', zh: '其他', en: 'Other', retired: true }),
    },
    {
      name: 'a lead import, its counts and no row of the file',
      action: 'lead.import',
      entity: 'lead_import',
      run: async (agent, ids) => {
        const file = Buffer.from('姓名,手机号\r\n导入者,19912345678\r\n', 'utf8');
        const { body } = await agent.post('/api/admin/lead-imports').field('mapping', JSON.stringify({ name: '姓名', phone: '手机号' })).attach('file', file, 'leads.csv').expect(201);
        ids['leadImport'] = body.data.id;
        return body.data.id;
      },
      check: (entry) => {
        expect(entry.details).toMatchObject({ rowCount: 1, created: 1, merged: 0, skipped: 0 });
        expect(JSON.stringify(entry)).not.toContain('19912345678');
      },
    },
    {
      name: 'a lead import undone',
      action: 'lead.import.undo',
      entity: 'lead_import',
      run: async (agent, ids) => {
        await agent.post(`/api/admin/lead-imports/${ids['leadImport']}/undo`).expect(200);
        return ids['leadImport']!;
      },
      check: (entry) => {
        expect(entry.details).toMatchObject({ rowCount: 1, created: 1 });
        expect(entry.after).toMatchObject({ undoneBy: ADMIN_EMAIL });
      },
    },
    {
      name: 'the outcomes report as CSV (it names students)',
      action: 'outcomes_report.export',
      entity: 'outcomes_report',
      run: async (agent) => {
        await agent.get('/api/admin/outcomes-report/export').query({ groupBy: 'half-year' }).expect(200);
      },
      check: (entry) => expect(entry.details).toEqual({ groupBy: 'half-year' }),
    },
    {
      name: '立即备份 (queued for a worker)',
      action: 'backup.start',
      entity: 'backup',
      run: async (agent) => {
        await agent.post('/api/admin/backups').send({}).expect(202);
      },
    },
    {
      name: 'WeChat share settings',
      action: 'wechat_share.create',
      entity: 'wechat_share',
      run: async (agent, known) => {
        known['share'] = (await agent.post('/api/admin/wechat-share-configs').send({ pageUrl: 'https://www.example.cn/', title: '分享标题', description: '分享描述', imageUrl: 'https://www.example.cn/share.jpg' }).expect(201)).body.data.id;
        return known['share'];
      },
    },
    {
      name: 'a WeChat share change',
      action: 'wechat_share.update',
      entity: 'wechat_share',
      run: async (agent, known) => {
        await agent.patch(`/api/admin/wechat-share-configs/${known['share']}`).send({ title: '新的分享标题' }).expect(200);
        return known['share'];
      },
    },
    {
      name: 'a WeChat share deletion',
      action: 'wechat_share.delete',
      entity: 'wechat_share',
      run: async (agent, known) => {
        await agent.delete(`/api/admin/wechat-share-configs/${known['share']}`).expect(200);
        return known['share'];
      },
    },
  ];

  it('recorded the first administrator’s registration', async () => {
    const all = await entries();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ action: 'auth.register', entity: 'admin', actorName: ADMIN_EMAIL });
  });

  it('writes exactly one entry per audited action, with its action, entity, id and actor', async () => {
    for (const auditedCase of CASES) {
      const before = (await entries()).length;
      const entityId = await auditedCase.run(admin, ids);
      const added = (await entries()).slice(before);
      const mine = added;
      expect({ case: auditedCase.name, count: mine.length }).toEqual({ case: auditedCase.name, count: 1 });
      const entry = mine[0]!;
      expect({ case: auditedCase.name, action: entry.action, entity: entry.entity }).toEqual({ case: auditedCase.name, action: auditedCase.action, entity: auditedCase.entity });
      if (entityId) expect({ case: auditedCase.name, entityId: entry.entityId }).toEqual({ case: auditedCase.name, entityId });
      // A failed sign-in names the account tried; the student realm's actions name the student (their own checks).
      if (auditedCase.action !== 'auth.login.fail' && !auditedCase.action.startsWith('student.')) {
        expect({ case: auditedCase.name, actor: entry.actorName, kind: entry.actorKind }).toEqual({ case: auditedCase.name, actor: ADMIN_EMAIL, kind: 'admin' });
      }
      auditedCase.check?.(entry, ids);
    }
    const covered = new Set(CASES.map((auditedCase) => auditedCase.action));
    // Everything but the first administrator's registration, this log's export, enrolling a lead (two entries,
    // enrolment.e2e-spec.ts) and storing a site's session (it needs a worker's live view: crawler-live-view.e2e-spec.ts),
    // which have tests of their own.
    const routeActions = Object.keys(AUDIT_ACTION_LABELS).filter((action) => !['auth.register', 'audit.export', 'lead.enrol', 'settings.crawler.session.store'].includes(action));
    expect(routeActions.filter((action) => !covered.has(action as AuditAction))).toEqual([]);
  });

  it('keeps every secret out of the log', async () => {
    const text = JSON.stringify(await entries());
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('records nothing for reads, public forms or a refused change', async () => {
    const before = (await entries()).length;
    await admin.get('/api/registrations').expect(200);
    await admin.get('/api/admin/students').expect(200);
    await publicPost('/api/contact', VALID_BODIES['post /api/contact']!).expect(201);
    await admin.patch('/api/registrations/00000000-0000-4000-8000-000000000000').send({ status: 'contacted' }).expect(404);
    await admin.post('/api/admin/students').send({ name: '' }).expect(400);
    expect((await entries()).length).toBe(before);
  });

  it('refuses UPDATE, DELETE and TRUNCATE at the database, and offers no route that edits or deletes', async () => {
    const [first] = await entries();
    await expect(dataSource.query(`UPDATE audit_log SET "actorName" = 'someone else' WHERE id = $1`, [first!.id])).rejects.toThrow(/append-only/);
    await expect(dataSource.query(`DELETE FROM audit_log WHERE id = $1`, [first!.id])).rejects.toThrow(/append-only/);
    await expect(dataSource.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    expect((await entries())[0]).toEqual(first);
    await admin.patch(`/api/admin/audit-log/${first!.id}`).send({ actorName: 'x' }).expect(404);
    await admin.delete(`/api/admin/audit-log/${first!.id}`).expect(404);
  });

  describe('the back office list', () => {
    const list = (filter: object, range = [0, 24]) =>
      admin.get('/api/admin/audit-log').query({ filter: JSON.stringify(filter), range: JSON.stringify(range) }).expect(200);

    it('lists newest first with server paging', async () => {
      const all = await entries();
      const page = await list({}, [0, 4]);
      expect(page.headers['content-range']).toBe(`audit-log 0-4/${all.length}`);
      expect(page.body.data.map((entry: AuditEntryResponse) => entry.id)).toEqual(all.slice(-5).reverse().map((entry) => entry.id));
    });

    it('filters by action, entity, actor and date range', async () => {
      const byAction = (await list({ action: 'lead.status.change' })).body.data as AuditEntryResponse[];
      expect(byAction.map((entry) => entry.entity).sort()).toEqual(['message', 'registration']);
      const byEntity = (await list({ entity: 'published_job' })).body.data as AuditEntryResponse[];
      expect(byEntity.map((entry) => entry.action)).toEqual(['job.delete', 'job.activate', 'job.deactivate']);
      const byActor = (await list({ actorId: ids['admin'] })).body.data as AuditEntryResponse[];
      expect(byActor.length).toBeGreaterThan(10);
      expect(byActor.every((entry) => entry.actorId === ids['admin'])).toBe(true);
      // The actor filter's choices: the administrators by sign-in name.
      expect((await admin.get('/api/admin/audit-log/actors').expect(200)).body).toEqual({ success: true, data: [{ id: ids['admin'], name: ADMIN_EMAIL }] });
      expect((await list({ q: '203.0.113.77' })).body.data.map((entry: AuditEntryResponse) => entry.action)).toEqual(['auth.login.fail']);
      expect((await list({ createdAt_gte: '2100-01-01' })).body.data).toEqual([]);
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      expect((await list({ createdAt_gte: today, createdAt_lte: today, entity: 'wechat_share' })).body.data).toHaveLength(3);
      await admin.get('/api/admin/audit-log').query({ filter: JSON.stringify({ action: 'not.a.code' }) }).expect(400);
    });

    it('reads one entry with its before and after', async () => {
      const [entry] = (await list({ action: 'crawl_result.approve' })).body.data as AuditEntryResponse[];
      const one = await admin.get(`/api/admin/audit-log/${entry!.id}`).expect(200);
      expect(one.body.data).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved' } });
      await admin.get('/api/admin/audit-log/00000000-0000-4000-8000-000000000000').expect(404);
      await admin.get('/api/admin/audit-log/not-an-id').expect(400);
    });

    it('exports CSV with the BOM and labels, not codes, and records the export', async () => {
      const before = (await entries()).length;
      const response = await admin.get('/api/admin/audit-log/export').query({ filter: JSON.stringify({ entity: 'registration' }) }).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      }).expect(200);
      const csv = response.body as string;
      expect(csv.startsWith('\uFEFF时间,操作人,IP 地址,操作,对象,对象ID,修改前,修改后,详情,操作人ID,ID\r\n')).toBe(true);
      const lines = csv.trim().split('\r\n').slice(1);
      expect(lines).toHaveLength(5); // status, note, export, reveal, delete
      expect(csv).toContain(AUDIT_ACTION_LABELS['lead.status.change']);
      expect(csv).toContain(AUDIT_ENTITY_LABELS.registration);
      expect(csv).not.toContain(',lead.status.change,');
      const added = (await entries()).slice(before);
      expect(added.map((entry) => [entry.action, entry.details])).toEqual([['audit.export', { filter: { entity: 'registration' } }]]);
    });

    it('needs the administrator session', async () => {
      await request(app.getHttpServer()).get('/api/admin/audit-log').expect(401);
      await request(app.getHttpServer()).get('/api/admin/audit-log/export').expect(401);
      await request(app.getHttpServer()).get('/api/admin/audit-log/actors').expect(401);
    });
  });
});
