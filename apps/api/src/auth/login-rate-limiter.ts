import { LOGIN_ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from '@aipm/contracts';
import { KEY_PREFIX } from '@aipm/queue';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '../redis/redis.module';
import { AuthError } from './auth.error';

/** An email's failures (from every address) in the window after which each of its logins is slowed down. */
export const ACCOUNT_SLOWDOWN_AFTER = 10;
const ACCOUNT_DELAY_BASE_MS = 500;
/** The longest an account's login is held back: the owner still gets in, a guesser gets ≤ 1 try per this per connection. */
export const ACCOUNT_DELAY_MAX_MS = 8_000;

/**
 * One atomic step per attempt, so a burst cannot pass the check together: refuse when the (email, address)
 * pair or the address is at its limit (answering the seconds until the blocking count expires), otherwise
 * count the attempt as a failure in all three counters now, before the password is verified (a success
 * gives it back), and answer the email's failures before this attempt. The window starts at the first
 * failure (EXPIRE NX), so steady guessing cannot keep extending it.
 */
const RESERVE_SCRIPT = `
local pair = tonumber(redis.call('GET', KEYS[1]) or '0')
local address = tonumber(redis.call('GET', KEYS[2]) or '0')
if pair >= tonumber(ARGV[1]) or address >= tonumber(ARGV[2]) then
  return {0, math.max(redis.call('TTL', KEYS[1]), redis.call('TTL', KEYS[2]), 1)}
end
local account = 0
for i = 1, 3 do
  local count = redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[3], 'NX')
  if i == 3 then account = count end
end
return {1, account - 1}
`;

/**
 * Gives an attempt back: a success clears the pair's failures (the owner at their address starts afresh)
 * and removes the attempt from the address and email counts; an attempt that ended in an error (not a wrong
 * password) removes it from all three. The email's count is never reset by a success, so a guesser
 * elsewhere stays slowed while the owner signs in.
 */
const RELEASE_SCRIPT = `
for i = 1, 3 do
  if i == 1 and ARGV[1] == 'success' then
    redis.call('DEL', KEYS[1])
  elseif tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then
    redis.call('DECR', KEYS[i])
  end
end
return 1
`;

export interface LoginAttempt {
  readonly keys: readonly [pair: string, address: string, account: string];
  /** How long this attempt waits before its password is verified (0 until the email has many failures). */
  readonly delayMs: number;
}

/**
 * Failed-login limits in Redis, shared by every API process (docs/decisions/014-login-throttling.md):
 * LOGIN_FAILURE_LIMIT per (email, address) and LOGIN_ADDRESS_FAILURE_LIMIT per address lock that pair or
 * address for the window; an email's failures from all addresses only slow its logins (progressive delay),
 * so a stranger cannot lock the owner out. Redis failing or too slow closes sign-in (503), never opens it.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly logger = new Logger(LoginRateLimiter.name);

  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  /** Counts the attempt as a failure up front (atomically), or throws 429 LOGIN_RATE_LIMITED / 503 LOGIN_UNAVAILABLE. */
  async reserve(address: string, email: string): Promise<LoginAttempt> {
    const keys = [this.key('pair', `${address}:${email}`), this.key('ip', address), this.key('email', email)] as const;
    const [allowed, value] = (await this.call(() =>
      this.redis.eval(RESERVE_SCRIPT, keys.length, ...keys, LOGIN_FAILURE_LIMIT, LOGIN_ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS),
    )) as [number, number];
    if (allowed !== 1) throw new LoginRateLimitedError(value);
    return { keys, delayMs: accountDelayMs(value) };
  }

  /** The password was right: the attempt was not a failure. */
  succeeded(attempt: LoginAttempt): Promise<void> {
    return this.release(attempt, 'success');
  }

  /** The attempt ended in an error before its password could be judged: it does not count. */
  abandoned(attempt: LoginAttempt): Promise<void> {
    return this.release(attempt, 'abandoned');
  }

  private async release(attempt: LoginAttempt, outcome: 'success' | 'abandoned'): Promise<void> {
    try {
      await this.redis.eval(RELEASE_SCRIPT, attempt.keys.length, ...attempt.keys, outcome);
    } catch (error) {
      // Only an over-count is left behind (the window expires it); the login itself has been judged.
      this.logger.warn(`login attempt not given back (${outcome}): ${messageOf(error)}`);
    }
  }

  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      this.logger.warn(`sign-in refused, the attempt counter (Redis) failed: ${messageOf(error)}`);
      throw new AuthError('LOGIN_UNAVAILABLE');
    }
  }

  private key(kind: 'pair' | 'ip' | 'email', value: string): string {
    return `${KEY_PREFIX}:login-failures:${kind}:${value}`;
  }
}

/** 429 that knows when the blocking count expires (for Retry-After). */
export class LoginRateLimitedError extends AuthError {
  constructor(readonly retryAfterSeconds: number) {
    super('LOGIN_RATE_LIMITED');
  }
}

/** 0 below ACCOUNT_SLOWDOWN_AFTER failures, then 0.5 s doubling every 10 more failures, up to 8 s. */
export function accountDelayMs(failuresBefore: number): number {
  if (failuresBefore < ACCOUNT_SLOWDOWN_AFTER) return 0;
  const doublings = Math.floor((failuresBefore - ACCOUNT_SLOWDOWN_AFTER) / 10);
  return Math.min(ACCOUNT_DELAY_BASE_MS * 2 ** Math.min(doublings, 10), ACCOUNT_DELAY_MAX_MS);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
