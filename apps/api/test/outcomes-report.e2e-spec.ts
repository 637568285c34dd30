import { formatIsoDate, type GuaranteeEntryResponse, OUTCOME_ERRORS, SITE_SETTINGS_DEFAULTS, type OutcomesReportResponse, type ReportFigure } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { serverPort } from '../../../tools/testing/ports';
import { testRedisUrl } from '../../../tools/testing/services';
import { apiClient, seedOutcomesCohort } from '../../../tools/seed/outcomes-cohort.mjs';
import { createApp } from '../src/bootstrap/create-app';
import { expectFieldError } from './support/api-errors';
import { testApiEnv } from './support/test-env';

jest.setTimeout(120_000);

const EMAIL = 'report-admin@example.com';
const PASSWORD = 'report-admin-password-1';

/**
 * The seeded cohort of 12 (tools/seed/outcomes-cohort.mjs, docs/product/outcomes-report.md#the-seeded-cohort), seeded
 * through the API over HTTP as the demo does, then read back: every contract's status and amount owed to the cent,
 * the dashboard's totals, and the report's figures with the students behind each.
 */
describe('outcomes report and the seeded cohort', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let api: ReturnType<typeof apiClient>;
  let names: Record<string, string>;
  let cohortId: string;
  const env = testApiEnv();

  const who = (figure: ReportFigure) => figure.studentIds.map((id) => names[id]);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(13) }));
    const port = await serverPort();
    await app.listen(port, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    const registered = await fetch(`${base}/api/admin/register`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    expect(registered.status).toBe(201);
    // No front door here: the uploads go to the S3 server itself.
    api = apiClient(base, { storage: env.S3_ENDPOINT });
    await api.signIn(EMAIL, PASSWORD);
    const seeded = await seedOutcomesCohort(api, { label: 'spec' });
    cohortId = seeded.cohort.id;
    names = Object.fromEntries(Object.entries(seeded.ids).map(([name, id]) => [id, name]));
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('states every contract of the cohort in the ledger, with the amount owed to the cent', async () => {
    const ledger = (await api.call('GET', `/api/admin/guarantee?range=${encodeURIComponent('[0,99]')}`)) as GuaranteeEntryResponse[];
    const byName = Object.fromEntries(ledger.map((entry) => [names[entry.studentId], [entry.status, entry.failedRule, entry.owed, entry.exposure]]));
    expect(byName).toEqual({
      王一: ['met', null, 0, 0],
      王二: ['bonus_due', null, 198_000, 0],
      王三: ['bonus_paid', null, 0, 0],
      王四: ['refund_due', null, 1_980_000, 0],
      王五: ['refunded', null, 0, 0],
      王六: ['open', null, 0, 1_980_000],
      王七: ['open', null, 0, 1_980_000],
      王八: ['ineligible', 'graduated', 0, 0],
      王九: ['ineligible', 'graduated', 0, 0],
      王十: ['ineligible', 'attendance', 0, 0],
      王十一: ['refund_due', null, 1_980_000, 0],
      王十二: ['met', null, 0, 0],
    });
    const summary = await api.call('GET', '/api/admin/guarantee/summary');
    expect(summary).toMatchObject({
      openExposure: [{ currency: 'CNY', amount: 3_960_000 }],
      refundsDue: [{ currency: 'CNY', amount: 3_960_000 }],
      bonusesDue: [{ currency: 'CNY', amount: 198_000 }],
      counts: { open: 2, met: 2, bonus_due: 1, refund_due: 2, ineligible: 3, refunded: 1, bonus_paid: 1 },
    });
  });

  it('reports the cohort: each figure with the students behind it', async () => {
    const report = (await api.call('GET', '/api/admin/outcomes-report?groupBy=cohort')) as OutcomesReportResponse;
    const row = report.rows.find((item) => item.key === cohortId)!;
    // 王八 left on the first class day (the last full-refund date): not enrolled.
    expect(who(row.enrolled)).toEqual(['王一', '王二', '王三', '王四', '王五', '王六', '王七', '王九', '王十', '王十一', '王十二']);
    expect(who(row.graduatedOnTime)).toEqual(['王一', '王二', '王三', '王四', '王五', '王十', '王十一', '王十二']);
    expect(who(row.graduatedLate)).toEqual(['王六', '王七']);
    expect(who(row.withdrawn)).toEqual(['王九']);
    // In field within 180 days: 王七's job is out of field, 王四 and 王六 are still seeking.
    expect(who(row.placedInField)).toEqual(['王一', '王二', '王三', '王五', '王十', '王十一', '王十二']);
    // Full-time annual bases ¥210,000, ¥300,000, ¥312,000, ¥156,000, ¥120,000, ¥216,000: the median is ¥213,000.
    expect(who(row.medianBasis)).toEqual(['王一', '王二', '王三', '王五', '王十', '王十二']);
    expect(row.medianAnnualBase).toBe(21_300_000);
    // Contract salary ≥ ¥200,000: 4 of the 10 graduates.
    expect(who(row.atOrAboveTarget)).toEqual(['王一', '王二', '王三', '王十二']);
    expect(row.atOrAboveTargetShare).toBe(40);
    expect({ refunds: row.refundsPaid, bonuses: row.bonusesPaid }).toEqual({ refunds: [{ currency: 'CNY', amount: 1_980_000 }], bonuses: [{ currency: 'CNY', amount: 198_000 }] });
    expect([who(row.refundedStudents), who(row.bonusedStudents)]).toEqual([['王五'], ['王三']]);

    const halves = (await api.call('GET', '/api/admin/outcomes-report?groupBy=half-year')) as OutcomesReportResponse;
    expect(halves.rows.reduce((sum, item) => sum + item.enrolled.count, 0)).toBe(11);
  });

  it("measures the landing page's hero figures, and the public site shows only those the settings take from the report", async () => {
    const today = formatIsoDate(new Date());
    const figures = await api.call('GET', '/api/admin/outcomes-report/hero-figures');
    // 11 enrolled; the cohort finished (its last class day is past): 10 graduates of 11, 91%.
    expect(figures).toEqual({
      students: { count: 11, asOf: today },
      completion: { percent: 91, cohort: '就业演示期-spec', lastDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), asOf: today },
    });
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    const publicFigures = async () => ((await (await fetch(`${base}/api/site-settings`)).json()) as { heroFigures: unknown }).heroFigures;
    expect(await publicFigures()).toEqual({});
    await api.call('PUT', '/api/admin/site-settings', { ...SITE_SETTINGS_DEFAULTS, heroCompletionSource: 'report' });
    expect(await publicFigures()).toEqual({ completion: (figures as { completion: unknown }).completion });
    await api.call('PUT', '/api/admin/site-settings', { ...SITE_SETTINGS_DEFAULTS, heroStudentsSource: 'report', heroCompletionSource: 'report' });
    expect(await publicFigures()).toEqual(figures);
    await api.call('PUT', '/api/admin/site-settings', SITE_SETTINGS_DEFAULTS);
    expect((await fetch(`${base}/api/admin/outcomes-report/hero-figures`)).status).toBe(401);
  });

  it('exports the report as CSV with the names behind each figure, and records the export', async () => {
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const cookie = login.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    const response = await fetch(`${base}/api/admin/outcomes-report/export?groupBy=cohort`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="outcomes-report-\d{8}\.csv"$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    // The UTF-8 BOM first, for Excel on Chinese Windows (a decoder would drop it from the text).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('期次,入学人数,入学人数名单,按期结业,按期结业名单')).toBe(true);
    expect(text).toContain('就业演示期-spec,11,王一、王二、王三、王四、王五、王六、王七、王九、王十、王十一、王十二,8,');
    expect(text).toContain('"¥213,000.00",40,"¥19,800.00","¥1,980.00"');
    const audit = await api.call('GET', `/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'outcomes_report.export' }))}`);
    expect(audit).toHaveLength(1);

    const refused = await fetch(`${base}/api/admin/outcomes-report?groupBy=month`, { headers: { cookie } });
    expect(refused.status).toBe(400);
    expectFieldError((await refused.json()) as never, 'groupBy', OUTCOME_ERRORS.INVALID_REPORT_GROUPING);
    expect((await fetch(`${base}/api/admin/outcomes-report`)).status).toBe(401);
  });
});
