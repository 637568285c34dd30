import { LIST_TOTAL_ESTIMATED_HEADER } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { DEFERRED_READ_OFFSET, EXACT_COUNT_LIMIT } from '../src/common/list/list-page';
import type { ListSpec } from '../src/common/list/list-query';
import { CONTACT_LIST } from '../src/contact/contact.service';
import { REGISTRATION_LIST } from '../src/registrations/registrations.service';
import { StudentsRepository } from '../src/students/students.repository';
import { STUDENT_LIST } from '../src/students/students.service';
import { testRedisUrl } from '../../../tools/testing/services';
import { adminAgent } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

/*
 * Lists at scale (docs/product/back-office.md#long-lists, ADR 028), through the real routes on a real PostgreSQL: the
 * bigram search finds exactly what a scan with ILIKE finds, the count is exact up to EXACT_COUNT_LIMIT and an announced
 * estimate beyond it, and a deep page (read by ids) is the same page OFFSET gives.
 */

const ROWS = EXACT_COUNT_LIMIT + 1_500;
const range = (from: number, to: number) => encodeURIComponent(JSON.stringify([from, to]));
const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
const totalOf = (contentRange: string) => Number(contentRange.split('/')[1]);

describe('back-office lists at scale', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    // Names from a few characters so searches hit many rows and few; mixed-case ASCII, digits and LIKE's own
    // wildcards in the texts; one createdAt shared by runs of 7 rows, so the id must break the ties.
    await sql.query(
      `INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major, status, "createdAt")
       SELECT (ARRAY['王','李','张','刘','陈'])[1 + i % 5] || (ARRAY['芳','娜','伟','敏'])[1 + (i / 5) % 4] || CASE WHEN i % 97 = 0 THEN '100%' ELSE '' END,
              '138 ' || lpad(i::text, 4, '0') || ' ' || lpad((i * 37 % 10000)::text, 4, '0'), '+86138' || lpad(i::text, 4, '0') || lpad((i * 37 % 10000)::text, 4, '0'),
              CASE WHEN i % 3 = 0 THEN NULL ELSE 'Lead' || i || '@Example.com' END,
              (ARRAY['中南大学','湖南大学','Hunan_Normal'])[1 + i % 3], '软件工程',
              (ARRAY['new','contacted','enrolled','invalid'])[1 + i % 4], timestamptz '2026-01-01' + (i / 7) * interval '1 minute'
       FROM generate_series(1, $1::int) AS i`,
      [ROWS],
    );
    await sql.query(
      `INSERT INTO contact_messages (name, phone, "phoneNormalized", subject, message, status)
       SELECT '赵' || i, '139' || lpad(i::text, 8, '0'), '+86139' || lpad(i::text, 8, '0'), 'course', '想了解学费' || i, 'new'
       FROM generate_series(1, 300) AS i`,
    );
    await sql.query(
      `INSERT INTO students (name, phone, "phoneNormalized", school, major, status)
       SELECT '孙' || i, '137' || lpad(i::text, 8, '0'), '+86137' || lpad(i::text, 8, '0'), '湘潭大学', CASE WHEN i % 2 = 0 THEN '统计学' ELSE '设计学' END, 'active'
       FROM generate_series(1, 300) AS i`,
    );
    await sql.query('ANALYZE');
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(13) }));
    await app.init();
    admin = await adminAgent(app);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  /** Every id of a list, paging through it as react-admin does (500 at a time). */
  async function allIds(path: string, q: string): Promise<{ ids: string[]; total: number }> {
    const ids: string[] = [];
    let total = 0;
    for (let from = 0; ; from += 500) {
      const response = await admin.get(`${path}?range=${range(from, from + 499)}&filter=${filter({ q })}`).expect(200);
      total = totalOf(response.headers['content-range']);
      ids.push(...response.body.data.map((row: { id: string }) => row.id));
      if (response.body.data.length < 500) return { ids, total };
    }
  }

  /** What the search found before the index: each searchable column with ILIKE, the phone's digits with LIKE. */
  async function scanned(table: string, spec: ListSpec, q: string): Promise<string[]> {
    const escape = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const digits = q.replace(/[^\d]/g, '');
    const columns = spec.searchable.map((column) => `"${column}" ILIKE $1`);
    if (digits.length >= 3) columns.push(`"phoneNormalized" LIKE $2`);
    const rows: { id: string }[] = await sql.query(
      `SELECT id FROM ${table} WHERE ${columns.join(' OR ')} ORDER BY "createdAt" DESC NULLS LAST, id DESC`,
      digits.length >= 3 ? [escape(q), escape(digits)] : [escape(q)],
    );
    return rows.map((row) => row.id);
  }

  it.each([
    ['a two-character name', '王芳'],
    ['one character', '娜'],
    ['a three-character run across fields', '伟中'],
    ['mixed-case ASCII of the email', 'lead12@EXAMPLE'],
    ['an underscore, literally', 'hunan_n'],
    ['a percent sign, literally', '100%'],
    ['phone digits with spaces', '138 0012'],
    ['digits that span the spaces of the typed phone', '00120444'],
    ['nothing', '不存在的人'],
  ])('finds on registrations, for %s, exactly the rows a full scan finds, newest first', async (_case, q) => {
    const expected = await scanned('registrations', REGISTRATION_LIST, q);
    const found = await allIds('/api/registrations', q);
    expect(found.ids).toEqual(expected);
    expect(found.total).toBe(expected.length);
  });

  it.each([
    ['messages', '/api/contact', 'contact_messages', CONTACT_LIST, '学费12'],
    ['students', '/api/admin/students', 'students', STUDENT_LIST, '统计'],
  ])('finds on %s exactly what a full scan finds', async (_name, path, table, spec, q) => {
    const expected = await scanned(table, spec, q);
    expect(expected.length).toBeGreaterThan(0);
    expect((await allIds(path, q)).ids).toEqual(expected);
  });

  it.each(['registrations', 'contact_messages', 'students'])('can search %s through the indexes of its stored grams', async (table) => {
    const planOf = (column: string) =>
      sql.transaction(async (manager) => {
        await manager.query('SET LOCAL enable_seqscan = off');
        const plan = await manager.query(`EXPLAIN SELECT 1 FROM ${table} WHERE "${column}" @> aipm_query_grams('12')`);
        return plan.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
      });
    expect(await planOf('searchGrams')).toContain(`"IDX_${table}_searchGrams"`);
    expect(await planOf('phoneGrams')).toContain(`"IDX_${table}_phoneGrams"`);
  });

  it('counts exactly up to the limit and says when the total beyond it is an estimate', async () => {
    const all = await admin.get(`/api/registrations?range=${range(0, 24)}`).expect(200);
    expect(all.headers[LIST_TOTAL_ESTIMATED_HEADER.toLowerCase()]).toBe('true');
    expect(totalOf(all.headers['content-range'])).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(totalOf(all.headers['content-range']) - ROWS)).toBeLessThan(ROWS * 0.2);

    const [{ contacted }] = await sql.query(`SELECT count(*)::int AS contacted FROM registrations WHERE status = 'contacted'`);
    expect(contacted).toBeLessThanOrEqual(EXACT_COUNT_LIMIT);
    const filtered = await admin.get(`/api/registrations?range=${range(0, 24)}&filter=${filter({ status: ['contacted'] })}`).expect(200);
    expect(filtered.headers[LIST_TOTAL_ESTIMATED_HEADER.toLowerCase()]).toBeUndefined();
    expect(filtered.headers['content-range']).toBe(`registrations 0-24/${contacted}`);

    const beyond = await admin.get(`/api/registrations?range=${range(contacted + 10, contacted + 34)}&filter=${filter({ status: ['contacted'] })}`).expect(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.headers['content-range']).toBe(`registrations */${contacted}`);
  });

  it.each([DEFERRED_READ_OFFSET, 7_003, ROWS - 10])('reads the page at offset %i by ids, the same page OFFSET gives', async (offset) => {
    const response = await admin.get(`/api/registrations?range=${range(offset, offset + 24)}`).expect(200);
    const expected: { id: string }[] = await sql.query(
      `SELECT id FROM registrations ORDER BY "createdAt" DESC NULLS LAST, id DESC OFFSET $1 LIMIT 25`,
      [offset],
    );
    expect(response.body.data.map((row: { id: string }) => row.id)).toEqual(expected.map((row) => row.id));
    expect(response.body.data[0]).toHaveProperty('name');
  });
  it('answers the students of a first page and of a deep page with the paid totals a separate query sums', async () => {
    // Enough students for a page read by ids; every seventh pays twice in CNY and once in USD, every third has a
    // pending payment too (not paid, so not in the total).
    await sql.query(
      `INSERT INTO students (name, phone, "phoneNormalized", school, major, status, "createdAt")
       SELECT '周' || i, '136' || lpad(i::text, 8, '0'), '+86136' || lpad(i::text, 8, '0'), '湘潭大学', '设计学', 'active', timestamptz '2025-01-01' + i * interval '1 minute'
       FROM generate_series(1, $1::int) AS i`,
      [DEFERRED_READ_OFFSET + 100],
    );
    await sql.query(
      `INSERT INTO student_payments ("studentId", "paymentNumber", amount, currency, "paymentMethod", "paymentDate", status)
       SELECT student.id, concat_ws('-', 'P', student.id, currency, status, amount), amount, currency, 'transfer', date '2026-01-01', status
       FROM (SELECT id, row_number() OVER (ORDER BY "createdAt" DESC, id DESC) AS n FROM students) AS student
       CROSS JOIN LATERAL (VALUES (100000 + n, 'CNY', 'completed'), (50, 'CNY', 'completed'), (700, 'USD', 'completed'), (999, 'CNY', 'pending')) AS paid(amount, currency, status)
       WHERE n % 7 = 0 AND (status <> 'pending' OR n % 3 = 0)`,
    );
    for (const from of [0, DEFERRED_READ_OFFSET + 7]) {
      const response = await admin.get(`/api/admin/students?range=${range(from, from + 24)}`).expect(200);
      const rows: { id: string; paidTotals: unknown }[] = response.body.data;
      expect(rows).toHaveLength(25);
      const expected = await new StudentsRepository(sql).paidTotalsOf(rows.map((row) => row.id));
      expect(rows.filter((row) => expected.has(row.id)).length).toBeGreaterThanOrEqual(3);
      for (const row of rows) expect(row.paidTotals).toEqual(expected.get(row.id) ?? []);
    }
  });
});
