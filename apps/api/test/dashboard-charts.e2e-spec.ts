import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { DashboardCharts } from '@aipm/contracts';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { DashboardChartsService } from '../src/dashboard/dashboard-charts.service';
import { testRedisUrl } from '../../../tools/testing/services';
import { cookiePair } from './support/admin-session';
import { testApiEnv } from './support/test-env';

/*
 * "Now" is 2026-03-10T17:30Z, 01:30 on 2026-03-11 in Asia/Shanghai: the window's 30 days run from 2026-02-10
 * (from 2026-02-09T16:00Z) to 2026-03-11 (until 2026-03-11T16:00Z), and its 12 months from 2025-04 to 2026-03.
 */
const NOW = new Date('2026-03-10T17:30:00Z');

const zeros = (length: number) => Array.from({ length }, () => 0);
/** A 30-day series with `counts` on the named days (2026-02-10 is index 0). */
function series(counts: Record<string, number>): number[] {
  const out = zeros(30);
  for (const [day, count] of Object.entries(counts)) out[Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse('2026-02-10T00:00:00Z')) / 86_400_000)] = count;
  return out;
}

describe(DashboardChartsService.name, () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;

  const registration = (createdAt: string, status = 'new', source: object | null = null) =>
    sql.query(`INSERT INTO registrations (name, phone, school, major, "createdAt", status, source) VALUES ('张三', '13800000000', '中南大学', '计算机', $1, $2, $3)`, [
      createdAt,
      status,
      source === null ? null : JSON.stringify(source),
    ]);
  const message = (createdAt: string, status = 'new', source: object | null = null) =>
    sql.query(`INSERT INTO contact_messages (name, phone, subject, "createdAt", status, source) VALUES ('李四', '13900000000', 'course', $1, $2, $3)`, [
      createdAt,
      status,
      source === null ? null : JSON.stringify(source),
    ]);
  const run = (site: string, finishedAt: string, found: number, status = 'completed') =>
    sql.query(`INSERT INTO crawl_runs ("jobId", site, status, "startedAt", "finishedAt", found) VALUES (gen_random_uuid()::text, $1, $2, $3, $3, $4)`, [site, status, finishedAt, found]);
  let studentId: string;
  let paymentNumber = 0;
  const payment = (paymentDate: string, amount: number, status = 'completed', currency = 'CNY') =>
    sql.query(`INSERT INTO student_payments ("studentId", "paymentNumber", amount, currency, "paymentMethod", "paymentDate", status) VALUES ($1, $2, $3, $4, 'transfer', $5, $6)`, [
      studentId,
      `PAY-TEST-${++paymentNumber}`,
      amount,
      currency,
      paymentDate,
      status,
    ]);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(13) }));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  it('answers every series zero-filled when there is no data', async () => {
    const charts = await app.get(DashboardChartsService).charts(NOW);
    expect(charts.days).toHaveLength(30);
    expect(charts.days[0]).toBe('2026-02-10');
    expect(charts.days[29]).toBe('2026-03-11');
    expect(charts.leadsPerDay).toEqual({ registrations: zeros(30), messages: zeros(30) });
    expect(charts.leadSources).toEqual([]);
    expect(charts.funnel).toEqual([
      { stage: 'new', registrations: 0, messages: 0 },
      { stage: 'contacted', registrations: 0, messages: 0 },
      { stage: 'enrolled', registrations: 0, messages: 0 },
    ]);
    expect(charts.invalid).toEqual({ registrations: 0, messages: 0 });
    expect(charts.crawlYield).toEqual([]);
    expect(charts.months).toEqual(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(charts.paymentsPerMonth).toEqual([]);
  });

  describe('with seeded data', () => {
    let charts: DashboardCharts;

    beforeAll(async () => {
      // Leads: the edges of the window in Shanghai days, each side of local midnight.
      await registration('2026-02-09T15:59:59Z', 'enrolled', { utm_source: 'wechat' }); // 2026-02-09 in Shanghai: before the window
      await registration('2026-02-09T16:00:00Z', 'contacted', { utm_source: ' WeChat ' }); // 2026-02-10, the first day
      await registration('2026-03-10T15:59:59Z', 'enrolled', { utm_source: 'wechat', referrer: 'https://www.baidu.com/s?wd=x' }); // 2026-03-10
      await registration('2026-03-10T16:00:00Z', 'invalid', { referrer: 'https://www.Baidu.com/s?wd=y' }); // 2026-03-11, today
      await registration('2026-03-10T17:00:00Z', 'new', { landingPath: '/' }); // today, direct
      await registration('2026-03-11T16:00:00Z', 'new', null); // 2026-03-12: tomorrow, after the window
      await message('2026-03-10T16:30:00Z', 'contacted', { referrer: 'https://user@zhihu.com:443/question/1' }); // today
      await message('2026-03-10T16:31:00Z', 'new', null); // today, no source stored
      await message('2026-02-20T04:00:00Z', 'enrolled', { utm_source: 'wechat' }); // 2026-02-20
      // Crawl runs, by the day they finished.
      await run('zhipin', '2026-02-09T15:59:00Z', 99); // before the window
      await run('zhipin', '2026-02-09T16:00:00Z', 10);
      await run('zhipin', '2026-02-10T02:00:00Z', 5, 'failed');
      await run('zhaopin', '2026-03-10T16:10:00Z', 30);
      await run('zhaopin', '2026-03-10T15:50:00Z', 7);
      // Payments: completed ones count by their date's month; refunded and out-of-window ones do not.
      [{ id: studentId }] = await sql.query(`INSERT INTO students (name, phone) VALUES ('王五', '13700000000') RETURNING id`);
      await payment('2025-03-31', 500_000); // before the first month
      await payment('2025-04-01', 100_000);
      await payment('2025-04-30', 23_456);
      await payment('2026-03-31', 1);
      await payment('2026-03-01', 999_999, 'refunded');
      await payment('2026-03-02', 50, 'pending');
      await payment('2026-01-15', 700, 'completed', 'USD');
      await payment('2026-04-01', 800_000); // next month
      charts = await app.get(DashboardChartsService).charts(NOW);
    });

    it('counts leads per Asia/Shanghai day, from local midnight to local midnight', () => {
      expect(charts.leadsPerDay.registrations).toEqual(series({ '2026-02-10': 1, '2026-03-10': 1, '2026-03-11': 2 }));
      expect(charts.leadsPerDay.messages).toEqual(series({ '2026-02-20': 1, '2026-03-11': 2 }));
    });

    it('buckets first-touch sources: utm_source first, then the referrer host, then direct', () => {
      expect(charts.leadSources).toEqual([
        { kind: 'utm', name: 'wechat', registrations: 2, messages: 1 },
        // Ties in kind and name order.
        { kind: 'direct', name: null, registrations: 1, messages: 0 },
        { kind: 'referrer', name: 'baidu.com', registrations: 1, messages: 0 },
        { kind: 'referrer', name: 'zhihu.com', registrations: 0, messages: 1 },
        { kind: 'unknown', name: null, registrations: 0, messages: 1 },
      ]);
    });

    it('counts the funnel by how far each lead of the window went, invalid ones beside it', () => {
      expect(charts.funnel).toEqual([
        { stage: 'new', registrations: 4, messages: 3 },
        { stage: 'contacted', registrations: 2, messages: 2 },
        { stage: 'enrolled', registrations: 1, messages: 1 },
      ]);
      expect(charts.invalid).toEqual({ registrations: 1, messages: 0 });
    });

    it('sums the jobs found per site per day of the runs that finished in the window', () => {
      expect(charts.crawlYield).toEqual([
        { site: 'zhaopin', found: series({ '2026-03-10': 7, '2026-03-11': 30 }), runs: series({ '2026-03-10': 1, '2026-03-11': 1 }) },
        { site: 'zhipin', found: series({ '2026-02-10': 15 }), runs: series({ '2026-02-10': 2 }) },
      ]);
    });

    it('sums completed payments per month in cents, per currency, CNY first', () => {
      const month = (values: Record<string, number>) => charts.months.map((name) => values[name] ?? 0);
      expect(charts.paymentsPerMonth).toEqual([
        { currency: 'CNY', amounts: month({ '2025-04': 123_456, '2026-03': 1 }), counts: month({ '2025-04': 2, '2026-03': 1 }) },
        { currency: 'USD', amounts: month({ '2026-01': 700 }), counts: month({ '2026-01': 1 }) },
      ]);
    });

    it('moves the month window at Shanghai midnight, not UTC midnight', async () => {
      // 2026-03-31T16:00Z is 2026-04-01 00:00 in Shanghai: April is this month, and 2025-04 has left the window.
      const april = await app.get(DashboardChartsService).charts(new Date('2026-03-31T16:00:00Z'));
      expect(april.months[0]).toBe('2025-05');
      expect(april.months[11]).toBe('2026-04');
      expect(april.paymentsPerMonth[0]).toEqual({ currency: 'CNY', amounts: [...zeros(10), 1, 800_000], counts: [...zeros(10), 1, 1] });
      const before = await app.get(DashboardChartsService).charts(new Date('2026-03-31T15:59:59Z'));
      expect(before.months[11]).toBe('2026-03');
      expect(before.days[29]).toBe('2026-03-31');
    });

    it('sums the sources beyond the biggest eight as "other"', async () => {
      for (let index = 0; index < 10; index += 1) await message('2026-03-05T04:00:00Z', 'new', { utm_source: `s${String(index).padStart(2, '0')}` });
      const many = await app.get(DashboardChartsService).charts(NOW);
      expect(many.leadSources).toHaveLength(9);
      expect(many.leadSources.slice(0, 8).map((entry) => entry.name)).toEqual(['wechat', null, 'baidu.com', 'zhihu.com', null, 's00', 's01', 's02']);
      // 15 sources in the window: the 7 past the first 8 (s03 to s09) are summed.
      expect(many.leadSources[8]).toEqual({ kind: 'other', name: null, registrations: 0, messages: 7 });
      await sql.query(`DELETE FROM contact_messages WHERE source->>'utm_source' LIKE 's%'`);
    });

    it('GET /api/admin/stats/charts answers the administrator only', async () => {
      await request(app.getHttpServer()).get('/api/admin/stats/charts').expect(401);
      const signUp = await request(app.getHttpServer()).post('/api/admin/register').send({ email: 'admin@example.com', password: 'password-123' }).expect(201);
      const response = await request(app.getHttpServer()).get('/api/admin/stats/charts').set('Cookie', cookiePair(signUp.headers['set-cookie'])).expect(200);
      expect(response.body.success).toBe(true);
      expect(response.body.data.days).toHaveLength(30);
      expect(response.body.data.timeZone).toBe('Asia/Shanghai');
    });
  });
});
