import { halfYearOf, median, outcomesReport, type ReportStudentFacts } from './report';

const COHORT = { id: 'k1', name: '2026年3月期', startDate: '2026-03-02', lastDay: '2026-04-05' };
const TARGET = 20_000_000;
let sequence = 0;
const student = (changes: Partial<ReportStudentFacts> = {}): ReportStudentFacts => ({
  id: `s${(sequence += 1)}`,
  name: `学员${sequence}`,
  enrollmentDate: '2026-02-20',
  cohort: COHORT,
  graduation: { status: 'graduated', date: '2026-04-05', onTime: true },
  outcomes: [],
  refundsPaid: [],
  bonusesPaid: [],
  ...changes,
});
const job = (date: string, monthlyBase: number, category: ReportStudentFacts['outcomes'][number]['category'] = 'in_field_full_time', monthsPerYear = 12, fixedExtras = 0) => ({
  category,
  date,
  monthlyBase,
  monthsPerYear,
  fixedExtras,
});

describe('outcomes report', () => {
  it('counts enrolment at the first class day, graduation on time and late, and withdrawals after it', () => {
    const early = student({ graduation: { status: 'withdrawn', date: '2026-03-02' } });
    const later = student({ graduation: { status: 'withdrawn', date: '2026-03-03' } });
    const onTime = student();
    const late = student({ graduation: { status: 'graduated', date: '2026-04-20', onTime: false } });
    const studying = student({ graduation: null });
    const [row] = outcomesReport([early, later, onTime, late, studying], 'cohort', TARGET);
    expect(row).toMatchObject({ key: 'k1', label: '2026年3月期' });
    expect(row!.enrolled.studentIds).toEqual([later.id, onTime.id, late.id, studying.id]);
    expect(row!.graduatedOnTime.studentIds).toEqual([onTime.id]);
    expect(row!.graduatedLate.studentIds).toEqual([late.id]);
    expect(row!.withdrawn.studentIds).toEqual([later.id]);
  });

  it('places in field within 180 days only, and gives the median annual base of the full-time offers', () => {
    const a = student({ outcomes: [job('2026-05-01', 1_500_000, 'in_field_full_time', 14)] });
    const b = student({ outcomes: [job('2026-06-01', 2_000_000)] });
    const c = student({ outcomes: [job('2026-06-01', 1_000_000, 'in_field_contract')] });
    const outside = student({ outcomes: [job('2026-10-03', 3_000_000)] });
    const outOfField = student({ outcomes: [job('2026-05-01', 3_000_000, 'out_of_field')] });
    const [row] = outcomesReport([a, b, c, outside, outOfField], 'cohort', TARGET);
    expect(row!.placedInField.studentIds).toEqual([a.id, b.id, c.id]);
    expect(row!.medianBasis.studentIds).toEqual([a.id, b.id]);
    // ¥210,000 and ¥240,000: the median of two is their mean.
    expect(row!.medianAnnualBase).toBe(22_500_000);
    // a (¥210,000) and b (¥240,000) reach ¥200,000; c (¥120,000) does not: 2 of 5 graduates.
    expect(row!.atOrAboveTarget.studentIds).toEqual([a.id, b.id]);
    expect(row!.atOrAboveTargetShare).toBe(40);
  });

  it('sums refunds and bonuses per currency with the students behind them', () => {
    const refunded = student({ refundsPaid: [{ currency: 'CNY', amount: 1_980_000 }] });
    const bonused = student({ bonusesPaid: [{ currency: 'CNY', amount: 198_000 }] });
    const [row] = outcomesReport([refunded, bonused, student()], 'cohort', TARGET);
    expect(row).toMatchObject({ refundsPaid: [{ currency: 'CNY', amount: 1_980_000 }], bonusesPaid: [{ currency: 'CNY', amount: 198_000 }] });
    expect(row!.refundedStudents.studentIds).toEqual([refunded.id]);
    expect(row!.bonusedStudents.studentIds).toEqual([bonused.id]);
  });

  it('groups by the half-year of the expected graduation, newest first; a student without a cohort by their own dates', () => {
    const march = student();
    const autumn = student({ cohort: { id: 'k2', name: '2026年9月期', startDate: '2026-09-01', lastDay: '2026-10-05' }, graduation: null });
    const alone = student({ cohort: null, graduation: { status: 'graduated', date: '2025-12-01', onTime: null } });
    const halves = outcomesReport([march, autumn, alone], 'half-year', TARGET);
    expect(halves.map((row) => [row.key, row.enrolled.studentIds])).toEqual([
      ['2026-H2', [autumn.id]],
      ['2026-H1', [march.id]],
      ['2025-H2', [alone.id]],
    ]);
    expect(halves[2]!.graduatedUntimed.studentIds).toEqual([alone.id]);
    const cohorts = outcomesReport([march, autumn, alone], 'cohort', TARGET);
    expect(cohorts.map((row) => row.label)).toEqual(['2026年9月期', '2026年3月期', '未分期']);
  });

  it('says nothing rather than 0% when a group has no graduate', () => {
    const [row] = outcomesReport([student({ graduation: null })], 'cohort', TARGET);
    expect(row).toMatchObject({ atOrAboveTargetShare: null, medianAnnualBase: null });
  });
});

describe('helpers', () => {
  it('names the half-year of a day', () => {
    expect([halfYearOf('2026-06-30'), halfYearOf('2026-07-01')]).toEqual(['2026-H1', '2026-H2']);
  });

  it('takes the middle value, or the rounded mean of the two middle ones', () => {
    expect([median([]), median([3, 1, 2]), median([1, 2]), median([1, 4, 2, 3])]).toEqual([null, 2, 2, 3]);
  });
});
