/**
 * Quiet hours: a daily window of local time (PHONE_QUIET_HOURS, default 21:00-09:00 in Asia/Shanghai, which is
 * also when Alibaba Cloud's public mode refuses calls) in which no call is placed; leads wait for its end.
 */
export interface QuietHours {
  /** Minutes after local midnight. A window with start > end spans midnight. */
  startMinute: number;
  endMinute: number;
  timeZone: string;
}

const WINDOW = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** "21:00-09:00" → the window; "off" → null (calls at any hour). Throws on anything else. */
export function parseQuietHours(text: string, timeZone: string): QuietHours | null {
  if (text.trim().toLowerCase() === 'off') return null;
  const match = WINDOW.exec(text.trim());
  if (!match) throw new Error(`quiet hours must look like 21:00-09:00 or be "off", not "${text}"`);
  const startMinute = Number(match[1]) * 60 + Number(match[2]);
  const endMinute = Number(match[3]) * 60 + Number(match[4]);
  if (startMinute === endMinute) throw new Error('quiet hours must not start and end at the same minute');
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
