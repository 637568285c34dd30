import { KEY_PREFIX } from '@aipm/queue';
import { type CanActivate, type ExecutionContext, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { ApiError } from '../errors/api.error';

const WINDOW_SECONDS = 60;

/**
 * Per client IP and route, a number of requests per fixed minute, counted in Redis so every API process
 * shares the count. A guard runs before validation: invalid attempts count too. If Redis is down the request
 * goes through (the public calls matter more than a little abuse), and the failure is logged. Each public
 * call subclasses it with its allowance and its 429 code (the lead forms, the WeChat signature).
 */
export abstract class PerIpRateLimitGuard implements CanActivate {
  private readonly logger = new Logger(this.constructor.name);

  protected constructor(private readonly redis: Redis) {}

  /** Requests allowed per client IP and route per minute. */
  protected abstract limitPerMinute(): number;

  /** The 429 answer. */
  protected abstract refusal(): ApiError;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const window = Math.floor(Date.now() / 1000 / WINDOW_SECONDS);
    // The route path names the call, so each form (and the signature) has its own allowance.
    const key = `${KEY_PREFIX}:rate:${request.route?.path ?? request.path}:${request.ip}:${window}`;
    let count: number;
    try {
      const result = await this.redis
        .multi()
        .incr(key)
        .expire(key, WINDOW_SECONDS * 2)
        .exec();
      count = Number(result?.[0]?.[1] ?? 0);
    } catch (error) {
      this.logger.warn(`rate limit skipped, Redis unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return true;
    }
    if (count <= this.limitPerMinute()) return true;

    const retryAfter = (window + 1) * WINDOW_SECONDS - Math.floor(Date.now() / 1000);
    context
      .switchToHttp()
      .getResponse<Response>()
      .setHeader('Retry-After', String(Math.max(1, retryAfter)));
    throw this.refusal();
  }
}
