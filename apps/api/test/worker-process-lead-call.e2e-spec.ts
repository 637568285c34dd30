import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { existsSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { type FakeAliyunVoice, type FakeTwilioApi, fakePhoneEnv, startFakeAliyunVoice, startFakeTwilioApi } from '../../../tools/testing/fake-phone-providers';
import { type PrivateRedis, startPrivateRedis } from '../../../tools/testing/private-servers';
import { type SpawnedProcess, spawnProcess, waitFor } from '../../../tools/testing/process';
import { testApiEnv } from './support/test-env';

const WORKER_MAIN = path.resolve(__dirname, '../../worker/dist/main.js');
const SALES = '13800138000';

jest.setTimeout(120_000);

/**
 * Issue 15 end to end with real processes: a registration through the API is stored with its outbox row,
 * relayed to the notify queue, taken by a real worker process (apps/worker/dist) that rings the Alibaba Cloud
 * stand-in, through the real client. Also: a repeat registration rings nothing; a lead inside the per-number
 * limit waits for the worker's delayed dispatch job; a lead stored while Redis is down rings once Redis is back.
 * Redis is this suite's own (it is stopped); the worker and the API share it as in production.
 */
describe('a new lead rings the sales phone through a worker process', () => {
  let redis: PrivateRedis;
  let database: TestDatabase;
  let sql: DataSource;
  let aliyun: FakeAliyunVoice;
  let twilio: FakeTwilioApi;
  let app: INestApplication;
  let worker: SpawnedProcess;
  let visitor = 0;

  const register = (name: string, phone: string) =>
    request(app.getHttpServer())
      .post('/api/registrations')
      .set('X-Forwarded-For', `203.0.113.${++visitor}`)
      .send({ name, phone, school: '湖南大学', major: '软件工程', goals: 'AI产品经理', agreement: true });
  const callsFor = (name: string) => aliyun.calls.filter((call) => call.ttsParam.name === name);
  const callLog = (): Promise<Array<{ status: string; provider: string; leadCount: number; calledNumber: string }>> =>
    sql.query(`SELECT status, provider, "leadCount", "calledNumber" FROM notification_calls ORDER BY "createdAt"`);

  beforeAll(async () => {
    if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run "npm run build" first (npm test does)`);
    redis = await startPrivateRedis();
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    [aliyun, twilio] = await Promise.all([startFakeAliyunVoice(), startFakeTwilioApi()]);
    const phoneEnv = fakePhoneEnv(aliyun, twilio, SALES);
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redis.url, ...phoneEnv }));
    await app.init();
    worker = spawnProcess('node', [WORKER_MAIN], { ...process.env, DATABASE_URL: database.url, REDIS_URL: redis.url, LOG_LEVEL: 'info', ...phoneEnv });
  });

  afterAll(async () => {
    worker?.kill('SIGTERM');
    await Promise.race([worker?.exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    worker?.kill('SIGKILL');
    await app?.close();
    await sql?.destroy();
    await Promise.all([aliyun?.close(), twilio?.close()]);
    await database?.drop();
    await redis?.stop();
  });

  it('places exactly one call for a registration, none for its repeat', async () => {
    const startedAt = Date.now();
    expect((await register('赵一', '13900005555')).status).toBe(201);
    const [call] = await waitFor(async () => (callsFor('赵一').length > 0 ? callsFor('赵一') : undefined), 60_000, 100);
    expect(call).toMatchObject({ calledNumber: SALES, ttsParam: { count: '1', kind: '报名', name: '赵一', tail: '5555', course: 'AI产品经理' } });
    console.log(`registration → call at the stand-in: ${Date.now() - startedAt} ms (worker start included)`);
    await waitFor(async () => ((await callLog()).some((row) => row.status === 'placed') ? true : undefined), 10_000, 100);

    expect((await register('赵一', '139 0000 5555')).status).toBe(201);
    // Time for a wrongly queued call to arrive: relay pass + worker dispatch take well under this.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(aliyun.calls).toHaveLength(1);
    expect(twilio.calls).toEqual([]);
    expect(await callLog()).toEqual([{ status: 'placed', provider: 'aliyun', leadCount: 1, calledNumber: SALES }]);
  });

  it('holds a lead inside the per-number limit and calls when the worker’s delayed dispatch job runs', async () => {
    // The last call was "55 s ago": the next is allowed in about 5 s (1 a minute). The stand-in forgets its count.
    await sql.query(`UPDATE notification_calls SET "createdAt" = now() - interval '55 seconds'`);
    aliyun.reset();
    expect((await register('钱二', '13900006666')).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(callsFor('钱二')).toEqual([]);
    const [call] = await waitFor(async () => (callsFor('钱二').length > 0 ? callsFor('钱二') : undefined), 30_000, 100);
    expect(call.ttsParam).toMatchObject({ count: '1', name: '钱二' });
    expect(worker.stdout() + worker.stderr()).toMatch(/leads wait until .* \(limit\)/);
    expect(aliyun.calls).toHaveLength(1);
  });

  it('keeps a lead stored while Redis is down and places its call once Redis returns', async () => {
    await sql.query(`UPDATE notification_calls SET "createdAt" = now() - interval '25 hours'`);
    aliyun.reset();
    await redis.restart(async () => {
      const response = await register('孙三', '13900007777');
      expect(response.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(callsFor('孙三')).toEqual([]);
    });
    const [call] = await waitFor(async () => (callsFor('孙三').length > 0 ? callsFor('孙三') : undefined), 60_000, 200);
    expect(call).toMatchObject({ calledNumber: SALES, ttsParam: { count: '1', name: '孙三', tail: '7777' } });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(aliyun.calls).toHaveLength(1);
    const [row] = await sql.query(`SELECT "announcedAt" FROM lead_notifications n JOIN registrations r ON r.id = n."registrationId" WHERE r.name = '孙三'`);
    expect(row.announcedAt).toBeInstanceOf(Date);
  });
});
