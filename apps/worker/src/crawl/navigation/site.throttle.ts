import { randomUUID } from 'node:crypto';
import { clampRequestDelay, PACE_KEY_SUFFIX, PACE_MAX_FACTOR, PACE_STEPS, REQUEST_DELAY_MAX_MS } from '@aipm/contracts';
import { KEY_PREFIX } from '@aipm/queue';
import type { Redis } from 'ioredis';

/** Redis's clock in milliseconds (one clock for every worker process). */
const NOW_MS = `local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)`;

/**
 * Taking the slot. The delay is the configured one (`ARGV[3]`, what the *taking* page brings, so a changed setting
 * applies from the next page) times the factor of the site's pace step (`KEYS[2]`, ADR 064; factors in `ARGV[5]`,
 * the pause after them): never less than the configured delay. A cooldown records when the previous page
 * *started*, and the slot is free once that start plus the delay has passed (the delay spaces the starts of two
 * pages, ADR 064; the slot itself still keeps them from overlapping). A cooldown written without its time (before
 * ADR 015) counts as starting now. Answers {taken, wait, kind, now}: kind 0 a page in progress, 1 a cooldown,
 * 2 the site paused (wait = until the pause ends).
 */
const ACQUIRE = `${NOW_MS}
local factors = {}
for factor in string.gmatch(ARGV[5], '[^,]+') do factors[#factors + 1] = tonumber(factor) end
local level = tonumber(redis.call('HGET', KEYS[2], 'level') or '') or 0
if level >= #factors then
  local pausedUntil = tonumber(redis.call('HGET', KEYS[2], 'pausedUntil') or '')
  if pausedUntil and now < pausedUntil then return {0, pausedUntil - now, 2, now} end
  level = #factors - 1
end
if level < 0 then level = 0 end
local delay = tonumber(ARGV[3]) * factors[level + 1]
local value = redis.call('GET', KEYS[1])
if value and string.sub(value, 1, 9) == 'cooldown:' then
  local startedAt = tonumber(string.match(value, ':(%d+)$'))
  if not startedAt then
    startedAt = now
    redis.call('SET', KEYS[1], 'cooldown:legacy:' .. now, 'PX', ARGV[4])
  end
  local left = startedAt + delay - now
  if left > 0 then return {0, left, 1, now} end
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return {1, 0, 0, now}
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {1, 0, 0, now} end
return {0, redis.call('PTTL', KEYS[1]), 0, now}`;

/** Extends the lease, only while the slot is still ours. */
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/**
 * Gives the slot back, only if it is still ours: it becomes a cooldown that records when this page started
 * (`ARGV[3]`, Redis' clock when the slot was taken), kept as long as the longest delay the slowest step allows
 * (the next page decides how much of it to wait).
 */
const RELEASE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], 'cooldown:' .. ARGV[1] .. ':' .. ARGV[3], 'PX', ARGV[2])
return 1`;

/** The factors of the steps that crawl, in order; the step after them is the pause. */
const FACTORS = PACE_STEPS.flatMap((step) => (step.factor === null ? [] : [step.factor])).join(',');
/** A cooldown must outlive the longest delay the slowest crawling step makes of the longest setting. */
const COOLDOWN_TTL_MS = REQUEST_DELAY_MAX_MS * PACE_MAX_FACTOR;

export interface SiteThrottleOptions {
  /** A holder renews its slot every third of this; a holder that died frees it after this long. */
  leaseMs?: number;
  /** Longest pause between two tries while another page holds the slot. */
  pollMs?: number;
  /** Redis key of a site's slot is `<keyPrefix>:<site>`. */
  keyPrefix?: string;
  /** Redis key of a site's pace (SitePacing) is `<paceKeyPrefix>:<site>`. */
  paceKeyPrefix?: string;
}

/** The site's slot stayed taken longer than the caller was willing to wait. */
export class SiteBusyError extends Error {
  constructor(site: string, waitedMs: number) {
    super(`${site}: another page of the site held its slot for more than ${waitedMs} ms`);
    this.name = SiteBusyError.name;
  }
}

/** The site is paused after repeated refusals (ADR 064); its pages are not loaded before `resumesAt`. */
export class SitePausedError extends Error {
  constructor(
    readonly site: string,
    readonly resumesAt: Date,
  ) {
    super(`${site}: paused after repeated refusals until ${resumesAt.toISOString()}`);
    this.name = SitePausedError.name;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One page at a time per site, the start of each at least `delayMs` (this page's setting, 0 … 60 s) times the
 * site's pace factor after the start of the previous one, across every worker process (ADR 010, 015, 064): a
 * Redis slot per site taken with SET NX and a token, renewed while the page loads, and released by a script that
 * turns it into a cooldown stamped with the page's start. Inside one process the pages of a site also queue in
 * order, so only one of them polls Redis at a time.
 */
export class SiteThrottle {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly keyPrefix: string;
  private readonly paceKeyPrefix: string;

  constructor(
    private readonly redis: Redis,
    options: SiteThrottleOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 15_000;
    this.pollMs = options.pollMs ?? 250;
    this.keyPrefix = options.keyPrefix ?? `${KEY_PREFIX}:crawl:site-slot`;
    this.paceKeyPrefix = options.paceKeyPrefix ?? `${KEY_PREFIX}:${PACE_KEY_SUFFIX}`;
  }

  /**
   * Runs `work` once the site's slot is ours. With `maxWaitMs`, gives up with a SiteBusyError when the slot
   * is not ours by then (the crawler-config test has an answer to give in time; crawls wait as long as needed).
   * A paused site throws SitePausedError at once: nobody waits an hour in a slot.
   */
  async run<T>(site: string, delayMs: number, work: (siteAnswered: () => void) => Promise<T>, options: { maxWaitMs?: number } = {}): Promise<T> {
    const deadline = options.maxWaitMs === undefined ? undefined : Date.now() + options.maxWaitMs;
    const previous = this.tails.get(site) ?? Promise.resolve();
    let leave!: () => void;
    const left = new Promise<void>((resolve) => (leave = resolve));
    const tail = previous.then(() => left);
    this.tails.set(site, tail);
    try {
      await this.waitLocally(previous, deadline, site, options.maxWaitMs);
      const { token, startedAt, askedAt } = await this.acquire(site, clampRequestDelay(delayMs), deadline, options.maxWaitMs);
      // When the page starts, on Redis' clock: Redis took the slot at `startedAt`, at the earliest when we asked
      // (`askedAt`, our clock); so `startedAt` plus our time since asking is never early, whatever the round trip.
      let startedAfterMs = Date.now() - askedAt;
      let answered = false;
      const renewal = setInterval(() => void this.renew(site, token), Math.max(10, Math.floor(this.leaseMs / 3)));
      renewal.unref();
      try {
        // The cooldown counts from the site's first answer to the page: by then the site has surely had the page's
        // request, so the next request reaches it at least the delay after this one, whatever the navigation's
        // start-up took (ADR 064). `work` says when that answer came; by default, the slot's taking counts.
        return await work(() => {
          if (answered) return;
          answered = true;
          startedAfterMs = Date.now() - askedAt;
        });
      } finally {
        clearInterval(renewal);
        // Unreleased (Redis unreachable), the slot frees itself when its lease runs out.
        await this.redis.eval(RELEASE, 1, this.key(site), token, String(COOLDOWN_TTL_MS), String(startedAt + startedAfterMs)).catch(() => undefined);
      }
    } finally {
      leave();
      // Forget a finished queue so the map does not grow with every site ever seen.
      void tail.then(() => {
        if (this.tails.get(site) === tail) this.tails.delete(site);
      });
    }
  }

  private key(site: string): string {
    return `${this.keyPrefix}:${site}`;
  }

  private async waitLocally(previous: Promise<void>, deadline: number | undefined, site: string, maxWaitMs: number | undefined): Promise<void> {
    if (deadline === undefined) return previous;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), Math.max(0, deadline - Date.now()))));
    try {
      if ((await Promise.race([previous.then(() => 'ready' as const), expired])) === 'expired') throw new SiteBusyError(site, maxWaitMs ?? 0);
    } finally {
      clearTimeout(timer);
    }
  }

  private async acquire(site: string, delayMs: number, deadline: number | undefined, maxWaitMs: number | undefined): Promise<{ token: string; startedAt: number; askedAt: number }> {
    const token = randomUUID();
    for (;;) {
      const askedAt = Date.now();
      const [taken, ttl, cooling, now] = (await this.redis.eval(
        ACQUIRE,
        2,
        this.key(site),
        `${this.paceKeyPrefix}:${site}`,
        token,
        String(this.leaseMs),
        String(delayMs),
        String(COOLDOWN_TTL_MS),
        FACTORS,
      )) as [number, number, number, number];
      if (taken === 1) return { token, startedAt: now, askedAt };
      if (cooling === 2) throw new SitePausedError(site, new Date(Date.now() + ttl));
      // A cooldown ends at a known time; a page in progress may end any moment, so poll it.
      let pause = ttl < 0 ? 5 : cooling === 1 ? ttl + 1 : Math.min(ttl + 1, this.pollMs);
      if (deadline !== undefined) {
        const left = deadline - Date.now();
        if (left <= 0) throw new SiteBusyError(site, maxWaitMs ?? 0);
        pause = Math.min(pause, left);
      }
      await sleep(pause);
    }
  }

  private async renew(site: string, token: string): Promise<void> {
    await this.redis.eval(RENEW, 1, this.key(site), token, String(this.leaseMs)).catch(() => undefined);
  }

  /** Closes the throttle's Redis connection; Nest calls it after the BullMQ workers have stopped. */
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
