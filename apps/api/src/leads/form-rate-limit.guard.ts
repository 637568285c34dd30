import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { PerIpRateLimitGuard } from '../common/rate-limit/per-ip-rate-limit.guard';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { REDIS_CLIENT } from '../redis/redis.module';
import { LeadError } from './lead.error';

/**
 * Per client IP and form, FORM_RATE_LIMIT_PER_MINUTE submissions in any 60 seconds (PerIpRateLimitGuard's sliding
 * window). If Redis is down the form still works: a lost lead costs more than a little spam.
 */
@Injectable()
export class FormRateLimitGuard extends PerIpRateLimitGuard {
  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(API_ENV) private readonly env: ApiEnv) {
    super(redis);
  }

  protected limitPerWindow(): number {
    return this.env.FORM_RATE_LIMIT_PER_MINUTE;
  }

  protected refusal(): LeadError {
    return new LeadError('FORM_RATE_LIMITED');
  }
}
