import { heroFiguresOf, reportedHeroFigures } from './hero-figures';
import { outcomesReport, type ReportStudentFacts } from './report';

const MARCH = { id: 'march', name: '2026年3月期', startDate: '2026-03-02', lastDay: '2026-04-05' };
const MAY = { id: 'may', name: '2026年5月期', startDate: '2026-05-04', lastDay: '2026-06-07' };
const LAST_DAYS = new Map([
  [MARCH.id, MARCH.lastDay],
  [MAY.id, MAY.lastDay],
]);
let sequence = 0;
const student = (cohort: ReportStudentFacts['cohort'], graduation: ReportStudentFacts['graduation']): ReportStudentFacts => ({
  id: `s${(sequence += 1)}`,
  name: `学员${sequence}`,
  enrollmentDate: '2026-02-20',
  cohort,
  graduation,
  outcomes: [],
  refundsPaid: [],
  bonusesPaid: [],
});
const onTime = (cohort: typeof MARCH) => student(cohort, { status: 'graduated', date: cohort.lastDay, onTime: true });

describe('hero figures from the outcomes report', () => {
  // March: 3 on time, 1 late, 1 withdrawn after the first class day, 1 never marked; 1 left before the first class
  // day (not enrolled). May: 2 still studying. One student without a cohort.
  const students = [
    onTime(MARCH),
    onTime(MARCH),
    onTime(MARCH),
    student(MARCH, { status: 'graduated', date: '2026-04-20', onTime: false }),
    student(MARCH, { status: 'withdrawn', date: '2026-03-10' }),
    student(MARCH, null),
    student(MARCH, { status: 'withdrawn', date: '2026-03-01' }),
    student(MAY, null),
    student(MAY, null),
    student(null, null),
  ];
  const rows = outcomesReport(students, 'cohort', 20_000_000);

  it('counts every enrolled student, with or without a cohort, as of the day', () => {
    expect(heroFiguresOf(rows, LAST_DAYS, '2026-06-07').students).toEqual({ count: 9, asOf: '2026-06-07' });
  });

  it('gives the completion of the most recently finished cohort: graduates on time or late over its enrolled', () => {
    // 4 of March's 6 enrolled: 67%. May's last day is today, so May has not finished.
    expect(heroFiguresOf(rows, LAST_DAYS, '2026-06-07').completion).toEqual({ percent: 67, cohort: '2026年3月期', lastDay: '2026-04-05', asOf: '2026-06-07' });
  });

  it('moves to the next cohort the day after its last class day', () => {
    // May's two students are not marked graduated: 0%, honestly.
    expect(heroFiguresOf(rows, LAST_DAYS, '2026-06-08').completion).toMatchObject({ percent: 0, cohort: '2026年5月期', lastDay: '2026-06-07' });
  });

  it('has no completion before any cohort has finished, and nothing at all without students', () => {
    expect(heroFiguresOf(rows, LAST_DAYS, '2026-04-05').completion).toBeUndefined();
    expect(heroFiguresOf([], LAST_DAYS, '2026-06-08')).toEqual({});
  });

  it('skips a finished cohort with nobody enrolled', () => {
    const emptied = outcomesReport([student(MAY, { status: 'withdrawn', date: '2026-05-01' }), onTime(MARCH)], 'cohort', 20_000_000);
    expect(heroFiguresOf(emptied, LAST_DAYS, '2026-07-01').completion).toMatchObject({ percent: 100, cohort: '2026年3月期' });
  });

  it('keeps only the figures the settings take from the report', () => {
    const figures = heroFiguresOf(rows, LAST_DAYS, '2026-06-08');
    expect(reportedHeroFigures(figures, { heroStudentsSource: 'fixed', heroCompletionSource: 'fixed' })).toEqual({});
    expect(reportedHeroFigures(figures, { heroStudentsSource: 'report', heroCompletionSource: 'fixed' })).toEqual({ students: figures.students });
    expect(reportedHeroFigures(figures, { heroStudentsSource: 'fixed', heroCompletionSource: 'report' })).toEqual({ completion: figures.completion });
    expect(reportedHeroFigures({}, { heroStudentsSource: 'report', heroCompletionSource: 'report' })).toEqual({});
  });
});
