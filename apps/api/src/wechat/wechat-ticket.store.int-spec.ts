import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { testRedisUrl } from '../../../../tools/testing/services';
import { type FakeWechatApi, FAKE_WECHAT_ERRCODES, startFakeWechatApi } from '../../test/support/fake-wechat-api';
import { WechatApiCallError, WechatApiClient } from './wechat-api.client';
import { cacheSeconds, wechatCacheKeys, WechatTicketStore } from './wechat-ticket.store';

describe(WechatTicketStore.name, () => {
  const redisUrl = testRedisUrl(9);
  const connections: Redis[] = [];
  let wechat: FakeWechatApi;
  let appId: string;
  let appSecret: string;

  /** One API process: its own Redis connection and client, the shared Redis and WeChat. */
  function process(): WechatTicketStore {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    connections.push(redis);
    return new WechatTicketStore(redis, new WechatApiClient(wechat.url, appId, appSecret), appId, { pollMs: 10 });
  }

  beforeEach(async () => {
    // A new account per test: its cache keys start empty without flushing what other suites keep in Redis.
    appId = `wx${randomBytes(8).toString('hex')}`;
    appSecret = randomBytes(16).toString('hex');
    wechat = await startFakeWechatApi({ appId, appSecret, latencyMs: 50 });
  });

  afterEach(async () => {
    await wechat.close();
    connections.splice(0).forEach((redis) => redis.disconnect());
  });

  it('lets three cold processes asking at once fetch the token and the ticket once', async () => {
    const stores = [process(), process(), process()];
    const tickets = await Promise.all(stores.flatMap((store) => Array.from({ length: 5 }, () => store.jsapiTicket())));
    expect(wechat.calls).toEqual({ token: 1, ticket: 1 });
    expect(new Set(tickets)).toEqual(new Set(wechat.tickets));
  });

  it('caches both below their 7,200 s lifetime', async () => {
    await process().jsapiTicket();
    const redis = connections[0]!;
    const keys = wechatCacheKeys(appId);
    for (const key of [keys.token, keys.ticket]) {
      const ttl = await redis.ttl(key);
      expect(ttl).toBeGreaterThan(6800);
      expect(ttl).toBeLessThan(7200);
    }
    expect(cacheSeconds(7200)).toBe(6900);
    expect(cacheSeconds(100)).toBe(90);
  });

  it('replaces a token rejected in two processes at once only once', async () => {
    const [first, second] = [process(), process()];
    await first.jsapiTicket();
    await connections[0]!.del(wechatCacheKeys(appId).ticket);
    wechat.expireTokens();
    await Promise.all([first.jsapiTicket(), second.jsapiTicket()]);
    expect(wechat.calls.token).toBe(2);
  });

  it('tells a refused token apart from other failures', async () => {
    const store = process();
    wechat.failNext('token', FAKE_WECHAT_ERRCODES.quotaReached);
    const failure = await store.accessToken().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WechatApiCallError);
    expect(failure).toMatchObject({ call: 'token', errcode: 45009, tokenRejected: false });
    // Nothing was cached, and no lock was left behind: the next call fetches at once.
    await expect(store.accessToken()).resolves.toMatch(/^TOKEN_2_/);
  });

  it('refuses a wrong secret', async () => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    connections.push(redis);
    const store = new WechatTicketStore(redis, new WechatApiClient(wechat.url, appId, 'wrong'), appId);
    await expect(store.jsapiTicket()).rejects.toMatchObject({ call: 'token', errcode: 40125 });
  });
});
