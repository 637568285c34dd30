import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, leadNotifyJobId, NOTIFY_QUEUE } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { NotifyRelay } from '../src/notifications/notify-relay.service';
import { type PrivateRedis, startPrivateRedis } from '../../../tools/testing/private-servers';
import { waitFor } from '../../../tools/testing/process';
import { testApiEnv } from './support/test-env';

const ANSWER_WITHIN_MS = 2_000;

/**
 * docs/product/phone.md#what-rings-the-phone, ADR 021: a new lead's phone call is recorded with the lead (outbox) and
 * queued as one `notify` job per lead; with Redis down the visitor still gets the answer at once and the job is queued
 * when Redis returns. The Redis is this suite's own: stopping the shared one would break other suites.
 */
describe('the new-lead call outbox', () => {
  let redis: PrivateRedis;
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let queue: Queue;
  let visitor = 0;

  const register = (phone: string) =>
    request(app.getHttpServer())
      .post('/api/registrations')
      .set('X-Forwarded-For', `203.0.113.${++visitor}`)
      .send({ name: '李四', phone, school: '湖南大学', major: '软件工程', goals: 'AI产品经理', agreement: true });
  const notifications = (): Promise<Array<{ id: string; registrationId: string | null; contactMessageId: string | null; enqueuedAt: Date | null }>> =>
    sql.query(`SELECT id, "registrationId", "contactMessageId", "enqueuedAt" FROM lead_notifications ORDER BY "createdAt"`);
  const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const startedAt = Date.now();
    const value = await work();
    return { value, ms: Date.now() - startedAt };
  };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redis.url }));
    await app.init();
    queue = new Queue(NOTIFY_QUEUE, bullOptions(redis.url));
    queue.on('error', () => undefined); // the outage below is on purpose
  });

  afterAll(async () => {
    await queue?.close();
    await app?.close();
    await sql?.destroy();
    await database?.drop();
    await redis?.stop();
  });

  it('queues one notify job for a new registration, none for its repeat within 24 hours', async () => {
    const first = await register('13900001111');
    expect(first.status).toBe(201);
    const [row] = await notifications();
    expect(row).toMatchObject({ registrationId: first.body.data.id, contactMessageId: null });
    await waitFor(async () => ((await queue.getJob(leadNotifyJobId(row.id))) ? true : undefined), 10_000, 50);
    expect((await queue.getJob(leadNotifyJobId(row.id)))?.data).toEqual({ reason: 'lead', notificationId: row.id });

    expect((await register('139 0000 1111')).status).toBe(201);
    await app.get(NotifyRelay).settled();
    expect(await notifications()).toHaveLength(1);
    expect(await queue.count()).toBe(1);
    expect((await notifications())[0].enqueuedAt).toBeInstanceOf(Date);
  });

  it('keeps leads stored while Redis is down, answering at once, and queues their calls when it returns', async () => {
    await redis.restart(async () => {
      const registration = await timed(() => register('13900002222'));
      const message = await timed(() =>
        request(app.getHttpServer()).post('/api/contact').set('X-Forwarded-For', '198.51.100.7').send({ name: '王五', phone: '13900004321', subject: 'course', message: '想了解课程安排' }),
      );
      for (const { value, ms } of [registration, message]) {
        expect(value.status).toBe(201);
        expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
      }
      // Stored and recorded, not queued: Redis is not there.
      const rows = await notifications();
      expect(rows).toHaveLength(3);
      expect(rows.slice(1).map((row) => row.enqueuedAt)).toEqual([null, null]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    });
    // The relay's pass that waited for Redis (or the next one) queues both; the restarted Redis is empty.
    const waiting = (await notifications()).slice(1);
    await waitFor(async () => ((await Promise.all(waiting.map((row) => queue.getJob(leadNotifyJobId(row.id))))).every(Boolean) ? true : undefined), 20_000, 100);
    await waitFor(async () => ((await notifications()).every((row) => row.enqueuedAt !== null) ? true : undefined), 10_000, 100);
    expect(await queue.count()).toBe(2);
  });
});
