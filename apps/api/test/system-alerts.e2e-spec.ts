import { type SystemAlert } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, CRAWL_QUEUE, NOTIFY_QUEUE } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

/**
 * The dashboard's alerts without Prometheus (docs/product/operations.md#on-the-dashboard): the backup too old, a
 * queue whose oldest job waits past 15 minutes, a site that read fewer than half its pages in the last hour; and
 * nothing once each is put right.
 */
describe('system alerts', () => {
  const redisUrl = testRedisUrl(8);
  let database: TestDatabase;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let sql: DataSource;

  const alerts = async () => (await admin.get('/api/admin/system-alerts').expect(200)).body.data as SystemAlert[];
  const run = (site: string, minutesAgo: number, pagesDone: number, failures: Record<string, number>) =>
    sql.query(
      `INSERT INTO crawl_runs ("jobId", site, status, "startedAt", "finishedAt", "pagesDone", failures) VALUES ($1, $2, $3, now() - make_interval(mins => $4 + 1), now() - make_interval(mins => $4), $5, $6)`,
      [`job-${site}-${minutesAgo}`, site, Object.keys(failures).length ? 'failed' : 'completed', minutesAgo, pagesDone, JSON.stringify(failures)],
    );

  beforeAll(async () => {
    await flushRedis(redisUrl);
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl }));
    await app.init();
    admin = await adminAgent(app);
    sql = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('is the administrator’s only', async () => {
    expect((await request(app.getHttpServer()).get('/api/admin/system-alerts').expect(401)).body).toEqual(apiError('UNAUTHORIZED'));
  });

  it('names each condition that holds, and none once they are put right', async () => {
    // No backup yet; a crawl job queued 20 minutes ago, a notify job 5; zhipin read 1 page of 6 in the hour (and
    // 10 pages two hours ago), liepin 3 of 4, lagou 0 of 2 (too few to judge).
    const crawl = new Queue(CRAWL_QUEUE, bullOptions(redisUrl));
    const notify = new Queue(NOTIFY_QUEUE, bullOptions(redisUrl));
    try {
      await crawl.add('crawl', { taskId: 'x' }, { timestamp: Date.now() - 20 * 60_000 });
      await notify.add('dispatch', {}, { timestamp: Date.now() - 5 * 60_000 });
      await run('zhipin', 10, 1, { captcha: 3, blocked: 2 });
      await run('zhipin', 120, 10, {});
      await run('liepin', 30, 3, { timeout: 1 });
      await run('lagou', 20, 0, { login_wall: 2 });

      const raised = await alerts();
      expect(raised).toEqual([
        { kind: 'backup_stale', lastSuccessAt: null },
        { kind: 'queue_waiting', queue: CRAWL_QUEUE, waitingSeconds: expect.any(Number) },
        { kind: 'crawl_site_failing', site: 'zhipin', readShare: 1 / 6, pages: 6 },
      ]);
      expect((raised[1] as { waitingSeconds: number }).waitingSeconds).toBeGreaterThanOrEqual(20 * 60);

      await sql.query(
        `INSERT INTO backup_runs (trigger, status, "startedAt", "finishedAt", name, location, "sizeBytes", tables, rows, files, "fileBytes") VALUES ('schedule', 'succeeded', now() - interval '2 hours', now() - interval '2 hours', 'a.tar', '/b/a.tar', 1, 1, 1, 0, 0)`,
      );
      await crawl.obliterate({ force: true });
      await sql.query(`UPDATE crawl_runs SET "finishedAt" = now() - interval '2 hours' WHERE site = 'zhipin'`);
      expect(await alerts()).toEqual([]);
    } finally {
      await crawl.close();
      await notify.obliterate({ force: true });
      await notify.close();
    }
  });
});
