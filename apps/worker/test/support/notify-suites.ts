import 'reflect-metadata';
import { createDataSourceOptions } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { phoneSettings, type PhoneSettings } from '@aipm/phone';
import { bullOptions, NOTIFY_QUEUE } from '@aipm/queue';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { type FakeAliyunVoice, type FakeTwilioApi, fakePhoneEnv, startFakeAliyunVoice, startFakeTwilioApi } from '../../../../tools/testing/fake-phone-providers';
import { testRedisUrl } from '../../../../tools/testing/services';
import { loadWorkerEnv, WORKER_ENV } from '../../src/config/worker-env';
import { NotifyWorkerService } from '../../src/notify/notify-worker.service';

/** The number the stand-ins' primary rings. */
export const SALES = '13800138000';

/** What a caller's suite sets up: its own database (with a plain connection for SQL) and both providers' stand-ins. */
export interface CallerSuite {
  database: TestDatabase;
  sql: DataSource;
  aliyun: FakeAliyunVoice;
  twilio: FakeTwilioApi;
}

/**
 * The hooks of a suite that drives a caller itself: a migrated database of its own and the providers' stand-ins, with
 * their limits off (these tests move the caller's clock, not the stand-ins'). The fields are filled in by beforeAll.
 */
export function useCallerSuite(): CallerSuite {
  const suite = {} as CallerSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase({ migrate: true });
    suite.sql = await new DataSource({ type: 'postgres', url: suite.database.url, poolSize: 6 }).initialize();
    suite.aliyun = await startFakeAliyunVoice({ limits: false });
    suite.twilio = await startFakeTwilioApi();
  });
  afterAll(async () => {
    await suite.aliyun?.close();
    await suite.twilio?.close();
    await suite.sql?.destroy();
    await suite.database?.drop();
  });
  return suite;
}

/** Both providers on the suite's stand-ins, the primary ringing SALES; `overrides` are further phone variables. */
export function standInPhoneSettings(suite: CallerSuite, overrides: Record<string, string> = {}): PhoneSettings {
  return phoneSettings({ ALIYUN_VOICE_ENDPOINT: '', TWILIO_API_BASE: '', PHONE_TIME_ZONE: 'Asia/Shanghai', ...fakePhoneEnv(suite.aliyun, suite.twilio, SALES), ...overrides } as never);
}

/** Stores fields of a setting kept in admin_config, one row a field, as the API's PUT does. */
export function saveConfig<K extends string>(sql: DataSource, keys: Readonly<Record<K, string>>, values: Partial<Record<K, string>>): Promise<unknown> {
  return Promise.all(
    Object.entries(values).map(([field, value]) =>
      sql.query(`INSERT INTO admin_config (key, value) VALUES ($1, $2) ON CONFLICT ON CONSTRAINT "UQ_admin_config_key" DO UPDATE SET value = EXCLUDED.value`, [keys[field as K], value]),
    ),
  );
}

/** What a notify worker's suite sets up: the caller's, the worker's Nest context on it, and the notify queue. */
export interface NotifyWorkerSuite extends CallerSuite {
  app: INestApplicationContext;
  service: NotifyWorkerService;
  queue: Queue;
}

/**
 * The hooks of a suite that drives the notify worker through its queue: a migrated database, the stand-ins, the notify
 * queue emptied on one of the Jest worker's Redis databases, and NotifyWorkerService started on them, ringing SALES.
 */
export function useNotifyWorkerSuite(redisDatabase: number): NotifyWorkerSuite {
  const suite = {} as NotifyWorkerSuite;
  const redisUrl = testRedisUrl(redisDatabase);
  beforeAll(async () => {
    suite.database = await createTestDatabase({ migrate: true });
    [suite.aliyun, suite.twilio] = await Promise.all([startFakeAliyunVoice({ limits: false }), startFakeTwilioApi()]);
    suite.queue = new Queue(NOTIFY_QUEUE, bullOptions(redisUrl));
    await suite.queue.obliterate({ force: true });
    const env = loadWorkerEnv({ ...process.env, DATABASE_URL: suite.database.url, REDIS_URL: redisUrl, LOG_LEVEL: 'warn', ...fakePhoneEnv(suite.aliyun, suite.twilio, SALES) });
    const moduleRef = await Test.createTestingModule({
      imports: [TypeOrmModule.forRoot(createDataSourceOptions(suite.database.url))],
      providers: [{ provide: WORKER_ENV, useValue: env }, NotifyWorkerService],
    }).compile();
    suite.app = await moduleRef.init();
    suite.sql = suite.app.get(DataSource);
    suite.service = suite.app.get(NotifyWorkerService);
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.queue?.obliterate({ force: true }).catch(() => undefined);
    await suite.queue?.close();
    await Promise.all([suite.aliyun?.close(), suite.twilio?.close()]);
    await suite.database?.drop();
  });
  return suite;
}

/**
 * A job's return value once it completed (it throws when the job failed or did not finish in 10 s). The state is read
 * before the job: a job read first may complete in between and show as completed without its return value.
 */
export async function finishedJob(queue: Queue, jobId: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const state = await queue.getJobState(jobId);
    if (state === 'completed') return (await queue.getJob(jobId))!.returnvalue as Record<string, unknown>;
    if (state === 'failed') throw new Error(`${jobId} failed: ${(await queue.getJob(jobId))?.failedReason}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${jobId} did not finish`);
}
