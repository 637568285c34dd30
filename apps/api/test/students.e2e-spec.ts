import { ERROR_MESSAGES, type ErrorCode, formatIsoDate, PAYMENT_NUMBER_PATTERN, STUDENT_ERRORS, STUDENT_MESSAGES } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { verify } from '@node-rs/argon2';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { PaymentNumberGenerator } from '../src/students/payments/payment-number.generator';
import { testRedisUrl } from '../../../tools/testing/services';
import { adminAgent } from './support/lead-admin';
import { apiError, expectFieldError } from './support/api-errors';
import { testApiEnv } from './support/test-env';

type Body = Record<string, unknown>;
type Rule = [string, (base: Body) => Body, string, string];

const without = (field: string) => (base: Body) => {
  const body = { ...base };
  delete body[field];
  return body;
};
const patch = (changes: Body) => (base: Body) => ({ ...base, ...changes });

/**
 * docs/product/validation.md#student (name and phone required, email valid or empty, status of its list) and the
 * bounds beside it.
 */
const STUDENT_RULES: Rule[] = [
  ['name missing', without('name'), 'name', '姓名不能为空'],
  ['name blank', patch({ name: '  ' }), 'name', '姓名不能为空'],
  ['name too long', patch({ name: '张'.repeat(51) }), 'name', ERROR_MESSAGES.NAME_TOO_LONG],
  ['phone missing', without('phone'), 'phone', '手机号码不能为空'],
  ['phone not a phone', patch({ phone: '12345' }), 'phone', ERROR_MESSAGES.INVALID_PHONE],
  ['email invalid', patch({ email: 'not-an-email' }), 'email', '请输入有效的邮箱地址'],
  ['status not of the list', patch({ status: 'expelled' }), 'status', STUDENT_ERRORS.INVALID_STUDENT_STATUS],
  ['status null', patch({ status: null }), 'status', STUDENT_ERRORS.INVALID_STUDENT_STATUS],
  ['enrollment date not a day', patch({ enrollmentDate: '2025-02-30' }), 'enrollmentDate', STUDENT_ERRORS.INVALID_ENROLLMENT_DATE],
  ['graduation before enrollment', patch({ enrollmentDate: '2025-09-20', graduationDate: '2025-09-19' }), 'graduationDate', STUDENT_ERRORS.GRADUATION_BEFORE_ENROLLMENT],
  // Tool accounts are accounts of a kind (ADR 045): /api/admin/student-accounts.
  ['the old tool field', patch({ vpnAccount: 'vpn-01' }), 'vpnAccount', ERROR_MESSAGES.UNKNOWN_FIELD],
  ['photo from another host', patch({ profilePhoto: 'https://evil.example/x.png' }), 'profilePhoto', STUDENT_ERRORS.INVALID_FILE_URL],
  // A student's files are records of their own (ADR 045): /api/admin/student-files.
  ['the old card file list', patch({ contractFiles: ['/api/admin/files/contracts/00000000-0000-4000-8000-000000000000.pdf'] }), 'contractFiles', ERROR_MESSAGES.UNKNOWN_FIELD],
  ['unknown field', patch({ phoneNormalized: '+86' }), 'phoneNormalized', ERROR_MESSAGES.UNKNOWN_FIELD],
];

/**
 * docs/product/validation.md#contract: studentId, number and course required; amount ≥ 0 (cents); dates; end after
 * start.
 */
const CONTRACT_RULES: Rule[] = [
  ['studentId missing', without('studentId'), 'studentId', '学员ID不能为空'],
  ['studentId not a uuid', patch({ studentId: 'abc' }), 'studentId', STUDENT_ERRORS.INVALID_STUDENT_ID],
  ['number missing', without('contractNumber'), 'contractNumber', '合同编号不能为空'],
  ['number blank', patch({ contractNumber: ' ' }), 'contractNumber', '合同编号不能为空'],
  ['course missing', without('courseName'), 'courseName', '课程名称不能为空'],
  ['amount negative', patch({ contractAmount: -1 }), 'contractAmount', '合同金额不能为负数'],
  ['amount missing', without('contractAmount'), 'contractAmount', STUDENT_ERRORS.CONTRACT_AMOUNT_REQUIRED],
  ['amount in yuan with decimals', patch({ contractAmount: 19800.5 }), 'contractAmount', STUDENT_ERRORS.CONTRACT_AMOUNT_NOT_CENTS],
  ['amount as text', patch({ contractAmount: '1980000' }), 'contractAmount', STUDENT_ERRORS.CONTRACT_AMOUNT_NOT_CENTS],
  ['amount over int4', patch({ contractAmount: 2_147_483_648 }), 'contractAmount', STUDENT_ERRORS.AMOUNT_TOO_LARGE],
  ['currency lower-case', patch({ currency: 'cny' }), 'currency', STUDENT_ERRORS.INVALID_CURRENCY],
  ['start not a date', patch({ startDate: 'soon' }), 'startDate', STUDENT_ERRORS.INVALID_START_DATE],
  ['end missing', without('endDate'), 'endDate', STUDENT_ERRORS.INVALID_END_DATE],
  ['end before start', patch({ endDate: '2025-09-01' }), 'endDate', STUDENT_ERRORS.END_NOT_AFTER_START],
  ['end equal to start', patch({ endDate: '2025-09-20' }), 'endDate', STUDENT_ERRORS.END_NOT_AFTER_START],
  ['status not of the list', patch({ status: 'paused' }), 'status', STUDENT_ERRORS.INVALID_CONTRACT_STATUS],
  ['signed date invalid', patch({ signedDate: '2025-13-01' }), 'signedDate', STUDENT_ERRORS.INVALID_SIGNED_DATE],
  ['file from another host', patch({ files: ['http://x/y.pdf'] }), 'files', STUDENT_ERRORS.INVALID_FILE_URL],
  ['the old single file', patch({ contractFile: '/api/admin/files/contracts/00000000-0000-4000-8000-000000000000.pdf' }), 'contractFile', ERROR_MESSAGES.UNKNOWN_FIELD],
];

/** docs/product/validation.md#payment (server): number, amount ≥ 0 in cents, method of five, date. */
const PAYMENT_RULES: Rule[] = [
  ['studentId missing', without('studentId'), 'studentId', '学员ID不能为空'],
  ['number empty', patch({ paymentNumber: '' }), 'paymentNumber', '缴费编号不能为空'],
  ['number of another shape', patch({ paymentNumber: 'PAY-2025-1' }), 'paymentNumber', STUDENT_ERRORS.INVALID_PAYMENT_NUMBER],
  ['amount negative', patch({ amount: -100 }), 'amount', '缴费金额不能为负数'],
  ['amount missing', without('amount'), 'amount', '金额不能为空'],
  ['amount not whole cents', patch({ amount: 10.5 }), 'amount', STUDENT_ERRORS.PAYMENT_AMOUNT_NOT_CENTS],
  ['method not of the five', patch({ paymentMethod: 'paypal' }), 'paymentMethod', STUDENT_ERRORS.INVALID_PAYMENT_METHOD],
  ['date missing', without('paymentDate'), 'paymentDate', '缴费日期不能为空'],
  ['date not a date', patch({ paymentDate: '2025-09-31' }), 'paymentDate', STUDENT_ERRORS.INVALID_PAYMENT_DATE],
  ['status not of the list', patch({ status: 'paid' }), 'status', STUDENT_ERRORS.INVALID_PAYMENT_STATUS],
  ['contractId not a uuid', patch({ contractId: '12' }), 'contractId', STUDENT_ERRORS.INVALID_CONTRACT_ID],
];

/** docs/product/validation.md#student-account: a student login's username ≥ 3, email and password ≥ 6; a tool's text. */
const ACCOUNT_RULES: Rule[] = [
  ['username too short', patch({ username: 'ab' }), 'username', '用户名至少3个字符'],
  ['username missing', without('username'), 'username', STUDENT_ERRORS.ACCOUNT_NAME_REQUIRED],
  ['email invalid', patch({ email: 'lisi@' }), 'email', '请输入有效的邮箱地址'],
  ['email missing', without('email'), 'email', STUDENT_ERRORS.ACCOUNT_EMAIL_REQUIRED],
  ['password too short', patch({ password: '12345' }), 'password', '密码至少6个字符'],
  ['password missing', without('password'), 'password', STUDENT_ERRORS.ACCOUNT_PASSWORD_REQUIRED],
  ['status not of the list', patch({ status: 'banned' }), 'status', STUDENT_ERRORS.INVALID_ACCOUNT_STATUS],
  ['kind not of the list', patch({ kind: 'github' }), 'kind', STUDENT_ERRORS.INVALID_ACCOUNT_KIND],
  ['tool account with a password', patch({ kind: 'vpn' }), 'password', STUDENT_ERRORS.PASSWORD_NOT_FOR_TOOL_ACCOUNT],
  ['tool account too long', patch({ kind: 'vpn', username: 'v'.repeat(256), password: undefined }), 'username', STUDENT_ERRORS.TOOL_ACCOUNT_TOO_LONG],
];

describe('students section API', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let phoneSequence = 0;

  const nextPhone = () => `137${String(10_000_000 + (phoneSequence += 1)).slice(-8)}`;
  const createStudent = async (body: Body = {}) =>
    (await admin.post('/api/admin/students').send({ name: '李四', phone: nextPhone(), ...body }).expect(201)).body.data;
  let contractSequence = 0;
  const contractBody = (studentId: string, body: Body = {}): Body => ({
    studentId,
    contractNumber: `HT-2025-${String((contractSequence += 1)).padStart(4, '0')}`,
    courseName: 'AI产品经理训练营',
    contractAmount: 1_980_000,
    startDate: '2025-09-20',
    endDate: '2025-10-25',
    ...body,
  });

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(9) }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  describe('students', () => {
    it.each(STUDENT_RULES)('refuses %s with 400 and its message', async (_case, body, field, message) => {
      const response = await admin.post('/api/admin/students').send(body({ name: '李四', phone: nextPhone() })).expect(400);
      expectFieldError(response.body, field, message);
    });

    it('adds a student with the defaults and the toast text', async () => {
      const response = await admin.post('/api/admin/students').send({ name: ' 王五 ', phone: '138 0013 8000', email: 'WANG@Example.com' }).expect(201);
      expect(response.body).toMatchObject({ success: true, message: '学员添加成功' });
      expect(response.body.data).toMatchObject({
        name: '王五',
        // Masked in every answer but the edit's reveal and the exports (PIPL).
        phone: '138****8000',
        email: 'wang@example.com',
        status: 'active',
        enrollmentDate: formatIsoDate(new Date()),
        profilePhoto: null,
        paidTotals: [],
      });
      const [row] = await sql.query(`SELECT "phoneNormalized" FROM students WHERE id = $1`, [response.body.data.id]);
      expect(row.phoneNormalized).toBe('+8613800138000');
    });

    it('keeps tool accounts as accounts of their kind, listed by student and kind', async () => {
      const student = await createStudent();
      const tools = [
        ['vpn', 'vpn-01'],
        ['lovable', 'lov@x.cn'],
        ['replit', 'rep'],
        ['trae', 'trae'],
        ['qoder', 'qo'],
      ];
      for (const [kind, username] of tools) await admin.post('/api/admin/student-accounts').send({ studentId: student.id, kind, username }).expect(201);
      // Two students may share a tool account's text; uniqueness is among student logins only.
      await admin.post('/api/admin/student-accounts').send({ studentId: (await createStudent()).id, kind: 'vpn', username: 'vpn-01' }).expect(201);
      const listed = await admin.get('/api/admin/student-accounts').query({ filter: JSON.stringify({ studentId: student.id }), sort: JSON.stringify(['createdAt', 'ASC']) }).expect(200);
      expect(listed.body.data.map((account: Body) => [account.kind, account.username, account.email])).toEqual(tools.map(([kind, username]) => [kind, username, null]));
      const vpns = await admin.get('/api/admin/student-accounts').query({ filter: JSON.stringify({ studentId: student.id, kind: 'vpn' }) }).expect(200);
      expect(vpns.body.data).toHaveLength(1);
      expect(student).not.toHaveProperty('vpnAccount');
    });

    it('lists in the simple-rest shape: paging, sorting, q over name and phone digits, status filter', async () => {
      const marker = `列表${Date.now()}`;
      await createStudent({ name: `${marker}A`, status: 'graduated', enrollmentDate: '2026-03-02', graduationDate: '2026-04-05' });
      const second = await createStudent({ name: `${marker}B`, phone: '+86 139 0000 7777' });
      const page = await admin.get('/api/admin/students').query({ filter: JSON.stringify({ q: marker }), sort: JSON.stringify(['name', 'ASC']), range: '[0,0]' }).expect(200);
      expect(page.headers['content-range']).toBe('students 0-0/2');
      expect(page.body.data.map((s: Body) => s.name)).toEqual([`${marker}A`]);
      const byDigits = await admin.get('/api/admin/students').query({ filter: JSON.stringify({ q: '1390000 7777' }) }).expect(200);
      expect(byDigits.body.data.map((s: Body) => s.id)).toEqual([second.id]);
      const graduated = await admin.get('/api/admin/students').query({ filter: JSON.stringify({ q: marker, status: 'graduated' }) }).expect(200);
      expect(graduated.body.data).toHaveLength(1);
      const bad = await admin.get('/api/admin/students').query({ filter: JSON.stringify({ status: 'gone' }) }).expect(400);
      expect(bad.body.code).toBe('INVALID_LIST_QUERY');
      const badSort = await admin.get('/api/admin/students').query({ sort: JSON.stringify(['phoneNormalized', 'ASC']) }).expect(400);
      expect(badSort.body.code).toBe('INVALID_LIST_QUERY');
    });

    it('shows, updates (partial; null refused where a value is required) and answers 404 / 400 for bad ids', async () => {
      const student = await createStudent({ email: 'a@b.cn', enrollmentDate: '2025-09-20' });
      expect((await admin.get(`/api/admin/students/${student.id}`).expect(200)).body.data.id).toBe(student.id);
      const updated = await admin.patch(`/api/admin/students/${student.id}`).send({ email: '', status: 'suspended', phone: '13912345678' }).expect(200);
      expect(updated.body.data).toMatchObject({ email: null, status: 'suspended', phone: '139****5678', name: '李四' });
      expect(await sql.query(`SELECT phone FROM students WHERE id = $1`, [student.id])).toEqual([{ phone: '13912345678' }]);
      expectFieldError((await admin.patch(`/api/admin/students/${student.id}`).send({ name: null }).expect(400)).body, 'name', '姓名不能为空');
      // Checked against the stored enrollment date when the body has only the graduation date.
      const early = await admin.patch(`/api/admin/students/${student.id}`).send({ graduationDate: '2025-09-01' }).expect(400);
      expectFieldError(early.body, 'graduationDate', STUDENT_ERRORS.GRADUATION_BEFORE_ENROLLMENT);
      expect((await admin.get('/api/admin/students/00000000-0000-4000-8000-000000000000').expect(404)).body).toEqual(apiError('STUDENT_NOT_FOUND'));
      expect((await admin.get('/api/admin/students/nope').expect(400)).body.code).toBe('INVALID_STUDENT_ID');
    });
  });

  describe('contracts', () => {
    let studentId: string;
    beforeAll(async () => {
      studentId = (await createStudent()).id;
    });

    it.each(CONTRACT_RULES)('refuses %s with 400 and its message', async (_case, body, field, message) => {
      const response = await admin.post('/api/admin/contracts').send(body(contractBody(studentId))).expect(400);
      expectFieldError(response.body, field, message);
    });

    it('creates a contract with its defaults; the number is unique; the student must exist', async () => {
      const body = contractBody(studentId, { contractNumber: 'HT-UNIQUE-1' });
      const created = await admin.post('/api/admin/contracts').send(body).expect(201);
      expect(created.body.data).toMatchObject({ status: 'active', currency: 'CNY', contractAmount: 1_980_000, paidAmount: 0, outstandingAmount: 1_980_000, files: [] });
      expect((await admin.post('/api/admin/contracts').send(body).expect(409)).body).toEqual(apiError('CONTRACT_NUMBER_TAKEN'));
      const orphan = contractBody('00000000-0000-4000-8000-000000000000');
      expect((await admin.post('/api/admin/contracts').send(orphan).expect(404)).body).toEqual(apiError('STUDENT_NOT_FOUND'));
    });

    it('updates against the stored dates, lists by student, deletes', async () => {
      const { body } = await admin.post('/api/admin/contracts').send(contractBody(studentId)).expect(201);
      const id = body.data.id;
      const early = await admin.patch(`/api/admin/contracts/${id}`).send({ endDate: '2025-09-19' }).expect(400);
      expectFieldError(early.body, 'endDate', STUDENT_ERRORS.END_NOT_AFTER_START);
      const changed = await admin.patch(`/api/admin/contracts/${id}`).send({ status: 'completed', signedDate: '2025-09-18', notes: '已签' }).expect(200);
      expect(changed.body.data).toMatchObject({ status: 'completed', signedDate: '2025-09-18', notes: '已签' });
      const list = await admin.get('/api/admin/contracts').query({ filter: JSON.stringify({ studentId }) }).expect(200);
      expect(list.headers['content-range']).toMatch(/^contracts 0-\d+\/\d+$/);
      expect(list.body.data.every((contract: Body) => contract.studentId === studentId)).toBe(true);
      expect((await admin.delete(`/api/admin/contracts/${id}`).expect(200)).body.message).toBe(STUDENT_MESSAGES.deleted);
      expect((await admin.get(`/api/admin/contracts/${id}`).expect(404)).body).toEqual(apiError('CONTRACT_NOT_FOUND'));
    });
  });

  describe('payments', () => {
    let studentId: string;
    const paymentBody = (body: Body = {}): Body => ({ studentId, amount: 500_000, paymentDate: '2025-09-01', ...body });
    beforeAll(async () => {
      studentId = (await createStudent()).id;
    });

    it.each(PAYMENT_RULES)('refuses %s with 400 and its message', async (_case, body, field, message) => {
      const response = await admin.post('/api/admin/payments').send(body(paymentBody())).expect(400);
      expectFieldError(response.body, field, message);
    });

    it("takes a client's ISO 8601 instant for the payment date and stores its calendar day in China", async () => {
      // 16:30 UTC is 00:30 the next day in Changsha; a time without its offset says no day at all.
      const late = await admin.post('/api/admin/payments').send(paymentBody({ paymentDate: '2025-09-02T16:30:00.000Z' })).expect(201);
      expect(late.body.data.paymentDate).toBe('2025-09-03');
      const offset = await admin.post('/api/admin/payments').send(paymentBody({ paymentDate: '2025-09-02T23:59:59+08:00' })).expect(201);
      expect(offset.body.data.paymentDate).toBe('2025-09-02');
      expectFieldError((await admin.post('/api/admin/payments').send(paymentBody({ paymentDate: '2025-09-02T16:30:00' })).expect(400)).body, 'paymentDate', STUDENT_ERRORS.INVALID_PAYMENT_DATE);
      expectFieldError((await admin.post('/api/admin/payments').send(paymentBody({ paymentDate: '2025-09-31T10:00:00Z' })).expect(400)).body, 'paymentDate', STUDENT_ERRORS.INVALID_PAYMENT_DATE);
    });

    it('makes the PAY-yyyymmdd-XXXXXX number on the server, default method transfer, status completed', async () => {
      const response = await admin.post('/api/admin/payments').send(paymentBody()).expect(201);
      expect(response.body.message).toBe('缴费记录添加成功');
      const today = formatIsoDate(new Date()).replace(/-/g, '');
      expect(response.body.data).toMatchObject({ amount: 500_000, currency: 'CNY', paymentMethod: 'transfer', status: 'completed', contractId: null });
      expect(response.body.data.paymentNumber).toMatch(PAYMENT_NUMBER_PATTERN);
      expect(response.body.data.paymentNumber.slice(4, 12)).toBe(today);
    });

    it('takes a number of the right form from the client; a taken one is a 409', async () => {
      await admin.post('/api/admin/payments').send(paymentBody({ paymentNumber: 'PAY-20250901-CLIENT' })).expect(201);
      const again = await admin.post('/api/admin/payments').send(paymentBody({ paymentNumber: 'PAY-20250901-CLIENT' })).expect(409);
      expect(again.body).toEqual(apiError('PAYMENT_NUMBER_TAKEN'));
    });

    it('draws another number when the one drawn is taken (a forced collision)', async () => {
      const taken = (await admin.post('/api/admin/payments').send(paymentBody()).expect(201)).body.data.paymentNumber;
      const generator = app.get(PaymentNumberGenerator);
      const draw = jest.spyOn(generator, 'next').mockReturnValueOnce(taken).mockReturnValueOnce(taken);
      try {
        const response = await admin.post('/api/admin/payments').send(paymentBody()).expect(201);
        expect(response.body.data.paymentNumber).toMatch(PAYMENT_NUMBER_PATTERN);
        expect(response.body.data.paymentNumber).not.toBe(taken);
        expect(draw).toHaveBeenCalledTimes(3);
      } finally {
        draw.mockRestore();
      }
    });

    it("lists one student's payments with their total (completed only), and the total follows a delete", async () => {
      const student = (await createStudent()).id;
      const add = (body: Body) => admin.post('/api/admin/payments').send({ studentId: student, paymentDate: '2025-09-01', ...body }).expect(201);
      const first = (await add({ amount: 1_000_000, paymentMethod: 'wechat' })).body.data;
      await add({ amount: 980_050, paymentMethod: 'alipay', paymentDate: '2025-09-05' });
      await add({ amount: 1, status: 'refunded' });
      await add({ amount: 300_000, status: 'pending' });
      const list = await admin.get('/api/admin/payments').query({ studentId: student }).expect(200);
      expect(list.headers['content-range']).toBe('payments 0-3/4');
      expect(list.body.totals).toEqual([{ currency: 'CNY', amount: 1_980_050 }]);
      expect(list.body.data[0].paymentDate).toBe('2025-09-05'); // newest payment first
      // The card: completed, and pending apart (docs/product/students.md#payments-total).
      expect((await admin.get(`/api/admin/students/${student}`).expect(200)).body.data).toMatchObject({
        paidTotals: [{ currency: 'CNY', amount: 1_980_050 }],
        pendingTotals: [{ currency: 'CNY', amount: 300_000 }],
      });

      const removed = await admin.delete(`/api/admin/payments/${first.id}`).expect(200);
      expect(removed.body.message).toBe('缴费记录删除成功');
      expect((await admin.get('/api/admin/payments').query({ studentId: student }).expect(200)).body.totals).toEqual([{ currency: 'CNY', amount: 980_050 }]);
      expect((await admin.delete(`/api/admin/payments/${first.id}`).expect(404)).body).toEqual(apiError('PAYMENT_NOT_FOUND'));
      expect((await admin.get('/api/admin/payments').query({ studentId: 'x' }).expect(400)).body.code).toBe('INVALID_STUDENT_ID');
      expect((await admin.get('/api/admin/payments').query({ studentId: '00000000-0000-4000-8000-000000000000' }).expect(404)).body.code).toBe('STUDENT_NOT_FOUND');
    });

    it('links a payment to a contract of the same student and currency: paid against due', async () => {
      const contract = (await admin.post('/api/admin/contracts').send(contractBody(studentId, { contractAmount: 2_000_000 })).expect(201)).body.data;
      await admin.post('/api/admin/payments').send(paymentBody({ contractId: contract.id, amount: 1_500_000 })).expect(201);
      await admin.post('/api/admin/payments').send(paymentBody({ contractId: contract.id, amount: 100, status: 'failed' })).expect(201);
      expect((await admin.get(`/api/admin/contracts/${contract.id}`).expect(200)).body.data).toMatchObject({ paidAmount: 1_500_000, outstandingAmount: 500_000 });

      const other = (await createStudent()).id;
      const foreign = await admin.post('/api/admin/payments').send({ ...paymentBody({ contractId: contract.id }), studentId: other }).expect(400);
      expectFieldError(foreign.body, 'contractId', STUDENT_ERRORS.CONTRACT_OF_ANOTHER_STUDENT);
      const usd = await admin.post('/api/admin/payments').send(paymentBody({ contractId: contract.id, currency: 'USD' })).expect(400);
      expectFieldError(usd.body, 'currency', STUDENT_ERRORS.PAYMENT_CURRENCY_MISMATCH);
    });
  });

  describe('student accounts', () => {
    let studentId: string;
    let sequence = 0;
    const accountBody = (body: Body = {}): Body => {
      sequence += 1;
      return { studentId, username: `lisi${sequence}`, email: `lisi${sequence}@example.com`, password: 'secret1', ...body };
    };
    beforeAll(async () => {
      studentId = (await createStudent()).id;
    });

    it.each(ACCOUNT_RULES)('refuses %s with 400 and its message', async (_case, body, field, message) => {
      const response = await admin.post('/api/admin/student-accounts').send(body(accountBody())).expect(400);
      expectFieldError(response.body, field, message);
    });

    it('stores the password as argon2id and never answers it', async () => {
      const created = await admin.post('/api/admin/student-accounts').send(accountBody({ username: 'zhaoliu', email: 'ZhaoLiu@Example.com', password: 'six666' })).expect(201);
      expect(created.body.data).toEqual({
        id: expect.any(String),
        studentId,
        kind: 'student_login',
        username: 'zhaoliu',
        email: 'zhaoliu@example.com',
        status: 'active',
        lastLogin: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const [row] = await sql.query(`SELECT password FROM student_accounts WHERE id = $1`, [created.body.data.id]);
      expect(row.password).toMatch(/^\$argon2id\$/);
      expect(await verify(row.password, 'six666')).toBe(true);

      await admin.patch(`/api/admin/student-accounts/${created.body.data.id}`).send({ password: 'changed7', status: 'suspended' }).expect(200);
      const [changed] = await sql.query(`SELECT password, status FROM student_accounts WHERE id = $1`, [created.body.data.id]);
      expect(await verify(changed.password, 'changed7')).toBe(true);
      expect(changed.status).toBe('suspended');

      const list = await admin.get('/api/admin/student-accounts').query({ filter: JSON.stringify({ studentId }) }).expect(200);
      expect(JSON.stringify(list.body)).not.toMatch(/argon2|password/);
    });

    it('refuses a taken username or email (409)', async () => {
      await admin.post('/api/admin/student-accounts').send(accountBody({ username: 'taken-name', email: 'taken@example.com' })).expect(201);
      const name = await admin.post('/api/admin/student-accounts').send(accountBody({ username: 'taken-name' })).expect(409);
      expect(name.body).toEqual(apiError('USERNAME_TAKEN'));
      const email = await admin.post('/api/admin/student-accounts').send(accountBody({ email: ' TAKEN@example.com ' })).expect(409);
      expect(email.body).toEqual(apiError('ACCOUNT_EMAIL_TAKEN'));
    });
  });

  describe('delete, export and erasure (PIPL)', () => {
    it('exports everything about a student as JSON, without passwords', async () => {
      const student = await createStudent({ notes: '备注' });
      const contract = (await admin.post('/api/admin/contracts').send(contractBody(student.id)).expect(201)).body.data;
      await admin.post('/api/admin/payments').send({ studentId: student.id, contractId: contract.id, amount: 300, paymentDate: '2025-09-02' }).expect(201);
      await admin.post('/api/admin/student-accounts').send({ studentId: student.id, username: 'exported', email: 'exported@example.com', password: 'secret1' }).expect(201);
      const response = await admin.get(`/api/admin/students/${student.id}/export`).expect(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="student-.+\.json"$/);
      expect(response.body.data).toMatchObject({
        student: { id: student.id, notes: '备注' },
        contracts: [{ id: contract.id, paidAmount: 300 }],
        payments: [{ amount: 300 }],
        accounts: [{ username: 'exported' }],
        files: [],
      });
      expect(JSON.stringify(response.body)).not.toMatch(/argon2|"password"/);
    });

    it('deletes a student with contracts, payments and accounts', async () => {
      const student = await createStudent();
      await admin.post('/api/admin/contracts').send(contractBody(student.id)).expect(201);
      await admin.post('/api/admin/payments').send({ studentId: student.id, amount: 300, paymentDate: '2025-09-02' }).expect(201);
      await admin.delete(`/api/admin/students/${student.id}`).expect(200);
      const [left] = await sql.query(
        `SELECT (SELECT count(*)::int FROM student_contracts WHERE "studentId" = $1) AS contracts,
                (SELECT count(*)::int FROM student_payments WHERE "studentId" = $1) AS payments`,
        [student.id],
      );
      expect(left).toEqual({ contracts: 0, payments: 0 });
      expect((await admin.get(`/api/admin/students/${student.id}`).expect(404)).body.code).toBe('STUDENT_NOT_FOUND');
    });

    it('erases the students of a person from the erase-person action', async () => {
      const student = await createStudent({ phone: '13700009999', email: 'erase-me@example.com' });
      const response = await admin.post('/api/admin/people/erase').send({ phone: '+86 137 0000 9999' }).expect(200);
      expect(response.body.data).toMatchObject({ students: 1 });
      expect((await admin.get(`/api/admin/students/${student.id}`).expect(404)).body.code).toBe('STUDENT_NOT_FOUND');
    });
  });

  it('answers 401 to every students route without the administrator session', async () => {
    for (const [method, path] of [
      ['get', '/api/admin/students'],
      ['post', '/api/admin/students'],
      ['get', '/api/admin/payments?studentId=00000000-0000-4000-8000-000000000000'],
      ['post', '/api/admin/payments'],
      ['delete', '/api/admin/payments/00000000-0000-4000-8000-000000000000'],
      ['get', '/api/admin/contracts'],
      ['get', '/api/admin/student-accounts'],
      ['get', '/api/admin/student-files'],
      ['post', '/api/admin/student-files'],
      ['patch', '/api/admin/student-files/00000000-0000-4000-8000-000000000000'],
      ['delete', '/api/admin/student-files/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await request(app.getHttpServer())[method](path).send({});
      expect({ path, status: response.status, code: response.body.code as ErrorCode }).toEqual({ path, status: 401, code: 'UNAUTHORIZED' });
    }
  });
});
