import { KEY_PREFIX } from '@aipm/queue';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { type ExpiringValue, type WechatApiClient, WechatApiCallError } from './wechat-api.client';

export interface WechatTicketStoreOptions {
  /** How long a process may hold a refresh lock before Redis frees it (it crashed). */
  lockTtlMs?: number;
  /** How long a caller waits for another process's refresh before giving up. */
  waitTimeoutMs?: number;
  /** How often a waiting caller looks for the other process's value. */
  pollMs?: number;
}

// Compare-and-delete: a lock whose TTL ran out and was taken by another process is not ours to free.
const RELEASE_LOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** Kept a little short of WeChat's lifetime (7,200 s → 6,900 s), so a value is never used in its last minutes. */
export function cacheSeconds(expiresInSeconds: number): number {
  return Math.max(1, expiresInSeconds - Math.min(300, Math.floor(expiresInSeconds / 10)));
}

/** Where one official account's token and ticket are cached (per app id: two accounts never mix). */
export function wechatCacheKeys(appId: string): { token: string; ticket: string } {
  return { token: `${KEY_PREFIX}:wechat:${appId}:access-token`, ticket: `${KEY_PREFIX}:wechat:${appId}:jsapi-ticket` };
}

/**
 * The access token and the jsapi ticket, cached in Redis below their lifetime and shared by every API process.
 * The token has a daily quota (2,000 calls), so a refresh is done by one process at a time: it takes a Redis
 * lock, reads the cache again (another process may just have filled it) and fetches only if it is still empty;
 * the other processes wait for the value. Within a process, concurrent callers share one pending refresh.
 * A ticket call answered "invalid or expired token" (40001, 42001) replaces that token once and retries.
 */
export class WechatTicketStore {
  private readonly pending = new Map<string, Promise<string>>();
  private readonly keys: { token: string; ticket: string };
  private readonly lockTtlMs: number;
  private readonly waitTimeoutMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly client: WechatApiClient,
    appId: string,
    options: WechatTicketStoreOptions = {},
  ) {
    this.keys = wechatCacheKeys(appId);
    this.lockTtlMs = options.lockTtlMs ?? 30_000;
    this.waitTimeoutMs = options.waitTimeoutMs ?? 25_000;
    this.pollMs = options.pollMs ?? 50;
  }

  async jsapiTicket(): Promise<string> {
    const cached = await this.redis.get(this.keys.ticket);
    if (cached !== null) return cached;
    return this.once('ticket', () => this.refreshed(this.keys.ticket, () => this.fetchTicket()));
  }

  async accessToken(): Promise<string> {
    const cached = await this.redis.get(this.keys.token);
    if (cached !== null) return cached;
    return this.once('token', () => this.refreshed(this.keys.token, () => this.client.accessToken()));
  }

  private async fetchTicket(): Promise<ExpiringValue> {
    const token = await this.accessToken();
    try {
      return await this.client.jsapiTicket(token);
    } catch (error) {
      if (!(error instanceof WechatApiCallError) || !error.tokenRejected) throw error;
      // Refreshed once: a second rejection is WeChat's problem, not a stale cache, and is reported.
      return this.client.jsapiTicket(await this.replaceToken(token));
    }
  }

  /** `rejected` was refused by WeChat: fetch a new one, unless another caller already replaced it. */
  private replaceToken(rejected: string): Promise<string> {
    return this.once(`replace:${rejected}`, () =>
      this.refreshed(this.keys.token, () => this.client.accessToken(), (cached) => cached !== rejected),
    );
  }

  /** One pending promise per name in this process: 20 callers at once make one refresh. */
  private once(name: string, work: () => Promise<string>): Promise<string> {
    const running = this.pending.get(name);
    if (running) return running;
    const started = work().finally(() => this.pending.delete(name));
    this.pending.set(name, started);
    return started;
  }

  /**
   * The value at `key` once fresh: fetched by whichever process holds `key`'s lock, the others wait for it.
   * `usable` tells a cached value worth taking (any, or for a replacement any but the rejected one).
   */
  private async refreshed(key: string, fetch: () => Promise<ExpiringValue>, usable: (cached: string) => boolean = () => true): Promise<string> {
    const lock = `${key}:lock`;
    const owner = randomUUID();
    const deadline = Date.now() + this.waitTimeoutMs;
    for (;;) {
      if ((await this.redis.set(lock, owner, 'PX', this.lockTtlMs, 'NX')) === 'OK') {
        try {
          const cached = await this.redis.get(key);
          if (cached !== null && usable(cached)) return cached;
          const fresh = await fetch();
          await this.redis.set(key, fresh.value, 'EX', cacheSeconds(fresh.expiresInSeconds));
          return fresh.value;
        } finally {
          await this.redis.eval(RELEASE_LOCK, 1, lock, owner).catch(() => undefined);
        }
      }
      await sleep(this.pollMs);
      const cached = await this.redis.get(key);
      if (cached !== null && usable(cached)) return cached;
      if (Date.now() > deadline) throw new WechatApiCallError(key === this.keys.token ? 'token' : 'ticket', null, 'another process is still refreshing');
    }
  }
}
