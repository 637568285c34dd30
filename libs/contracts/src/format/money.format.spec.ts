import { formatMoneyFromCents, formatMoneyTotals, parseYuanToCents, sumMoneyTotals } from './money.format';

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

describe(sumMoneyTotals.name, () => {
  it('adds per currency, currencies in order, and leaves out a currency that sums to 0', () => {
    expect(
      sumMoneyTotals([
        [{ currency: 'USD', amount: 500 }, { currency: 'CNY', amount: 1_000 }],
        [{ currency: 'CNY', amount: 980 }],
        [{ currency: 'EUR', amount: 0 }],
      ]),
    ).toEqual([
      { currency: 'CNY', amount: 1_980 },
      { currency: 'USD', amount: 500 },
    ]);
    expect(sumMoneyTotals([])).toEqual([]);
  });
});

describe(formatMoneyTotals.name, () => {
  it('writes each currency with its amount, and nothing as ¥0.00', () => {
    expect(formatMoneyTotals([{ currency: 'CNY', amount: 1_980_000 }, { currency: 'USD', amount: 5_000 }])).toBe('¥19,800.00 + 50.00 USD');
    expect(formatMoneyTotals([])).toBe('¥0.00');
  });
});
