import { parseSalary, type ParsedSalary } from './salary.parser';

describe(parseSalary.name, () => {
  const cases: Array<[string, Partial<ParsedSalary>]> = [
    ['15-25K·14薪', { min: 15000, max: 25000, period: 'month', monthsPerYear: 14 }],
    ['15-25k', { min: 15000, max: 25000, period: 'month', monthsPerYear: 12 }],
    ['1-1.5万', { min: 10000, max: 15000, period: 'month', monthsPerYear: 12 }],
    ['8千-1.2万/月', { min: 8000, max: 12000, period: 'month' }],
    ['1.2-2.4万·13薪', { min: 12000, max: 24000, monthsPerYear: 13 }],
    ['200-300元/天', { min: 200, max: 300, period: 'day', monthsPerYear: null }],
    ['150元/天', { min: 150, max: 150, period: 'day' }],
    ['10-20万/年', { min: 100000, max: 200000, period: 'year', monthsPerYear: null }],
    ['50-80元/时', { min: 50, max: 80, period: 'hour' }],
    ['15K以上', { min: 15000, max: null }],
    ['8000-12000元/月', { min: 8000, max: 12000, period: 'month' }],
    [' 20 - 35 K ', { min: 20000, max: 35000 }],
    ['面议', { min: null, max: null, period: null, negotiable: true }],
    ['薪资面议', { negotiable: true, min: null }],
  ];

  it.each(cases)('reads %s', (text, expected) => {
    expect(parseSalary(text)).toMatchObject({ currency: 'CNY', negotiable: false, ...expected });
  });

  it('answers nulls for empty or unreadable text', () => {
    expect(parseSalary('')).toEqual({ min: null, max: null, currency: 'CNY', period: null, monthsPerYear: null, negotiable: false });
    expect(parseSalary(null).min).toBeNull();
    expect(parseSalary('待遇优厚').min).toBeNull();
  });

  it('reads no number from amounts no salary has, which would overflow the columns', () => {
    expect(parseSalary(`${'9'.repeat(40)}K`)).toMatchObject({ min: null, max: null });
    expect(parseSalary('200000000-300000000元')).toMatchObject({ min: null, max: null });
    expect(parseSalary('8-10万/月')).toMatchObject({ min: 80_000, max: 100_000 });
  });
});
