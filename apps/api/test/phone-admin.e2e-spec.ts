import { ERROR_MESSAGES, PHONE_CONFIG_MESSAGES } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/bootstrap/create-app';
import {
  ALIYUN_CODES,
  FAKE_ALIYUN,
  FAKE_TWILIO,
  type FakeAliyunVoice,
  type FakeTwilioApi,
  fakePhoneEnv,
  startFakeAliyunVoice,
  startFakeTwilioApi,
} from '../../../tools/testing/fake-phone-providers';
import { testRedisUrl } from '../../../tools/testing/services';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

const SALES = '13800138000';
const PHONE_VARIABLES = [
  'ALIYUN_ACCESS_KEY_ID',
  'ALIYUN_ACCESS_KEY_SECRET',
  'ALIYUN_VOICE_TTS_CODE',
  'ALIYUN_VOICE_SHOW_NUMBER',
  'PHONE_SALES_NUMBER',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM_NUMBER',
  'TWILIO_BACKUP_TO',
];
/** The phone variables blanked, whatever the developer's shell or .env holds. */
const unconfigured = Object.fromEntries(PHONE_VARIABLES.map((name) => [name, '']));

/**
 * docs/product/phone.md#admin-calls: the 通知设置 routes against the local Alibaba Cloud and Twilio stand-ins, through the
 * real clients: configuration status with the missing variable names, the connection test, test calls through each
 * provider (logged), their failures as 502 with the provider's reason, and the notification log.
 */
describe('phone notification admin routes', () => {
  const redisUrl = testRedisUrl(13);
  let database: TestDatabase;
  let aliyun: FakeAliyunVoice;
  let twilio: FakeTwilioApi;
  const apps: INestApplication[] = [];

  const start = async (overrides: Record<string, string>) => {
    const app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl, ...unconfigured, ...overrides }));
    await app.init();
    apps.push(app);
    return { app, admin: await adminAgent(app).catch(() => loginAgent(app)) };
  };
  const loginAgent = async (app: INestApplication) => {
    const agent = request.agent(app.getHttpServer());
    await agent.post('/api/admin/login').send({ email: 'leads-admin@example.com', password: 'leads-admin-password-1' }).expect(200);
    return agent;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    [aliyun, twilio] = await Promise.all([startFakeAliyunVoice(), startFakeTwilioApi()]);
  });

  afterEach(() => {
    aliyun.reset();
    twilio.reset();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await Promise.all([aliyun?.close(), twilio?.close()]);
    await database?.drop();
  });

  it('keeps every route for the administrator', async () => {
    const { app } = await start(fakePhoneEnv(aliyun, twilio, SALES));
    const http = request(app.getHttpServer());
    for (const [method, path] of [
      ['get', '/api/admin/phone-config'],
      ['get', '/api/admin/aliyun-config'],
      ['post', '/api/admin/test-phone'],
      ['post', '/api/admin/test-aliyun'],
      ['post', '/api/admin/test-aliyun-phone'],
      ['get', '/api/admin/notification-calls'],
    ] as const) {
      const response = await http[method](path);
      expect([path, response.status, response.body.code]).toEqual([path, 401, 'UNAUTHORIZED']);
    }
    expect(aliyun.requests).toEqual([]);
    expect(twilio.requests).toEqual([]);
  });

  it('names the missing variables and refuses the tests (503) without calling anyone', async () => {
    const { admin } = await start({ ALIYUN_ACCESS_KEY_ID: FAKE_ALIYUN.accessKeyId, TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid, TWILIO_BACKUP_TO: FAKE_TWILIO.backupTo });
    const primary = await admin.get('/api/admin/aliyun-config').expect(200);
    expect(primary.headers['cache-control']).toBe('no-store');
    expect(primary.body).toEqual({
      isValid: false,
      message: `${PHONE_CONFIG_MESSAGES.aliyunIncomplete}：ALIYUN_ACCESS_KEY_SECRET, ALIYUN_VOICE_TTS_CODE, PHONE_SALES_NUMBER`,
      missingFields: ['ALIYUN_ACCESS_KEY_SECRET', 'ALIYUN_VOICE_TTS_CODE', 'PHONE_SALES_NUMBER'],
    });
    const backup = await admin.get('/api/admin/phone-config').expect(200);
    expect(backup.body).toMatchObject({ isValid: false, missingFields: ['TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] });

    for (const [path, code] of [
      ['/api/admin/test-aliyun', 'ALIYUN_NOT_CONFIGURED'],
      ['/api/admin/test-aliyun-phone', 'ALIYUN_NOT_CONFIGURED'],
      ['/api/admin/test-phone', 'PHONE_NOT_CONFIGURED'],
    ]) {
      const response = await admin.post(path).expect(503);
      expect(response.body).toMatchObject({ success: false, code });
      expect(response.body.message).toMatch(/缺少环境变量：/);
    }
    expect(aliyun.requests).toEqual([]);
    expect(twilio.requests).toEqual([]);
    expect((await admin.get('/api/admin/notification-calls').expect(200)).body.data).toEqual([]);
  });

  describe('configured', () => {
    let admin: Awaited<ReturnType<typeof start>>['admin'];
    let secretsLeak: (text: string) => boolean;

    beforeAll(async () => {
      ({ admin } = await start(fakePhoneEnv(aliyun, twilio, SALES)));
      secretsLeak = (text) => [FAKE_ALIYUN.accessKeySecret, FAKE_TWILIO.authToken, 'Signature='].some((secret) => text.includes(secret));
    });

    it('reports both providers complete', async () => {
      expect((await admin.get('/api/admin/aliyun-config').expect(200)).body).toEqual({ isValid: true, message: PHONE_CONFIG_MESSAGES.aliyunComplete, missingFields: [] });
      expect((await admin.get('/api/admin/phone-config').expect(200)).body).toEqual({ isValid: true, message: PHONE_CONFIG_MESSAGES.backupComplete, missingFields: [] });
    });

    it('tests the connection with a signed read and places no call', async () => {
      const response = await admin.post('/api/admin/test-aliyun').expect(200);
      expect(response.body).toEqual({ success: true, message: PHONE_CONFIG_MESSAGES.aliyunConnectionOk });
      expect(aliyun.requests.map((entry) => entry.action)).toEqual(['QueryCallDetailByCallId']);
      expect(aliyun.calls).toEqual([]);
    });

    it('reports a refused connection test as 502 with the provider’s reason, no secret in it', async () => {
      aliyun.failNext('QueryCallDetailByCallId', 'InvalidAccessKeyId.NotFound', { status: 404, message: 'Specified access key is not found.' });
      const response = await admin.post('/api/admin/test-aliyun').expect(502);
      expect(response.body).toMatchObject({ success: false, code: 'ALIYUN_CONNECTION_FAILED' });
      expect(response.body.message).toContain('InvalidAccessKeyId.NotFound');
      expect(secretsLeak(response.text)).toBe(false);
    });

    it('places a test call to the sales number through the primary and logs it', async () => {
      const response = await admin.post('/api/admin/test-aliyun-phone').expect(200);
      expect(response.body).toEqual({ success: true, message: PHONE_CONFIG_MESSAGES.aliyunCallPlaced });
      expect(aliyun.calls).toHaveLength(1);
      expect(aliyun.calls[0]).toMatchObject({ calledNumber: SALES, ttsCode: FAKE_ALIYUN.ttsCode, ttsParam: { kind: '测试' } });
      const log = await admin.get('/api/admin/notification-calls').expect(200);
      expect(log.body.data[0]).toMatchObject({
        provider: 'aliyun',
        status: 'placed',
        trigger: 'test',
        calledNumber: `*******${SALES.slice(-4)}`,
        providerCallId: aliyun.calls[0].callId,
        costEstimateFen: 13,
        errorCode: null,
      });
      expect(log.body.data[0].durationSeconds).toBeGreaterThan(0);
    });

    it('reports the primary’s limit as a failed phone test (502) and logs it throttled', async () => {
      aliyun.failNext('SingleCallByTts', ALIYUN_CODES.throttled);
      const response = await admin.post('/api/admin/test-aliyun-phone').expect(502);
      expect(response.body).toMatchObject({ success: false, code: 'ALIYUN_PHONE_TEST_FAILED' });
      expect(response.body.message).toContain(ALIYUN_CODES.throttled);
      const log = await admin.get('/api/admin/notification-calls').query({ filter: JSON.stringify({ status: 'throttled' }) }).expect(200);
      expect(log.body.data).toHaveLength(1);
      expect(log.body.data[0]).toMatchObject({ provider: 'aliyun', errorCode: ALIYUN_CODES.throttled, costEstimateFen: 0 });
    });

    it('places a test call through the backup to the backup number, and reports its refusal', async () => {
      const placed = await admin.post('/api/admin/test-phone').expect(200);
      expect(placed.body).toEqual({ success: true, message: PHONE_CONFIG_MESSAGES.backupCallPlaced });
      expect(twilio.calls).toHaveLength(1);
      expect(twilio.calls[0]).toMatchObject({ to: FAKE_TWILIO.backupTo, from: FAKE_TWILIO.fromNumber });
      expect(twilio.calls[0].twiml).toContain('测试电话');

      twilio.failNext('calls', 400, 21215, { message: 'Account not authorized to call this number' });
      const refused = await admin.post('/api/admin/test-phone').expect(502);
      expect(refused.body).toMatchObject({ success: false, code: 'PHONE_TEST_FAILED' });
      expect(refused.body.message).toMatch(/^测试失败：Twilio 21215/);
      expect(secretsLeak(refused.text)).toBe(false);
    });

    it('lists the log react-admin’s way: filter by provider, Content-Range, one record, and bad ids', async () => {
      const twilioOnly = await admin.get('/api/admin/notification-calls').query({ filter: JSON.stringify({ provider: 'twilio' }), range: '[0,0]' }).expect(200);
      expect(twilioOnly.headers['content-range']).toBe('notification-calls 0-0/2');
      expect(twilioOnly.body.data[0]).toMatchObject({ provider: 'twilio', status: 'refused', errorCode: '21215' });
      const id = twilioOnly.body.data[0].id;
      expect((await admin.get(`/api/admin/notification-calls/${id}`).expect(200)).body.data).toEqual(twilioOnly.body.data[0]);
      expect((await admin.get('/api/admin/notification-calls/not-a-uuid').expect(400)).body.code).toBe('INVALID_NOTIFICATION_CALL_ID');
      expect((await admin.get('/api/admin/notification-calls/00000000-0000-4000-8000-000000000000').expect(404)).body).toMatchObject({
        code: 'NOTIFICATION_CALL_NOT_FOUND',
        message: ERROR_MESSAGES.NOTIFICATION_CALL_NOT_FOUND,
      });
      expect((await admin.get('/api/admin/notification-calls').query({ filter: JSON.stringify({ provider: 'sms' }) }).expect(400)).body.code).toBe('INVALID_LIST_QUERY');
    });
  });
});
