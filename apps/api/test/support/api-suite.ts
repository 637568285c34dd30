import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/bootstrap/create-app';
import { testRedisUrl } from '../../../../tools/testing/services';
import { adminAgent } from './lead-admin';
import { testApiEnv } from './test-env';

/** What a suite's hooks set up: its own database (with a plain connection for SQL), the API on it, the administrator. */
export interface ApiSuite {
  database: TestDatabase;
  sql: DataSource;
  app: INestApplication;
  admin: Awaited<ReturnType<typeof adminAgent>>;
}

/**
 * Registers the usual hooks of an API suite: a migrated database of its own, the API on it and on one of the
 * worker's Redis databases, the first administrator signed in; all closed and dropped after. The fields are filled
 * in by beforeAll: read them inside tests and hooks, not at the top of the describe.
 */
export function useApiSuite(redisDatabase: number): ApiSuite {
  const suite = {} as ApiSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase({ migrate: true });
    suite.sql = await new DataSource({ type: 'postgres', url: suite.database.url }).initialize();
    suite.app = await createApp(testApiEnv({ DATABASE_URL: suite.database.url, REDIS_URL: testRedisUrl(redisDatabase) }));
    await suite.app.init();
    suite.admin = await adminAgent(suite.app);
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.sql?.destroy();
    await suite.database?.drop();
  });
  return suite;
}
