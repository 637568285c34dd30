import { formatAdminSalary, formatSalary, formatSalaryAmount } from './salary.format';

describe(formatSalaryAmount.name, () => {
  it.each([
    [0, 'zh', '0'],
    [800, 'zh', '800'],
    [8000, 'zh', '8,000'],
    [9999, 'zh', '9,999'],
    [10000, 'zh', '1万'],
    [15000, 'zh', '1.5万'],
    [12345, 'zh', '1.23万'],
    [250000, 'zh', '25万'],
    [8000, 'en', '8,000'],
    [10000, 'en', '10K'],
    [15500, 'en', '15.5K'],
    [250000, 'en', '250K'],
  ])('formats %d in %s as %s', (value, language, expected) => {
    expect(formatSalaryAmount(value, language)).toBe(expected);
  });
});

describe(formatSalary.name, () => {
  it.each([
    [{ salaryMin: 15000, salaryMax: 25000, salaryCurrency: 'CNY' }, 'zh', '1.5万 - 2.5万元'],
    [{ salaryMin: 8000, salaryMax: 12000 }, 'zh', '8,000 - 1.2万元'],
    [{ salaryMin: 5000, salaryMax: 8000 }, 'zh', '5,000 - 8,000元'],
    [{ salaryMin: 20000, salaryMax: null }, 'zh', '2万+元'],
    [{ salaryMin: null, salaryMax: 9000 }, 'zh', '≤9,000元'],
    [{ salaryMax: 30000 }, 'zh', '≤3万元'],
    [{ salaryMin: 15000, salaryMax: 25000 }, 'en', '15K - 25K RMB'],
    [{ salaryMin: 20000 }, 'en', '20K+ RMB'],
    [{ salaryMax: 9000 }, 'en', '≤9,000 RMB'],
    [{ salaryMin: 3000, salaryMax: 5000, salaryCurrency: 'USD' }, 'zh', '3,000 - 5,000 USD'],
    [{ salaryMin: 3000, salaryMax: 5000, salaryCurrency: 'USD' }, 'en', '3,000 - 5,000 USD'],
    [{ salaryMin: 15000, salaryMax: 25000 }, undefined, '1.5万 - 2.5万元'],
    [{ salaryMin: 15000, salaryMax: 25000 }, 'en-US', '15K - 25K RMB'],
  ])('formats %j in %s as %s', (range, language, expected) => {
    expect(formatSalary(range, language)).toBe(expected);
  });

  it.each(['zh', 'en'])('returns null without bounds in %s', (language) => {
    expect(formatSalary({ salaryMin: null, salaryMax: null }, language)).toBeNull();
    expect(formatSalary({}, language)).toBeNull();
  });

  it('keeps a zero lower bound', () => {
    expect(formatSalary({ salaryMin: 0, salaryMax: 5000 }, 'zh')).toBe('0 - 5,000元');
  });
});

describe(formatAdminSalary.name, () => {
  it.each([
    [{ salaryMin: 15000, salaryMax: 25000 }, '1.5万 - 2.5万'],
    [{ salaryMin: 10000, salaryMax: 20000 }, '1.0万 - 2.0万'],
    [{ salaryMin: 8000, salaryMax: 9500 }, '8,000 - 9,500'],
    [{ salaryMin: 12000 }, '1.2万+'],
    [{ salaryMax: 12000 }, '≤1.2万'],
    [{ salaryMin: 15000, salaryMax: 25000, salaryCurrency: 'USD' }, '1.5万 - 2.5万 USD'],
    [{ salaryMin: null, salaryMax: null }, '面议'],
    [{ salaryMin: null, salaryMax: null, salaryCurrency: 'USD' }, '面议'],
  ])('formats %j as %s', (range, expected) => {
    expect(formatAdminSalary(range)).toBe(expected);
  });
});

describe(`${formatAdminSalary.name} in English`, () => {
  it.each([
    [{ salaryMin: 15000, salaryMax: 25000 }, '15K - 25K'],
    [{ salaryMin: 8000, salaryMax: 9500 }, '8,000 - 9,500'],
    [{ salaryMin: 12500, salaryCurrency: 'USD' }, '13K+ USD'],
    [{ salaryMin: null, salaryMax: null }, 'Negotiable'],
  ])('formats %j as %s', (range, expected) => {
    expect(formatAdminSalary(range, 'en')).toBe(expected);
  });
});

/** The figure a salary text stands for: "1.55万" 15,500, "15.5K" 15,500, "8,000" 8,000. */
function amountOf(text: string): number {
  const match = /^([\d,.]+)(万|K)?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const number = Number(match[1]!.replace(/,/g, ''));
  return match[2] === '万' ? Math.round(number * 10_000) : match[2] === 'K' ? Math.round(number * 1_000) : number;
}

describe('English salaries follow the Chinese 万 rule (docs/decisions/065-english-salaries-in-k.md)', () => {
  const amounts = [9_999, 10_000, 10_049, 10_050, 12_345, 12_500, 15_000, 15_500, 15_550, 19_950, 25_000, 99_999, 100_000, 123_456, 1_000_000];

  it.each(amounts)('shows %d as the same figure on the public card in both languages, 万 from 10,000', (value) => {
    const zh = formatSalaryAmount(value, 'zh');
    const en = formatSalaryAmount(value, 'en');
    expect(amountOf(en)).toBe(amountOf(zh));
    expect(zh.endsWith('万')).toBe(value >= 10_000);
    expect(en.endsWith('K')).toBe(value >= 10_000);
  });

  it.each(amounts)('shows %d as the same figure in the back office in both languages', (value) => {
    const zh = formatAdminSalary({ salaryMin: value }, 'zh').replace(/\+$/, '');
    const en = formatAdminSalary({ salaryMin: value }, 'en').replace(/\+$/, '');
    expect(amountOf(en)).toBe(amountOf(zh));
  });
});
