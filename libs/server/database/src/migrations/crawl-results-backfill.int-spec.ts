import { crawlDedupeKey } from '@aipm/contracts';
import { DataSource } from 'typeorm';
import { ALL_MIGRATIONS, createDataSourceOptions } from '../data-source';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { CrawlResultsBackfill1795514181517 } from './1795514181517-crawl-results-backfill';

/** Rows stored before ADR 020 get the site and the duplicate key the writers would give them today. */
describe(CrawlResultsBackfill1795514181517.name, () => {
  let database: TestDatabase;
  let dataSource: DataSource | undefined;

  const open = async (migrations: unknown[]) => {
    await dataSource?.destroy();
    dataSource = await new DataSource({ ...createDataSourceOptions(database.url), migrations: migrations as never }).initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    return dataSource;
  };
  const insert = (source: DataSource, title: string, company: string, location: string | null, sourceUrl: string, extra: { site?: string; dedupeKey?: string } = {}) =>
    source.query(
      `INSERT INTO crawl_results (title, company, location, "sourceUrl", site, "dedupeKey") VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [title, company, location, sourceUrl, extra.site ?? null, extra.dedupeKey ?? null],
    ) as Promise<Array<{ id: string }>>;
  const row = async (id: string) => ((await dataSource!.query(`SELECT site, "dedupeKey" FROM crawl_results WHERE id = $1`, [id])) as Array<{ site: string | null; dedupeKey: string | null }>)[0];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('fills in site and dedupeKey from the address and the posting, in batches, and leaves stored values alone', async () => {
    const before = await open(ALL_MIGRATIONS.slice(0, ALL_MIGRATIONS.indexOf(CrawlResultsBackfill1795514181517)));
    const [zhaopin] = await insert(before, 'AI 产品经理', '长沙智算科技有限公司', '长沙·岳麓区', 'https://www.zhaopin.com/jobdetail/CC1.htm');
    const [job51] = await insert(before, 'AI产品经理', '长沙智算科技', '长沙市', 'https://jobs.51job.com/changsha/2.html');
    const [elsewhere] = await insert(before, 'AI 产品经理', '某公司', null, 'https://jobs.example.com/zhipin.com/3');
    const [stored] = await insert(before, 'AI 产品经理', '长沙智算科技', '长沙', 'https://www.zhipin.com/job_detail/4.html', { site: 'zhipin', dedupeKey: 'kept|as|written' });
    // More than one batch of 500.
    await before.query(
      `INSERT INTO crawl_results (title, company, location, "sourceUrl")
       SELECT '产品经理 ' || n, '公司 ' || n, '北京', 'https://www.lagou.com/wn/jobs/' || n || '.html' FROM generate_series(1, 1100) AS n`,
    );

    const after = await open(ALL_MIGRATIONS);
    const key = crawlDedupeKey({ title: 'AI 产品经理', company: '长沙智算科技有限公司', location: '长沙·岳麓区' });
    expect(key).not.toBeNull();
    expect(await row(zhaopin!.id)).toEqual({ site: 'zhaopin', dedupeKey: key });
    // The same posting on another site: one review item from now on.
    expect(await row(job51!.id)).toEqual({ site: 'job51', dedupeKey: key });
    expect(await row(elsewhere!.id)).toEqual({ site: null, dedupeKey: null });
    expect(await row(stored!.id)).toEqual({ site: 'zhipin', dedupeKey: 'kept|as|written' });
    expect(await after.query(`SELECT count(*)::int AS left FROM crawl_results WHERE site IS NULL OR "dedupeKey" IS NULL`)).toEqual([{ left: 1 }]);
    expect(await after.query(`SELECT "dedupeKey" FROM crawl_results WHERE "sourceUrl" = 'https://www.lagou.com/wn/jobs/1100.html'`)).toEqual([{ dedupeKey: crawlDedupeKey({ title: '产品经理 1100', company: '公司 1100', location: '北京' }) }]);
  });
});
