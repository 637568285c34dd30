import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from '@aipm/contracts';
import { KEY_PREFIX } from '@aipm/queue';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '../redis/redis.module';
import { AuthError } from './auth.error';

/**
 * Counts failed logins in Redis (shared by every API process) per client IP and per email; at the limit
 * both the right and the wrong password get 429 until the window ends, so guessing stops either way.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async assertAllowed(ip: string, email: string): Promise<void> {
    const [byIp, byEmail] = await this.redis.mget(this.ipKey(ip), this.emailKey(email));
    if (Number(byIp ?? 0) >= LOGIN_FAILURE_LIMIT || Number(byEmail ?? 0) >= LOGIN_FAILURE_LIMIT) {
      throw new AuthError('LOGIN_RATE_LIMITED');
    }
  }

  async recordFailure(ip: string, email: string): Promise<void> {
    // The window starts at the first failure (NX), so steady guessing cannot keep extending it forever.
    await this.redis
      .multi()
      .incr(this.ipKey(ip))
      .expire(this.ipKey(ip), LOGIN_FAILURE_WINDOW_SECONDS, 'NX')
      .incr(this.emailKey(email))
      .expire(this.emailKey(email), LOGIN_FAILURE_WINDOW_SECONDS, 'NX')
      .exec();
  }

  async recordSuccess(email: string): Promise<void> {
    await this.redis.del(this.emailKey(email));
  }

  private ipKey(ip: string): string {
    return `${KEY_PREFIX}:login-failures:ip:${ip}`;
  }

  private emailKey(email: string): string {
    return `${KEY_PREFIX}:login-failures:email:${email}`;
  }
}
