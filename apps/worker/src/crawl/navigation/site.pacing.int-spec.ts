import { randomUUID } from 'node:crypto';
import { PACE_PAUSE_MS, PACE_SUCCESSES_TO_STEP_DOWN } from '@aipm/contracts';
import { createRedisConnection } from '@aipm/queue';
import type { Redis } from 'ioredis';
import { testRedisUrl } from '../../../../../tools/testing/services';
import { SitePacing } from './site.pacing';
import { SitePausedError, SiteThrottle } from './site.throttle';

jest.setTimeout(30_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Pages start on Redis' clock; this process sees each start one Redis round trip later, a few ms apart at most. */
const JITTER_MS = 10;

/**
 * Adaptive pacing shared through Redis (ADR 064): what two worker processes see, each with its own connections to
 * the same keys: one's refusals slow the other's pages down, the configured delay stays the floor across both, and
 * their updates of one site's step are never lost.
 */
describe('adaptive pacing across two workers', () => {
  // 2: a logical database no other suite of this worker uses at the same time (tools/testing/redis-databases.ts).
  const redisUrl = testRedisUrl(2);
  const connections: Redis[] = [];
  let prefix: string;

  const connect = () => {
    const redis = createRedisConnection(redisUrl);
    connections.push(redis);
    return redis;
  };
  /** One worker process's view: its own throttle and pacing, on their own connections, sharing the key space. */
  const worker = () => ({
    throttle: new SiteThrottle(connect(), { keyPrefix: `${prefix}:slot`, paceKeyPrefix: `${prefix}:pace` }),
    pacing: new SitePacing(connect(), { keyPrefix: `${prefix}:pace` }),
  });

  beforeEach(() => {
    prefix = `test:pacing:${randomUUID()}`;
  });

  afterAll(async () => {
    await Promise.all(connections.map((redis) => redis.quit().catch(() => redis.disconnect())));
  });

  /** Loads `count` pages of `site` through alternate workers, all at once; the start time of each page. */
  async function crawl(workers: Array<ReturnType<typeof worker>>, site: string, delayMs: number, count: number): Promise<number[]> {
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: count }, (_, index) =>
        workers[index % workers.length].throttle.run(site, delayMs, async () => {
          starts.push(Date.now());
          await sleep(20);
        }),
      ),
    );
    return starts.sort((a, b) => a - b);
  }
  const gapsOf = (starts: number[]) => starts.slice(1).map((start, index) => start - starts[index]);

  it('keeps the configured delay as the floor between the starts of two pages, whichever worker loads them', async () => {
    const starts = await crawl([worker(), worker()], 'zhipin', 200, 6);
    const gaps = gapsOf(starts);
    console.log(`normal pace, delay 200 ms, two workers: gaps ${gaps.join(', ')} ms`);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(200 - JITTER_MS);
  });

  it("slows both workers' pages when one of them meets a risk signal, and brings them back step by step", async () => {
    const [a, b] = [worker(), worker()];
    await a.pacing.refused('job51', 'captcha');
    expect(await b.pacing.read('job51')).toMatchObject({ level: 1, signal: 'captcha' });
    const slowed = gapsOf(await crawl([a, b], 'job51', 100, 4));
    console.log(`slow ×2, delay 100 ms, two workers: gaps ${slowed.join(', ')} ms`);
    for (const gap of slowed) expect(gap).toBeGreaterThanOrEqual(200 - JITTER_MS);

    // A second signal, from the other worker: ×4.
    await b.pacing.refused('job51', 'http_429');
    const slower = gapsOf(await crawl([a, b], 'job51', 100, 3));
    for (const gap of slower) expect(gap).toBeGreaterThanOrEqual(400 - JITTER_MS);

    // Answered pages from either worker count towards the step down, in a row.
    for (let page = 0; page < PACE_SUCCESSES_TO_STEP_DOWN; page += 1) await (page % 2 === 0 ? a : b).pacing.succeeded('job51');
    expect(await a.pacing.read('job51')).toMatchObject({ level: 1, successes: 0, signal: 'http_429' });
    for (let page = 0; page < PACE_SUCCESSES_TO_STEP_DOWN; page += 1) await (page % 2 === 0 ? b : a).pacing.succeeded('job51');
    expect(await b.pacing.read('job51')).toMatchObject({ level: 0 });
    const normal = gapsOf(await crawl([a, b], 'job51', 100, 3));
    for (const gap of normal) expect(gap).toBeGreaterThanOrEqual(100 - JITTER_MS);
    expect(Math.min(...normal)).toBeLessThan(190);
  });

  it('loses no step when two workers record outcomes of one site at the same moment', async () => {
    const workers = [worker(), worker()];
    await Promise.all([workers[0].pacing.refused('liepin', 'blocked'), workers[1].pacing.refused('liepin', 'captcha')]);
    expect((await workers[0].pacing.read('liepin')).level).toBe(2);
    await Promise.all(Array.from({ length: 4 }, (_, index) => workers[index % 2].pacing.succeeded('liepin')));
    expect((await workers[1].pacing.read('liepin')).successes).toBe(4);
  });

  it('pauses a site after its third step: no page of it starts, on either worker, while other sites go on', async () => {
    const [a, b] = [worker(), worker()];
    for (const signal of ['captcha', 'blocked', 'http_403'] as const) await a.pacing.refused('lagou', signal);
    const startedAt = Date.now();
    const refused = await b.throttle.run('lagou', 100, async () => 'loaded').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SitePausedError);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    const resumes = (refused as SitePausedError).resumesAt.getTime();
    expect(resumes).toBeGreaterThan(Date.now() + PACE_PAUSE_MS - 5_000);
    await expect(a.throttle.run('zhaopin', 100, async () => 'loaded')).resolves.toBe('loaded');

    // An hour later (the pause's end moved into the past), the site crawls again at ×4.
    const raw = connect();
    await raw.hset(`${prefix}:pace:lagou`, 'pausedUntil', String(Date.now() - 1));
    const starts = await crawl([a, b], 'lagou', 100, 2);
    expect(gapsOf(starts)[0]).toBeGreaterThanOrEqual(400 - JITTER_MS);
  });
});
