/**
 * Quiet hours: a daily window of local time (PHONE_QUIET_HOURS, default 21:00-09:00 in Asia/Shanghai, which is
 * also when Alibaba Cloud's public mode refuses calls) in which no call is placed; leads wait for its end.
 */
export interface QuietHours {
  /** Minutes (with fractions: seconds) after local midnight. A window with start > end spans midnight. */
  startMinute: number;
  endMinute: number;
  timeZone: string;
}

/** HH:MM or HH:MM:SS; the seconds let an end-to-end test put "now" inside a window that ends shortly. */
const TIME = '([01]\\d|2[0-3]):([0-5]\\d)(?::([0-5]\\d))?';
const QUIET_HOURS_PATTERN = new RegExp(`^(?:off|${TIME}-${TIME})$`, 'i');

/** "21:00-09:00" (or "21:00:00-09:00:30") → the window; "off" → null (calls at any hour). Throws on anything else. */
export function parseQuietHours(text: string, timeZone: string): QuietHours | null {
  if (text.trim().toLowerCase() === 'off') return null;
  const match = QUIET_HOURS_PATTERN.exec(text.trim());
  if (!match) throw new Error(`quiet hours must look like 21:00-09:00 or be "off", not "${text}"`);
  const minuteOf = (hours: string, minutes: string, seconds = '0') => Number(hours) * 60 + Number(minutes) + Number(seconds) / 60;
  const startMinute = minuteOf(match[1], match[2], match[3]);
  const endMinute = minuteOf(match[4], match[5], match[6]);
  if (startMinute === endMinute) throw new Error('quiet hours must not start and end at the same moment');
  return { startMinute, endMinute, timeZone };
}

/** Minutes (with fractions) after local midnight of `instant` in `timeZone`. */
function localMinuteOfDay(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute') + value('second') / 60 + instant.getUTCMilliseconds() / 60_000;
}

/**
 * The instant the quiet window around `now` ends, or null when `now` is outside it. Counted in local minutes
 * from `now`, which is exact for zones without daylight saving (Asia/Shanghai) and off by the shift at most
 * on the night a zone changes its clocks.
 */
export function quietUntil(now: Date, quiet: QuietHours | null): Date | null {
  if (!quiet) return null;
  const minute = localMinuteOfDay(now, quiet.timeZone);
  const { startMinute, endMinute } = quiet;
  const inside = startMinute < endMinute ? minute >= startMinute && minute < endMinute : minute >= startMinute || minute < endMinute;
  if (!inside) return null;
  const minutesLeft = (endMinute - minute + 24 * 60) % (24 * 60);
  return new Date(now.getTime() + Math.round(minutesLeft * 60_000));
}
