import {
  NORMAL_PACE,
  PACE_PAUSE_MS,
  PACE_PAUSED_LEVEL,
  PACE_STEPS,
  PACE_SUCCESSES_TO_STEP_DOWN,
  paceAfterRisk,
  paceAfterSuccess,
  paceFactor,
  paceSignalOf,
  paceView,
  readPaceHash,
  settlePace,
  type SitePaceState,
  writePaceHash,
} from './crawl-pacing';

const T0 = Date.parse('2026-11-24T03:00:00.000Z');
const succeed = (state: SitePaceState, times: number, at = T0) => Array.from({ length: times }).reduce<SitePaceState>((current, _, i) => paceAfterSuccess(current, at + i), state);

describe('adaptive pacing steps', () => {
  it('are normal, slow ×2, slow ×4 and a pause, the delay never below the configured one', () => {
    expect(PACE_STEPS.map((step) => step.step)).toEqual(['normal', 'slow_x2', 'slow_x4', 'paused']);
    expect([0, 1, 2, 3].map(paceFactor)).toEqual([1, 2, 4, null]);
    for (const step of PACE_STEPS) if (step.factor !== null) expect(step.factor).toBeGreaterThanOrEqual(1);
  });

  it('step up one at a time on each risk signal, recording the signal and when, up to a pause of an hour', () => {
    const first = paceAfterRisk(NORMAL_PACE, 'http_429', T0);
    expect(first).toEqual({ level: 1, successes: 0, signal: 'http_429', signalAt: T0, since: T0, pausedUntil: null });
    const second = paceAfterRisk(first, 'captcha', T0 + 1000);
    expect(second).toMatchObject({ level: 2, signal: 'captcha', signalAt: T0 + 1000, since: T0 + 1000 });
    const third = paceAfterRisk(second, 'blocked', T0 + 2000);
    expect(third).toMatchObject({ level: PACE_PAUSED_LEVEL, signal: 'blocked', pausedUntil: T0 + 2000 + PACE_PAUSE_MS });
    // The pause is the top: another signal keeps it, from the new signal on.
    expect(paceAfterRisk(third, 'http_403', T0 + 3000)).toMatchObject({ level: PACE_PAUSED_LEVEL, signal: 'http_403', pausedUntil: T0 + 3000 + PACE_PAUSE_MS });
  });

  it(`step down one after ${PACE_SUCCESSES_TO_STEP_DOWN} answered pages in a row, keeping the signal that caused the slowdown`, () => {
    const slow4 = paceAfterRisk(paceAfterRisk(NORMAL_PACE, 'captcha', T0), 'captcha', T0);
    const almost = succeed(slow4, PACE_SUCCESSES_TO_STEP_DOWN - 1, T0 + 10);
    expect(almost).toMatchObject({ level: 2, successes: PACE_SUCCESSES_TO_STEP_DOWN - 1 });
    const slow2 = paceAfterSuccess(almost, T0 + 100);
    expect(slow2).toMatchObject({ level: 1, successes: 0, since: T0 + 100, signal: 'captcha', signalAt: T0 });
    expect(succeed(slow2, PACE_SUCCESSES_TO_STEP_DOWN)).toMatchObject({ level: 0, successes: 0 });
  });

  it('count successes only in a row: a signal in between starts the count again', () => {
    const slow = paceAfterRisk(NORMAL_PACE, 'blocked', T0);
    const interrupted = paceAfterRisk(succeed(slow, PACE_SUCCESSES_TO_STEP_DOWN - 1), 'blocked', T0 + 50);
    expect(interrupted).toMatchObject({ level: 2, successes: 0 });
  });

  it('leave a normal site alone on success (nothing to write)', () => {
    expect(paceAfterSuccess(NORMAL_PACE, T0)).toBe(NORMAL_PACE);
  });

  it('swing between normal and slow ×2 when one page in ten is refused, and climb to the pause when one in three is', () => {
    let state = NORMAL_PACE;
    const levels: number[] = [];
    for (let page = 1; page <= 60; page += 1) {
      state = page % 10 === 0 ? paceAfterRisk(state, 'blocked', T0 + page) : paceAfterSuccess(state, T0 + page);
      levels.push(state.level);
    }
    expect(Math.max(...levels)).toBe(1);
    expect(levels.at(-2)).toBe(0);

    state = NORMAL_PACE;
    for (let page = 1; page <= 9; page += 1) state = page % 3 === 0 ? paceAfterRisk(state, 'captcha', T0 + page) : paceAfterSuccess(state, T0 + page);
    expect(state.level).toBe(PACE_PAUSED_LEVEL);
  });

  it('end a pause after its hour at slow ×4, from the pause end', () => {
    const paused = paceAfterRisk(paceAfterRisk(paceAfterRisk(NORMAL_PACE, 'captcha', T0), 'captcha', T0), 'captcha', T0);
    expect(settlePace(paused, T0 + PACE_PAUSE_MS - 1)).toBe(paused);
    expect(settlePace(paused, T0 + PACE_PAUSE_MS)).toMatchObject({ level: 2, since: T0 + PACE_PAUSE_MS, pausedUntil: null, signal: 'captcha' });
    // A success after the pause counts towards leaving slow ×4.
    expect(paceAfterSuccess(paused, T0 + PACE_PAUSE_MS + 5)).toMatchObject({ level: 2, successes: 1 });
    // A signal after the pause goes back to the pause.
    expect(paceAfterRisk(paused, 'http_429', T0 + PACE_PAUSE_MS + 5)).toMatchObject({ level: PACE_PAUSED_LEVEL, pausedUntil: T0 + 2 * PACE_PAUSE_MS + 5 });
  });
});

describe(paceSignalOf.name, () => {
  it('reads 429 and 403 and a block or captcha as risk signals, a login wall or a timeout not', () => {
    expect(paceSignalOf('http_error', 429)).toBe('http_429');
    expect(paceSignalOf('blocked', 403)).toBe('blocked');
    expect(paceSignalOf('captcha', 405)).toBe('captcha');
    expect(paceSignalOf('captcha')).toBe('captcha');
    expect(paceSignalOf('login_wall', 403)).toBe('http_403');
    expect(paceSignalOf('login_wall')).toBeNull();
    expect(paceSignalOf('timeout')).toBeNull();
    expect(paceSignalOf('http_error', 503)).toBeNull();
    expect(paceSignalOf('no_data')).toBeNull();
  });
});

describe(paceView.name, () => {
  it('shows the step, the delay it makes of the setting, the signal and since when', () => {
    const slow = paceAfterRisk(NORMAL_PACE, 'captcha', T0);
    expect(paceView(succeed(slow, 2, T0 + 1), 3000, T0 + 10)).toEqual({
      step: 'slow_x2',
      factor: 2,
      effectiveDelayMs: 6000,
      signal: 'captcha',
      signalAt: '2026-11-24T03:00:00.000Z',
      since: '2026-11-24T03:00:00.000Z',
      pausedUntil: null,
      successes: 2,
      successesToStepDown: PACE_SUCCESSES_TO_STEP_DOWN,
    });
  });

  it('shows a pause that has run out as slow ×4', () => {
    const paused = paceAfterRisk(paceAfterRisk(paceAfterRisk(NORMAL_PACE, 'captcha', T0), 'captcha', T0), 'captcha', T0);
    expect(paceView(paused, 1000, T0 + 1)).toMatchObject({ step: 'paused', factor: null, effectiveDelayMs: null });
    expect(paceView(paused, 1000, T0 + PACE_PAUSE_MS)).toMatchObject({ step: 'slow_x4', effectiveDelayMs: 4000 });
  });
});

describe('the pace hash', () => {
  it('round-trips through Redis strings, and reads a missing or odd field as the default', () => {
    const state = paceAfterRisk(NORMAL_PACE, 'http_403', T0);
    expect(readPaceHash(writePaceHash(state))).toEqual(state);
    expect(readPaceHash({})).toEqual(NORMAL_PACE);
    expect(readPaceHash({ level: '9', signal: 'nonsense' })).toMatchObject({ level: PACE_PAUSED_LEVEL, signal: null });
  });
});
