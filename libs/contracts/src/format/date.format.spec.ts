import { formatDate, formatDateTime, formatIsoDate, formatMonthDay, formatPostedTime, formatShortDate, msUntilNextBusinessDay, startOfWeek, weekStartsOn } from './date.format';

const NOW = new Date('2025-08-20T04:00:00Z'); // 12:00 in Changsha
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe(formatPostedTime.name, () => {
  it.each([
    [0, 'zh', '刚刚'],
    [59, 'zh', '刚刚'],
    [60, 'zh', '1小时前'],
    [23 * 60 + 59, 'zh', '23小时前'],
    [24 * 60, 'zh', '1天前'],
    [6 * 24 * 60 + 23 * 60, 'zh', '6天前'],
    [7 * 24 * 60, 'zh', '08/13'],
    [0, 'en', 'just now'],
    [59, 'en', 'just now'],
    [60, 'en', '1 hour ago'],
    [5 * 60, 'en', '5 hours ago'],
    [24 * 60, 'en', '1 day ago'],
    [3 * 24 * 60, 'en', '3 days ago'],
    [30 * 24 * 60, 'en', '07/21'],
  ])('shows %d minutes ago in %s as %s', (minutes, language, expected) => {
    expect(formatPostedTime(minutesAgo(minutes), NOW, language)).toBe(expected);
  });

  it('treats a time in the future as just now', () => {
    expect(formatPostedTime(new Date(NOW.getTime() + 3_600_000), NOW, 'zh')).toBe('刚刚');
  });

  it('accepts ISO strings, as they arrive from the API', () => {
    expect(formatPostedTime('2025-08-20T01:00:00Z', NOW.toISOString(), 'en')).toBe('3 hours ago');
  });

  it('rejects a value that is not a date', () => {
    expect(() => formatPostedTime('yesterday', NOW, 'zh')).toThrow(RangeError);
  });
});

describe(formatMonthDay.name, () => {
  it.each([
    ['2025-01-05T00:00:00Z', '01/05'],
    // 20:00 UTC on 31 Dec is already 1 Jan in Changsha.
    ['2025-12-31T20:00:00Z', '01/01'],
    ['2025-08-13T15:59:59Z', '08/13'],
    ['2025-08-13T16:00:00Z', '08/14'],
  ])('shows %s as %s (China time)', (iso, expected) => {
    expect(formatMonthDay(iso)).toBe(expected);
  });
});

describe(formatDate.name, () => {
  it.each([
    ['2025-08-13T02:00:00Z', 'zh', '2025年8月13日'],
    ['2025-08-13T02:00:00Z', 'en', '13 Aug 2025'],
    ['2025-12-31T20:00:00Z', 'en', '1 Jan 2026'],
    ['2025-09-28T02:00:00Z', undefined, '2025年9月28日'],
  ])('shows %s in %s as %s', (iso, language, expected) => {
    expect(formatDate(iso, language)).toBe(expected);
  });
});

describe(formatDateTime.name, () => {
  it.each([
    ['2025-08-13T06:05:00Z', 'zh', '2025年08月13日 14:05'],
    ['2025-08-13T06:05:00Z', undefined, '2025年08月13日 14:05'],
    ['2025-08-13T06:05:00Z', 'en', '13 Aug 2025 14:05'],
    // 16:30 UTC on 31 Dec is already 00:30 on 1 Jan in Changsha.
    ['2025-12-31T16:30:59Z', 'zh', '2026年01月01日 00:30'],
  ])('shows %s in %s as %s (China time, to the minute)', (iso, language, expected) => {
    expect(formatDateTime(iso, language)).toBe(expected);
  });
});

describe(formatIsoDate.name, () => {
  it('prints the China calendar day', () => {
    expect(formatIsoDate('2025-08-13T16:30:00Z')).toBe('2025-08-14');
  });
});

describe(startOfWeek.name, () => {
  it('starts Chinese weeks on Monday and English weeks on Sunday', () => {
    expect(weekStartsOn('zh')).toBe(1);
    expect(weekStartsOn('en')).toBe(0);
    // Wednesday 20 Aug 2025 in Changsha.
    expect(formatIsoDate(startOfWeek(NOW, 'zh'))).toBe('2025-08-18');
    expect(formatIsoDate(startOfWeek(NOW, 'en'))).toBe('2025-08-17');
    expect(startOfWeek(NOW, 'zh').toISOString()).toBe('2025-08-17T16:00:00.000Z');
  });

  it('keeps a Sunday in the Chinese week that began the Monday before', () => {
    expect(formatIsoDate(startOfWeek('2025-08-24T04:00:00Z', 'zh'))).toBe('2025-08-18');
    expect(formatIsoDate(startOfWeek('2025-08-24T04:00:00Z', 'en'))).toBe('2025-08-24');
  });
});

describe(formatShortDate.name, () => {
  it('gives the day without its year, in China time, in each language', () => {
    expect(formatShortDate('2026-03-10', 'zh')).toBe('3月10日');
    expect(formatShortDate('2026-03-10', 'en')).toBe('10 Mar');
    // 20:00 UTC on 9 Aug is already 10 Aug in Changsha.
    expect(formatShortDate('2025-08-09T20:00:00Z', 'zh-CN')).toBe('8月10日');
  });
});

describe(msUntilNextBusinessDay.name, () => {
  it("counts to the next midnight in China, whatever the machine's zone", () => {
    expect(msUntilNextBusinessDay('2027-02-08T15:59:50Z')).toBe(10_000);
    expect(msUntilNextBusinessDay('2027-02-08T16:00:00Z')).toBe(24 * 60 * 60 * 1000);
    expect(msUntilNextBusinessDay('2027-02-08T04:00:00+08:00')).toBe(20 * 60 * 60 * 1000);
  });
});
