import { ACCOUNT_DELAY_BASE_MS, ACCOUNT_DELAY_MAX_MS, ACCOUNT_FREE_FAILURES, accountDelayMs } from './login-rate-limiter';

describe('accountDelayMs', () => {
  it('paces nothing before the free failures, then doubles from one second up to the maximum', () => {
    expect(accountDelayMs(0)).toBe(0);
    expect(accountDelayMs(ACCOUNT_FREE_FAILURES - 1)).toBe(0);
    expect(accountDelayMs(ACCOUNT_FREE_FAILURES)).toBe(ACCOUNT_DELAY_BASE_MS);
    expect(accountDelayMs(ACCOUNT_FREE_FAILURES + 1)).toBe(2 * ACCOUNT_DELAY_BASE_MS);
    expect(accountDelayMs(ACCOUNT_FREE_FAILURES + 5)).toBe(32 * ACCOUNT_DELAY_BASE_MS);
    expect(accountDelayMs(ACCOUNT_FREE_FAILURES + 6)).toBe(ACCOUNT_DELAY_MAX_MS);
    expect(accountDelayMs(10_000)).toBe(ACCOUNT_DELAY_MAX_MS);
  });
});
