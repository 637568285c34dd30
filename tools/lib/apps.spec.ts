import { logLineFormatter } from './apps.mjs';

describe('log lines of the apps under npm start', () => {
  const line = JSON.stringify({ level: 40, time: Date.UTC(2026, 10, 24, 3, 4, 5), app: 'api', pid: 7, hostname: 'h', msg: 'slow query', ms: 812 });

  it('are one readable line at a terminal', () => {
    const formatted = logLineFormatter({ readable: true, colorize: false })(line);
    expect(formatted).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: slow query \{"ms":812\}$/);
    expect(formatted).not.toContain('hostname');
  });

  it('stay JSON otherwise, and a line that is not JSON is left alone', () => {
    expect(logLineFormatter({ readable: false })(line)).toBe(line);
    expect(logLineFormatter({ readable: true, colorize: false })('plain words')).toBe('plain words');
  });
});
