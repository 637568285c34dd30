import { WORKER_HEARTBEAT_KEY } from '@aipm/queue';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { REDIS_CLIENT } from '../redis/redis.module';

/** What the health check asks PostgreSQL and Redis (ADR 038, ADR 044); how long it waits and what it answers are HealthService's. */
@Injectable()
export class HealthRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  /** Resolves once PostgreSQL has run a statement. */
  async pingDatabase(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }

  /** Resolves once Redis has answered. */
  async pingRedis(): Promise<void> {
    await this.redis.ping();
  }

  /** The worker's last heartbeat as it wrote it (JSON), or null when none is alive. */
  workerHeartbeat(): Promise<string | null> {
    return this.redis.get(WORKER_HEARTBEAT_KEY);
  }
}
