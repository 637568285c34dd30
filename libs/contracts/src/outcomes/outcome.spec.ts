import { annualBaseCents, contractSalaryCents, graduationOf, needsEvidence, OUTCOME_CATEGORIES } from './outcome';
import { type OutcomeDraft, outcomeProblem } from './outcome-rules';

const job: OutcomeDraft = {
  category: 'in_field_full_time',
  date: '2026-05-10',
  employer: '长沙某科技',
  title: 'AI 产品经理',
  city: '长沙',
  startDate: '2026-06-01',
  monthlyBase: 1_500_000,
  monthsPerYear: 14,
  fixedExtras: 0,
  evidenceCount: 1,
};
const status = (category: OutcomeDraft['category'], evidenceCount = 1): OutcomeDraft => ({
  category,
  date: '2026-05-10',
  employer: null,
  title: null,
  city: null,
  startDate: null,
  monthlyBase: null,
  monthsPerYear: null,
  fixedExtras: null,
  evidenceCount,
});

describe('salary in parts', () => {
  it('computes the annual base from the monthly base and the months, and the contract salary with the fixed extras', () => {
    expect(annualBaseCents({ monthlyBase: 1_500_000, monthsPerYear: 14 })).toBe(21_000_000);
    expect(contractSalaryCents({ monthlyBase: 1_500_000, monthsPerYear: 14, fixedExtras: 1_200_000 })).toBe(22_200_000);
  });

  it('stays exact at the limits (¥1,000,000 × 24 months: beyond int4, within a safe integer)', () => {
    expect(contractSalaryCents({ monthlyBase: 100_000_000, monthsPerYear: 24, fixedExtras: 1_000_000_000 })).toBe(3_400_000_000);
  });
});

describe(graduationOf.name, () => {
  const graduated = { status: 'graduated', graduationDate: '2026-04-05', withdrawalDate: null };

  it('is on time on the last class day and late the day after', () => {
    expect(graduationOf(graduated, '2026-04-05')).toEqual({ status: 'graduated', date: '2026-04-05', onTime: true });
    expect(graduationOf({ ...graduated, graduationDate: '2026-04-06' }, '2026-04-05')).toEqual({ status: 'graduated', date: '2026-04-06', onTime: false });
  });

  it('has no timing without a cohort, and nothing without a date or while studying', () => {
    expect(graduationOf(graduated, null)).toEqual({ status: 'graduated', date: '2026-04-05', onTime: null });
    expect(graduationOf({ ...graduated, graduationDate: null }, '2026-04-05')).toBeNull();
    expect(graduationOf({ ...graduated, status: 'active' }, '2026-04-05')).toBeNull();
  });

  it('is a withdrawal with its own date', () => {
    expect(graduationOf({ status: 'withdrawn', graduationDate: null, withdrawalDate: '2026-03-20' }, '2026-04-05')).toEqual({ status: 'withdrawn', date: '2026-03-20' });
  });
});

describe(outcomeProblem.name, () => {
  it('accepts a complete job with evidence, dated on the enrolment day', () => {
    expect(outcomeProblem({ ...job, date: '2026-03-02', startDate: '2026-03-02' }, '2026-03-02')).toBeNull();
  });

  it('refuses an outcome dated before enrolment', () => {
    expect(outcomeProblem(job, '2026-05-11')).toEqual({ field: 'date', code: 'OUTCOME_BEFORE_ENROLLMENT' });
  });

  it('names the first missing offer field of a job', () => {
    expect(outcomeProblem({ ...job, employer: null, city: null }, '2026-03-02')).toEqual({ field: 'employer', code: 'EMPLOYER_REQUIRED' });
    expect(outcomeProblem({ ...job, monthsPerYear: null }, '2026-03-02')).toEqual({ field: 'monthsPerYear', code: 'INVALID_MONTHS_PER_YEAR' });
  });

  it('refuses a start before the outcome date, and accepts a start on it', () => {
    expect(outcomeProblem({ ...job, startDate: '2026-05-09' }, '2026-03-02')).toEqual({ field: 'startDate', code: 'JOB_START_BEFORE_OFFER' });
    expect(outcomeProblem({ ...job, startDate: '2026-05-10' }, '2026-03-02')).toBeNull();
  });

  it('refuses any offer field on a status', () => {
    expect(outcomeProblem({ ...status('not_seeking'), fixedExtras: 0 }, '2026-03-02')).toEqual({ field: 'fixedExtras', code: 'OFFER_FIELDS_NOT_ALLOWED' });
  });

  it('needs evidence for every category but still seeking', () => {
    expect(OUTCOME_CATEGORIES.filter(needsEvidence)).toEqual(['in_field_full_time', 'in_field_contract', 'in_field_part_time', 'out_of_field', 'not_seeking', 'not_reporting']);
    expect(outcomeProblem(status('seeking', 0), '2026-03-02')).toBeNull();
    expect(outcomeProblem(status('not_reporting', 0), '2026-03-02')).toEqual({ field: 'evidence', code: 'EVIDENCE_REQUIRED' });
    expect(outcomeProblem({ ...job, evidenceCount: 0 }, '2026-03-02')).toEqual({ field: 'evidence', code: 'EVIDENCE_REQUIRED' });
  });
});
