import { ERROR_MESSAGES, type ErrorCode, WECHAT_ERRORS } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../src/bootstrap/create-app';
import { jsapiSignature } from '../src/wechat/jsapi-signature';
import { REDIS_CLIENT } from '../src/redis/redis.module';
import { WechatController } from '../src/wechat/wechat.controller';
import { wechatCacheKeys } from '../src/wechat/wechat-ticket.store';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { FAKE_WECHAT_ERRCODES, type FakeWechatApi, startFakeWechatApi } from './support/fake-wechat-api';
import { adminAgent, visitorIp } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

const SITE = 'www.aipm-test.cn';
const PAGE = `https://${SITE}/?lng=en`;

/** Each app gets an app id of its own, so its Redis cache starts cold whatever ran before (keys are per app id). */
function credentials(): { WECHAT_APP_ID: string; WECHAT_APP_SECRET: string } {
  return { WECHAT_APP_ID: `wx${randomBytes(8).toString('hex')}`, WECHAT_APP_SECRET: randomBytes(16).toString('hex') };
}

describe(WechatController.name, () => {
  // Logical database 9: the other suites use 1-8 and 10-15; keys here are per random app id, so nothing is flushed.
  const redisUrl = testRedisUrl(9);
  let database: TestDatabase;
  const apps: INestApplication[] = [];
  const fakes: FakeWechatApi[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(fakes.map((fake) => fake.close()));
    await database?.drop();
  });

  /** An API whose WeChat calls go to a fresh stand-in (latency widens the window a race needs). */
  async function system(env: Record<string, string> = {}, latencyMs = 30) {
    const creds = credentials();
    const wechat = await startFakeWechatApi({ appId: creds.WECHAT_APP_ID, appSecret: creds.WECHAT_APP_SECRET, latencyMs });
    fakes.push(wechat);
    const app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl, WECHAT_API_BASE: wechat.url, ...creds, ...env }));
    await app.init();
    apps.push(app);
    const sign = (url: string, headers: Record<string, string> = {}) =>
      request(app.getHttpServer())
        .post('/api/wechat/jsapi-signature')
        .set({ 'X-Forwarded-For': visitorIp(), 'X-Forwarded-Host': SITE, ...headers })
        .send({ url });
    return { app, wechat, sign, appId: creds.WECHAT_APP_ID };
  }

  describe('POST /api/wechat/jsapi-signature', () => {
    it('answers 20 parallel requests on a cold cache with one token and one ticket fetch, each signature valid', async () => {
      const { wechat, sign, appId } = await system();
      const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => sign(`${PAGE}&n=${index}#section`)));

      expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
      expect(wechat.calls).toEqual({ token: 1, ticket: 1 });
      const [ticket] = wechat.tickets;
      responses.forEach((response, index) => {
        expect(response.body).toEqual({
          success: true,
          message: '签名生成成功',
          data: { appId, timestamp: expect.any(Number), nonceStr: expect.stringMatching(/^[A-Za-z0-9]{16}$/), signature: expect.stringMatching(/^[0-9a-f]{40}$/) },
        });
        const { timestamp, nonceStr, signature } = response.body.data;
        // The fragment is not signed (WeChat's rule): the URL up to '#'.
        expect(signature).toBe(jsapiSignature({ ticket: ticket!, nonceStr, timestamp, url: `${PAGE}&n=${index}` }));
        expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(30);
      });
      expect(new Set(responses.map((response) => response.body.data.nonceStr)).size).toBe(20);
      expect(responses[0]!.headers['cache-control']).toBe('no-store');

      // Cached: later signatures call WeChat no more.
      await sign(PAGE).expect(200);
      expect(wechat.calls).toEqual({ token: 1, ticket: 1 });
    });

    it('replaces an expired token once and retries the ticket (42001)', async () => {
      const { wechat, sign, app, appId } = await system();
      await sign(PAGE).expect(200);
      expect(wechat.calls).toEqual({ token: 1, ticket: 1 });

      // The ticket's cache entry ends while the cached token has expired at WeChat.
      await dropCachedTicket(app, appId);
      wechat.expireTokens();
      await sign(PAGE).expect(200);
      expect(wechat.calls).toEqual({ token: 2, ticket: 3 });
      expect(wechat.requests.filter((r) => r.path === '/cgi-bin/ticket/getticket').map((r) => r.query.access_token)).toEqual([
        expect.stringMatching(/^TOKEN_1_/),
        expect.stringMatching(/^TOKEN_1_/),
        expect.stringMatching(/^TOKEN_2_/),
      ]);
    });

    it('replaces an invalid token once (40001), and reports a second refusal as 502 without looping', async () => {
      const { wechat, sign, app, appId } = await system();
      await sign(PAGE).expect(200);
      await dropCachedTicket(app, appId);
      wechat.invalidateTokens();
      await sign(PAGE).expect(200);
      expect(wechat.calls).toEqual({ token: 2, ticket: 3 });

      await dropCachedTicket(app, appId);
      wechat.failNext('ticket', FAKE_WECHAT_ERRCODES.invalidCredential, 2);
      const refused = await sign(PAGE).expect(502);
      expect(refused.body).toEqual(apiError('WECHAT_API_FAILED'));
      expect(wechat.calls).toEqual({ token: 3, ticket: 5 });
    });

    it('answers 502 when WeChat refuses the token for its daily quota (45009), and succeeds once it answers again', async () => {
      const { wechat, sign } = await system();
      wechat.failNext('token', FAKE_WECHAT_ERRCODES.quotaReached);
      expect((await sign(PAGE).expect(502)).body).toEqual(apiError('WECHAT_API_FAILED'));
      expect(wechat.calls).toEqual({ token: 1, ticket: 0 });
      await sign(PAGE).expect(200);
      expect(wechat.calls).toEqual({ token: 2, ticket: 1 });
    });

    it.each([
      ['another site', 'https://evil.example.com/'],
      ['another port of this host', `https://${SITE}:8443/`],
      ['a look-alike host', `https://${SITE}.evil.example.com/`],
    ])('refuses to sign %s (403)', async (_case, url) => {
      const { wechat, sign } = await system();
      expect((await sign(url).expect(403)).body).toEqual(apiError('SIGNATURE_URL_NOT_ALLOWED'));
      expect(wechat.calls).toEqual({ token: 0, ticket: 0 });
    });

    it.each([
      ['no url', undefined],
      ['an empty url', ''],
      ['a relative url', '/index'],
      ['a javascript: url', 'javascript:alert(1)'],
      ['a number', 42],
    ])('refuses %s with 400 请输入有效的URL', async (_case, url) => {
      const { sign } = await system();
      const response = await sign(url as string).expect(400);
      expect(response.body).toMatchObject({ code: 'SIGNATURE_URL_INVALID', message: '请输入有效的URL', fieldCodes: { url: 'SIGNATURE_URL_INVALID' } });
    });

    it("signs SITE_URL's pages when it is set, whatever host the request came to", async () => {
      const { sign } = await system({ SITE_URL: 'https://aipm.example.cn' });
      await sign('https://aipm.example.cn/', { 'X-Forwarded-Host': 'internal:3000' }).expect(200);
      expect((await sign(PAGE).expect(403)).body.code).toBe('SIGNATURE_URL_NOT_ALLOWED');
    });

    it('says clearly that sharing is not configured (503) when the app id and secret are missing', async () => {
      const app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl, WECHAT_APP_ID: '', WECHAT_APP_SECRET: '' }));
      await app.init();
      apps.push(app);
      const response = await request(app.getHttpServer()).post('/api/wechat/jsapi-signature').set('X-Forwarded-Host', SITE).send({ url: PAGE }).expect(503);
      expect(response.body).toEqual(apiError('WECHAT_NOT_CONFIGURED'));
      expect(response.body.message).toBe(WECHAT_ERRORS.WECHAT_NOT_CONFIGURED);
    });

    it('limits each client IP per minute with 429 and Retry-After', async () => {
      const { sign } = await system({ WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE: '3' });
      const ip = { 'X-Forwarded-For': '203.0.113.77' };
      for (let index = 0; index < 3; index += 1) await sign(PAGE, ip).expect(200);
      const limited = await sign(PAGE, ip).expect(429);
      expect(limited.body).toEqual(apiError('SIGNATURE_RATE_LIMITED'));
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await sign(PAGE, { 'X-Forwarded-For': '203.0.113.78' }).expect(200);
    });
  });

  describe('share settings', () => {
    let app: INestApplication;
    let admin: Awaited<ReturnType<typeof adminAgent>>;
    const http = () => request(app.getHttpServer());
    const RESOURCE = '/api/admin/wechat-share-configs';
    const valid = { pageUrl: `https://${SITE}/`, title: 'AI 产品经理训练营', description: '35天系统学习', imageUrl: `https://${SITE}/images/og-image.jpg` };

    beforeAll(async () => {
      ({ app } = await system());
      admin = await adminAgent(app);
    });

    it('keeps the back-office resource for the administrator', async () => {
      await http().get(RESOURCE).expect(401);
      await http().post(RESOURCE).send(valid).expect(401);
    });

    /** docs/product/validation.md#share-settings rules: [case, change, field, code]. */
    const RULES: Array<[string, Record<string, unknown>, string, ErrorCode]> = [
      ['pageUrl missing', { pageUrl: undefined }, 'pageUrl', 'SHARE_PAGE_URL_INVALID'],
      ['pageUrl not a URL', { pageUrl: 'www.example.cn' }, 'pageUrl', 'SHARE_PAGE_URL_INVALID'],
      ['title missing', { title: undefined }, 'title', 'SHARE_TITLE_REQUIRED'],
      ['title blank', { title: '   ' }, 'title', 'SHARE_TITLE_REQUIRED'],
      ['title of 101 characters', { title: '标'.repeat(101) }, 'title', 'SHARE_TITLE_TOO_LONG'],
      ['description missing', { description: undefined }, 'description', 'SHARE_DESCRIPTION_REQUIRED'],
      ['description of 201 characters', { description: '述'.repeat(201) }, 'description', 'SHARE_DESCRIPTION_TOO_LONG'],
      ['imageUrl not a URL', { imageUrl: 'og-image.jpg' }, 'imageUrl', 'SHARE_IMAGE_URL_INVALID'],
    ];

    it.each(RULES)('refuses %s with 400 and the spec message', async (_case, change, field, code) => {
      const response = await admin.post(RESOURCE).send({ ...valid, ...change }).expect(400);
      expect(response.body.fieldCodes).toEqual({ [field]: code });
      expect(response.body.errors).toEqual({ [field]: ERROR_MESSAGES[code] });
    });

    it('stores a page once (query and fragment dropped), edits and deletes it; the public lookup follows', async () => {
      const created = await admin.post(RESOURCE).send({ ...valid, pageUrl: `https://${SITE}/?utm_source=x#top`, title: '标'.repeat(100), description: '述'.repeat(200) }).expect(201);
      expect(created.body).toMatchObject({ success: true, message: '分享设置已保存', data: { pageUrl: `https://${SITE}/`, title: '标'.repeat(100) } });
      const { id } = created.body.data;

      const again = await admin.post(RESOURCE).send({ ...valid, pageUrl: `https://${SITE}/?lng=en` }).expect(409);
      expect(again.body).toEqual(apiError('SHARE_PAGE_URL_TAKEN'));

      const list = await admin.get(RESOURCE).query({ range: '[0,9]', sort: '["pageUrl","ASC"]', filter: '{"q":"aipm-test"}' }).expect(200);
      expect(list.headers['content-range']).toBe('wechat-share-configs 0-0/1');
      expect(list.body.data.map((row: { id: string }) => row.id)).toEqual([id]);

      const lookup = () => http().get('/api/wechat/share-settings').query({ pageUrl: `https://${SITE}/?lng=en#faq` }).expect(200);
      expect((await lookup()).body).toEqual({ success: true, data: { pageUrl: `https://${SITE}/`, title: '标'.repeat(100), description: '述'.repeat(200), imageUrl: valid.imageUrl } });

      await admin.patch(`${RESOURCE}/${id}`).send({ title: '新标题' }).expect(200);
      expect((await admin.patch(`${RESOURCE}/${id}`).send({ title: null }).expect(400)).body.fieldCodes).toEqual({ title: 'SHARE_TITLE_REQUIRED' });
      expect((await lookup()).body.data.title).toBe('新标题');

      await admin.delete(`${RESOURCE}/${id}`).expect(200);
      expect((await lookup()).body).toEqual({ success: true, data: null });
      expect((await admin.get(`${RESOURCE}/${id}`).expect(404)).body).toEqual(apiError('SHARE_CONFIG_NOT_FOUND'));
      expect((await admin.get(`${RESOURCE}/not-a-uuid`).expect(400)).body.code).toBe('INVALID_SHARE_CONFIG_ID');
    });

    it('refuses a lookup without a valid page URL', async () => {
      expect((await http().get('/api/wechat/share-settings').query({ pageUrl: 'nope' }).expect(400)).body.code).toBe('SHARE_PAGE_URL_INVALID');
    });
  });
});

/** What a ticket whose cache time ran out looks like: its key gone from Redis. */
async function dropCachedTicket(app: INestApplication, appId: string): Promise<void> {
  await app.get<Redis>(REDIS_CLIENT).del(wechatCacheKeys(appId).ticket);
}
