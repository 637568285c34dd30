import { randomBytes } from 'node:crypto';
import { KEY_PREFIX } from '@aipm/queue';
import { type CanActivate, type ExecutionContext, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { ApiError } from '../errors/api.error';

const WINDOW_MS = 60_000;

/**
 * One sliding window, atomically (every API process shares the key): drop the entries older than the window,
 * count the rest, and admit the request only under the limit, recording it. A refusal is not recorded, so the
 * set never holds more than `limit` entries and a client that keeps trying is let in again a minute after its
 * oldest accepted request. Returns [admitted (1/0), ms until the oldest entry leaves the window].
 * KEYS[1] the client's key; ARGV: now (ms), window (ms), limit, a unique member.
 */
const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {0, tonumber(oldest[2]) + window - now}
`;

/**
 * Per client (its IP, unless a subclass counts someone else) and route, a number of requests in any 60 seconds or
 * a subclass's own window (a sliding window: a Redis sorted set of the accepted requests' times, trimmed and counted
 * in one Lua script, so every API process shares it and two cannot both take the last place). A fixed calendar
 * minute let twice the limit through across a minute boundary. A guard runs before validation: invalid attempts
 * count too. If Redis is down the request goes through (the public calls matter more than a little abuse), and the
 * failure is logged. Each call subclasses it with its allowance and its 429 code (the lead forms, the WeChat
 * signature, a student's offer reports). ADR 039.
 */
export abstract class PerIpRateLimitGuard implements CanActivate {
  private readonly logger = new Logger(this.constructor.name);

  protected constructor(private readonly redis: Redis) {}

  /** Requests allowed per client and route in any window. */
  protected abstract limitPerWindow(): number;

  /** The window, 60 seconds unless a call paces over a longer one. */
  protected windowMs(): number {
    return WINDOW_MS;
  }

  /** Who is counted: the client's address, unless a call counts a signed-in person (a student's uploads). */
  protected clientOf(request: Request): string {
    return request.ip ?? '';
  }

  /** The 429 answer. */
  protected abstract refusal(): ApiError;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    // The route path names the call, so each form (and the signature) has its own allowance. The API processes
    // share one host's clock; the window's 60 s dwarfs any skew between hosts.
    const key = `${KEY_PREFIX}:rate-window:${request.route?.path ?? request.path}:${this.clientOf(request)}`;
    const now = Date.now();
    let admitted: boolean;
    let retryAfterMs: number;
    try {
      const result = (await this.redis.eval(SLIDING_WINDOW_SCRIPT, 1, key, now, this.windowMs(), this.limitPerWindow(), `${now}:${randomBytes(6).toString('hex')}`)) as [number, number];
      admitted = Number(result[0]) === 1;
      retryAfterMs = Number(result[1]);
    } catch (error) {
      this.logger.warn(`rate limit skipped, Redis unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return true;
    }
    if (admitted) return true;

    context
      .switchToHttp()
      .getResponse<Response>()
      .setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    throw this.refusal();
  }
}
