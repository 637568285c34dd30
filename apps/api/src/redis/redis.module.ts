import { createRedisConnection } from '@aipm/queue';
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { API_ENV, type ApiEnv } from '../config/api-env';

/** A general-purpose Redis client (health, rate limits, heartbeats); BullMQ keeps its own connections. */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/**
 * Every command on this client fails after this long: a stalled Redis (frozen, swapping, a long script)
 * must not hold a visitor's request. Rate limits then fail open for the public forms, closed for sign-in.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [API_ENV],
      // No offline queue: while Redis is down a command fails at once instead of hanging the request.
      useFactory: (env: ApiEnv) =>
        createRedisConnection(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS }),
    },
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
