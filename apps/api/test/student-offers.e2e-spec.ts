import { addDays, formatIsoDate, type GuaranteeEntryResponse, OUTCOME_ERRORS, STUDENT_ERRORS } from '@aipm/contracts';
import request from 'supertest';
import { expectFieldError } from './support/api-errors';
import { useApiSuite } from './support/api-suite';
import { STUDENT_SESSION_COOKIE_NAME } from '../src/common/student-session';

const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d605a40000000049454e44ae426082', 'hex');
const FEE = 1_980_000;
const today = formatIsoDate(new Date());
const daysAgo = (days: number) => addDays(today, -days);

/** A job as a student reports it: the target salary (¥200,000 a year) accepted five days ago. */
const REPORT = {
  category: 'in_field_full_time',
  date: daysAgo(5),
  employer: '长沙某科技有限公司',
  title: 'AI 产品经理',
  city: '长沙',
  startDate: daysAgo(1),
  monthlyBase: 1_000_000,
  monthsPerYear: 20,
  fixedExtras: 0,
};

/**
 * A student's own offer reports (docs/product/outcomes.md#offers-reported-by-students, ADR 066): reported with their
 * evidence as one multipart form, pending until the administrator accepts or returns them, counted by the salary
 * guarantee only once accepted; checked whole before any file is stored; only ever the student's own.
 */
describe('student offer reports', () => {
  const suite = useApiSuite(6);
  let sequence = 0;
  const server = () => suite.app.getHttpServer();

  /** A graduate of ten days with a guaranteed, fully paid contract and a 学员登录, signed in: ids and the cookie. */
  async function signedInGraduate() {
    sequence += 1;
    const enrollmentDate = daysAgo(60);
    const studentId = (
      await suite.admin
        .post('/api/admin/students')
        .send({ name: `报告${sequence}`, phone: `1371000${String(1000 + sequence).slice(-4)}`, enrollmentDate, status: 'graduated', graduationDate: daysAgo(10) })
        .expect(201)
    ).body.data.id as string;
    const contractId = (
      await suite.admin
        .post('/api/admin/contracts')
        .send({ studentId, contractNumber: `HT-R-${sequence}`, courseName: 'AI 产品经理训练营', contractAmount: FEE, startDate: enrollmentDate, endDate: addDays(enrollmentDate, 35), guaranteed: true })
        .expect(201)
    ).body.data.id as string;
    await suite.admin.post('/api/admin/payments').send({ studentId, contractId, amount: FEE, paymentDate: today }).expect(201);
    const username = `offer-${sequence}-${Date.now().toString(36)}`;
    await suite.admin.post('/api/admin/student-accounts').send({ studentId, kind: 'student_login', username, email: `${username}@example.com`, password: 'student-pass-1' }).expect(201);
    const login = await request(server()).post('/api/student/login').set('X-Forwarded-For', `198.51.100.${sequence}`).send({ login: username, password: 'student-pass-1' }).expect(200);
    const cookie = ([login.headers['set-cookie']].flat() as string[]).find((line) => line.startsWith(`${STUDENT_SESSION_COOKIE_NAME}=`))!.split(';')[0]!;
    return { studentId, contractId, cookie };
  }

  const report = (cookie: string, body: object | string, files: { name: string; bytes: Buffer }[] = [{ name: '录用通知书.pdf', bytes: PDF }]) => {
    const call = request(server()).post('/api/student/offers').set('Cookie', cookie).field('report', typeof body === 'string' ? body : JSON.stringify(body));
    for (const file of files) call.attach('evidence', file.bytes, file.name);
    return call;
  };
  const entryOf = async (contractId: string): Promise<GuaranteeEntryResponse> =>
    ((await suite.admin.get('/api/admin/guarantee').query({ range: '[0,499]' }).expect(200)).body.data as GuaranteeEntryResponse[]).find((entry) => entry.id === contractId)!;
  const storedObjects = async () => Number((await suite.sql.query(`SELECT count(*)::int AS n FROM stored_uploads`))[0].n);

  it('reports an offer with its evidence as pending; the guarantee counts it only once the administrator accepts it', async () => {
    const { studentId, contractId, cookie } = await signedInGraduate();
    expect(await entryOf(contractId)).toMatchObject({ status: 'open', bestSalary: null });

    const evidence = [
      { name: '录用通知书.pdf', bytes: PDF },
      { name: '社保.png', bytes: PNG },
    ];
    const reported = (await report(cookie, { ...REPORT, notes: '经内推' }, evidence).expect(201)).body.data;
    expect(reported).toMatchObject({ studentId, reviewState: 'pending', reportedByStudent: true, returnReason: null, reviewedAt: null, contractSalary: 20_000_000, notes: '经内推' });
    expect(reported.evidence.map((file: { originalName: string; kind: string }) => [file.originalName, file.kind])).toEqual([
      ['录用通知书.pdf', 'offer_letter'],
      ['社保.png', 'offer_letter'],
    ]);
    // Pending: the ledger does not count it yet, and the administrator sees it waiting.
    expect(await entryOf(contractId)).toMatchObject({ status: 'open', bestSalary: null });
    const waiting = (await suite.admin.get('/api/admin/outcomes').query({ filter: JSON.stringify({ reviewState: 'pending', studentId }) }).expect(200)).body.data;
    expect(waiting.map((outcome: { id: string }) => outcome.id)).toEqual([reported.id]);
    // The evidence opens in the back office, as any student file.
    await suite.admin.get(new URL(reported.evidence[0].accessURL, 'http://x').pathname).expect(302);

    const accepted = (await suite.admin.post(`/api/admin/outcomes/${reported.id}/accept`).expect(200)).body.data;
    expect(accepted).toMatchObject({ reviewState: 'accepted', returnReason: null });
    expect(accepted.reviewedAt).not.toBeNull();
    expect(await entryOf(contractId)).toMatchObject({ status: 'met', bestSalary: 20_000_000 });
    // Decided once: neither accepted again nor returned.
    expect((await suite.admin.post(`/api/admin/outcomes/${reported.id}/accept`).expect(409)).body).toMatchObject({ code: 'OUTCOME_NOT_PENDING', message: OUTCOME_ERRORS.OUTCOME_NOT_PENDING });
    await suite.admin.post(`/api/admin/outcomes/${reported.id}/return`).send({ reason: '太晚了' }).expect(409);

    const mine = (await request(server()).get('/api/student/offers').set('Cookie', cookie).expect(200)).body.data;
    expect(mine).toEqual([expect.objectContaining({ id: reported.id, reviewState: 'accepted' })]);

    const entries = await suite.sql.query(`SELECT "actorKind", entity, after FROM audit_log WHERE action = 'student.offer.report' AND "entityId" = $1`, [reported.id]);
    expect(entries).toEqual([expect.objectContaining({ actorKind: 'student', entity: 'outcome' })]);
    const [entry] = entries;
    expect(JSON.stringify(entry.after)).not.toContain('长沙某科技有限公司');
    expect(await suite.sql.query(`SELECT "actorKind" FROM audit_log WHERE action = 'outcome.accept' AND "entityId" = $1`, [reported.id])).toEqual([{ actorKind: 'admin' }]);
  });

  it('returns a report with the reason the student reads; a returned report never counts', async () => {
    const { contractId, cookie } = await signedInGraduate();
    const reported = (await report(cookie, REPORT).expect(201)).body.data;
    expectFieldError((await suite.admin.post(`/api/admin/outcomes/${reported.id}/return`).send({ reason: '  ' }).expect(400)).body, 'reason', OUTCOME_ERRORS.RETURN_REASON_REQUIRED);
    expectFieldError((await suite.admin.post(`/api/admin/outcomes/${reported.id}/return`).send({ reason: 'x'.repeat(201) }).expect(400)).body, 'reason', OUTCOME_ERRORS.RETURN_REASON_TOO_LONG);
    await suite.admin.post(`/api/admin/outcomes/${reported.id}/return`).send({ reason: '  录用通知书看不清，请重新上传 ' }).expect(200);
    const mine = (await request(server()).get('/api/student/offers').set('Cookie', cookie).expect(200)).body.data;
    expect(mine).toEqual([expect.objectContaining({ id: reported.id, reviewState: 'returned', returnReason: '录用通知书看不清，请重新上传' })]);
    expect(await entryOf(contractId)).toMatchObject({ status: 'open', bestSalary: null });
    await suite.admin.post(`/api/admin/outcomes/${reported.id}/accept`).expect(409);
  });

  it('checks the report and every file before storing any, with the messages of the outcome form and the uploads', async () => {
    const { studentId, cookie } = await signedInGraduate();
    const before = await storedObjects();
    expectFieldError((await report(cookie, { ...REPORT, category: 'seeking' }).expect(400)).body, 'category', OUTCOME_ERRORS.OFFER_REPORT_NOT_A_JOB);
    expectFieldError((await report(cookie, { ...REPORT, date: addDays(today, 1), startDate: addDays(today, 2) }).expect(400)).body, 'date', OUTCOME_ERRORS.OFFER_DATE_IN_FUTURE);
    expectFieldError((await report(cookie, { ...REPORT, employer: '' }).expect(400)).body, 'employer', OUTCOME_ERRORS.EMPLOYER_REQUIRED);
    // The student is the session's: a body naming one is refused as any unknown field.
    expect((await report(cookie, { ...REPORT, studentId }).expect(400)).body.errors).toHaveProperty('studentId');
    expectFieldError((await report(cookie, 'not json').expect(400)).body, 'report', OUTCOME_ERRORS.INVALID_OFFER_REPORT);
    expectFieldError((await report(cookie, REPORT, []).expect(400)).body, 'evidence', OUTCOME_ERRORS.EVIDENCE_REQUIRED);
    // A good file beside a bad one: nothing is stored. (Another student: ten refusals a day are this one's allowance.)
    const { cookie: other } = await signedInGraduate();
    const mismatch = await report(other, REPORT, [{ name: 'a.pdf', bytes: PDF }, { name: 'b.pdf', bytes: PNG }]).expect(400);
    expectFieldError(mismatch.body, 'evidence', STUDENT_ERRORS.FILE_CONTENT_MISMATCH);
    expectFieldError((await report(other, REPORT, [{ name: 'a.docx', bytes: PDF }]).expect(400)).body, 'evidence', STUDENT_ERRORS.UNSUPPORTED_FILE_TYPE);
    expectFieldError((await report(other, REPORT, [{ name: 'a.pdf', bytes: Buffer.alloc(0) }]).expect(400)).body, 'evidence', STUDENT_ERRORS.EMPTY_FILE);
    const eleven = Array.from({ length: 11 }, (_, index) => ({ name: `${index}.pdf`, bytes: PDF }));
    expectFieldError((await report(other, REPORT, eleven).expect(400)).body, 'evidence', OUTCOME_ERRORS.INVALID_EVIDENCE);
    const tooLarge = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    expectFieldError((await report(other, REPORT, [{ name: 'big.pdf', bytes: tooLarge }]).expect(400)).body, 'evidence', STUDENT_ERRORS.CONTRACT_FILE_TOO_LARGE);
    expect(await storedObjects()).toBe(before);
    expect(await suite.sql.query(`SELECT id FROM student_outcomes WHERE "studentId" = $1`, [studentId])).toEqual([]);
  });

  it('shows a student only their own reports, never by an id from the client, and only with the student session', async () => {
    const first = await signedInGraduate();
    const second = await signedInGraduate();
    const theirs = (await report(first.cookie, REPORT).expect(201)).body.data;
    // The school's own record of the second student's status (not a job) is not theirs to list either.
    expect((await request(server()).get('/api/student/offers').set('Cookie', second.cookie).query({ studentId: first.studentId }).expect(200)).body.data).toEqual([]);
    expect((await request(server()).get('/api/student/offers').set('Cookie', first.cookie).expect(200)).body.data.map((row: { id: string }) => row.id)).toEqual([theirs.id]);
    expect((await suite.admin.get('/api/student/offers').expect(401)).body.code).toBe('STUDENT_UNAUTHORIZED');
    await request(server()).post('/api/student/offers').field('report', JSON.stringify(REPORT)).attach('evidence', PDF, 'a.pdf').expect(401);
    // A student's session opens nothing of the review.
    await request(server()).post(`/api/admin/outcomes/${theirs.id}/accept`).set('Cookie', first.cookie).expect(401);
  });

  it('takes at most ten reports a day from one student', async () => {
    const { cookie } = await signedInGraduate();
    for (let n = 0; n < 10; n += 1) await report(cookie, { ...REPORT, notes: `第${n + 1}份` }, []).expect(400);
    const refused = await report(cookie, REPORT).expect(429);
    expect(refused.body).toMatchObject({ code: 'OFFER_REPORT_RATE_LIMITED', message: OUTCOME_ERRORS.OFFER_REPORT_RATE_LIMITED });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    // Another student is not paced by this one.
    await report((await signedInGraduate()).cookie, REPORT).expect(201);
  });
});
