/**
 * Languages the formatters speak: Chinese is the default and the fallback
 * (docs/product/public-site.md#language-choice).
 */
export type FormatLanguage = 'zh' | 'en';

/** Anything that is not English formats as Chinese. */
export function formatLanguage(language: string | null | undefined): FormatLanguage {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/** Digits grouped by three with commas, independent of the runtime's ICU data (server and browser agree). */
export function groupThousands(value: number): string {
  const [whole = '0', fraction] = Math.abs(value).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Rounds to at most `digits` decimals and drops trailing zeros: 1.50 → "1.5", 2.0 → "2". */
export function trimDecimals(value: number, digits: number): string {
  const factor = 10 ** digits;
  return String(Math.round(value * factor) / factor);
}
