import { addDays, ERROR_MESSAGES, formatIsoDate, SITE_SETTINGS_DEFAULTS, SITE_SETTINGS_MESSAGES, type SiteSettings } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/bootstrap/create-app';
import { SiteSettingsChanges } from '../src/site-settings/site-settings-changes';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

const NEXT_COHORT: SiteSettings = {
  ...SITE_SETTINGS_DEFAULTS,
  cohortMonth: '2026-03',
  cohortPart: 'mid',
  feeMin: 21800,
  feeMax: 31800,
  salesPhone: '0731-8123 4567',
  wechatId: 'aipm_sales-2026',
  address: '湖南省长沙市岳麓区麓谷大道 1 号',
  officeHours: '周一至周五 9:00 – 17:30',
};

/**
 * The site settings (docs/product/back-office.md#site-settings) in admin_config: their defaults until saved; the
 * administrator's save is validated field by field (docs/product/validation.md#site-settings), is all or nothing,
 * and is announced once.
 */
describe('site settings', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(7) }));
    await app.init();
    admin = await adminAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('keeps the back-office routes for the administrator; the public read is open', async () => {
    const http = request(app.getHttpServer());
    expect((await http.get('/api/admin/site-settings').expect(401)).body).toEqual(apiError('UNAUTHORIZED'));
    expect((await http.put('/api/admin/site-settings').send(NEXT_COHORT).expect(401)).body.code).toBe('UNAUTHORIZED');
    const open = await http.get('/api/site-settings').expect(200);
    expect(open.headers['cache-control']).toBe('no-store');
  });

  it('answers the spec defaults before anything is saved', async () => {
    const response = await request(app.getHttpServer()).get('/api/site-settings').expect(200);
    expect(response.body).toEqual({ success: true, data: SITE_SETTINGS_DEFAULTS, updatedAt: null, heroFigures: {} });
    expect((await admin.get('/api/admin/site-settings').expect(200)).body.data).toEqual(SITE_SETTINGS_DEFAULTS);
  });

  it('refuses each invalid field by its code, and saves nothing of a refused form', async () => {
    const cases: Array<[Partial<Record<keyof SiteSettings, unknown>>, keyof SiteSettings, keyof typeof ERROR_MESSAGES]> = [
      [{ cohortMonth: '2026-13' }, 'cohortMonth', 'INVALID_COHORT_MONTH'],
      [{ cohortMonth: '26-03' }, 'cohortMonth', 'INVALID_COHORT_MONTH'],
      [{ cohortPart: 'end' }, 'cohortPart', 'INVALID_COHORT_PART'],
      [{ feeMin: 0 }, 'feeMin', 'INVALID_FEE'],
      [{ feeMax: 19800.5 }, 'feeMax', 'INVALID_FEE'],
      [{ feeMax: 2_000_000 }, 'feeMax', 'INVALID_FEE'],
      [{ feeMin: 30000, feeMax: 20000 }, 'feeMax', 'FEE_RANGE_INVERTED'],
      [{ salesPhone: 'call us' }, 'salesPhone', 'INVALID_SALES_PHONE'],
      [{ wechatId: '1abcdef' }, 'wechatId', 'INVALID_WECHAT_ID'],
      [{ wechatId: 'abc' }, 'wechatId', 'INVALID_WECHAT_ID'],
      [{ address: '' }, 'address', 'CONTACT_DETAIL_REQUIRED'],
      [{ officeHoursEn: 'x'.repeat(101) }, 'officeHoursEn', 'CONTACT_DETAIL_TOO_LONG'],
      [{ leadRetentionMonths: 5 }, 'leadRetentionMonths', 'INVALID_RETENTION_MONTHS'],
      [{ leadRetentionMonths: 121 }, 'leadRetentionMonths', 'INVALID_RETENTION_MONTHS'],
      [{ leadRetentionMonths: '24' }, 'leadRetentionMonths', 'INVALID_RETENTION_MONTHS'],
      [{ heroStudentsSource: 'survey' }, 'heroStudentsSource', 'INVALID_HERO_FIGURE_SOURCE'],
      [{ heroCompletionSource: null }, 'heroCompletionSource', 'INVALID_HERO_FIGURE_SOURCE'],
    ];
    for (const [change, field, code] of cases) {
      const response = await admin.put('/api/admin/site-settings').send({ ...NEXT_COHORT, ...change }).expect(400);
      expect(response.body).toMatchObject({ success: false, code, fieldCodes: { [field]: code }, errors: { [field]: ERROR_MESSAGES[code] } });
    }
    const { addressEn: _missing, ...incomplete } = NEXT_COHORT;
    expect((await admin.put('/api/admin/site-settings').send(incomplete).expect(400)).body.fieldCodes).toEqual({ addressEn: 'CONTACT_DETAIL_REQUIRED' });
    expect((await admin.put('/api/admin/site-settings').send({ ...NEXT_COHORT, extra: 1 }).expect(400)).body.code).toBe('UNKNOWN_FIELD');
    expect((await request(app.getHttpServer()).get('/api/site-settings').expect(200)).body.updatedAt).toBeNull();
  });

  it('saves every field, shows them on the public read at once, and announces the change once', async () => {
    const announced: Array<[SiteSettings, string]> = [];
    const unsubscribe = app.get(SiteSettingsChanges).subscribe((settings, updatedAt) => {
      announced.push([settings, updatedAt]);
    });
    try {
      const saved = await admin.put('/api/admin/site-settings').send(NEXT_COHORT).expect(200);
      expect(saved.body).toEqual({ success: true, message: SITE_SETTINGS_MESSAGES.saved, data: NEXT_COHORT, updatedAt: expect.any(String) });
      const read = await request(app.getHttpServer()).get('/api/site-settings').expect(200);
      expect(read.body).toEqual({ success: true, data: NEXT_COHORT, updatedAt: saved.body.updatedAt, heroFigures: {} });
      expect(announced).toEqual([[NEXT_COHORT, saved.body.updatedAt]]);

      // Back to the defaults: a later save moves updatedAt on.
      const restored = await admin.put('/api/admin/site-settings').send(SITE_SETTINGS_DEFAULTS).expect(200);
      expect(restored.body.data).toEqual(SITE_SETTINGS_DEFAULTS);
      expect(Date.parse(restored.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(saved.body.updatedAt));
      expect(announced).toHaveLength(2);
    } finally {
      unsubscribe();
    }
  });

  it('words the next cohort from the next open cohort when there is one, from the settings otherwise', async () => {
    const publicRead = async () => (await request(app.getHttpServer()).get('/api/site-settings').expect(200)).body.data as SiteSettings;
    const cohort = async (name: string, startDate: string, status: string) =>
      (await admin.post('/api/admin/cohorts').send({ name, startDate, capacity: 20, status }).expect(201)).body.data.id as string;
    const today = formatIsoDate(new Date());
    // Not open: finished, running, or started already.
    await cohort('已结业期', addDays(today, 3), 'finished');
    await cohort('进行中期', addDays(today, 4), 'running');
    await cohort('已开课期', addDays(today, -1), 'enrolling');
    expect(await publicRead()).toMatchObject({ cohortMonth: SITE_SETTINGS_DEFAULTS.cohortMonth, cohortPart: SITE_SETTINGS_DEFAULTS.cohortPart });

    const later = await cohort('五月期', '2099-05-02', 'enrolling');
    const sooner = await cohort('三月期', '2099-03-15', 'enrolling');
    expect(await publicRead()).toMatchObject({ cohortMonth: '2099-03', cohortPart: 'mid' });
    // The back office's form keeps the settings' own wording, the fallback.
    expect((await admin.get('/api/admin/site-settings').expect(200)).body.data.cohortMonth).toBe(SITE_SETTINGS_DEFAULTS.cohortMonth);

    await admin.patch(`/api/admin/cohorts/${sooner}`).send({ status: 'running' }).expect(200);
    expect(await publicRead()).toMatchObject({ cohortMonth: '2099-05', cohortPart: 'early' });
    await admin.delete(`/api/admin/cohorts/${later}`).expect(200);
    expect(await publicRead()).toMatchObject({ cohortMonth: SITE_SETTINGS_DEFAULTS.cohortMonth, cohortPart: SITE_SETTINGS_DEFAULTS.cohortPart });
  });
});
