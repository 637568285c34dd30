import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { PerIpRateLimitGuard } from '../common/rate-limit/per-ip-rate-limit.guard';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { REDIS_CLIENT } from '../redis/redis.module';
import { WechatError } from './wechat.error';

/**
 * WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE signatures per client IP per minute: a page view inside WeChat asks
 * once, so the allowance is generous (many visitors share a carrier's address), yet the public endpoint
 * cannot be used to drain WeChat's quotas through our app id.
 */
@Injectable()
export class SignatureRateLimitGuard extends PerIpRateLimitGuard {
  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(API_ENV) private readonly env: ApiEnv) {
    super(redis);
  }

  protected limitPerWindow(): number {
    return this.env.WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE;
  }

  protected refusal(): WechatError {
    return new WechatError('SIGNATURE_RATE_LIMITED');
  }
}
