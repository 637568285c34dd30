import { DEFAULT_GUARANTEE_TERMS, type GuaranteeFacts, guaranteeStatusOf, percentOf } from './guarantee';

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

describe(guaranteeStatusOf.name, () => {
  it('is open while studying, the whole refund exposed', () => {
    expect(guaranteeStatusOf(facts({ graduation: null }))).toEqual({ status: 'open', failedRule: null, windowEnd: null, bestSalary: null, owed: 0, exposure: 1_980_000 });
  });

  it('is open within the window, on its last day too, and due the day after', () => {
    expect(guaranteeStatusOf(facts({ today: '2026-10-02' }))).toMatchObject({ status: 'open', windowEnd: '2026-10-02', exposure: 1_980_000, owed: 0 });
    expect(guaranteeStatusOf(facts({ today: '2026-10-03' }))).toMatchObject({ status: 'refund_due', owed: 1_980_000, exposure: 0 });
  });

  it('is met by an offer exactly at the target, and not by one a cent below', () => {
    expect(guaranteeStatusOf(facts({ offers: [{ date: '2026-05-10', contractSalary: TARGET }] }))).toMatchObject({ status: 'met', bestSalary: TARGET, owed: 0, exposure: 0 });
    expect(guaranteeStatusOf(facts({ offers: [{ date: '2026-05-10', contractSalary: TARGET - 1 }] }))).toMatchObject({ status: 'open', bestSalary: TARGET - 1 });
  });

  it('owes the bonus (10% of the contract) from exactly 1.5 × the target, and not a cent below', () => {
    expect(guaranteeStatusOf(facts({ offers: [{ date: '2026-05-10', contractSalary: 30_000_000 }] }))).toMatchObject({ status: 'bonus_due', owed: 198_000 });
    expect(guaranteeStatusOf(facts({ offers: [{ date: '2026-05-10', contractSalary: 29_999_999 }] }))).toMatchObject({ status: 'met', owed: 0 });
  });

  it('counts the best offer within the window only', () => {
    const offers = [
      { date: '2026-10-03', contractSalary: 40_000_000 },
      { date: '2026-05-10', contractSalary: 18_000_000 },
      { date: '2026-10-02', contractSalary: 21_000_000 },
    ];
    expect(guaranteeStatusOf(facts({ offers, today: '2026-11-01' }))).toMatchObject({ status: 'met', bestSalary: 21_000_000 });
  });

  it('refuses a student who withdrew, even before the last full-refund date, and one below 90% attendance', () => {
    expect(guaranteeStatusOf(facts({ graduation: { status: 'withdrawn', date: '2026-03-05' } }))).toMatchObject({ status: 'ineligible', failedRule: 'graduated', owed: 0, exposure: 0 });
    expect(guaranteeStatusOf(facts({ attendance: { attended: 26, marked: 29 } }))).toMatchObject({ status: 'ineligible', failedRule: 'attendance' });
    // Exactly 90% passes; no day marked is no evidence against the student.
    expect(guaranteeStatusOf(facts({ attendance: { attended: 27, marked: 30 } })).status).toBe('open');
    expect(guaranteeStatusOf(facts({ attendance: { attended: 0, marked: 0 } })).status).toBe('open');
  });

  it('reads attendance at graduation: a student still studying below the minimum is open', () => {
    expect(guaranteeStatusOf(facts({ graduation: null, attendance: { attended: 1, marked: 10 } })).status).toBe('open');
  });

  it('refunds the refund rate of the tuition paid, to the cent, less refunds already paid; paid in full it is closed', () => {
    const missed = { today: '2026-12-01', tuitionPaid: 1_234_567, terms: { ...DEFAULT_GUARANTEE_TERMS, refundRate: 50 } };
    expect(guaranteeStatusOf(facts(missed))).toMatchObject({ status: 'refund_due', owed: 617_284 });
    expect(guaranteeStatusOf(facts({ ...missed, refundsPaid: 600_000 }))).toMatchObject({ status: 'refund_due', owed: 17_284 });
    expect(guaranteeStatusOf(facts({ ...missed, refundsPaid: 617_284 }))).toMatchObject({ status: 'refunded', owed: 0 });
  });

  it('closes the bonus once paid in full', () => {
    const offers = [{ date: '2026-05-10', contractSalary: 31_000_000 }];
    expect(guaranteeStatusOf(facts({ offers, bonusesPaid: 100_000 }))).toMatchObject({ status: 'bonus_due', owed: 98_000 });
    expect(guaranteeStatusOf(facts({ offers, bonusesPaid: 198_000 }))).toMatchObject({ status: 'bonus_paid', owed: 0 });
  });

  it('says ¥0.00 is due when the window closed on a contract with nothing paid', () => {
    expect(guaranteeStatusOf(facts({ today: '2026-12-01', tuitionPaid: 0 }))).toMatchObject({ status: 'refund_due', owed: 0 });
  });

  it('uses the contract’s own terms: a lower target, a longer window', () => {
    const terms = { ...DEFAULT_GUARANTEE_TERMS, target: 15_000_000, windowDays: 365 };
    expect(guaranteeStatusOf(facts({ terms, offers: [{ date: '2027-03-01', contractSalary: 16_000_000 }], today: '2027-03-02' }))).toMatchObject({
      status: 'met',
      windowEnd: '2027-04-05',
    });
  });
});

describe(percentOf.name, () => {
  it('rounds half up to the cent', () => {
    expect(percentOf(3, 50)).toBe(2);
    expect(percentOf(1_980_000, 100)).toBe(1_980_000);
    expect(percentOf(1_980_000, 10)).toBe(198_000);
  });
});
