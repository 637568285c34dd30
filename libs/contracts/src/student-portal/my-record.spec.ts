import { cohortCalendar } from '../cohorts/cohort';
import { DEFAULT_GUARANTEE_TERMS, guaranteeStatusOf, type GuaranteeFacts } from '../outcomes/guarantee';
import { balanceOf, calendarByModule, guaranteeNeedOf, studentFilePath } from './my-record';

const TARGET = DEFAULT_GUARANTEE_TERMS.target;
/** A graduate of 2026-04-05 (window to 2026-10-02) who paid ¥19,800 of a ¥19,800 contract, 30 of 30 days attended. */
const facts = (changes: Partial<GuaranteeFacts> = {}): GuaranteeFacts => ({
  terms: DEFAULT_GUARANTEE_TERMS,
  contractAmount: 1_980_000,
  tuitionPaid: 1_980_000,
  refundsPaid: 0,
  bonusesPaid: 0,
  graduation: { status: 'graduated', date: '2026-04-05', onTime: true },
  attendance: { attended: 30, marked: 30 },
  offers: [],
  today: '2026-06-01',
  ...changes,
});
/** The ledger's entry for these facts, worded for the student. */
const needOf = (changes: Partial<GuaranteeFacts> = {}) => guaranteeNeedOf({ ...guaranteeStatusOf(facts(changes)), terms: DEFAULT_GUARANTEE_TERMS, currency: 'CNY' });

describe(guaranteeNeedOf.name, () => {
  it('asks a student still studying to graduate first, naming the target, the window and the attendance', () => {
    expect(needOf({ graduation: null })).toEqual({ code: 'graduate_first', target: TARGET, currency: 'CNY', windowDays: 180, minAttendance: 90 });
  });

  it('asks a graduate for an offer of at least the target by the window\'s last day', () => {
    expect(needOf()).toEqual({ code: 'report_offer', target: TARGET, currency: 'CNY', by: '2026-10-02' });
    expect(needOf({ offers: [{ date: '2026-05-10', contractSalary: TARGET - 1 }] })).toMatchObject({ code: 'report_offer' });
  });

  it('says why a student is not eligible: a withdrawal, or attendance below the minimum', () => {
    expect(needOf({ graduation: { status: 'withdrawn', date: '2026-03-01' } })).toEqual({ code: 'withdrawn' });
    expect(needOf({ attendance: { attended: 26, marked: 30 } })).toEqual({ code: 'attendance_below', minAttendance: 90 });
  });

  it('says how it ended: met, bonus due or paid, refund due or paid', () => {
    expect(needOf({ offers: [{ date: '2026-05-10', contractSalary: TARGET }] })).toEqual({ code: 'met', bestSalary: TARGET, currency: 'CNY' });
    expect(needOf({ offers: [{ date: '2026-05-10', contractSalary: TARGET * 1.5 }] })).toEqual({ code: 'bonus_due', amount: 198_000, currency: 'CNY' });
    expect(needOf({ offers: [{ date: '2026-05-10', contractSalary: TARGET * 1.5 }], bonusesPaid: 198_000 })).toEqual({ code: 'bonus_paid' });
    expect(needOf({ today: '2026-10-03' })).toEqual({ code: 'refund_due', amount: 1_980_000, currency: 'CNY' });
    expect(needOf({ today: '2026-10-03', refundsPaid: 1_980_000 })).toEqual({ code: 'refunded' });
  });
});

describe(calendarByModule.name, () => {
  it('groups the class days by module, in order, the days off skipped', () => {
    const modules = calendarByModule(cohortCalendar('2026-03-02', [2, 1, 3], ['2026-03-03']));
    expect(modules).toEqual([
      { module: 1, days: [{ date: '2026-03-02', dayOfModule: 1 }, { date: '2026-03-04', dayOfModule: 2 }] },
      { module: 2, days: [{ date: '2026-03-05', dayOfModule: 1 }] },
      { module: 3, days: [{ date: '2026-03-06', dayOfModule: 1 }, { date: '2026-03-07', dayOfModule: 2 }, { date: '2026-03-08', dayOfModule: 3 }] },
    ]);
    expect(calendarByModule([])).toEqual([]);
  });
});

describe(balanceOf.name, () => {
  it('sums the contracts\' outstanding amounts per currency, currencies in order, an overpayment negative', () => {
    expect(balanceOf([])).toEqual([]);
    expect(balanceOf([{ currency: 'USD', outstandingAmount: 500 }, { currency: 'CNY', outstandingAmount: 980_000 }, { currency: 'CNY', outstandingAmount: -100 }])).toEqual([
      { currency: 'CNY', amount: 979_900 },
      { currency: 'USD', amount: 500 },
    ]);
  });
});

describe(studentFilePath.name, () => {
  it('is the student realm\'s download of the file', () => {
    expect(studentFilePath('1c2d3e4f-5061-4728-93a4-b5c6d7e8f9a0')).toBe('/api/student/files/1c2d3e4f-5061-4728-93a4-b5c6d7e8f9a0');
  });
});
