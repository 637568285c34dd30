/** The job sites show China time; "今天 10:30" means 10:30 in UTC+8 whatever the server's zone. */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

interface ChinaClock {
  year: number;
  month: number;
  day: number;
}

function chinaDate(instant: Date): ChinaClock {
  const shifted = new Date(instant.getTime() + CHINA_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function fromChina(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - CHINA_OFFSET_MS);
}

function daysBefore(now: Date, days: number, hour = 0, minute = 0): Date | null {
  const today = chinaDate(now);
  const base = fromChina(today.year, today.month, today.day, hour, minute);
  return base && new Date(base.getTime() - days * 24 * 60 * 60 * 1000);
}

/**
 * Reads a posted/updated time as the sites show it, relative to the crawl time `now`: "刚刚", "N分钟前",
 * "N小时前", "N天前", "今天 HH:MM", "HH:MM发布", "昨天", "前天", "MM-DD" / "M月D日" (this year, or last
 * year when that would be in the future), "yyyy-MM-dd[ HH:mm[:ss]]", "yyyyMMddHHmmss", ISO 8601.
 * Returns null for anything else rather than guessing.
 */
export function parsePostedTime(text: string | null | undefined, now: Date): Date | null {
  if (!text) return null;
  const value = text.trim().replace(/发布(于)?|更新(于)?/g, '').trim();
  if (value === '') return null;
  let match: RegExpExecArray | null;

  if (/^刚刚|^just now/i.test(value)) return new Date(now);
  if ((match = /^(\d+)\s*分钟前/.exec(value))) return new Date(now.getTime() - Number(match[1]) * 60_000);
  if ((match = /^(\d+)\s*小时前/.exec(value))) return new Date(now.getTime() - Number(match[1]) * 3_600_000);
  if ((match = /^(\d+)\s*天前/.exec(value))) return daysBefore(now, Number(match[1]));
  if ((match = /^今天\s*(?:(\d{1,2}):(\d{2}))?$/.exec(value))) return daysBefore(now, 0, Number(match[1] ?? 0), Number(match[2] ?? 0));
  if ((match = /^昨天\s*(?:(\d{1,2}):(\d{2}))?$/.exec(value))) return daysBefore(now, 1, Number(match[1] ?? 0), Number(match[2] ?? 0));
  if ((match = /^前天\s*(?:(\d{1,2}):(\d{2}))?$/.exec(value))) return daysBefore(now, 2, Number(match[1] ?? 0), Number(match[2] ?? 0));
  if ((match = /^(\d{1,2}):(\d{2})$/.exec(value))) return daysBefore(now, 0, Number(match[1]), Number(match[2]));
  if ((match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value))) {
    const [, y, mo, d, h, mi, s] = match.map(Number);
    return fromChina(y, mo, d, h, mi, s);
  }
  if ((match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value))) {
    const [, y, mo, d, h, mi, s] = match.map((part) => Number(part ?? 0));
    return fromChina(y, mo, d, h, mi, s);
  }
  if ((match = /^(\d{1,2})[-/月](\d{1,2})日?$/.exec(value))) {
    const today = chinaDate(now);
    const month = Number(match[1]);
    const day = Number(match[2]);
    const thisYear = fromChina(today.year, month, day);
    if (!thisYear) return null;
    return thisYear.getTime() > now.getTime() ? fromChina(today.year - 1, month, day) : thisYear;
  }
  // ISO 8601 with a zone (or Z): Date parses it exactly.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  }
  return null;
}
