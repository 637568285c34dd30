import { backupIsStale } from './backup';

describe(backupIsStale.name, () => {
  const now = new Date('2026-11-29T12:00:00Z');
  it('warns without any good backup, and when the last one is more than 36 hours old', () => {
    expect(backupIsStale(null, now)).toBe(true);
    expect(backupIsStale({ finishedAt: '2026-11-28T00:00:00Z' }, now)).toBe(false);
    expect(backupIsStale({ finishedAt: '2026-11-28T00:00:00.000Z' }, new Date('2026-11-29T12:00:00.001Z'))).toBe(true);
    expect(backupIsStale({ finishedAt: '2026-11-27T23:59:59Z' }, now)).toBe(true);
  });
});
