import { addDays, cohortCalendar, cohortStartOf, DEFAULT_MODULE_DAYS } from './cohort';

describe(cohortCalendar.name, () => {
  it('gives the programme 35 class days in seven modules of 2, 6, 7, 4, 3, 9 and 4', () => {
    const days = cohortCalendar('2026-03-02', DEFAULT_MODULE_DAYS, []);
    expect(days).toHaveLength(35);
    expect(days[0]).toEqual({ date: '2026-03-02', module: 1, dayOfModule: 1 });
    expect(days[1]).toEqual({ date: '2026-03-03', module: 1, dayOfModule: 2 });
    expect(days[2]).toEqual({ date: '2026-03-04', module: 2, dayOfModule: 1 });
    expect(days.at(-1)).toEqual({ date: '2026-04-05', module: 7, dayOfModule: 4 });
    expect([1, 2, 3, 4, 5, 6, 7].map((module) => days.filter((day) => day.module === module).length)).toEqual([2, 6, 7, 4, 3, 9, 4]);
  });

  it("skips the cohort's days off, the start day and runs of days included, and ignores days off outside it", () => {
    const days = cohortCalendar('2026-09-30', [2, 2], ['2026-09-30', '2026-10-01', '2026-10-02', '2026-10-04', '2026-09-01', '2027-01-01']);
    expect(days.map((day) => `${day.date}/${day.module}.${day.dayOfModule}`)).toEqual(['2026-10-03/1.1', '2026-10-05/1.2', '2026-10-06/2.1', '2026-10-07/2.2']);
  });

  it('crosses month and leap-year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(cohortCalendar('2026-12-31', [1, 1], []).map((day) => day.date)).toEqual(['2026-12-31', '2027-01-01']);
  });
});

describe(cohortStartOf.name, () => {
  it('words a start as its month and third: 1 to 10 early, 11 to 20 mid, the rest late', () => {
    expect(cohortStartOf('2026-03-01')).toEqual({ cohortMonth: '2026-03', cohortPart: 'early' });
    expect(cohortStartOf('2026-03-10')).toEqual({ cohortMonth: '2026-03', cohortPart: 'early' });
    expect(cohortStartOf('2026-03-11')).toEqual({ cohortMonth: '2026-03', cohortPart: 'mid' });
    expect(cohortStartOf('2026-03-20')).toEqual({ cohortMonth: '2026-03', cohortPart: 'mid' });
    expect(cohortStartOf('2026-03-21')).toEqual({ cohortMonth: '2026-03', cohortPart: 'late' });
    expect(cohortStartOf('2026-02-28')).toEqual({ cohortMonth: '2026-02', cohortPart: 'late' });
  });
});
