import 'reflect-metadata';
import type { CrawlRunStatistics } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, CRAWL_QUEUE, enqueueCrawl } from '@aipm/queue';
import { Queue } from 'bullmq';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { descendants, waitFor } from '../../../tools/testing/process';
import { testRedisUrl } from '../../../tools/testing/services';
import { SITE_ADAPTERS } from '../src/crawl/sites/site-registry';
import { startFixtureSites, type FixtureSites } from './fixture-sites';

jest.setTimeout(150_000);

const WORKER_MAIN = path.resolve(__dirname, '../dist/main.js');

/** A worker process whose output is kept for debugging. */
function startWorker(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn('node', [WORKER_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}


/** The worker's Chromium processes (in a process group of their own). */
const chromiumOf = (pid: number) => descendants(pid).filter(({ cmdline }) => cmdline.includes('chromium')).map((child) => child.pid);

/** SIGKILL takes the worker's Chromium down with it, as a crashed host would; SIGTERM goes to the worker only. */
const signalWorker = (child: ChildProcess, signal: NodeJS.Signals) => {
  const browser = signal === 'SIGKILL' && child.pid ? chromiumOf(child.pid) : [];
  for (const pid of [child.pid!, ...browser]) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
};

describe('crawl worker processes: killed mid-crawl, handed back, pacing one site together', () => {
  let database: TestDatabase;
  let fixtures: FixtureSites;
  let dataSource: DataSource;
  let queue: Queue;
  const workers: ChildProcess[] = [];
  const redisUrl = testRedisUrl(8);

  beforeAll(async () => {
    if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run "npm run build" first (npm test does)`);
    database = await createTestDatabase({ migrate: true });
    fixtures = await startFixtureSites({ perPage: 10, totalPages: 3 });
    dataSource = new DataSource({ type: 'postgres', url: database.url });
    await dataSource.initialize();
    queue = new Queue(CRAWL_QUEUE, bullOptions(redisUrl));
    await queue.obliterate({ force: true });
  });

  afterAll(async () => {
    for (const worker of workers) signalWorker(worker, 'SIGKILL');
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await dataSource?.destroy();
    await fixtures?.close();
    await database?.drop();
  });

  it('lets another worker finish the job at once, before the dead one\'s lock runs out, with no duplicate results', async () => {
    // Slow enough (9 pages, 500 ms apart) that the kill lands mid-crawl.
    await dataSource.query(`INSERT INTO admin_config (key, value) VALUES ('request_delay', '500')`);
    const targetUrls = SITE_ADAPTERS.filter((adapter) => ['zhipin', 'job51', 'liepin'].includes(adapter.site)).map((adapter) =>
      adapter.searchUrl({ keyword: 'AI产品经理', city: '长沙', page: 1 }).toString(),
    );
    const [task] = await dataSource.query(`INSERT INTO crawl_tasks (name, "targetUrls") VALUES ('kill test', $1) RETURNING id`, [targetUrls]);
    const env = {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      CRAWLER_SITE_ORIGINS: fixtures.env,
      CRAWL_CONCURRENCY: '1',
      // Longer than the wait for the second worker below: the job must come back without the lock running out.
      CRAWL_LOCK_DURATION_MS: '120000',
      LOG_LEVEL: 'warn',
    };
    const count = async () => Number((await dataSource.query(`SELECT count(*)::int AS n FROM crawl_results`))[0].n);

    const first = startWorker(env);
    workers.push(first.child);
    const job = await enqueueCrawl(queue, { taskId: task.id });
    const atKill = await waitFor(async () => {
      const n = await count();
      return n >= 10 ? n : undefined;
    }, 60_000, 50);
    signalWorker(first.child, 'SIGKILL');
    await first.exited;
    expect(atKill).toBeLessThan(90);
    expect(await job.getState()).toBe('active');

    const second = startWorker(env);
    workers.push(second.child);
    // The dead worker's lock still has about two minutes to run: the new worker takes the job back at once.
    const finished = await waitFor(async () => ((await job.getState()) === 'completed' ? true : undefined), 60_000, 250);
    expect(finished).toBe(true);

    const [{ total, distinct }] = await dataSource.query(`SELECT count(*)::int AS total, count(DISTINCT "sourceUrl")::int AS distinct FROM crawl_results`);
    expect({ total, distinct }).toEqual({ total: 90, distinct: 90 });
    const [row] = await dataSource.query(`SELECT status, "lastRunStats" FROM crawl_tasks WHERE id = $1`, [task.id]);
    const stats = row.lastRunStats as CrawlRunStatistics;
    expect(row.status).toBe('completed');
    // The second worker restarted the job from the first page: what the first had saved came back as duplicates.
    expect(stats).toMatchObject({ found: 90, pagesDone: 9 });
    expect(stats.duplicates).toBeGreaterThanOrEqual(atKill);
    expect(stats.new + stats.duplicates).toBe(90);

    signalWorker(second.child, 'SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('on SIGTERM finishes the page in flight, hands the job back to the queue, closes its browser and exits 0', async () => {
    // Every answer of these sites takes a second and a half, so the signal lands while page 2 is loading.
    const slow = await startFixtureSites({ perPage: 10, totalPages: 3, latencyMs: 1_500 });
    try {
      const target = SITE_ADAPTERS.find((adapter) => adapter.site === 'lagou')!.searchUrl({ keyword: '交接', city: '长沙', page: 1 }).toString();
      const [task] = await dataSource.query(`INSERT INTO crawl_tasks (name, "targetUrls") VALUES ('hand back', $1) RETURNING id`, [[target]]);
      const env = { ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl, CRAWLER_SITE_ORIGINS: slow.env, CRAWL_CONCURRENCY: '1', CRAWL_LOCK_DURATION_MS: '5000', LOG_LEVEL: 'warn' };
      const worker = startWorker(env);
      workers.push(worker.child);
      const job = await enqueueCrawl(queue, { taskId: task.id });
      await waitFor(async () => (slow.requests.lagou.some((request) => request.path === '/wn/jobs' && request.search.includes('pn=2')) ? true : undefined), 60_000, 20);
      const browser = chromiumOf(worker.child.pid!);
      expect(browser.length).toBeGreaterThan(0);
      const alive = () => browser.filter((pid) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')).length;

      // Puppeteer's own signal handlers would kill Chromium under the page at once (BrowserService.launch).
      signalWorker(worker.child, 'SIGTERM');
      expect(await worker.exited).toBe(0);
      expect(['delayed', 'waiting']).toContain(await job.getState());
      // browser.close() waits for Chromium's own process; a helper of it (zygote, renderer) can outlive the worker by a
      // moment on a loaded machine. Gone within seconds is closed; one still there after that is left behind.
      await waitFor(async () => (alive() === 0 ? true : undefined), 5_000, 50);
      const [row] = await dataSource.query(`SELECT "lastRunStats" FROM crawl_tasks WHERE id = $1`, [task.id]);
      expect(row.lastRunStats.message).toMatch(/handed back/);
      // The page that was loading when the signal came was read and kept: two pages, nothing of the third.
      expect(row.lastRunStats).toMatchObject({ pagesDone: 2, found: 20 });
      expect(slow.requests.lagou.filter((request) => request.path === '/wn/jobs' && request.search.includes('pn=3'))).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it('two worker processes load one site one page at a time, with the request delay between pages', async () => {
    // The job handed back by the previous test would otherwise be crawled here too.
    await queue.obliterate({ force: true });
    const delayMs = 400;
    await dataSource.query(
      `INSERT INTO admin_config (key, value) VALUES ('request_delay', $1) ON CONFLICT ON CONSTRAINT "UQ_admin_config_key" DO UPDATE SET value = EXCLUDED.value`,
      [String(delayMs)],
    );
    const lagou = SITE_ADAPTERS.find((adapter) => adapter.site === 'lagou')!;
    const task = async (name: string, keywords: string[]) => {
      const urls = keywords.map((keyword) => lagou.searchUrl({ keyword, city: '长沙', page: 1 }).toString());
      const [row] = await dataSource.query(`INSERT INTO crawl_tasks (name, "targetUrls") VALUES ($1, $2) RETURNING id`, [name, urls]);
      return row.id as string;
    };
    const env = { ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl, CRAWLER_SITE_ORIGINS: fixtures.env, CRAWL_CONCURRENCY: '1', CRAWL_LOCK_DURATION_MS: '5000', LOG_LEVEL: 'warn' };
    const before = fixtures.requests.lagou.length;

    // Both workers listen before any job arrives (on a loaded machine a worker started late found the long run
    // over and the first worker took both). One takes the long run (9 pages); the other, idle, takes the second
    // job while it goes on: two processes crawl lagou at the same time.
    const first = startWorker(env);
    const second = startWorker(env);
    workers.push(first.child, second.child);
    await waitFor(async () => ((await queue.getWorkersCount()) >= 2 ? true : undefined), 60_000, 100);
    const long = await enqueueCrawl(queue, { taskId: await task('节奏一', ['节奏一', '节奏二', '节奏三']) });
    await waitFor(async () => ((await long.getState()) === 'active' ? true : undefined), 30_000, 50);
    const short = await enqueueCrawl(queue, { taskId: await task('节奏四', ['节奏四']) });
    await waitFor(async () => ((await Promise.all([long, short].map((job) => job.getState()))).every((state) => state === 'completed') ? true : undefined), 90_000, 200);

    const [a, b] = await Promise.all([long, short].map(async (job) => (await queue.getJob(job.id!))!));
    expect(b.processedOn!).toBeLessThan(a.finishedOn!);
    const pages = fixtures.requests.lagou.slice(before).filter((request) => request.path === '/wn/jobs').map((request) => request.at).sort((x, y) => x - y);
    expect(pages).toHaveLength(12);
    const gaps = pages.slice(1).map((at, index) => at - pages[index]);
    console.log(`lagou page requests from two workers, ${delayMs} ms delay: gaps ${gaps.join(', ')} ms`);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(delayMs);
    for (const worker of [first, second]) signalWorker(worker.child, 'SIGTERM');
    expect(await Promise.all([first.exited, second.exited])).toEqual([0, 0]);
  });
});
