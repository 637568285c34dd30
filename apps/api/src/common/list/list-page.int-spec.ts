import { Cohort, ContactMessage, LeadMerge, Registration, Student } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { DataSource } from 'typeorm';
import { REGISTRATION_LIST } from '../../registrations/registrations.service';
import { ESTIMATE_TRUST_FACTOR, listPage, withBoundedTotal } from './list-page';

/*
 * The bounded total of a list (ADR 028 point 6) on a real PostgreSQL: the planner's estimate is asked first,
 * the rows are counted only when it is not far above the limit, and a page that is not full is its own exact
 * total. A limit of 100 stands in for EXACT_COUNT_LIMIT so a few thousand rows show every case.
 */

const LIMIT = 100;
const ROWS = 2_000;

describe('withBoundedTotal', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let statements: string[];

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    // 2,000 rows: 80 'enrolled' (under the limit), 120 'invalid' (over the limit, estimated under the margin),
    // the rest 'new' (far above it); ANALYZE gives the planner their frequencies.
    await sql.query(
      `INSERT INTO registrations (name, phone, "phoneNormalized", school, major, status, "createdAt")
       SELECT '王' || i, '138' || lpad(i::text, 8, '0'), '+86138' || lpad(i::text, 8, '0'), '湖南大学', '软件工程',
              CASE WHEN i <= 80 THEN 'enrolled' WHEN i <= 200 THEN 'invalid' ELSE 'new' END, timestamptz '2026-01-01' + i * interval '1 minute'
       FROM generate_series(1, $1::int) AS i`,
      [ROWS],
    );
    await sql.query('ANALYZE registrations');
    const query = sql.manager.query.bind(sql.manager);
    // Records each statement the bounded total sends, and sends it: which ones ran is what the tests check.
    jest.spyOn(sql.manager, 'query').mockImplementation((text: string, parameters?: Parameters<typeof query>[1]) => {
      statements.push(text);
      return query(text, parameters);
    });
  });

  beforeEach(() => {
    statements = [];
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await sql?.destroy();
    await database?.drop();
  });

  const matching = (status?: string) => {
    const query = sql.createQueryBuilder().from('registrations', 'registration');
    if (status) query.where('registration.status = :status', { status });
    return query.orderBy('registration."createdAt"', 'DESC');
  };
  const pageOf = (status: string | undefined, offset: number, limit: number) =>
    matching(status).select('registration.id', 'id').offset(offset).limit(limit).getRawMany<{ id: string }>();
  const total = (status: string | undefined, offset: number, limit = 25) => withBoundedTotal(pageOf(status, offset, limit), matching(status), { offset, limit }, LIMIT);
  const counts = () => statements.filter((text) => text.includes('count(*)')).length;

  it('takes the estimate as the total without counting when it is far above the limit', async () => {
    const estimate = await sql.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM registrations WHERE status = 'new'`);
    expect(estimate[0]['QUERY PLAN'][0].Plan['Plan Rows']).toBeGreaterThan(LIMIT * ESTIMATE_TRUST_FACTOR);

    const result = await total('new', 0);
    expect(result.rows).toHaveLength(25);
    expect(result.totalIsEstimate).toBe(true);
    expect(Math.abs(result.total - (ROWS - 200))).toBeLessThan(ROWS * 0.1);
    expect(counts()).toBe(0);
  });

  it('counts exactly when the estimate is under the limit', async () => {
    const result = await total('enrolled', 0);
    expect(result).toMatchObject({ total: 80, totalIsEstimate: false });
    expect(counts()).toBe(1);
  });

  it('counts when the estimate is near the limit, and estimates when the count overflows it', async () => {
    const result = await total('invalid', 25);
    expect(counts()).toBe(1);
    expect(result.totalIsEstimate).toBe(true);
    expect(result.total).toBeGreaterThan(LIMIT);
  });

  it('answers the exact total of a last page that is not full, whatever the estimate', async () => {
    const result = await total(undefined, ROWS - 10);
    expect(result.rows).toHaveLength(10);
    expect(result).toMatchObject({ total: ROWS, totalIsEstimate: false });
  });

  it('answers zero for an empty first page, and an estimate past the end of a long list', async () => {
    expect(await total('nobody', 0)).toMatchObject({ rows: [], total: 0, totalIsEstimate: false });
    const past = await total('new', ROWS);
    expect(past.rows).toEqual([]);
    expect(past.totalIsEstimate).toBe(true);
    expect(past.total).toBeGreaterThanOrEqual(ROWS);
  });
});

/*
 * A `q` search through listPage (ADR 028 point 9): its page and its exact total come from one statement, after
 * the planner's estimate; a search expected to match more than is worth counting reads its page alone.
 */
describe('listPage, a q search', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let statements: string[];

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    // Records every statement the data source sends: which ones ran is what the tests check.
    sql = await new DataSource({
      type: 'postgres',
      url: database.url,
      // A registration links its student (and a student its cohort) and its merge: TypeORM needs the entities they point at.
      entities: [Registration, Student, Cohort, LeadMerge, ContactMessage],
      logger: { logQuery: (text: string) => void statements?.push(text), logQueryError: () => undefined, logQuerySlow: () => undefined, logSchemaBuild: () => undefined, logMigration: () => undefined, log: () => undefined },
    }).initialize();
    // 2,000 leads named 王1 … 王2000: "王" finds all of them, "王123" the eleven of 王123 and 王1230 … 王1239.
    // Their phones hold no 2 (the digits of "王123" are searched in the phones too).
    await sql.query(
      `INSERT INTO registrations (name, phone, "phoneNormalized", school, major, "createdAt")
       SELECT '王' || i, '139' || digits, '+86139' || digits, '湖南大学', '软件工程', timestamptz '2026-01-01' + i * interval '1 minute'
       FROM generate_series(1, $1::int) AS i, translate(lpad(i::text, 8, '0'), '2', '9') AS digits`,
      [ROWS],
    );
    await sql.query('ANALYZE registrations');
  });

  beforeEach(() => {
    statements = [];
  });

  afterAll(async () => {
    await sql?.destroy();
    await database?.drop();
  });

  const search = (q: string, from: number, to: number) =>
    listPage(sql.getRepository(Registration), REGISTRATION_LIST, { range: JSON.stringify([from, to]), filter: JSON.stringify({ q }) }, undefined, LIMIT);
  const sent = (pattern: RegExp) => statements.filter((text) => pattern.test(text)).length;
  const names = (rows: Registration[]) => rows.map((row) => row.name);

  it('reads the page and its exact total in one statement, after the estimate', async () => {
    const page = await search('王123', 0, 4);
    expect(names(page.rows)).toEqual(['王1239', '王1238', '王1237', '王1236', '王1235']);
    expect(page).toMatchObject({ offset: 0, total: 11, totalIsEstimate: false });
    expect(sent(/^EXPLAIN/)).toBe(1);
    expect(sent(/count\(\*\) OVER \(\)/)).toBe(1);
    expect(sent(/count\(\*\)::int/)).toBe(0);
    expect(statements).toHaveLength(2);
  });

  it('counts apart only past the end of the matches, where the window has no row', async () => {
    const page = await search('王123', 20, 24);
    expect(page).toMatchObject({ rows: [], total: 11, totalIsEstimate: false });
    expect(sent(/count\(\*\)::int/)).toBe(1);
    expect(sent(/^EXPLAIN/)).toBe(1); // the estimate that chose the path serves the count too
  });

  it('answers a search that finds nothing with a total of 0, counting nothing', async () => {
    const page = await search('王9999', 0, 24);
    expect(page).toMatchObject({ rows: [], total: 0, totalIsEstimate: false });
    expect(sent(/count\(\*\)::int/)).toBe(0);
    expect(statements).toHaveLength(2);
  });

  it('reads the page alone when the estimate is far above the limit, and announces the estimate', async () => {
    const page = await search('王', 0, 24);
    expect(names(page.rows)).toEqual(Array.from({ length: 25 }, (_, index) => `王${ROWS - index}`));
    expect(page.totalIsEstimate).toBe(true);
    expect(Math.abs(page.total - ROWS)).toBeLessThan(ROWS * 0.1);
    expect(sent(/count\(\*\)/)).toBe(0);
  });
});
