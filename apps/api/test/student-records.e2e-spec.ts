import { addDays, DEFAULT_GUARANTEE_TERMS, formatIsoDate, type MyRecordResponse, STORAGE_PROXY_PATH } from '@aipm/contracts';
import request from 'supertest';
import { STUDENT_SESSION_COOKIE_NAME } from '../src/common/student-session';
import { useApiSuite } from './support/api-suite';
import { isStudentRealm, registeredRoutes } from './support/routes';
import { testApiEnv } from './support/test-env';

/** Real first bytes of a PDF (the upload's sniffer reads the head only). */
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** "name=value" of a response's cookie. */
function cookieOf(response: request.Response, name: string): string {
  const line = ([response.headers['set-cookie'] ?? []].flat() as string[]).find((candidate) => candidate.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in the answer`);
  return line.split(';')[0]!;
}

let phones = 0;
const nextPhone = () => `1390000${String(1000 + (phones += 1)).slice(-4)}`;

/**
 * What a signed-in student sees of their own records (docs/product/student-portal.md#what-the-student-sees, ADR 067):
 * GET /api/student/me and the download of their own contract files, against real PostgreSQL, Redis and S3; and that
 * no id of another student's reaches anything.
 */
describe('the student\'s own records', () => {
  const suite = useApiSuite(5);
  const env = testApiEnv();
  const server = () => suite.app.getHttpServer();
  /** Today in China, as the API reads it: the cohort below started three days ago, so today is its fourth class day. */
  const today = formatIsoDate(new Date());
  const start = addDays(today, -3);

  /** What the front door's /storage proxy does with a URL the API hands out (ADR 019): the store's own path-style URL. */
  const storeUrl = (proxied: string) => `${env.S3_ENDPOINT.replace(/\/+$/, '')}${proxied.slice(STORAGE_PROXY_PATH.length)}`;

  /** Steps 1 to 3 of the back office's upload: an access URL of a confirmed contract file. */
  async function uploadPdf(fileName: string): Promise<string> {
    const step1 = await suite.admin.post('/api/contracts/upload-url').send({ fileName }).expect(200);
    const { uploadURL, method, headers } = step1.body.data;
    expect((await fetch(storeUrl(uploadURL), { method, headers, body: PDF })).status).toBe(200);
    return (await suite.admin.post('/api/contracts/confirm-upload').send({ uploadURL }).expect(200)).body.data.accessURL;
  }

  /** A student with a 学员登录, signed in: answers the ids and the student session's cookie. */
  async function signedInStudent(name: string, fields: object = {}) {
    const student = await suite.admin.post('/api/admin/students').send({ name, phone: nextPhone(), ...fields }).expect(201);
    const username = `records-${phones}-${Date.now().toString(36)}`;
    const account = await suite.admin
      .post('/api/admin/student-accounts')
      .send({ studentId: student.body.data.id, kind: 'student_login', username, email: `${username}@example.com`, password: 'student-pass-1' })
      .expect(201);
    const signedIn = await request(server()).post('/api/student/login').set('X-Forwarded-For', `198.51.100.${phones % 250}`).send({ login: username, password: 'student-pass-1' }).expect(200);
    return { studentId: student.body.data.id as string, accountId: account.body.data.id as string, cookie: cookieOf(signedIn, STUDENT_SESSION_COOKIE_NAME) };
  }

  /** A student's whole record: a contract with a file, payments of each state, two tool accounts. */
  async function withRecords(studentId: string, tag: string) {
    const accessURL = await uploadPdf(`合同-${tag}.pdf`);
    const contract = await suite.admin
      .post('/api/admin/contracts')
      .send({ studentId, contractNumber: `HT-${tag}-${Date.now().toString(36)}`, courseName: 'AI产品经理训练营', contractAmount: 1_980_000, startDate: start, endDate: addDays(start, 60), guaranteed: true, files: [accessURL] })
      .expect(201);
    const pay = (amount: number, status: string, paymentDate: string) =>
      suite.admin.post('/api/admin/payments').send({ studentId, contractId: contract.body.data.id, amount, paymentDate, status, paymentMethod: 'wechat' }).expect(201);
    const completed = await pay(1_000_000, 'completed', addDays(start, -5));
    const pending = await pay(500_000, 'pending', addDays(start, -1));
    const failed = await pay(100, 'failed', addDays(start, -2));
    const vpn = await suite.admin.post('/api/admin/student-accounts').send({ studentId, kind: 'vpn', username: `vpn-${tag}`, email: `vpn-${tag}@example.com` }).expect(201);
    const trae = await suite.admin.post('/api/admin/student-accounts').send({ studentId, kind: 'trae', username: `trae-${tag}`, status: 'suspended' }).expect(201);
    return {
      contractId: contract.body.data.id as string,
      contractNumber: contract.body.data.contractNumber as string,
      fileId: contract.body.data.files[0].id as string,
      paymentIds: [completed, pending, failed].map((answer) => answer.body.data.id as string),
      accountIds: [vpn, trae].map((answer) => answer.body.data.id as string),
    };
  }

  let cohortId: string;
  let me: Awaited<ReturnType<typeof signedInStudent>>;
  let mine: Awaited<ReturnType<typeof withRecords>>;
  let other: Awaited<ReturnType<typeof signedInStudent>>;
  let theirs: Awaited<ReturnType<typeof withRecords>>;

  beforeAll(async () => {
    const cohort = await suite.admin.post('/api/admin/cohorts').send({ name: `学员视图期-${Date.now().toString(36)}`, startDate: start, capacity: 30, status: 'running' }).expect(201);
    cohortId = cohort.body.data.id;
    me = await signedInStudent('自己', { cohortId });
    mine = await withRecords(me.studentId, 'mine');
    other = await signedInStudent('别人', { cohortId });
    theirs = await withRecords(other.studentId, 'theirs');
    const mark = (date: string, studentId: string, value: string) => suite.admin.put(`/api/admin/cohorts/${cohortId}/attendance/${date}/${studentId}`).send({ mark: value }).expect(200);
    await mark(start, me.studentId, 'present');
    await mark(addDays(start, 1), me.studentId, 'late');
    await mark(addDays(start, 2), me.studentId, 'absent');
    await mark(start, other.studentId, 'leave');
  });

  const meOf = async (cookie: string) => (await request(server()).get('/api/student/me').set('Cookie', cookie).expect(200)).body as MyRecordResponse;

  it('shows the student their cohort and its calendar with today, their attendance, contracts with files, payments with total and balance, tool accounts and guarantee', async () => {
    const answer = await request(server()).get('/api/student/me').set('Cookie', me.cookie).expect(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { data } = answer.body as MyRecordResponse;
    expect(data).toMatchObject({ today, name: '自己', status: 'active' });

    // The programme's calendar: 2 + 6 + 7 + 4 + 3 + 9 + 4 days from the start; today is module 02's second day.
    expect(data.cohort).toMatchObject({ startDate: start, endDate: addDays(start, 34), status: 'running', todayClassDay: { date: today, module: 2, dayOfModule: 2 } });
    expect(data.cohort!.modules.map((module) => module.days.length)).toEqual([2, 6, 7, 4, 3, 9, 4]);
    expect(data.cohort!.modules[0]!.days).toEqual([{ date: start, dayOfModule: 1 }, { date: addDays(start, 1), dayOfModule: 2 }]);

    // 出勤 and 迟到 of three marked days; newest first; never the other student's 请假.
    expect(data.attendance).toEqual({
      attended: 2,
      marked: 3,
      rate: 66,
      days: [
        { date: addDays(start, 2), mark: 'absent', module: 2, dayOfModule: 1 },
        { date: addDays(start, 1), mark: 'late', module: 1, dayOfModule: 2 },
        { date: start, mark: 'present', module: 1, dayOfModule: 1 },
      ],
    });

    expect(data.contracts).toEqual([
      expect.objectContaining({
        id: mine.contractId,
        contractNumber: mine.contractNumber,
        contractAmount: 1_980_000,
        currency: 'CNY',
        paidAmount: 1_000_000,
        outstandingAmount: 980_000,
        guaranteed: true,
        files: [{ id: mine.fileId, name: '合同-mine.pdf', size: PDF.length, contentType: 'application/pdf', url: `/api/student/files/${mine.fileId}` }],
      }),
    ]);

    // The card's 合计 counts completed and pending tuition; the balance is what the contracts still owe.
    expect(data.payments.items.map((payment) => [payment.id, payment.status, payment.amount])).toEqual([
      [mine.paymentIds[1], 'pending', 500_000],
      [mine.paymentIds[2], 'failed', 100],
      [mine.paymentIds[0], 'completed', 1_000_000],
    ]);
    expect(data.payments).toMatchObject({
      total: [{ currency: 'CNY', amount: 1_500_000 }],
      completed: [{ currency: 'CNY', amount: 1_000_000 }],
      pending: [{ currency: 'CNY', amount: 500_000 }],
      balance: [{ currency: 'CNY', amount: 980_000 }],
    });

    // Tool accounts only: not the 学员登录, no password.
    expect(data.toolAccounts).toEqual([
      { id: mine.accountIds[0], kind: 'vpn', username: 'vpn-mine', email: 'vpn-mine@example.com', status: 'active' },
      { id: mine.accountIds[1], kind: 'trae', username: 'trae-mine', email: null, status: 'suspended' },
    ]);
    expect(JSON.stringify(data)).not.toMatch(/password|argon2|records-/);

    // Still studying: the window opens at graduation.
    expect(data.guarantee).toEqual([
      {
        contractNumber: mine.contractNumber,
        status: 'open',
        windowEnd: null,
        need: { code: 'graduate_first', target: DEFAULT_GUARANTEE_TERMS.target, currency: 'CNY', windowDays: 180, minAttendance: 90 },
      },
    ]);
    // Nothing of the other student's.
    expect(JSON.stringify(data)).not.toMatch(new RegExp([other.studentId, theirs.contractId, theirs.fileId, 'theirs', '别人'].join('|')));
  });

  it('words the guarantee of a graduate: an offer of at least the target by the window\'s last day, or why not eligible', async () => {
    const graduate = await signedInStudent('毕业生', { cohortId });
    const records = await withRecords(graduate.studentId, 'graduate');
    await suite.admin.patch(`/api/admin/students/${graduate.studentId}`).send({ status: 'graduated', graduationDate: today }).expect(200);
    expect((await meOf(graduate.cookie)).data.guarantee).toEqual([
      { contractNumber: records.contractNumber, status: 'open', windowEnd: addDays(today, 180), need: { code: 'report_offer', target: DEFAULT_GUARANTEE_TERMS.target, currency: 'CNY', by: addDays(today, 180) } },
    ]);
    // One day absent of one marked: below 90%.
    await suite.admin.put(`/api/admin/cohorts/${cohortId}/attendance/${start}/${graduate.studentId}`).send({ mark: 'absent' }).expect(200);
    expect((await meOf(graduate.cookie)).data.guarantee[0]).toMatchObject({ status: 'ineligible', need: { code: 'attendance_below', minAttendance: 90 } });
  });

  it('answers a student without a cohort or records with empty sections', async () => {
    const newcomer = await signedInStudent('新学员');
    expect((await meOf(newcomer.cookie)).data).toEqual({
      today,
      name: '新学员',
      status: 'active',
      cohort: null,
      attendance: { attended: 0, marked: 0, rate: null, days: [] },
      contracts: [],
      payments: { items: [], total: [], completed: [], pending: [], balance: [] },
      toolAccounts: [],
      guarantee: [],
    });
  });

  it('opens the student\'s own contract file through a 60-second signed link, recorded with the student as the actor', async () => {
    const view = await request(server()).get(`/api/student/files/${mine.fileId}`).set('Cookie', me.cookie).expect(302);
    expect(view.headers['cache-control']).toBe('no-store');
    const signed = new URL(view.headers.location!, 'http://site.test');
    expect(signed.pathname.startsWith(`${STORAGE_PROXY_PATH}/`)).toBe(true);
    expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(60);
    const file = await fetch(storeUrl(view.headers.location!));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);

    const entries = (await suite.sql.query(`SELECT "actorId", "actorName", "actorKind", "entityId", details FROM audit_log WHERE action = 'file.view' AND details->>'studentFileId' = $1`, [mine.fileId])) as Array<{
      actorId: string;
      actorName: string;
      actorKind: string;
      entityId: string;
    }>;
    expect(entries).toEqual([expect.objectContaining({ actorId: me.accountId, actorName: `student:${me.accountId}`, actorKind: 'student', entityId: expect.stringMatching(/^contracts\//) })]);
    // Not a UUID: a malformed request, as everywhere (ADR 013).
    expect((await request(server()).get('/api/student/files/not-an-id').set('Cookie', me.cookie).expect(400)).body.code).toBe('INVALID_FILE_ID');
  });

  it('answers 404 on every student route that takes an id, given any id of another student\'s records', async () => {
    const withIds = registeredRoutes(suite.app).filter((route) => isStudentRealm(route) && !route.isPublic && route.path.includes(':'));
    const foreign = { student: other.studentId, contract: theirs.contractId, file: theirs.fileId, payment: theirs.paymentIds[0]!, account: theirs.accountIds[0]!, login: other.accountId, cohort: cohortId };
    const wrong: string[] = [];
    let tried = 0;
    for (const route of withIds) {
      for (const [kind, id] of Object.entries(foreign)) {
        const response = await request(server())[route.method.toLowerCase() as 'get'](route.path.replace(/:(\w+)/g, id)).set('Cookie', me.cookie).send({});
        tried += 1;
        if (response.status !== 404) wrong.push(`${route.method} ${route.path} with the other student's ${kind} id → ${response.status}`);
      }
    }
    console.log(`student records: ${withIds.length} student routes with ids (${withIds.map((route) => `${route.method} ${route.path}`).join(', ')}), ${tried} calls with another student's ids`);
    expect(withIds.map((route) => `${route.method} ${route.path}`)).toEqual(expect.arrayContaining(['GET /api/student/files/:id']));
    expect(tried).toBe(withIds.length * Object.keys(foreign).length);
    expect(wrong).toEqual([]);
    // The owner still gets theirs: the 404s above are about whose it is, not a broken route.
    await request(server()).get(`/api/student/files/${theirs.fileId}`).set('Cookie', other.cookie).expect(302);
  });

  it('answers nothing without the student session, and the administrator\'s session opens none of it', async () => {
    for (const path of ['/api/student/me', `/api/student/files/${mine.fileId}`]) {
      expect((await request(server()).get(path).expect(401)).body.code).toBe('STUDENT_UNAUTHORIZED');
      expect((await suite.admin.get(path).expect(401)).body.code).toBe('STUDENT_UNAUTHORIZED');
    }
  });
});
