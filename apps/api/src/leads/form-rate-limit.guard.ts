import { KEY_PREFIX } from '@aipm/queue';
import { type CanActivate, type ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { REDIS_CLIENT } from '../redis/redis.module';
import { LeadError } from './lead.error';

const WINDOW_SECONDS = 60;

/**
 * Per client IP and form, FORM_RATE_LIMIT_PER_MINUTE submissions per fixed minute, counted in Redis so every
 * API process shares the count. Runs before validation: invalid attempts count too. If Redis is down the
 * form still works (a lost lead costs more than a little spam), and the failure is logged.
 */
@Injectable()
export class FormRateLimitGuard implements CanActivate {
  private readonly logger = new Logger(FormRateLimitGuard.name);

  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis, @Inject(API_ENV) private readonly env: ApiEnv) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const window = Math.floor(Date.now() / 1000 / WINDOW_SECONDS);
    // The route path names the form, so registration and contact have separate allowances.
    const key = `${KEY_PREFIX}:form-rate:${request.route?.path ?? request.path}:${request.ip}:${window}`;
    let count: number;
    try {
      const result = await this.redis
        .multi()
        .incr(key)
        .expire(key, WINDOW_SECONDS * 2)
        .exec();
      count = Number(result?.[0]?.[1] ?? 0);
    } catch (error) {
      this.logger.warn(`form rate limit skipped, Redis unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return true;
    }
    if (count <= this.env.FORM_RATE_LIMIT_PER_MINUTE) return true;

    const retryAfter = (window + 1) * WINDOW_SECONDS - Math.floor(Date.now() / 1000);
    context
      .switchToHttp()
      .getResponse<Response>()
      .setHeader('Retry-After', String(Math.max(1, retryAfter)));
    throw new LeadError('FORM_RATE_LIMITED');
  }
}
