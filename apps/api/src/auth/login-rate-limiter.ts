import { LOGIN_ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from '@aipm/contracts';
import { KEY_PREFIX } from '@aipm/queue';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '../redis/redis.module';
import { AuthError } from './auth.error';

/**
 * An account's failures from browsers it does not know (in ACCOUNT_WINDOW_SECONDS) before each further one is
 * paced: as many as one address may send for it (LOGIN_FAILURE_LIMIT), so the owner mistyping at one address
 * meets the same limit as before, and a crowd of addresses gets no more.
 */
export const ACCOUNT_FREE_FAILURES = LOGIN_FAILURE_LIMIT;
/** The wait after the first paced failure; it doubles with each further failure, up to ACCOUNT_DELAY_MAX_MS. */
export const ACCOUNT_DELAY_BASE_MS = 1_000;
/** The longest an unknown browser waits for the account's next attempt: a guesser's rate, the owner's worst wait. */
export const ACCOUNT_DELAY_MAX_MS = 60_000;
/** The account's count ends this long after its last failure (sliding: steady guessing keeps it). */
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;
/** Wrong passwords a browser that signed in before may send in LOGIN_FAILURE_WINDOW_SECONDS before it is a stranger again. */
export const DEVICE_FAILURE_LIMIT = 10;

/**
 * One atomic step per attempt (any number of API processes), so a burst cannot pass the checks together.
 * KEYS: pair (address, email), address, account (email), the account's gate (when its next unknown-browser
 * attempt may run, ms), and the device (a browser with a valid device cookie for the email, or '' for none).
 *
 * - A known browser under its own limit is counted there only and answered at once: neither the address's
 *   nor the account's counts can hold it (the owner behind a shared address, the owner during an attack).
 * - Anyone else: refused while the pair or the address is at its limit (LOGIN_RATE_LIMITED, until that
 *   window ends), or while the account's gate is closed (LOGIN_THROTTLED, until it opens). Otherwise the
 *   attempt is counted as a failure in the three counts before the password is verified (a success gives it
 *   back), and from the ACCOUNT_FREE_FAILURES-th failure on, each closes the gate for a doubling delay.
 * Refused attempts count nowhere. The clock is Redis's (TIME), the same for every process.
 * Answers {allowed, retry-after seconds, 'device' | 'browser' | 'address' | 'account'}.
 */
const RESERVE_SCRIPT = `
if KEYS[5] ~= '' then
  local device = tonumber(redis.call('GET', KEYS[5]) or '0')
  if device < tonumber(ARGV[4]) then
    redis.call('INCR', KEYS[5])
    redis.call('EXPIRE', KEYS[5], ARGV[3], 'NX')
    return {1, 0, 'device'}
  end
end
local pair = tonumber(redis.call('GET', KEYS[1]) or '0')
local address = tonumber(redis.call('GET', KEYS[2]) or '0')
if pair >= tonumber(ARGV[1]) or address >= tonumber(ARGV[2]) then
  return {0, math.max(redis.call('TTL', KEYS[1]), redis.call('TTL', KEYS[2]), 1), 'address'}
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local gate = tonumber(redis.call('GET', KEYS[4]) or '0')
if now < gate then
  return {0, math.ceil((gate - now) / 1000), 'account'}
end
for i = 1, 2 do
  redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[3], 'NX')
end
local failures = redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], ARGV[8])
local free = tonumber(ARGV[5])
if failures >= free then
  local delay = math.min(tonumber(ARGV[6]) * 2 ^ math.min(failures - free, 30), tonumber(ARGV[7]))
  redis.call('SET', KEYS[4], string.format('%d', now + delay), 'PX', tonumber(ARGV[8]) * 1000)
end
return {1, 0, 'browser'}
`;

/**
 * Gives an attempt back. A known browser's success clears its failures; its error gives the one back. An
 * unknown browser's success clears the pair (the owner at their address starts afresh) and removes the
 * attempt from the address and account counts; its error removes it from all three. The account's gate is
 * never reopened by a success, so a guesser elsewhere stays paced while the owner signs in.
 */
const RELEASE_SCRIPT = `
local function give_back(key)
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
if ARGV[2] == 'device' then
  if ARGV[1] == 'success' then redis.call('DEL', KEYS[4]) else give_back(KEYS[4]) end
  return 1
end
if ARGV[1] == 'success' then redis.call('DEL', KEYS[1]) else give_back(KEYS[1]) end
give_back(KEYS[2])
give_back(KEYS[3])
return 1
`;

export interface LoginAttempt {
  readonly keys: readonly [pair: string, address: string, account: string, device: string];
  /** Counted against the browser's own allowance (a valid device cookie) or the address's and the account's. */
  readonly via: 'device' | 'browser';
}

/**
 * Failed-login limits in Redis, shared by every API process (docs/decisions/014 and 037): LOGIN_FAILURE_LIMIT
 * per (email, address) and LOGIN_ADDRESS_FAILURE_LIMIT per address lock that pair or address for the window;
 * an email's failures from browsers it does not know pace those browsers (429 with Retry-After, never a
 * lock); a browser that signed in to the account before has DEVICE_FAILURE_LIMIT failures of its own and is
 * held by nothing else. Redis failing or too slow closes sign-in (503), never opens it.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly logger = new Logger(LoginRateLimiter.name);

  /**
   * The realm's own keys: the student realm's limiter (student-portal/) runs the same scripts and limits under
   * another prefix, so a student's failures never pace the administrator and the other way round (ADR 061).
   */
  protected readonly namespace: string = 'login-failures';

  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  /**
   * Counts the attempt as a failure up front (atomically), or throws 429 LOGIN_RATE_LIMITED (pair or address
   * limit) / LOGIN_THROTTLED (the account's pace) / 503 LOGIN_UNAVAILABLE. `device`: the id of the request's
   * valid device cookie for this email.
   */
  async reserve(address: string, email: string, device: string | null = null): Promise<LoginAttempt> {
    const keys = [
      this.key('pair', `${address}:${email}`),
      this.key('ip', address),
      this.key('email', email),
      device ? this.key('device', device) : '',
    ] as const;
    const gate = this.key('gate', email);
    const [allowed, retryAfter, via] = (await this.call(() =>
      this.redis.eval(
        RESERVE_SCRIPT,
        5,
        keys[0],
        keys[1],
        keys[2],
        gate,
        keys[3],
        LOGIN_FAILURE_LIMIT,
        LOGIN_ADDRESS_FAILURE_LIMIT,
        LOGIN_FAILURE_WINDOW_SECONDS,
        DEVICE_FAILURE_LIMIT,
        ACCOUNT_FREE_FAILURES,
        ACCOUNT_DELAY_BASE_MS,
        ACCOUNT_DELAY_MAX_MS,
        ACCOUNT_WINDOW_SECONDS,
      ),
    )) as [number, number, string];
    if (allowed !== 1) throw new LoginRateLimitedError(via === 'account' ? 'LOGIN_THROTTLED' : 'LOGIN_RATE_LIMITED', retryAfter);
    return { keys, via: via === 'device' ? 'device' : 'browser' };
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
      await this.redis.eval(RELEASE_SCRIPT, attempt.keys.length, ...attempt.keys, outcome, attempt.via);
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

  private key(kind: 'pair' | 'ip' | 'email' | 'gate' | 'device', value: string): string {
    return `${KEY_PREFIX}:${this.namespace}:${kind}:${value}`;
  }
}

/** 429 that knows when the attempt may be made again (for Retry-After). */
export class LoginRateLimitedError extends AuthError {
  constructor(
    code: 'LOGIN_RATE_LIMITED' | 'LOGIN_THROTTLED',
    readonly retryAfterSeconds: number,
  ) {
    super(code);
  }
}

/** How long the account's next unknown-browser attempt waits after its `failures`-th failure (0 before ACCOUNT_FREE_FAILURES). */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_DELAY_BASE_MS * 2 ** Math.min(failures - ACCOUNT_FREE_FAILURES, 30), ACCOUNT_DELAY_MAX_MS);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
