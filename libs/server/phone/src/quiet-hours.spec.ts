import { nextCallAllowedAt } from './call-limits';
import { parseQuietHours, quietUntil } from './quiet-hours';

describe(quietUntil.name, () => {
  const quiet = parseQuietHours('21:00-09:00', 'Asia/Shanghai');

  it('ends the night window at 09:00 Shanghai time, across midnight', () => {
    expect(quietUntil(new Date('2026-11-24T14:30:00Z'), quiet)).toEqual(new Date('2026-11-25T01:00:00Z')); // 22:30
    expect(quietUntil(new Date('2026-11-24T18:00:00Z'), quiet)).toEqual(new Date('2026-11-25T01:00:00Z')); // 02:00
  });

  it('lets calls through from 09:00 to 21:00 and when turned off', () => {
    expect(quietUntil(new Date('2026-11-25T01:00:00Z'), quiet)).toBeNull(); // 09:00
    expect(quietUntil(new Date('2026-11-25T12:59:59Z'), quiet)).toBeNull(); // 20:59:59
    expect(quietUntil(new Date('2026-11-24T14:30:00Z'), parseQuietHours('off', 'Asia/Shanghai'))).toBeNull();
  });

  it('reads seconds, so a window can end a few seconds from now', () => {
    const short = parseQuietHours('09:59:00-10:00:20', 'Asia/Shanghai');
    expect(quietUntil(new Date('2026-11-25T02:00:05Z'), short)).toEqual(new Date('2026-11-25T02:00:20Z')); // 10:00:05
    expect(quietUntil(new Date('2026-11-25T02:00:20Z'), short)).toBeNull();
    expect(quietUntil(new Date('2026-11-25T01:58:59Z'), short)).toBeNull();
  });

  it('rejects a window it cannot read', () => {
    expect(() => parseQuietHours('21:00:60-09:00', 'Asia/Shanghai')).toThrow(/21:00-09:00/);
    expect(() => parseQuietHours('9pm-9am', 'Asia/Shanghai')).toThrow(/21:00-09:00/);
  });
});

describe(nextCallAllowedAt.name, () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 2) + seconds * 1000);

  it('allows one call a minute', () => {
    expect(nextCallAllowedAt([], at(0))).toBeNull();
    expect(nextCallAllowedAt([at(0)], at(30))).toEqual(at(60));
    expect(nextCallAllowedAt([at(0)], at(60))).toBeNull();
  });

  it('allows five an hour and twenty a day', () => {
    const hour = [0, 60, 120, 180, 240].map(at);
    expect(nextCallAllowedAt(hour, at(300))).toEqual(at(3600));
    const day = Array.from({ length: 20 }, (_, index) => at(index * 3600));
    expect(nextCallAllowedAt(day, at(20 * 3600))).toEqual(at(86_400));
  });
});
