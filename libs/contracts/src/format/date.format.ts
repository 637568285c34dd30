import { formatLanguage } from './language';

/**
 * The business runs in Changsha: calendar dates are read in China Standard Time (UTC+8, no daylight
 * saving), so the server render and every visitor's browser print the same day.
 */
export const BUSINESS_UTC_OFFSET_MINUTES = 8 * 60;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type DateInput = Date | string | number;

export function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

/** The wall-clock fields of `value` in China Standard Time. */
function businessFields(value: DateInput): { year: number; month: number; day: number; weekday: number; hour: number; minute: number } {
  const shifted = new Date(toDate(value).getTime() + BUSINESS_UTC_OFFSET_MINUTES * 60 * 1000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A full date: "2025年8月13日" / "13 Aug 2025". */
export function formatDate(value: DateInput, language?: string): string {
  const { year, month, day } = businessFields(value);
  return formatLanguage(language) === 'en' ? `${day} ${EN_MONTHS[month - 1]} ${year}` : `${year}年${month}月${day}日`;
}

/**
 * Date and time to the minute, China time: "2025年08月13日 14:05" / "13 Aug 2025 14:05" (the back-office lists of
 * docs/product/constants.md#dates-and-times).
 */
export function formatDateTime(value: DateInput, language?: string): string {
  const { year, month, day, hour, minute } = businessFields(value);
  const time = `${pad(hour)}:${pad(minute)}`;
  return formatLanguage(language) === 'en'
    ? `${day} ${EN_MONTHS[month - 1]} ${year} ${time}`
    : `${year}年${pad(month)}月${pad(day)}日 ${time}`;
}

/** A date without its year, where the year goes without saying (a chart's day axis): "8月13日" / "13 Aug". */
export function formatShortDate(value: DateInput, language?: string): string {
  const { month, day } = businessFields(value);
  return formatLanguage(language) === 'en' ? `${day} ${EN_MONTHS[month - 1]}` : `${month}月${day}日`;
}

/** Month and day as MM/dd, the posted-time fallback (docs/product/public-site.md#posted-time). */
export function formatMonthDay(value: DateInput): string {
  const { month, day } = businessFields(value);
  return `${pad(month)}/${pad(day)}`;
}

/** ISO calendar date (yyyy-MM-dd) in China Standard Time, for machine-readable markup. */
export function formatIsoDate(value: DateInput): string {
  const { year, month, day } = businessFields(value);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Milliseconds from `value` to the next midnight in China, when the business's calendar day changes. */
export function msUntilNextBusinessDay(value: DateInput): number {
  const shifted = toDate(value).getTime() + BUSINESS_UTC_OFFSET_MINUTES * 60 * 1000;
  return DAY_MS - (((shifted % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * First day of the week: Monday in Chinese, Sunday in English (docs/product/constants.md#dates-and-times).
 * 0 = Sunday … 6 = Saturday.
 */
export function weekStartsOn(language?: string): 0 | 1 {
  return formatLanguage(language) === 'en' ? 0 : 1;
}

/** The first day (00:00 China time) of the week holding `value`, per the language's week start. */
export function startOfWeek(value: DateInput, language?: string): Date {
  const date = toDate(value);
  const { year, month, day, weekday } = businessFields(date);
  const back = (weekday - weekStartsOn(language) + 7) % 7;
  const midnightUtc = Date.UTC(year, month - 1, day) - BUSINESS_UTC_OFFSET_MINUTES * 60 * 1000;
  return new Date(midnightUtc - back * DAY_MS);
}

/**
 * Public posted time (docs/product/public-site.md#posted-time): under an hour "just now", under 24 hours
 * "N hours ago", under 7 days "N days ago", otherwise MM/dd. A time in the future (clock skew) counts as just now.
 */
export function formatPostedTime(value: DateInput, now: DateInput = new Date(), language?: string): string {
  const elapsed = toDate(now).getTime() - toDate(value).getTime();
  const en = formatLanguage(language) === 'en';
  if (elapsed < HOUR_MS) return en ? 'just now' : '刚刚';
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return en ? `${hours} ${hours === 1 ? 'hour' : 'hours'} ago` : `${hours}小时前`;
  }
  if (elapsed < 7 * DAY_MS) {
    const days = Math.floor(elapsed / DAY_MS);
    return en ? `${days} ${days === 1 ? 'day' : 'days'} ago` : `${days}天前`;
  }
  return formatMonthDay(value);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2025-02-30 is refused), as a DATE column stores it. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = CALENDAR_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
}
