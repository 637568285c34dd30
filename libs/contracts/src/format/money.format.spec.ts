import { formatMoneyFromCents, parseYuanToCents } from './money.format';

describe(formatMoneyFromCents.name, () => {
  it.each([
    [0, '¥0.00'],
    [5, '¥0.05'],
    [99, '¥0.99'],
    [100, '¥1.00'],
    [123456, '¥1,234.56'],
    [1980000, '¥19,800.00'],
    [2980000, '¥29,800.00'],
    [100000000, '¥1,000,000.00'],
    [-150, '-¥1.50'],
  ])('shows %d cents as %s', (cents, expected) => {
    expect(formatMoneyFromCents(cents)).toBe(expected);
  });

  it('writes other currencies after the amount', () => {
    expect(formatMoneyFromCents(123456, 'USD')).toBe('1,234.56 USD');
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d, which is not integer cents', (value) => {
    expect(() => formatMoneyFromCents(value)).toThrow(RangeError);
  });
});

describe(parseYuanToCents.name, () => {
  it.each<[string, number | undefined]>([
    ['19800', 1_980_000],
    ['19,800.5', 1_980_050],
    ['¥0.29', 29],
    [' 1.005 ', 101],
    ['1.004', 100],
    ['0', 0],
    ['-1', undefined],
    ['1e3', undefined],
    ['abc', undefined],
    ['', undefined],
  ])('reads %j as %s cents', (text, cents) => {
    expect(parseYuanToCents(text)).toBe(cents);
  });
});
