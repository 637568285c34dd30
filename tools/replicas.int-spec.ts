import { type CrawlLiveEvent, SITE_SETTINGS_DEFAULTS, type SiteSettings, taskSearchUrls } from '@aipm/contracts';
import { ALL_MIGRATIONS, createDataSourceOptions } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { BACKUP_QUEUE, BACKUP_SCHEDULER_ID, bullOptions, CRAWL_QUEUE } from '@aipm/queue';
import { type Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { openEventStream, type EventStream } from '../apps/api/test/support/event-stream';
import { startFixtureSites, type FixtureSites } from '../apps/worker/test/fixture-sites';
import { SITE_SETTINGS_TTL_MS } from '../apps/web/app/site-settings/site-settings.server';
import { descendants, type SpawnedProcess, spawnProcess, waitFor, waitForProcess } from './testing/process';
import { flushRedis, serverPort, testRedisUrl } from './testing/services';

/*
 * Two of each app on one PostgreSQL, Redis and S3 server (docs/decisions/058-replicas.md): what a second replica
 * would get wrong if anything were kept in one process's memory. The built apps as an operator runs them
 * (`npm run build` first; npm test builds), each on its own 127.0.0.1 ports, started side by side.
 */
jest.setTimeout(240_000);

const repoRoot = path.resolve(__dirname, '..');
const SCRIPTS = { api: 'apps/api/dist/main.js', worker: 'apps/worker/dist/main.js', web: 'apps/web/server/dist/main.js' } as const;
type AppName = keyof typeof SCRIPTS;

/*
 * Read at run time, not imported: the page cache's module imports @remix-run/node, whose global typings would make
 * NODE_ENV required in every test's process.env objects.
 */
const { PAGE_MAX_AGE_MS } = jest.requireActual<{ PAGE_MAX_AGE_MS: number }>('../apps/web/server/src/page-cache');
/** The rendered-page cache follows a settings change within the settings' own read (ADR 025) and its max age (ADR 032), plus one render. */
const RENDER_ALLOWANCE_MS = 2_000;
const SETTINGS_VISIBLE_WITHIN_MS = SITE_SETTINGS_TTL_MS + PAGE_MAX_AGE_MS + RENDER_ALLOWANCE_MS;
const FORM_LIMIT = 4;
const ADMIN = { email: 'replicas-admin@example.com', password: 'replicas-admin-password-1' };

interface Door {
  name: 'A' | 'B';
  url: string;
  port: number;
}

describe('two replicas of every app on one PostgreSQL, Redis and S3', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let fixtures: FixtureSites;
  let backupDir: string;
  let crawlQueue: Queue;
  let backupQueue: Queue;
  let redis: Redis;
  const redisUrl = testRedisUrl(1);
  const processes: Array<{ name: string; process: SpawnedProcess }> = [];
  const doors: Door[] = [];
  const workers: SpawnedProcess[] = [];
  let cookie = '';

  const start = async (app: AppName, set: 'A' | 'B', env: NodeJS.ProcessEnv): Promise<SpawnedProcess> => {
    const child = spawnProcess(process.execPath, [path.join(repoRoot, SCRIPTS[app])], {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'warn',
      METRICS_PORT: String(await serverPort()),
      ...env,
    });
    processes.push({ name: `${app} ${set}`, process: child });
    return child;
  };

  const healthy = (url: string) => async () => {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200 ? true : undefined;
  };

  const request = (door: Door, method: string, route: string, options: { body?: unknown; cookie?: string } = {}) =>
    fetch(`${door.url}${route}`, {
      method,
      headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
      body: options.body ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  const cookiesOf = (response: Response) => response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const [doorA, doorB] = [() => doors[0]!, () => doors[1]!];

  beforeAll(async () => {
    for (const script of Object.values(SCRIPTS)) {
      if (!existsSync(path.join(repoRoot, script))) throw new Error(`${script} is missing: run "npm run build" first (npm test does)`);
    }
    // An empty database and bucket: the two APIs migrate and create the bucket at the same time.
    database = await createTestDatabase();
    await flushRedis(redisUrl);
    fixtures = await startFixtureSites({ perPage: 10, totalPages: 3 });
    backupDir = mkdtempSync(path.join(os.tmpdir(), 'aipm-replicas-backups-'));
    const bucket = `replicas-${Date.now().toString(36)}`;

    const apiPorts = [await serverPort(), await serverPort()];
    const apis = await Promise.all(
      apiPorts.map((port, index) =>
        start('api', index ? 'B' : 'A', { API_PORT: String(port), API_HOST: '127.0.0.1', API_PROCESSES: '1', S3_BUCKET: bucket, FORM_RATE_LIMIT_PER_MINUTE: String(FORM_LIMIT) }),
      ),
    );
    await Promise.all(apis.map((api, index) => waitForProcess(api, healthy(`http://127.0.0.1:${apiPorts[index]}`), 120_000, 250)));

    const workerEnv = {
      S3_BUCKET: bucket,
      CRAWLER_SITE_ORIGINS: fixtures.env,
      CRAWL_CONCURRENCY: '1',
      // A killed worker's job comes back through the survivor's sweep for dead workers; the lock is the fallback.
      CRAWL_LOCK_DURATION_MS: '5000',
      // Every minute (the shortest five-field cron): the test sees a tick of the real scheduler both workers set.
      BACKUP_SCHEDULE: '* * * * *',
      BACKUP_TARGET: backupDir,
    };
    for (const [index, set] of (['A', 'B'] as const).entries()) {
      const port = await serverPort();
      doors.push({ name: set, port, url: `http://127.0.0.1:${port}` });
      workers.push(await start('worker', set, workerEnv));
      await start('web', set, { PORT: String(port), HOST: '127.0.0.1', API_URL: `http://127.0.0.1:${apiPorts[index]}`, S3_BUCKET: bucket });
    }
    await Promise.all(doors.map((door) => waitForProcess(processes.find(({ name }) => name === `web ${door.name}`)!.process, healthy(door.url), 60_000, 250)));

    dataSource = await new DataSource(createDataSourceOptions(database.url, { poolSize: 2 })).initialize();
    crawlQueue = new Queue(CRAWL_QUEUE, bullOptions(redisUrl));
    backupQueue = new Queue(BACKUP_QUEUE, bullOptions(redisUrl));
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    await waitFor(async () => ((await crawlQueue.getWorkersCount()) >= 2 ? true : undefined), 60_000, 250);
  });

  afterAll(async () => {
    // Every process and what it started (the API's cluster process, the workers' Chromium), then a SIGTERM each.
    const everything = processes.flatMap(({ process: child }) => [child.child.pid!, ...descendants(child.child.pid!).map(({ pid }) => pid)]);
    for (const { process: child } of processes) child.kill('SIGTERM');
    await Promise.race([Promise.all(processes.map(({ process: child }) => child.exited)), new Promise((resolve) => setTimeout(resolve, 20_000).unref())]);
    for (const pid of everything) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await crawlQueue?.close();
    await backupQueue?.close();
    redis?.disconnect();
    await dataSource?.destroy();
    await fixtures?.close();
    await database?.drop();
    await flushRedis(redisUrl).catch(() => undefined);
    if (backupDir) rmSync(backupDir, { recursive: true, force: true });
  });

  it('boots two APIs at once on one empty database: each migration applied once, both healthy', async () => {
    const applied: Array<{ name: string; times: number }> = await dataSource.query(`SELECT name, count(*)::int AS times FROM migrations GROUP BY name`);
    expect(applied).toHaveLength(ALL_MIGRATIONS.length);
    expect(applied.filter(({ times }) => times !== 1)).toEqual([]);
    for (const door of doors) expect(await healthy(door.url)()).toBe(true);
    // The bucket both created at once: neither took the other's creation for a storage fault.
    for (const name of ['api A', 'api B']) expect(processes.find((entry) => entry.name === name)!.process.stdout()).not.toContain('storage not ready at boot');
  });

  it('a session made through front door A works through B, and signing out on B ends it on A', async () => {
    const registered = await request(doorA(), 'POST', '/api/admin/register', { body: ADMIN });
    expect(registered.status).toBe(201);
    const session = cookiesOf(registered);
    expect(session).toMatch(/aipm\.sid=/);

    const onB = await request(doorB(), 'GET', '/api/admin/session', { cookie: session });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ success: true, email: ADMIN.email });

    expect((await request(doorB(), 'POST', '/api/admin/logout', { cookie: session })).status).toBe(200);
    expect((await request(doorA(), 'GET', '/api/admin/session', { cookie: session })).status).toBe(401);

    // Signed in again through B (the device cookie A set is honoured there): the session the later checks use.
    const device = session.split('; ').filter((pair) => pair.startsWith('aipm.device='));
    const login = await request(doorB(), 'POST', '/api/admin/login', { body: ADMIN, cookie: device.join('; ') });
    expect(login.status).toBe(200);
    cookie = cookiesOf(login);
    expect((await request(doorA(), 'GET', '/api/admin/verify', { cookie })).status).toBe(200);
  });

  it('holds the login limit across both front doors: failures split between them reach it at the same total', async () => {
    const stranger = { email: 'not-the-admin@example.com', password: 'a-wrong-password-1' };
    const statuses: number[] = [];
    // LOGIN_FAILURE_LIMIT (10) failures per address and email: five through each door, alternating.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push((await request(attempt % 2 ? doorB() : doorA(), 'POST', '/api/admin/login', { body: stranger })).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    for (const door of [doorA(), doorB()]) {
      const refused = await request(door, 'POST', '/api/admin/login', { body: stranger });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ success: false, code: 'LOGIN_RATE_LIMITED' });
    }
  });

  it('holds the registration form limit across both front doors', async () => {
    const registration = (n: number) => ({ name: '王五', phone: `1390000${String(7000 + n)}`, school: '中南大学', major: '计算机科学与技术', agreement: true });
    const statuses: number[] = [];
    for (let n = 0; n < FORM_LIMIT; n += 1) statuses.push((await request(n % 2 ? doorB() : doorA(), 'POST', '/api/registrations', { body: registration(n) })).status);
    expect(statuses).toEqual(Array(FORM_LIMIT).fill(201));
    for (const door of [doorA(), doorB()]) {
      const refused = await request(door, 'POST', '/api/registrations', { body: registration(99) });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ success: false, code: 'FORM_RATE_LIMITED' });
    }
  });

  it(`shows a site-settings change on both front doors' cached pages within ${SETTINGS_VISIBLE_WITHIN_MS} ms`, async () => {
    const landing = async (door: Door) => (await request(door, 'GET', '/')).text();
    // Both caches hold a render with the settings as they were.
    for (const door of doors) expect(await landing(door)).toContain(SITE_SETTINGS_DEFAULTS.salesPhone);
    const current = (await (await request(doorA(), 'GET', '/api/admin/site-settings', { cookie })).json()) as { data: SiteSettings };
    const salesPhone = '0731-8123 4567';
    const saved = await request(doorA(), 'PUT', '/api/admin/site-settings', { body: { ...current.data, salesPhone }, cookie });
    expect(saved.status).toBe(200);
    const savedAt = Date.now();

    const seenAfter = await Promise.all(
      doors.map((door) =>
        waitFor(async () => ((await landing(door)).includes(salesPhone) ? Date.now() - savedAt : undefined), SETTINGS_VISIBLE_WITHIN_MS + 5_000, 100),
      ),
    );
    console.log(`site settings on the landing page after ${seenAfter.map((ms, index) => `${doors[index]!.name} ${ms} ms`).join(', ')}`);
    for (const elapsed of seenAfter) expect(elapsed).toBeLessThan(SETTINGS_VISIBLE_WITHIN_MS);
    // And never the old render again.
    for (const door of doors) for (let load = 0; load < 3; load += 1) expect(await landing(door)).toContain(salesPhone);
  });

  it('fires the daily-backup schedule that both workers set once per tick', async () => {
    // Both workers upserted the one scheduler at boot; it fires every minute. Wait for a tick's run to end.
    expect((await backupQueue.getJobSchedulers(0, -1)).map((scheduler) => scheduler.key)).toEqual([BACKUP_SCHEDULER_ID]);
    const runs = async () => (await dataSource.query(`SELECT "startedAt" FROM backup_runs WHERE trigger = 'schedule' ORDER BY "startedAt"`)) as Array<{ startedAt: Date }>;
    await waitFor(async () => {
      const idle = (await backupQueue.getActiveCount()) + (await backupQueue.getWaitingCount()) === 0;
      return idle && (await runs()).length > 0 ? true : undefined;
    }, 90_000, 500);
    const completed = await backupQueue.getCompleted(0, -1);
    const recorded = await runs();
    // One run per tick: as many recorded runs as scheduler jobs, each in its own minute.
    expect(recorded.length).toBe(completed.length);
    const minutes = recorded.map(({ startedAt }) => Math.floor(new Date(startedAt).getTime() / 60_000));
    expect(new Set(minutes).size).toBe(minutes.length);
    expect(completed.every((job) => job.id?.startsWith(`repeat:${BACKUP_SCHEDULER_ID}:`) && job.attemptsMade === 1)).toBe(true);
  });

  describe('a crawl run started through front door A', () => {
    let streams: Record<'A' | 'B', EventStream<CrawlLiveEvent>>;
    let taskId: string;
    let job: Job;

    afterAll(() => Object.values(streams ?? {}).forEach((stream) => stream.close()));

    it("is seen live on B's event stream", async () => {
      // Slow enough (9 pages, 500 ms apart) that the kill below lands mid-run.
      expect((await request(doorA(), 'POST', '/api/admin/crawler-config', { body: { request_delay: 500 }, cookie })).status).toBe(200);
      streams = {
        A: await openEventStream<CrawlLiveEvent>(doorA().port, '/api/admin/crawler/events', cookie),
        B: await openEventStream<CrawlLiveEvent>(doorB().port, '/api/admin/crawler/events', cookie),
      };
      expect([streams.A.status, streams.B.status]).toEqual([200, 200]);
      const targetUrls = taskSearchUrls({ keywords: ['AI产品经理'], sites: ['zhipin', 'job51', 'liepin'], cities: ['长沙'] }).map(({ url }) => url);
      const created = await request(doorA(), 'POST', '/api/admin/crawl-tasks', { body: { name: '两个副本', keywords: ['AI产品经理'], targetUrls }, cookie });
      expect(created.status).toBe(201);
      taskId = ((await created.json()) as { data: { id: string } }).data.id;
      const run = await request(doorA(), 'POST', `/api/admin/crawl-tasks/${taskId}/run`, { cookie });
      expect(run.status).toBe(202);
      job = (await crawlQueue.getJob(((await run.json()) as { data: { jobId: string } }).data.jobId))!;

      await streams.B.until((event) => event.type === 'started' && event.taskId === taskId, 60_000);
      await streams.B.until((event) => event.type === 'progress' && event.taskId === taskId, 60_000);
    });

    it('is finished by the other worker when the one running it is SIGKILLed, without duplicate results', async () => {
      // The worker holding the job: its lock token names its BullMQ worker, whose presence key names its process.
      const owner = await waitFor(async () => {
        const token = await redis.get(`${crawlQueue.toKey(job.id!)}:lock`);
        const presence = token && (await redis.get(`aipm:crawl-worker:${token.slice(0, token.indexOf(':'))}`));
        return presence ? (JSON.parse(presence) as { pid: number }).pid : undefined;
      }, 30_000, 100);
      const victim = workers.find((worker) => worker.child.pid === owner)!;
      const survivor = workers.find((worker) => worker !== victim)!;
      expect(victim).toBeDefined();
      // Mid-run: some pages done, not all. SIGKILL takes its Chromium down with it, as a crashed host would.
      await waitFor(async () => (Number((await dataSource.query(`SELECT count(*)::int AS n FROM crawl_results WHERE "taskId" = $1`, [taskId]))[0].n) > 0 ? true : undefined), 60_000, 50);
      for (const pid of [victim.child.pid!, ...descendants(victim.child.pid!).map((child) => child.pid)]) process.kill(pid, 'SIGKILL');
      await victim.exited;
      const killedAt = Date.now();
      expect(await job.getState()).toBe('active');

      const finished = await streams.B.until((event) => event.type === 'finished' && event.taskId === taskId, 90_000);
      console.log(`crawl job finished by the surviving worker ${Date.now() - killedAt} ms after the kill`);
      expect(finished).toMatchObject({ status: 'completed' });
      expect(await streams.A.until((event) => event.type === 'finished' && event.taskId === taskId, 5_000)).toMatchObject({ status: 'completed' });
      expect(await job.getState()).toBe('completed');
      expect(survivor.child.exitCode).toBeNull();

      const [{ total, distinct }] = await dataSource.query(`SELECT count(*)::int AS total, count(DISTINCT "sourceUrl")::int AS distinct FROM crawl_results WHERE "taskId" = $1`, [taskId]);
      expect({ total, distinct }).toEqual({ total: 90, distinct: 90 });
      const [task] = await dataSource.query(`SELECT status, "lastRunStats" FROM crawl_tasks WHERE id = $1`, [taskId]);
      expect(task).toMatchObject({ status: 'completed', lastRunStats: expect.objectContaining({ found: 90, pagesDone: 9 }) });
    });
  });
});
