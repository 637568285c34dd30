import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LoginRateLimiter } from '../auth/login-rate-limiter';
import { REDIS_CLIENT } from '../redis/redis.module';

/**
 * The administrator's sign-in throttle (ADR 014, 037: reserve then verify, pair and address limits, an account
 * paced for unknown browsers, never locked, device cookies for known ones) under the student realm's own keys, so
 * the two realms never share a count (ADR 061).
 */
@Injectable()
export class StudentLoginRateLimiter extends LoginRateLimiter {
  protected override readonly namespace: string = 'student-login-failures';

  constructor(@Inject(REDIS_CLIENT) redis: Redis) {
    super(redis);
  }
}
