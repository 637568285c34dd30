import { ApiError } from '../common/errors/api.error';
import { parseCrawlSchedule } from './crawl-schedule.service';

const codeOf = (cron: string): string | null => {
  try {
    parseCrawlSchedule(cron, new Date('2026-11-24T00:00:00.000Z'));
    return null;
  } catch (error) {
    return (error as ApiError).code;
  }
};

describe(parseCrawlSchedule.name, () => {
  it('takes five-field cron and answers it with single spaces', () => {
    expect(parseCrawlSchedule('0  9 * *   1-5')).toBe('0 9 * * 1-5');
    expect(codeOf('*/15 * * * *')).toBeNull();
    expect(codeOf('30 8,20 * * *')).toBeNull();
    // Leap days only: one firing within the year is enough.
    expect(codeOf('0 0 29 2 *')).toBeNull();
  });

  it.each(['61 * * * *', '0 25 * * *', 'every day', '0 9 * * mon-funday', '0 0 30 2 *'])('refuses %j as INVALID_SCHEDULE', (cron) => {
    expect(codeOf(cron)).toBe('INVALID_SCHEDULE');
  });

  it.each(['* * * * *', '*/5 * * * *', '*/5 9 * * 1', '0,10 * * * *'])('refuses %j, which fires within 15 minutes of itself', (cron) => {
    expect(codeOf(cron)).toBe('SCHEDULE_TOO_FREQUENT');
  });
});
