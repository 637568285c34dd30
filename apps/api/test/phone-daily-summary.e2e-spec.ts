import { DAILY_SUMMARY_DEFAULTS, ERROR_MESSAGES, PHONE_PATHS } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

/**
 * docs/product/phone.md#daily-summary-call: the daily summary call's setting on 通知设置 › 电话通知. Off by default,
 * each bad field refused with its own code (nothing saved), switching on needs a template code, and each change is
 * audited with the setting before and after.
 */
describe('daily summary call setting', () => {
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
    for (const call of [http.get(PHONE_PATHS.dailySummary), http.put(PHONE_PATHS.dailySummary).send({ enabled: true, ttsCode: 'TTS_1' })]) {
      const response = await call;
      expect([response.status, response.body.code]).toEqual([401, 'UNAUTHORIZED']);
    }
    expect((await admin.get(PHONE_PATHS.dailySummary).expect(200)).body.data).toEqual(DAILY_SUMMARY_DEFAULTS);
  });

  it('is off by default at 09:00, and refuses bad fields with stable codes, saving nothing', async () => {
    expect((await admin.get(PHONE_PATHS.dailySummary).expect(200)).body).toEqual({ success: true, data: { enabled: false, time: '09:00', ttsCode: '' } });
    for (const [body, field, code] of [
      [{ time: '9:00' }, 'time', 'PHONE_SUMMARY_TIME_INVALID'],
      [{ time: '24:00' }, 'time', 'PHONE_SUMMARY_TIME_INVALID'],
      [{ time: 900 }, 'time', 'PHONE_SUMMARY_TIME_INVALID'],
      [{ enabled: 'yes' }, 'enabled', 'PHONE_SUMMARY_ENABLED_INVALID'],
      [{ enabled: true }, 'ttsCode', 'PHONE_SUMMARY_TTS_CODE_INVALID'],
      [{ enabled: true, ttsCode: 'SMS_123' }, 'ttsCode', 'PHONE_SUMMARY_TTS_CODE_INVALID'],
      [{ ttsCode: 42 }, 'ttsCode', 'PHONE_SUMMARY_TTS_CODE_INVALID'],
    ] as const) {
      const response = await admin.put(PHONE_PATHS.dailySummary).send(body);
      expect([JSON.stringify(body), response.status, response.body.code, response.body.fieldCodes]).toEqual([JSON.stringify(body), 400, code, { [field]: code }]);
      expect(response.body.message).toBe(ERROR_MESSAGES[code]);
    }
    expect((await admin.get(PHONE_PATHS.dailySummary).expect(200)).body.data).toEqual(DAILY_SUMMARY_DEFAULTS);
    expect(await sql.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'settings.phone.summary.change'`)).toEqual([{ n: 0 }]);
  });

  it('saves a change, keeps the fields not sent, and audits it with before and after', async () => {
    const saved = await admin.put(PHONE_PATHS.dailySummary).send({ enabled: true, time: '08:30', ttsCode: ' TTS_300000002 ' }).expect(200);
    expect(saved.body).toEqual({ success: true, data: { enabled: true, time: '08:30', ttsCode: 'TTS_300000002' } });
    await admin.put(PHONE_PATHS.dailySummary).send({ enabled: false }).expect(200);
    expect((await admin.get(PHONE_PATHS.dailySummary).expect(200)).body.data).toEqual({ enabled: false, time: '08:30', ttsCode: 'TTS_300000002' });

    const entries = await sql.query(`SELECT entity, before, after FROM audit_log WHERE action = 'settings.phone.summary.change' ORDER BY "createdAt"`);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ entity: 'phone_settings', before: expect.objectContaining({ enabled: false }), after: expect.objectContaining({ enabled: true, time: '08:30' }) });
    expect(entries[1]).toMatchObject({ before: expect.objectContaining({ enabled: true }), after: expect.objectContaining({ enabled: false }) });
  });
});
