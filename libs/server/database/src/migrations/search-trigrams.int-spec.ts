import type { DataSource } from 'typeorm';
import { migratedTestDataSource, undoMigrationsFrom } from '../../testing';
import { SearchTrigrams1795800000000 } from './1795800000000-search-trigrams';

/*
 * SearchTrigrams on a real PostgreSQL: rows stored before it gain the runs of three characters, a `q` of three
 * or more is looked up by them, and undoing it gives back the grams and the lookups of pairs.
 */
describe('SearchTrigrams1795800000000', () => {
  let dataSource: DataSource;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ dataSource, close } = await migratedTestDataSource());
  });

  afterAll(async () => {
    await close?.();
  });

  const gramsOf = async (table: string, name: string): Promise<{ search: string[]; phone: string[] }> =>
    (await dataSource.query(`SELECT "searchGrams" AS search, "phoneGrams" AS phone FROM "${table}" WHERE name = $1`, [name]))[0];
  const queryGrams = async (q: string): Promise<string[]> => (await dataSource.query(`SELECT aipm_query_grams($1) AS grams`, [q]))[0].grams;

  it('fills in the runs of three of the rows stored before it, and undoing it takes them out again', async () => {
    await undoMigrationsFrom(dataSource, SearchTrigrams1795800000000);
    await dataSource.query(
      `INSERT INTO registrations (name, phone, "phoneNormalized", school, major) VALUES ('王小明', '138 1234 5678', '+8613812345678', 'HNU', '软件')`,
    );
    await dataSource.query(`INSERT INTO contact_messages (name, phone, "phoneNormalized", subject, message) VALUES ('李娜', '139', '+86139', 'course', 'Abc')`);
    await dataSource.query(`INSERT INTO students (name, phone, "phoneNormalized", school, major, status) VALUES ('张伟', '137', '+86137', '湘大', '统计', 'active')`);
    const before = await gramsOf('registrations', '王小明');
    expect(before.search).toEqual(expect.arrayContaining(['王', '王小', 'hn']));
    expect(before.search).not.toContain('王小明');
    expect(await queryGrams('5678')).toEqual(expect.arrayContaining(['56', '67', '78']));

    await dataSource.runMigrations({ transaction: 'each' });
    const after = await gramsOf('registrations', '王小明');
    expect(after.search).toEqual(expect.arrayContaining([...before.search, '王小明', '小明\x1f', 'hnu']));
    expect(after.phone).toEqual(expect.arrayContaining(['567', '678', '+86']));
    expect((await gramsOf('contact_messages', '李娜')).search).toContain('abc');
    expect((await gramsOf('students', '张伟')).phone).toContain('137');
    // A q is looked up by its runs of three, and a shorter one by itself, as the rows now hold them.
    expect((await queryGrams('5678')).sort()).toEqual(['567', '678']);
    expect(await queryGrams('ABC')).toEqual(['abc']);
    expect(await queryGrams('王小')).toEqual(['王小']);
    expect(await queryGrams('王')).toEqual(['王']);

    await undoMigrationsFrom(dataSource, SearchTrigrams1795800000000);
    expect((await gramsOf('registrations', '王小明')).search.sort()).toEqual(before.search.sort());
    expect((await queryGrams('5678')).sort()).toEqual(['56', '67', '78']);
    await dataSource.runMigrations({ transaction: 'each' });
  });

  it('finds a row by any text of it through the grams, and a text it does not hold by none', async () => {
    await dataSource.query(
      `INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major) VALUES ('赵六', '150 0000 1111', '+8615000001111', 'Zhao6@Example.com', '中南大学', '软件')`,
    );
    const found = async (q: string) =>
      (await dataSource.query(`SELECT count(*)::int AS n FROM registrations WHERE "searchGrams" @> aipm_query_grams($1) AND name = '赵六'`, [q]))[0].n;
    for (const q of ['赵', '赵六', '150 0', 'zhao6@example', '中南大学', '0000 1111']) expect(await found(q)).toBe(1);
    expect(await found('赵七')).toBe(0);
  });
});
