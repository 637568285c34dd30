import {
  NORMAL_PACE,
  PACE_KEY_SUFFIX,
  paceAfterRisk,
  paceAfterSuccess,
  type PaceSignal,
  readPaceHash,
  type SitePaceState,
  writePaceHash,
} from '@aipm/contracts';
import { KEY_PREFIX } from '@aipm/queue';
import type { Redis } from 'ioredis';

/** Redis's clock in milliseconds, the one clock every worker shares. */
async function redisNow(redis: Redis): Promise<number> {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

/**
 * A site's pace (docs/decisions/064-adaptive-pacing.md), one Redis hash per site shared by every worker: risk
 * signals step it up, answered pages step it down (the step machine is `@aipm/contracts`' crawl-pacing). The slot
 * script of SiteThrottle reads the same hash to stretch the delay. An outcome is recorded while its page still
 * holds the site's slot, so two outcomes of one site never interleave; the update is still one transaction
 * (WATCH) so a lost lease cannot lose a step. WATCH belongs to a connection: the pacing has its own, and its
 * updates run one at a time inside the process.
 */
export class SitePacing {
  readonly keyPrefix: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly redis: Redis,
    options: { keyPrefix?: string } = {},
  ) {
    this.keyPrefix = options.keyPrefix ?? `${KEY_PREFIX}:${PACE_KEY_SUFFIX}`;
  }

  key(site: string): string {
    return `${this.keyPrefix}:${site}`;
  }

  async read(site: string): Promise<SitePaceState> {
    const hash = await this.redis.hgetall(this.key(site));
    return Object.keys(hash).length === 0 ? NORMAL_PACE : readPaceHash(hash);
  }

  /** A page of the site was answered (jobs, or the end of the results). */
  succeeded(site: string): Promise<SitePaceState> {
    return this.update(site, (state, now) => paceAfterSuccess(state, now));
  }

  /** A page of the site was refused with a risk signal. */
  refused(site: string, signal: PaceSignal): Promise<SitePaceState> {
    return this.update(site, (state, now) => paceAfterRisk(state, signal, now));
  }

  private update(site: string, next: (state: SitePaceState, now: number) => SitePaceState): Promise<SitePaceState> {
    const run = this.queue.then(() => this.transact(site, next));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async transact(site: string, next: (state: SitePaceState, now: number) => SitePaceState): Promise<SitePaceState> {
    const key = this.key(site);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await this.redis.watch(key);
      const hash = await this.redis.hgetall(key);
      const before = Object.keys(hash).length === 0 ? NORMAL_PACE : readPaceHash(hash);
      const after = next(before, await redisNow(this.redis));
      if (sameState(before, after)) {
        await this.redis.unwatch();
        return before;
      }
      const done = await this.redis.multi().hset(key, writePaceHash(after)).exec();
      if (done !== null) return after;
    }
    throw new Error(`${site}: its pace changed under five updates in a row`);
  }

  /** Closes the pacing's Redis connection; Nest calls it after the BullMQ workers have stopped. */
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

function sameState(a: SitePaceState, b: SitePaceState): boolean {
  return a.level === b.level && a.successes === b.successes && a.signal === b.signal && a.signalAt === b.signalAt && a.since === b.since && a.pausedUntil === b.pausedUntil;
}
