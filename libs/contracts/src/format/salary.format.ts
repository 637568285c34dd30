import { DEFAULT_CURRENCY } from '../enums/money.enums';
import { formatLanguage, groupThousands } from './language';

/** Salary bounds as stored on a published job: whole currency units per month, either may be missing. */
export interface SalaryRange {
  salaryMin?: number | null;
  salaryMax?: number | null;
  salaryCurrency?: string | null;
}

/**
 * The unit of 万 (ten thousand): amounts from here on are shown in it
 * (docs/product/constants.md#salary-display).
 */
export const TEN_THOUSAND = 10_000;

function hasValue(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * One public amount: 10,000 or more in 万 units (15000 → "1.5万"; in English the same quantity as K:
 * "15K", docs/decisions/065-english-salaries-in-k.md), below that with thousands separators ("8,000"). Both
 * languages round to the same 100.
 */
export function formatSalaryAmount(value: number, language?: string): string {
  if (value >= TEN_THOUSAND) {
    // Rounded once, in whole hundreds, then written in the language's unit: 0.01万 is 0.1K.
    const hundreds = Math.round(value / 100);
    return formatLanguage(language) === 'en' ? `${groupThousands(hundreds / 10)}K` : `${hundreds / 100}万`;
  }
  return groupThousands(value);
}

function currencySuffix(currency: string | null | undefined, language: string | undefined): string {
  const code = currency || DEFAULT_CURRENCY;
  if (code === DEFAULT_CURRENCY) return formatLanguage(language) === 'en' ? ' RMB' : '元';
  return ` ${code}`;
}

/**
 * The public job card's salary (docs/product/public-site.md#salary-format): "min - max", "min+" or "≤max", CNY
 * shown as 元 (RMB in English). Null when neither bound is known, so the card can leave the line out.
 */
export function formatSalary(range: SalaryRange, language?: string): string | null {
  const { salaryMin: min, salaryMax: max } = range;
  const suffix = currencySuffix(range.salaryCurrency, language);
  if (hasValue(min) && hasValue(max)) {
    return `${formatSalaryAmount(min, language)} - ${formatSalaryAmount(max, language)}${suffix}`;
  }
  if (hasValue(min)) return `${formatSalaryAmount(min, language)}+${suffix}`;
  if (hasValue(max)) return `≤${formatSalaryAmount(max, language)}${suffix}`;
  return null;
}

/**
 * One back-office amount: 10,000 or more as N.N万, rounded to the 1,000; in English the same rounded quantity in K
 * (15,500 → "1.6万" and "16K", never "15.5K", so both languages show the same figure; ADR 065).
 */
function adminAmount(value: number, language: string | undefined): string {
  if (value < TEN_THOUSAND) return groupThousands(value);
  const thousands = Math.round(value / 1000);
  return formatLanguage(language) === 'en' ? `${groupThousands(thousands)}K` : `${(thousands / 10).toFixed(1)}万`;
}

/** What the back office shows when neither bound is set. */
export const ADMIN_SALARY_NEGOTIABLE = { zh: '面议', en: 'Negotiable' } as const;

/**
 * The back office's salary (docs/product/constants.md#salary-display): N.N万 units, "面议" when neither bound is
 * set, and a non-CNY currency appended. The English back office shows the same amounts in K and "Negotiable".
 */
export function formatAdminSalary(range: SalaryRange, language?: string): string {
  const { salaryMin: min, salaryMax: max } = range;
  const currency = range.salaryCurrency || DEFAULT_CURRENCY;
  const suffix = currency === DEFAULT_CURRENCY ? '' : ` ${currency}`;
  const amount = (value: number) => adminAmount(value, language);
  if (hasValue(min) && hasValue(max)) return `${amount(min)} - ${amount(max)}${suffix}`;
  if (hasValue(min)) return `${amount(min)}+${suffix}`;
  if (hasValue(max)) return `≤${amount(max)}${suffix}`;
  return ADMIN_SALARY_NEGOTIABLE[formatLanguage(language)];
}
