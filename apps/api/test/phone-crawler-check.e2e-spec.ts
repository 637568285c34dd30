import { CRAWLER_CHECK_CALL_DEFAULTS, ERROR_MESSAGES, PHONE_PATHS } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

/**
 * docs/product/phone.md#crawler-check-call: the setting of the call when a crawl waits for a human check, on 通知设置 ›
 * 电话通知. Off by default, each bad field refused with its own code (nothing saved), switching on needs a template
 * code, and each change is audited with the setting before and after.
 */
describe('crawler check call setting', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let sql: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(13) }));
    await app.init();
    admin = await adminAgent(app);
    sql = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('is for the administrator only', async () => {
    const http = request(app.getHttpServer());
    for (const call of [http.get(PHONE_PATHS.crawlerCheck), http.put(PHONE_PATHS.crawlerCheck).send({ enabled: true, ttsCode: 'TTS_1' })]) {
      const response = await call;
      expect([response.status, response.body.code]).toEqual([401, 'UNAUTHORIZED']);
    }
    expect((await admin.get(PHONE_PATHS.crawlerCheck).expect(200)).body.data).toEqual(CRAWLER_CHECK_CALL_DEFAULTS);
  });

  it('is off by default, and refuses bad fields with stable codes, saving nothing', async () => {
    const answer = await admin.get(PHONE_PATHS.crawlerCheck).expect(200);
    expect(answer.body).toEqual({ success: true, data: { enabled: false, ttsCode: '' } });
    expect(answer.headers['cache-control']).toBe('no-store');
    for (const [body, field, code] of [
      [{ enabled: 'yes' }, 'enabled', 'PHONE_CRAWLER_CHECK_ENABLED_INVALID'],
      [{ enabled: 1 }, 'enabled', 'PHONE_CRAWLER_CHECK_ENABLED_INVALID'],
      [{ enabled: true }, 'ttsCode', 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID'],
      [{ enabled: true, ttsCode: '' }, 'ttsCode', 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID'],
      [{ enabled: true, ttsCode: 'SMS_123' }, 'ttsCode', 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID'],
      [{ ttsCode: 42 }, 'ttsCode', 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID'],
    ] as const) {
      const response = await admin.put(PHONE_PATHS.crawlerCheck).send(body);
      expect([JSON.stringify(body), response.status, response.body.code, response.body.fieldCodes]).toEqual([JSON.stringify(body), 400, code, { [field]: code }]);
      expect(response.body.message).toBe(ERROR_MESSAGES[code]);
    }
    expect((await admin.get(PHONE_PATHS.crawlerCheck).expect(200)).body.data).toEqual(CRAWLER_CHECK_CALL_DEFAULTS);
    expect(await sql.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'settings.phone.crawler_check.change'`)).toEqual([{ n: 0 }]);
  });

  it('saves a change, keeps the fields not sent, leaves the daily summary alone, and audits it with before and after', async () => {
    const saved = await admin.put(PHONE_PATHS.crawlerCheck).send({ enabled: true, ttsCode: ' TTS_300000003 ' }).expect(200);
    expect(saved.body).toEqual({ success: true, data: { enabled: true, ttsCode: 'TTS_300000003' } });
    await admin.put(PHONE_PATHS.crawlerCheck).send({ enabled: false }).expect(200);
    expect((await admin.get(PHONE_PATHS.crawlerCheck).expect(200)).body.data).toEqual({ enabled: false, ttsCode: 'TTS_300000003' });
    expect(await sql.query(`SELECT key, value FROM admin_config WHERE key LIKE 'phoneCrawlerCheck%' ORDER BY key`)).toEqual([
      { key: 'phoneCrawlerCheckEnabled', value: 'false' },
      { key: 'phoneCrawlerCheckTtsCode', value: 'TTS_300000003' },
    ]);
    expect((await admin.get(PHONE_PATHS.dailySummary).expect(200)).body.data).toMatchObject({ enabled: false, ttsCode: '' });

    const entries = await sql.query(`SELECT entity, before, after FROM audit_log WHERE action = 'settings.phone.crawler_check.change' ORDER BY "createdAt"`);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ entity: 'phone_settings', before: { enabled: false, ttsCode: '' }, after: { enabled: true, ttsCode: 'TTS_300000003' } });
    // The audit keeps what changed.
    expect(entries[1]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
  });
});
