export const SalaryPeriod = { Hour: 'hour', Day: 'day', Month: 'month', Year: 'year' } as const;
export type SalaryPeriod = (typeof SalaryPeriod)[keyof typeof SalaryPeriod];

export interface ParsedSalary {
  /** In whole currency units (yuan) per period; null when the text gives no number. */
  min: number | null;
  max: number | null;
  currency: 'CNY';
  period: SalaryPeriod | null;
  /** "·14薪" → 14; a monthly salary without it is paid 12 times. */
  monthsPerYear: number | null;
  negotiable: boolean;
}

const UNIT_MULTIPLIER: Record<string, number> = { k: 1000, K: 1000, 千: 1000, w: 10000, W: 10000, 万: 10000, 元: 1, '': 1 };
const NUMBER_WITH_UNIT = /(\d+(?:\.\d+)?)\s*(k|K|千|w|W|万|元)?/g;
/** Above any real salary (100 million yuan a period): such a text is kept, but not read as a number. */
const MAX_AMOUNT = 100_000_000;

/**
 * Reads the salary texts of Chinese job sites: "15-25K·14薪", "1-1.5万", "8千-1.2万/月", "200-300元/天",
 * "10-20万/年", "15K以上", "面议". A bare number range with no unit on a monthly posting is read as yuan.
 */
export function parseSalary(text: string | null | undefined): ParsedSalary {
  const empty: ParsedSalary = { min: null, max: null, currency: 'CNY', period: null, monthsPerYear: null, negotiable: false };
  if (!text) return empty;
  const source = text.replace(/\s+/g, '').replace(/[～〜~—–至]/g, '-');
  if (/面议|薪资面议|negotiable/i.test(source)) return { ...empty, negotiable: true };

  const monthsMatch = /[·•.，,]?(\d{2})薪/.exec(source);
  const body = monthsMatch ? source.slice(0, monthsMatch.index) : source;
  const period = readPeriod(body);

  const numbers: Array<{ value: number; unit: string }> = [];
  for (const match of body.matchAll(NUMBER_WITH_UNIT)) numbers.push({ value: Number(match[1]), unit: match[2] ?? '' });
  if (numbers.length === 0) return { ...empty, period };
  // "1-1.5万": the unit after the range applies to a bare lower bound too.
  const sharedUnit = numbers[numbers.length - 1].unit;
  const amounts = numbers.slice(0, 2).map(({ value, unit }) => Math.round(value * UNIT_MULTIPLIER[unit || sharedUnit]));
  // "99999999999999999999K" would overflow the integer columns the amounts are stored in.
  if (amounts.some((amount) => !Number.isFinite(amount) || amount > MAX_AMOUNT)) return { ...empty, period };
  const onlyLowerBound = /以上|起/.test(body) && amounts.length === 1;
  const onlyUpperBound = /以下|以内/.test(body) && amounts.length === 1;
  const min = onlyUpperBound ? null : amounts[0];
  const max = onlyLowerBound ? null : (amounts[1] ?? amounts[0]);
  const effectivePeriod = period ?? SalaryPeriod.Month;
  const monthsPerYear = monthsMatch ? Number(monthsMatch[1]) : effectivePeriod === SalaryPeriod.Month ? 12 : null;
  return { min, max, currency: 'CNY', period: effectivePeriod, monthsPerYear, negotiable: false };
}

function readPeriod(text: string): SalaryPeriod | null {
  if (/\/?(天|日)|元\/天|per-?day/i.test(text)) return SalaryPeriod.Day;
  if (/\/?(时|小时)/.test(text)) return SalaryPeriod.Hour;
  if (/\/?年|年薪/.test(text)) return SalaryPeriod.Year;
  if (/\/?月|月薪/.test(text)) return SalaryPeriod.Month;
  return null;
}
