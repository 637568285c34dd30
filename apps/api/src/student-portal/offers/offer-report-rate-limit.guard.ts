import { OUTCOME_LIMITS } from '@aipm/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { PerIpRateLimitGuard } from '../../common/rate-limit/per-ip-rate-limit.guard';
import { studentOf } from '../../common/student-session';
import { REDIS_CLIENT } from '../../redis/redis.module';
import { OutcomeError } from '../../students/outcomes/outcome.error';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A student's offer reports, each up to 10 files of 20 MB: at most OUTCOME_LIMITS.reportsPerDay in any 24 hours per
 * student (not per address: a school's students share one Wi-Fi). Runs after the student session guard, so the
 * student is known; refusals (invalid reports too) count, as every PerIpRateLimitGuard's.
 */
@Injectable()
export class OfferReportRateLimitGuard extends PerIpRateLimitGuard {
  constructor(@Inject(REDIS_CLIENT) redis: Redis) {
    super(redis);
  }

  protected limitPerWindow(): number {
    return OUTCOME_LIMITS.reportsPerDay;
  }

  protected override windowMs(): number {
    return DAY_MS;
  }

  protected override clientOf(request: Request): string {
    return `student:${studentOf(request)?.studentId ?? ''}`;
  }

  protected refusal(): OutcomeError {
    return new OutcomeError('OFFER_REPORT_RATE_LIMITED');
  }
}
