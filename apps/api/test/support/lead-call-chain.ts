import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, NOTIFY_QUEUE } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import { existsSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/bootstrap/create-app';
import { type FakeAliyunVoice, type FakeTwilioApi, fakePhoneEnv, startFakeAliyunVoice, startFakeTwilioApi } from '../../../../tools/testing/fake-phone-providers';
import { type PrivateRedis, startPrivateRedis } from '../../../../tools/testing/private-servers';
import { type SpawnedProcess, spawnProcess } from '../../../../tools/testing/process';
import { adminAgent } from './lead-admin';
import { testApiEnv } from './test-env';

const WORKER_MAIN = path.resolve(__dirname, '../../../worker/dist/main.js');

export interface CallLogRow {
  status: string;
  provider: string;
  trigger: string;
  leadCount: number;
  calledNumber: string;
  errorCode: string | null;
  createdAt: Date;
}

/**
 * The new-lead call's whole chain (ADR 021) with real processes: the API in-process (its outbox and relay), a real
 * worker process (apps/worker/dist) and the two provider stand-ins, on a Redis of the suite's own (a test may stop it)
 * and a database of its own. `workerEnv` adds to both the API's and the worker's variables (quiet hours …).
 */
export async function startLeadCallChain(options: { salesNumber?: string; env?: Record<string, string> } = {}) {
  if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run "npm run build" first (npm test does)`);
  const salesNumber = options.salesNumber ?? '13800138000';
  const redis: PrivateRedis = await startPrivateRedis();
  const database: TestDatabase = await createTestDatabase({ migrate: true });
  const sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
  const [aliyun, twilio]: [FakeAliyunVoice, FakeTwilioApi] = await Promise.all([startFakeAliyunVoice(), startFakeTwilioApi()]);
  const phoneEnv = { ...fakePhoneEnv(aliyun, twilio, salesNumber), ...options.env };
  const app: INestApplication = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redis.url, ...phoneEnv }));
  await app.init();
  const worker: SpawnedProcess = spawnProcess('node', [WORKER_MAIN], { ...process.env, DATABASE_URL: database.url, REDIS_URL: redis.url, LOG_LEVEL: 'info', ...phoneEnv });
  const queue = new Queue(NOTIFY_QUEUE, bullOptions(redis.url));
  queue.on('error', () => undefined);

  let admin: Promise<ReturnType<typeof request.agent>> | undefined;
  let visitor = 0;
  const nextIp = () => `203.0.113.${(++visitor % 250) + 1}`;

  return {
    salesNumber,
    redis,
    sql,
    aliyun,
    twilio,
    app,
    worker,
    /** The notify queue, as the worker sees it (delayed dispatch jobs …). */
    queue,
    register: (name: string, phone: string) =>
      request(app.getHttpServer())
        .post('/api/registrations')
        .set('X-Forwarded-For', nextIp())
        .send({ name, phone, school: '湖南大学', major: '软件工程', goals: 'AI产品经理', agreement: true }),
    contact: (name: string, phone: string) =>
      request(app.getHttpServer()).post('/api/contact').set('X-Forwarded-For', nextIp()).send({ name, phone, subject: 'pricing' }),
    /** Calls the primary stand-in placed whose announcement names `name`. */
    aliyunCallsFor: (name: string) => aliyun.calls.filter((call) => call.ttsParam.name === name),
    twilioCallsFor: (name: string) => twilio.calls.filter((call) => call.twiml?.includes(name)),
    callLog: (): Promise<CallLogRow[]> =>
      sql.query(`SELECT status, provider, trigger, "leadCount", "calledNumber", "errorCode", "createdAt" FROM notification_calls ORDER BY "createdAt", "finishedAt"`),
    /** Moves every logged call a day back: the per-number limits (counted from the log) start afresh. */
    forgetLimits: async () => {
      await sql.query(`UPDATE notification_calls SET "createdAt" = "createdAt" - interval '25 hours'`);
      aliyun.reset();
      twilio.reset();
    },
    workerOutput: () => worker.stdout() + worker.stderr(),
    /** A signed-in back-office client (the first call registers the administrator). */
    admin: () => (admin ??= adminAgent(app)),
    async close() {
      worker.kill('SIGTERM');
      await Promise.race([worker.exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      worker.kill('SIGKILL');
      await queue.close().catch(() => undefined);
      await app.close();
      await sql.destroy();
      await Promise.all([aliyun.close(), twilio.close()]);
      await database.drop();
      await redis.stop();
    },
  };
}

export type LeadCallChain = Awaited<ReturnType<typeof startLeadCallChain>>;
