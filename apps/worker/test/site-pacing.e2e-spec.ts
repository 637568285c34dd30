import { randomUUID } from 'node:crypto';
import { PACE_MAX_FACTOR, REQUEST_DELAY_MAX_MS } from '@aipm/contracts';
import { createRedisConnection } from '@aipm/queue';
import type { Redis } from 'ioredis';
import { testRedisUrl } from '../../../tools/testing/services';
import { SiteBusyError, SiteThrottle, type SiteThrottleOptions } from '../src/crawl/navigation/site.throttle';

jest.setTimeout(30_000);

/** Pages start on Redis' clock; this process sees each start one Redis round trip later, a few ms apart at most. */
const ROUND_TRIP_JITTER_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Visit {
  pacer: string;
  site: string;
  start: number;
  end: number;
}

/** Per-site pacing shared through Redis: what two worker processes, each with its own throttle, see. */
describe(SiteThrottle.name, () => {
  // 1: Redis has 16 logical databases by default; this one is used by no other suite.
  const redisUrl = testRedisUrl(1);
  const connections: Redis[] = [];
  let keyPrefix: string;

  /** A throttle as one worker process has it: its own connection, the shared key space. */
  const pacer = (options: SiteThrottleOptions = {}) => {
    const redis = createRedisConnection(redisUrl);
    connections.push(redis);
    return new SiteThrottle(redis, { keyPrefix, ...options });
  };

  beforeEach(() => {
    keyPrefix = `test:site-slot:${randomUUID()}`;
  });

  afterAll(async () => {
    await Promise.all(connections.map((redis) => redis.quit().catch(() => redis.disconnect())));
  });

  const visit = (throttle: SiteThrottle, name: string, site: string, delayMs: number, workMs: number, log: Visit[], onStart?: () => void) =>
    throttle.run(site, delayMs, async () => {
      onStart?.();
      const start = Date.now();
      await sleep(workMs);
      log.push({ pacer: name, site, start, end: Date.now() });
    });

  it('serialises the pages of one site across two pacers, their starts at least the delay apart, and lets other sites run alongside', async () => {
    const [a, b] = [pacer(), pacer()];
    const log: Visit[] = [];
    const delayMs = 300;
    await Promise.all([
      ...[1, 2, 3].map(() => visit(a, 'a', 'zhipin', delayMs, 60, log)),
      ...[1, 2, 3].map(() => visit(b, 'b', 'zhipin', delayMs, 60, log)),
      visit(b, 'b', 'job51', delayMs, 60, log),
    ]);

    const zhipin = log.filter((entry) => entry.site === 'zhipin').sort((x, y) => x.start - y.start);
    expect(zhipin).toHaveLength(6);
    expect(new Set(zhipin.map((entry) => entry.pacer))).toEqual(new Set(['a', 'b']));
    // The delay spaces the starts of two pages (ADR 064), and a page never starts before the previous one ended.
    // Redis' clock decides; seen from here, each start comes a round trip after it, which may differ by a few ms.
    const gaps = zhipin.slice(1).map((entry, index) => entry.start - zhipin[index].start);
    console.log(`zhipin gaps between page starts (delay ${delayMs} ms): ${gaps.join(', ')} ms`);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(delayMs - ROUND_TRIP_JITTER_MS);
    for (const [index, entry] of zhipin.slice(1).entries()) expect(entry.start).toBeGreaterThanOrEqual(zhipin[index].end);
    // Another site does not wait for zhipin's pages or their delay.
    const job51 = log.find((entry) => entry.site === 'job51')!;
    expect(job51.start).toBeLessThan(zhipin[1].start);
  });

  it('keeps the slot of a page that outlasts its lease, renewing it', async () => {
    const [a, b] = [pacer({ leaseMs: 300 }), pacer({ leaseMs: 300 })];
    const log: Visit[] = [];
    // b asks once a holds the slot (a fixed pause raced a's Redis round trip on a loaded machine).
    let holding!: () => void;
    const aHolds = new Promise<void>((resolve) => (holding = resolve));
    const long = visit(a, 'a', 'liepin', 0, 1000, log, holding);
    await aHolds;
    await visit(b, 'b', 'liepin', 0, 10, log);
    await long;
    const [first, second] = log.sort((x, y) => x.start - y.start);
    expect(first.pacer).toBe('a');
    expect(second.start).toBeGreaterThanOrEqual(first.end);
  });

  it('frees the slot of a holder that died, once its lease runs out', async () => {
    const leaseMs = 800;
    // What a worker killed mid-page leaves: the slot taken with its token, and nobody renewing it.
    const raw = createRedisConnection(redisUrl);
    connections.push(raw);
    const diedAt = Date.now();
    await raw.set(`${keyPrefix}:lagou`, 'token-of-a-dead-worker', 'PX', leaseMs);

    const log: Visit[] = [];
    await visit(pacer({ leaseMs }), 'b', 'lagou', 0, 10, log);
    const waited = log[0].start - diedAt;
    console.log(`a dead holder's slot (lease ${leaseMs} ms) freed after ${waited} ms`);
    expect(waited).toBeGreaterThanOrEqual(leaseMs - 5);
    expect(waited).toBeLessThan(leaseMs + 500);
  });

  it('gives up with SiteBusyError when asked to wait no longer than a limit', async () => {
    const [a, b] = [pacer(), pacer()];
    let holds!: () => void;
    const aHolds = new Promise<void>((resolve) => (holds = resolve));
    const holding = a.run('zhaopin', 0, () => (holds(), sleep(600)));
    await aHolds;
    const started = Date.now();
    await expect(b.run('zhaopin', 0, async () => 'ran', { maxWaitMs: 200 })).rejects.toBeInstanceOf(SiteBusyError);
    expect(Date.now() - started).toBeLessThan(500);
    await holding;
    await expect(b.run('zhaopin', 0, async () => 'ran', { maxWaitMs: 200 })).resolves.toBe('ran');
  });

  it('keeps going after a failed page, which still counts for the delay', async () => {
    const throttle = pacer();
    let failedAt = 0;
    await expect(
      throttle.run('lagou', 200, async () => {
        failedAt = Date.now();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    let startedAt = 0;
    await expect(throttle.run('lagou', 200, async () => ((startedAt = Date.now()), 42))).resolves.toBe(42);
    expect(startedAt - failedAt).toBeGreaterThanOrEqual(200 - ROUND_TRIP_JITTER_MS);
  });

  it('applies a changed delay from the next page: a shorter one is not stuck behind the longer cooldown', async () => {
    const [a, b] = [pacer(), pacer()];
    const log: Visit[] = [];
    await visit(a, 'a', 'zhipin', 60_000, 10, log); // the page's cooldown would have been a minute
    await visit(b, 'b', 'zhipin', 100, 10, log); // the administrator lowered the delay meanwhile
    const gap = log[1].start - log[0].start;
    expect(gap).toBeGreaterThanOrEqual(100 - ROUND_TRIP_JITTER_MS);
    expect(gap).toBeLessThan(1_000);
    // And a longer one is honoured although the previous page was released under a shorter one.
    await visit(a, 'a', 'zhipin', 400, 10, log);
    expect(log[2].start - log[1].start).toBeGreaterThanOrEqual(400 - ROUND_TRIP_JITTER_MS);
  });

  it('clears a huge cooldown left in Redis by an earlier version (10^15 ms)', async () => {
    const raw = createRedisConnection(redisUrl);
    connections.push(raw);
    await raw.set(`${keyPrefix}:job51`, 'cooldown:token-of-an-old-worker', 'PX', 1e15);
    const startedAt = Date.now();
    const log: Visit[] = [];
    await visit(pacer(), 'b', 'job51', 200, 10, log);
    expect(log[0].start - startedAt).toBeGreaterThanOrEqual(195);
    expect(log[0].start - startedAt).toBeLessThan(1_500);
    // What is left is a cooldown stamped with the page's start, expiring after at most the longest delay the slowest step makes.
    expect(await raw.pttl(`${keyPrefix}:job51`)).toBeLessThanOrEqual(REQUEST_DELAY_MAX_MS * PACE_MAX_FACTOR);
  });

  it('obeys a stored delay above the maximum as the maximum', async () => {
    const throttle = pacer();
    const raw = createRedisConnection(redisUrl);
    connections.push(raw);
    await throttle.run('liepin', 0, async () => undefined);
    const started = Date.now();
    await expect(throttle.run('liepin', 1e15, async () => 'ran', { maxWaitMs: 100 })).rejects.toBeInstanceOf(SiteBusyError);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await raw.pttl(`${keyPrefix}:liepin`)).toBeLessThanOrEqual(REQUEST_DELAY_MAX_MS * PACE_MAX_FACTOR);
  });
});
