import { addDays, DEFAULT_GUARANTEE_TERMS, ERROR_MESSAGES, formatIsoDate, type GuaranteeEntryResponse, OUTCOME_ERRORS } from '@aipm/contracts';
import { expectFieldError } from './support/api-errors';
import { useApiSuite } from './support/api-suite';

type Body = Record<string, unknown>;

const FEE = 1_980_000;
const today = formatIsoDate(new Date());
const daysAgo = (days: number) => addDays(today, -days);

/**
 * The salary guarantee (docs/product/guarantee.md): its settings, a guaranteed contract's own terms, refunds and
 * bonuses as payments, and the ledger each reads back, computed against today in China.
 */
describe('salary guarantee API', () => {
  const suite = useApiSuite(12);
  let sequence = 0;

  const nextPhone = () => `136${String(30_000_000 + (sequence += 1)).slice(-8)}`;
  /** A student enrolled 60 days before `graduatedDaysAgo`, with a guaranteed contract of ¥19,800 paid in full. */
  const guaranteedStudent = async (student: Body = {}, contract: Body = {}) => {
    const enrollmentDate = daysAgo(400);
    const studentId = (await suite.admin.post('/api/admin/students').send({ name: `保障${sequence}`, phone: nextPhone(), enrollmentDate, ...student }).expect(201)).body.data.id as string;
    const contractBody = {
      studentId,
      contractNumber: `HT-G-${(sequence += 1)}`,
      courseName: 'AI 产品经理训练营',
      contractAmount: FEE,
      startDate: enrollmentDate,
      endDate: addDays(enrollmentDate, 35),
      guaranteed: true,
      ...contract,
    };
    const contractId = (await suite.admin.post('/api/admin/contracts').send(contractBody).expect(201)).body.data.id as string;
    await pay({ studentId, contractId, amount: FEE }).expect(201);
    return { studentId, contractId };
  };
  const pay = (body: Body) => suite.admin.post('/api/admin/payments').send({ paymentDate: today, ...body });
  /** An offer stored in SQL: the outcome form and its evidence are outcomes.e2e-spec's. */
  const offer = (studentId: string, date: string, monthlyBase: number, monthsPerYear = 12, category = 'in_field_full_time') =>
    suite.sql.query(
      `INSERT INTO student_outcomes ("studentId", category, date, employer, title, city, "startDate", "monthlyBase", "monthsPerYear", "fixedExtras")
       VALUES ($1, $2, $3, '长沙某科技', 'AI 产品经理', '长沙', $3, $4, $5, 0)`,
      [studentId, category, date, monthlyBase, monthsPerYear],
    );
  const entryOf = async (contractId: string): Promise<GuaranteeEntryResponse> => {
    const ledger = (await suite.admin.get('/api/admin/guarantee').query({ range: '[0,499]' }).expect(200)).body.data as GuaranteeEntryResponse[];
    return ledger.find((entry) => entry.id === contractId)!;
  };


  describe('settings', () => {
    it('answers the programme’s defaults, refuses a term out of bounds and keeps the rest', async () => {
      expect((await suite.admin.get('/api/admin/guarantee/settings').expect(200)).body.data).toEqual(DEFAULT_GUARANTEE_TERMS);
      expectFieldError((await suite.admin.put('/api/admin/guarantee/settings').send({ refundRate: 101 }).expect(400)).body, 'refundRate', OUTCOME_ERRORS.INVALID_REFUND_RATE);
      expectFieldError((await suite.admin.put('/api/admin/guarantee/settings').send({ bonusThreshold: 99 }).expect(400)).body, 'bonusThreshold', OUTCOME_ERRORS.INVALID_BONUS_THRESHOLD);
      expectFieldError((await suite.admin.put('/api/admin/guarantee/settings').send({ windowDays: 0 }).expect(400)).body, 'windowDays', OUTCOME_ERRORS.INVALID_GUARANTEE_WINDOW);
      const saved = (await suite.admin.put('/api/admin/guarantee/settings').send({ windowDays: 200 }).expect(200)).body.data;
      expect(saved).toEqual({ ...DEFAULT_GUARANTEE_TERMS, windowDays: 200 });
      await suite.admin.put('/api/admin/guarantee/settings').send({ windowDays: DEFAULT_GUARANTEE_TERMS.windowDays }).expect(200);
      const [entry] = await suite.sql.query(`SELECT after FROM audit_log WHERE action = 'settings.guarantee.change' ORDER BY "createdAt" LIMIT 1`);
      expect(entry.after).toEqual({ windowDays: 200 });
    });

    it('refuses a contract term out of bounds', async () => {
      const studentId = (await suite.admin.post('/api/admin/students').send({ name: '条款', phone: nextPhone() }).expect(201)).body.data.id;
      const body = { studentId, contractNumber: 'HT-TERMS', courseName: '训练营', contractAmount: FEE, startDate: '2026-03-02', endDate: '2026-04-05', guaranteed: true };
      expectFieldError((await suite.admin.post('/api/admin/contracts').send({ ...body, refundRate: 120 }).expect(400)).body, 'refundRate', OUTCOME_ERRORS.INVALID_REFUND_RATE);
      expectFieldError((await suite.admin.post('/api/admin/contracts').send({ ...body, guaranteeTarget: 0 }).expect(400)).body, 'guaranteeTarget', OUTCOME_ERRORS.INVALID_GUARANTEE_TARGET);
      expectFieldError((await suite.admin.post('/api/admin/contracts').send({ ...body, guaranteed: 'yes' }).expect(400)).body, 'guaranteed', OUTCOME_ERRORS.INVALID_GUARANTEED);
    });
  });

  describe('payments of the guarantee', () => {
    it('takes a refund negative and a bonus positive, only on a guaranteed contract of the student', async () => {
      const { studentId, contractId } = await guaranteedStudent();
      expectFieldError((await pay({ studentId, contractId, kind: 'refund', amount: 100 }).expect(400)).body, 'amount', OUTCOME_ERRORS.REFUND_AMOUNT_NOT_NEGATIVE);
      expectFieldError((await pay({ studentId, contractId, amount: -100 }).expect(400)).body, 'amount', ERROR_MESSAGES.PAYMENT_AMOUNT_NEGATIVE);
      expectFieldError((await pay({ studentId, kind: 'refund', amount: -100 }).expect(400)).body, 'contractId', OUTCOME_ERRORS.GUARANTEE_PAYMENT_NEEDS_CONTRACT);
      expectFieldError((await pay({ studentId, contractId, kind: 'gift', amount: 100 }).expect(400)).body, 'kind', OUTCOME_ERRORS.INVALID_PAYMENT_KIND);

      const plain = (await suite.admin.post('/api/admin/contracts').send({ studentId, contractNumber: `HT-PLAIN-${sequence}`, courseName: '训练营', contractAmount: FEE, startDate: '2026-03-02', endDate: '2026-04-05' }).expect(201))
        .body.data;
      expect(plain.guaranteed).toBe(false);
      expectFieldError((await pay({ studentId, contractId: plain.id, kind: 'bonus', amount: 100 }).expect(400)).body, 'contractId', OUTCOME_ERRORS.CONTRACT_NOT_GUARANTEED);
    });

    it('refuses a refund beyond the tuition paid less the refunds made, nothing saved; two at once cannot both pass', async () => {
      const { studentId, contractId } = await guaranteedStudent();
      expectFieldError((await pay({ studentId, contractId, kind: 'refund', amount: -(FEE + 1) }).expect(400)).body, 'amount', OUTCOME_ERRORS.REFUND_EXCEEDS_PAID);
      const answers = await Promise.all([pay({ studentId, contractId, kind: 'refund', amount: -FEE }), pay({ studentId, contractId, kind: 'refund', amount: -FEE })]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
      const [{ count }] = await suite.sql.query(`SELECT count(*)::int AS count FROM student_payments WHERE "contractId" = $1 AND kind = 'refund'`, [contractId]);
      expect(count).toBe(1);
      // Tuition only counts as paid: the card's total and the contract's paid amount are unchanged by the refund.
      const student = (await suite.admin.get(`/api/admin/students/${studentId}`).expect(200)).body.data;
      expect(student.paidTotals).toEqual([{ currency: 'CNY', amount: FEE }]);
      expect((await suite.admin.get(`/api/admin/contracts/${contractId}`).expect(200)).body.data.paidAmount).toBe(FEE);
    });
  });

  describe('the ledger', () => {
    it('moves a graduate from 期内 to 已达标 when an in-field offer at the target comes within the window', async () => {
      const { studentId, contractId } = await guaranteedStudent({ status: 'graduated', graduationDate: daysAgo(10) });
      expect(await entryOf(contractId)).toMatchObject({ status: 'open', owed: 0, exposure: FEE, windowEnd: addDays(daysAgo(10), 180), bestSalary: null });
      // Out of field at the target does not count; in field a cent below neither.
      await offer(studentId, daysAgo(5), 2_000_000, 12, 'out_of_field');
      await offer(studentId, daysAgo(4), 1_666_666, 12);
      expect(await entryOf(contractId)).toMatchObject({ status: 'open', bestSalary: 19_999_992 });
      await offer(studentId, daysAgo(3), 1_000_000, 20);
      expect(await entryOf(contractId)).toMatchObject({ status: 'met', bestSalary: 20_000_000, owed: 0, exposure: 0 });
    });

    it('owes the full refund once the window closed without an offer, and closes when it is paid', async () => {
      const { studentId, contractId } = await guaranteedStudent({ status: 'graduated', graduationDate: daysAgo(181) });
      expect(await entryOf(contractId)).toMatchObject({ status: 'refund_due', owed: FEE, exposure: 0 });
      await pay({ studentId, contractId, kind: 'refund', amount: -1_000_000 }).expect(201);
      expect(await entryOf(contractId)).toMatchObject({ status: 'refund_due', owed: FEE - 1_000_000 });
      await pay({ studentId, contractId, kind: 'refund', amount: -(FEE - 1_000_000) }).expect(201);
      expect(await entryOf(contractId)).toMatchObject({ status: 'refunded', owed: 0 });
    });

    it('owes the bonus from 1.5 × the target, closed by a bonus payment; the contract’s own terms win', async () => {
      const { studentId, contractId } = await guaranteedStudent({ status: 'graduated', graduationDate: daysAgo(20) });
      await offer(studentId, daysAgo(2), 2_500_000, 12);
      expect(await entryOf(contractId)).toMatchObject({ status: 'bonus_due', owed: 198_000 });
      await pay({ studentId, contractId, kind: 'bonus', amount: 198_000 }).expect(201);
      expect(await entryOf(contractId)).toMatchObject({ status: 'bonus_paid', owed: 0 });

      const own = await guaranteedStudent({ status: 'graduated', graduationDate: daysAgo(20) }, { guaranteeTarget: 40_000_000, bonusRate: 20 });
      await offer(own.studentId, daysAgo(2), 2_500_000, 12);
      expect(await entryOf(own.contractId)).toMatchObject({ status: 'open', terms: { target: 40_000_000, bonusRate: 20, refundRate: 100 } });
    });

    it('says which rule failed: a withdrawal, or attendance below 90%', async () => {
      const withdrawn = await guaranteedStudent({ status: 'withdrawn', withdrawalDate: daysAgo(390) });
      expect(await entryOf(withdrawn.contractId)).toMatchObject({ status: 'ineligible', failedRule: 'graduated', owed: 0, exposure: 0 });

      const [{ id: cohortId }] = await suite.sql.query(`INSERT INTO cohorts (name, "startDate", "moduleDays", capacity) VALUES ('保障期', $1, '{2,6,7,4,3,9,4}', 5) RETURNING id`, [daysAgo(400)]);
      const absent = await guaranteedStudent({ status: 'graduated', graduationDate: daysAgo(300), cohortId });
      for (const [index, mark] of ['present', 'present', 'absent'].entries()) {
        await suite.sql.query(`INSERT INTO attendance ("cohortId", date, "studentId", mark) VALUES ($1, $2, $3, $4)`, [cohortId, addDays(daysAgo(400), index), absent.studentId, mark]);
      }
      expect(await entryOf(absent.contractId)).toMatchObject({ status: 'ineligible', failedRule: 'attendance', attendance: { attended: 2, marked: 3 } });
    });

    it('is computed again once any writer commits a change, and not before (ADR 055)', async () => {
      const { studentId, contractId } = await guaranteedStudent({ status: 'graduated', graduationDate: daysAgo(181) });
      expect(await entryOf(contractId)).toMatchObject({ status: 'refund_due', owed: FEE });
      // A refund written in SQL, outside the API, in a transaction left open: the ledger cannot see it yet.
      const writer = suite.sql.createQueryRunner();
      await writer.connect();
      await writer.startTransaction();
      await writer.query(
        `INSERT INTO student_payments ("studentId", "contractId", "paymentNumber", kind, amount, "paymentMethod", "paymentDate", status)
         VALUES ($1, $2, 'PAY-20260101-SQL001', 'refund', $3, 'transfer', $4, 'completed')`,
        [studentId, contractId, -FEE, today],
      );
      expect(await entryOf(contractId)).toMatchObject({ status: 'refund_due', owed: FEE });
      await writer.commitTransaction();
      await writer.release();
      expect(await entryOf(contractId)).toMatchObject({ status: 'refunded', owed: 0 });
      const report = (await suite.admin.get('/api/admin/outcomes-report').expect(200)).body.data;
      expect(report.rows.flatMap((row: { refundedStudents: { studentIds: string[] } }) => row.refundedStudents.studentIds)).toContain(studentId);
    });

    it('filters by status, sorts the most owed first, and sums the dashboard’s figures', async () => {
      const due = (await suite.admin.get('/api/admin/guarantee').query({ filter: JSON.stringify({ status: 'refund_due' }) }).expect(200)).body.data as GuaranteeEntryResponse[];
      expect(due.every((entry) => entry.status === 'refund_due')).toBe(true);
      const all = (await suite.admin.get('/api/admin/guarantee').query({ range: '[0,499]' }).expect(200)).body.data as GuaranteeEntryResponse[];
      expect(all.map((entry) => entry.owed)).toEqual([...all.map((entry) => entry.owed)].sort((a, b) => b - a));

      // q: a part of the contract number or the student's name, any case.
      const one = all[all.length - 1]!;
      const byNumber = (await suite.admin.get('/api/admin/guarantee').query({ filter: JSON.stringify({ q: one.contractNumber.toLowerCase() }) }).expect(200)).body.data as GuaranteeEntryResponse[];
      expect(byNumber.map((entry) => entry.id)).toContain(one.id);
      expect(byNumber.every((entry) => entry.contractNumber.includes(one.contractNumber))).toBe(true);
      const byName = (await suite.admin.get('/api/admin/guarantee').query({ filter: JSON.stringify({ q: one.studentName }) }).expect(200)).body.data as GuaranteeEntryResponse[];
      expect(byName.every((entry) => entry.studentName.includes(one.studentName))).toBe(true);
      expect((await suite.admin.get('/api/admin/guarantee').query({ filter: JSON.stringify({ q: '没有这个人' }) }).expect(200)).body.data).toEqual([]);

      const summary = (await suite.admin.get('/api/admin/guarantee/summary').expect(200)).body.data;
      const sum = (status: string, field: 'owed' | 'exposure') => all.filter((entry) => !status || entry.status === status).reduce((total, entry) => total + entry[field], 0);
      expect(summary.openExposure).toEqual([{ currency: 'CNY', amount: sum('', 'exposure') }]);
      expect(summary.counts).toMatchObject({ bonus_paid: 1, refunded: 2, ineligible: 2 });
      expect(summary.refundsDue).toEqual(sum('refund_due', 'owed') > 0 ? [{ currency: 'CNY', amount: sum('refund_due', 'owed') }] : []);
    });
  });
});
