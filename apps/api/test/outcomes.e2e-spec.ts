import { ERROR_MESSAGES, OUTCOME_ERRORS, type OutcomeResponse, STORAGE_PROXY_PATH } from '@aipm/contracts';
import { expectFieldError } from './support/api-errors';
import { useApiSuite } from './support/api-suite';
import { testApiEnv } from './support/test-env';

type Body = Record<string, unknown>;

const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const ENROLLED = '2026-03-02';

const patch = (changes: Body) => (base: Body) => ({ ...base, ...changes });

/** docs/product/validation.md#outcome: each refused with its message, and nothing saved. */
const OUTCOME_RULES: Array<[string, (base: Body) => Body, string, string]> = [
  ['no category', patch({ category: undefined }), 'category', OUTCOME_ERRORS.INVALID_OUTCOME_CATEGORY],
  ['a category not of the list', patch({ category: 'hired' }), 'category', OUTCOME_ERRORS.INVALID_OUTCOME_CATEGORY],
  ['an offer dated before enrolment', patch({ date: '2026-03-01' }), 'date', OUTCOME_ERRORS.OUTCOME_BEFORE_ENROLLMENT],
  ['a date that is no day', patch({ date: '2026-02-30' }), 'date', OUTCOME_ERRORS.INVALID_OUTCOME_DATE],
  ['a negative monthly base', patch({ monthlyBase: -100 }), 'monthlyBase', OUTCOME_ERRORS.INVALID_MONTHLY_BASE],
  ['a monthly base over ¥1,000,000', patch({ monthlyBase: 100_000_001 }), 'monthlyBase', OUTCOME_ERRORS.INVALID_MONTHLY_BASE],
  ['a monthly base in yuan with a fraction', patch({ monthlyBase: 15000.5 }), 'monthlyBase', OUTCOME_ERRORS.INVALID_MONTHLY_BASE],
  ['0 months a year', patch({ monthsPerYear: 0 }), 'monthsPerYear', OUTCOME_ERRORS.INVALID_MONTHS_PER_YEAR],
  ['25 months a year', patch({ monthsPerYear: 25 }), 'monthsPerYear', OUTCOME_ERRORS.INVALID_MONTHS_PER_YEAR],
  ['negative extras', patch({ fixedExtras: -1 }), 'fixedExtras', OUTCOME_ERRORS.INVALID_FIXED_EXTRAS],
  ['a job without its employer', patch({ employer: '' }), 'employer', OUTCOME_ERRORS.EMPLOYER_REQUIRED],
  ['a job without its salary', patch({ monthlyBase: null }), 'monthlyBase', OUTCOME_ERRORS.INVALID_MONTHLY_BASE],
  ['a start before the offer', patch({ startDate: '2026-05-01' }), 'startDate', OUTCOME_ERRORS.JOB_START_BEFORE_OFFER],
  ['a status with an employer', patch({ category: 'not_seeking', title: null, city: null, startDate: null, monthlyBase: null, monthsPerYear: null }), 'employer', OUTCOME_ERRORS.OFFER_FIELDS_NOT_ALLOWED],
  ['a job without evidence', patch({ evidence: [] }), 'evidence', OUTCOME_ERRORS.EVIDENCE_REQUIRED],
  ['evidence that is not an upload', patch({ evidence: [{ accessURL: 'https://evil.example/offer.pdf', kind: 'offer_letter' }] }), 'evidence', OUTCOME_ERRORS.INVALID_EVIDENCE],
  ['evidence of no kind', patch({ evidence: [{ accessURL: '/api/admin/files/contracts/2d3e4f50-6172-4839-a4b5-c6d7e8f9a0b1.pdf', kind: 'selfie' }] }), 'evidence', OUTCOME_ERRORS.INVALID_EVIDENCE_KIND],
  ['evidence never uploaded', patch({ evidence: [{ accessURL: '/api/admin/files/contracts/2d3e4f50-6172-4839-a4b5-c6d7e8f9a0b1.pdf', kind: 'offer_letter' }] }), 'evidence', ERROR_MESSAGES.FILE_NOT_UPLOADED],
  ['an unknown field', patch({ annualBase: 21_000_000 }), 'annualBase', ERROR_MESSAGES.UNKNOWN_FIELD],
];

/** Graduation and job outcomes (docs/product/outcomes.md): the rules, the evidence and the record they join. */
describe('graduation and outcomes API', () => {
  const suite = useApiSuite(11);
  const env = testApiEnv();
  let sequence = 0;

  const storeUrl = (proxied: string) => `${env.S3_ENDPOINT.replace(/\/+$/, '')}${proxied.slice(STORAGE_PROXY_PATH.length)}`;
  const nextPhone = () => `135${String(20_000_000 + (sequence += 1)).slice(-8)}`;
  const addStudent = async (body: Body = {}) =>
    (await suite.admin.post('/api/admin/students').send({ name: '孙九', phone: nextPhone(), enrollmentDate: ENROLLED, ...body }).expect(201)).body.data as { id: string };
  /** A PDF through the three-step upload (ADR 036): its access URL. */
  const uploadPdf = async (fileName = '录用通知书.pdf'): Promise<string> => {
    const { uploadURL, method, headers } = (await suite.admin.post('/api/contracts/upload-url').send({ fileName }).expect(200)).body.data;
    expect((await fetch(storeUrl(uploadURL), { method, headers, body: PDF })).status).toBe(200);
    return (await suite.admin.post('/api/contracts/confirm-upload').send({ uploadURL }).expect(200)).body.data.accessURL;
  };
  const jobBody = (studentId: string, body: Body = {}): Body => ({
    studentId,
    category: 'in_field_full_time',
    date: '2026-05-10',
    employer: '长沙某科技有限公司',
    title: 'AI 产品经理',
    city: '长沙',
    startDate: '2026-06-01',
    monthlyBase: 1_500_000,
    monthsPerYear: 14,
    fixedExtras: 1_200_000,
    ...body,
  });
  const outcomeCount = async (): Promise<number> => Number((await suite.sql.query(`SELECT count(*) FROM student_outcomes`))[0].count);
  const fileRows = async (studentId: string) =>
    (await suite.sql.query(`SELECT "accessUrl", "outcomeId", "evidenceKind" FROM student_files WHERE "studentId" = $1 ORDER BY "createdAt"`, [studentId])) as Array<{
      accessUrl: string;
      outcomeId: string | null;
      evidenceKind: string | null;
    }>;


  describe('graduation', () => {
    it('records graduation with its date, on time by the cohort’s last class day and late after it', async () => {
      const cohort = (await suite.admin.post('/api/admin/cohorts').send({ name: `结业期-${Date.now() % 100000}`, startDate: ENROLLED, capacity: 5 }).expect(201)).body.data;
      expect(cohort.endDate).toBe('2026-04-05');
      const onTime = await addStudent({ cohortId: cohort.id });
      const late = await addStudent({ cohortId: cohort.id });

      expectFieldError((await suite.admin.patch(`/api/admin/students/${onTime.id}`).send({ status: 'graduated' }).expect(400)).body, 'graduationDate', OUTCOME_ERRORS.GRADUATION_DATE_REQUIRED);
      await suite.admin.patch(`/api/admin/students/${onTime.id}`).send({ status: 'graduated', graduationDate: '2026-04-05' }).expect(200);
      await suite.admin.patch(`/api/admin/students/${late.id}`).send({ status: 'graduated', graduationDate: '2026-04-06' }).expect(200);

      expect((await suite.admin.get(`/api/admin/students/${onTime.id}`).expect(200)).body.data.graduation).toEqual({ status: 'graduated', date: '2026-04-05', onTime: true });
      expect((await suite.admin.get(`/api/admin/students/${late.id}`).expect(200)).body.data.graduation).toEqual({ status: 'graduated', date: '2026-04-06', onTime: false });
    });

    it('records a withdrawal with its own date, never before enrolment; without a cohort, graduation has no timing', async () => {
      const student = await addStudent();
      expectFieldError((await suite.admin.patch(`/api/admin/students/${student.id}`).send({ status: 'withdrawn' }).expect(400)).body, 'withdrawalDate', OUTCOME_ERRORS.WITHDRAWAL_DATE_REQUIRED);
      expectFieldError(
        (await suite.admin.patch(`/api/admin/students/${student.id}`).send({ status: 'withdrawn', withdrawalDate: '2026-03-01' }).expect(400)).body,
        'withdrawalDate',
        OUTCOME_ERRORS.WITHDRAWAL_BEFORE_ENROLLMENT,
      );
      expect((await suite.admin.get(`/api/admin/students/${student.id}`).expect(200)).body.data).toMatchObject({ status: 'active', withdrawalDate: null, graduation: null });

      await suite.admin.patch(`/api/admin/students/${student.id}`).send({ status: 'withdrawn', withdrawalDate: '2026-03-20' }).expect(200);
      expect((await suite.admin.get(`/api/admin/students/${student.id}`).expect(200)).body.data.graduation).toEqual({ status: 'withdrawn', date: '2026-03-20' });

      const graduate = await addStudent({ status: 'graduated', graduationDate: '2026-04-10' });
      expect((await suite.admin.get(`/api/admin/students/${graduate.id}`).expect(200)).body.data.graduation).toEqual({ status: 'graduated', date: '2026-04-10', onTime: null });
    });
  });

  describe('outcomes', () => {
    let studentId: string;
    let evidence: string;

    beforeAll(async () => {
      studentId = (await addStudent()).id;
      evidence = await uploadPdf();
    });

    it.each(OUTCOME_RULES)('refuses %s with 400 and its message, saving nothing', async (_case, change, field, message) => {
      const before = await outcomeCount();
      const body = change(jobBody(studentId, { evidence: [{ accessURL: evidence, kind: 'offer_letter' }] }));
      expectFieldError((await suite.admin.post('/api/admin/outcomes').send(body).expect(400)).body, field, message);
      expect(await outcomeCount()).toBe(before);
      expect((await fileRows(studentId)).filter((row) => row.outcomeId)).toEqual([]);
    });

    it('records a job with its evidence: the annual base and the contract salary computed from the parts', async () => {
      const created = (await suite.admin.post('/api/admin/outcomes').send(jobBody(studentId, { evidence: [{ accessURL: evidence, kind: 'offer_letter' }] })).expect(201)).body
        .data as OutcomeResponse;
      expect(created).toMatchObject({
        category: 'in_field_full_time',
        monthlyBase: 1_500_000,
        monthsPerYear: 14,
        fixedExtras: 1_200_000,
        // ¥15,000 × 14 = ¥210,000; plus ¥12,000 of fixed allowances = ¥222,000.
        annualBase: 21_000_000,
        contractSalary: 22_200_000,
        evidence: [{ kind: 'offer_letter', accessURL: evidence, originalName: '录用通知书.pdf', contentType: 'application/pdf' }],
      });

      // The evidence is kept by its outcome: the card's file actions refuse it.
      const [file] = (await suite.admin.get('/api/admin/student-files').query({ filter: JSON.stringify({ studentId }) }).expect(200)).body.data;
      expect(file).toMatchObject({ outcomeId: created.id, accessURL: evidence });
      expect((await suite.admin.delete(`/api/admin/student-files/${file.id}`).expect(409)).body).toMatchObject({ code: 'FILE_IS_EVIDENCE' });
      expect((await suite.admin.patch(`/api/admin/student-files/${file.id}`).send({ contractId: null }).expect(409)).body).toMatchObject({ code: 'FILE_IS_EVIDENCE' });

      // The same upload cannot prove a second outcome.
      const again = await suite.admin.post('/api/admin/outcomes').send(jobBody(studentId, { evidence: [{ accessURL: evidence, kind: 'offer_letter' }] })).expect(409);
      expect(again.body.code).toBe('FILE_ALREADY_SAVED');

      const list = (await suite.admin.get('/api/admin/outcomes').query({ filter: JSON.stringify({ studentId }) }).expect(200)).body.data;
      expect(list.map((outcome: OutcomeResponse) => outcome.id)).toEqual([created.id]);
    });

    it('replaces the evidence list on update: a new file added, the one left out deleted from storage; never emptied', async () => {
      const first = await uploadPdf('劳动合同.pdf');
      const outcome = (await suite.admin.post('/api/admin/outcomes').send(jobBody(studentId, { evidence: [{ accessURL: first, kind: 'labour_contract' }] })).expect(201)).body
        .data as OutcomeResponse;

      const emptied = await suite.admin.patch(`/api/admin/outcomes/${outcome.id}`).send({ evidence: [], monthsPerYear: 12 }).expect(400);
      expectFieldError(emptied.body, 'evidence', OUTCOME_ERRORS.EVIDENCE_REQUIRED);
      expect((await suite.admin.get(`/api/admin/outcomes/${outcome.id}`).expect(200)).body.data).toMatchObject({ monthsPerYear: 14, evidence: [{ accessURL: first }] });

      const second = await uploadPdf('社保记录.pdf');
      const changed = (await suite.admin.patch(`/api/admin/outcomes/${outcome.id}`).send({ evidence: [{ accessURL: second, kind: 'social_insurance' }] }).expect(200)).body
        .data as OutcomeResponse;
      expect(changed.evidence.map(({ accessURL, kind }) => ({ accessURL, kind }))).toEqual([{ accessURL: second, kind: 'social_insurance' }]);
      expect((await fileRows(studentId)).some((row) => row.accessUrl === first)).toBe(false);
      // The dropped file left storage: its access URL answers 404.
      await suite.admin.get(first).expect(404);
    });

    it('a status needs no offer: becoming "still seeking" clears the offer, and needs no evidence', async () => {
      const proof = await uploadPdf();
      const outcome = (await suite.admin.post('/api/admin/outcomes').send(jobBody(studentId, { evidence: [{ accessURL: proof, kind: 'offer_letter' }] })).expect(201)).body.data;
      const seeking = (await suite.admin.patch(`/api/admin/outcomes/${outcome.id}`).send({ category: 'seeking', evidence: [] }).expect(200)).body.data as OutcomeResponse;
      expect(seeking).toMatchObject({ category: 'seeking', employer: null, monthlyBase: null, annualBase: null, contractSalary: null, evidence: [] });
      const plain = (await suite.admin.post('/api/admin/outcomes').send({ studentId, category: 'seeking', date: '2026-05-01' }).expect(201)).body.data;
      expect(plain).toMatchObject({ category: 'seeking', evidence: [] });
    });

    it('a deleted outcome leaves its evidence with the student, under 其他文件', async () => {
      const proof = await uploadPdf();
      const outcome = (await suite.admin.post('/api/admin/outcomes').send({ studentId, category: 'not_seeking', date: '2026-06-01', evidence: [{ accessURL: proof, kind: 'other' }] }).expect(201)).body.data;
      await suite.admin.delete(`/api/admin/outcomes/${outcome.id}`).expect(200);
      await suite.admin.get(`/api/admin/outcomes/${outcome.id}`).expect(404);
      expect((await fileRows(studentId)).find((row) => row.accessUrl === proof)).toMatchObject({ outcomeId: null });
    });
  });

  it('exports the outcomes with the student (PIPL), and erasing the person takes outcomes and evidence along', async () => {
    const phone = nextPhone();
    const student = await addStudent({ phone });
    const proof = await uploadPdf();
    await suite.admin.post('/api/admin/outcomes').send(jobBody(student.id, { evidence: [{ accessURL: proof, kind: 'offer_letter' }] })).expect(201);

    const exported = (await suite.admin.get(`/api/admin/students/${student.id}/export`).expect(200)).body.data;
    expect(exported.outcomes).toEqual([expect.objectContaining({ employer: '长沙某科技有限公司', contractSalary: 22_200_000, evidence: [expect.objectContaining({ accessURL: proof })] })]);

    await suite.admin.post('/api/admin/people/erase').send({ phone }).expect(200);
    expect(Number((await suite.sql.query(`SELECT count(*) FROM student_outcomes WHERE "studentId" = $1`, [student.id]))[0].count)).toBe(0);
    await suite.admin.get(proof).expect(404);
  });
});
