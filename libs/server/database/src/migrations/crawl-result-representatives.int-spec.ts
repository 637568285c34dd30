import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { ALL_MIGRATIONS } from '../data-source';
import { insertCrawlResults, migratedTestDataSource, type TestCrawlResult, undoMigrationsFrom } from '../../testing';
import { CrawlResultRepresentatives1795556900000 } from './1795556900000-crawl-result-representatives';

/**
 * The posting rule of ADR 020 written as the list wrote it before the stored flag: no member of the same key
 * ranks before the row (published, reviewed, pending, then createdAt, then id); a row without a key stands alone.
 */
const PLAIN_RULE = `SELECT id FROM crawl_results result WHERE NOT EXISTS (
    SELECT 1 FROM crawl_results better WHERE better."dedupeKey" = result."dedupeKey"
      AND (CASE better.status WHEN 'published' THEN 0 WHEN 'pending' THEN 2 ELSE 1 END, better."createdAt", better.id)
        < (CASE result.status WHEN 'published' THEN 0 WHEN 'pending' THEN 2 ELSE 1 END, result."createdAt", result.id))
  ORDER BY id`;

/** ADR 028 point 5: crawl_results."isRepresentative", kept by statement triggers, equals the plain rule. */
describe(CrawlResultRepresentatives1795556900000.name, () => {
  let dataSource: DataSource;
  let close: () => Promise<void>;

  const ids = async (sql: string) => ((await dataSource.query(sql)) as Array<{ id: string }>).map((row) => row.id);
  const expectFlagIsTheRule = async () => {
    const rule = await ids(PLAIN_RULE);
    expect(await ids(`SELECT id FROM crawl_results WHERE "isRepresentative" ORDER BY id`)).toEqual(rule);
    return rule;
  };
  const insert = (rows: TestCrawlResult[]) => insertCrawlResults(dataSource, rows);

  beforeAll(async () => {
    ({ dataSource, close } = await migratedTestDataSource());
  });

  afterAll(async () => {
    await close?.();
  });

  it('fills the flag of rows stored before it from the rule', async () => {
    await undoMigrationsFrom(dataSource, CrawlResultRepresentatives1795556900000);
    expect((await dataSource.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`))[0].name).toBe(ALL_MIGRATIONS[ALL_MIGRATIONS.indexOf(CrawlResultRepresentatives1795556900000) - 1]!.name);
    await dataSource.query(
      `INSERT INTO crawl_results (title, company, "sourceUrl", "dedupeKey", status, "createdAt")
       SELECT '职位', '公司', 'https://example.com/before/' || i,
              CASE WHEN i % 7 = 0 THEN NULL ELSE 'posting-' || (i % 40) END,
              (ARRAY['pending','pending','approved','rejected','published'])[1 + (i * 3) % 5],
              timestamptz '2026-01-01' + ((i / 4) * interval '1 minute')
       FROM generate_series(1, 300) AS i`,
    );
    await dataSource.runMigrations({ transaction: 'each' });
    const rule = await expectFlagIsTheRule();
    expect(rule.length).toBeGreaterThan(40);
    expect(rule.length).toBeLessThan(300);
  });

  it('equals the rule after inserts, updates of the columns it reads, deletes and review actions', async () => {
    await dataSource.query(`DELETE FROM crawl_results`);
    // Several postings in one statement, ties on createdAt, rows without a key.
    const [a1, a2, a3, b1, b2, n1] = await insert([
      { url: 'https://example.com/a1', key: 'a', createdAt: '2026-02-01T00:00:00Z' },
      { url: 'https://example.com/a2', key: 'a', createdAt: '2026-02-01T00:00:00Z' },
      { url: 'https://example.com/a3', key: 'a', createdAt: '2026-01-01T00:00:00Z' },
      { url: 'https://example.com/b1', key: 'b', status: 'approved', createdAt: '2026-03-01T00:00:00Z' },
      { url: 'https://example.com/b2', key: 'b', createdAt: '2026-01-01T00:00:00Z' },
      { url: 'https://example.com/n1', key: null },
      { url: 'https://example.com/n2', key: null },
    ]);
    await expectFlagIsTheRule();

    // One row at a time, as the writers and the back office write.
    await insert([{ url: 'https://example.com/a4', key: 'a', createdAt: '2025-12-01T00:00:00Z' }]);
    await expectFlagIsTheRule();
    await insert([{ url: 'https://example.com/c1', key: 'c' }]);
    await expectFlagIsTheRule();

    // The worker's upsert: a re-crawl moves a pending row to another posting (ON CONFLICT DO UPDATE).
    await dataSource.query(
      `INSERT INTO crawl_results (title, company, "sourceUrl", "dedupeKey") VALUES ('产品经理', '公司', 'https://example.com/a2', 'b')
       ON CONFLICT ON CONSTRAINT "UQ_crawl_results_sourceUrl" DO UPDATE SET "dedupeKey" = EXCLUDED."dedupeKey" WHERE crawl_results.status = 'pending'`,
    );
    await expectFlagIsTheRule();

    // Updates of each column the rule reads: key (to another posting, to none, from none), status, createdAt.
    for (const [sql, parameters] of [
      [`UPDATE crawl_results SET "dedupeKey" = 'c' WHERE id = $1`, [a3]],
      [`UPDATE crawl_results SET "dedupeKey" = NULL WHERE id = $1`, [b1]],
      [`UPDATE crawl_results SET "dedupeKey" = 'a' WHERE id = $1`, [n1]],
      [`UPDATE crawl_results SET "createdAt" = '2020-01-01' WHERE id = $1`, [a1]],
      [`UPDATE crawl_results SET status = 'rejected' WHERE id = $1`, [b2]],
      [`UPDATE crawl_results SET status = 'published' WHERE id = $1`, [a2]],
      [`UPDATE crawl_results SET title = '改过的标题'`, []],
      [`UPDATE crawl_results SET "dedupeKey" = 'everything'`, []],
    ] as Array<[string, unknown[]]>) {
      await dataSource.query(sql, parameters);
      await expectFlagIsTheRule();
    }

    // Review actions as the API runs them: approve a pending copy (conditional update), publish it, clear history.
    await dataSource.query(`UPDATE crawl_results SET "dedupeKey" = CASE WHEN id IN ($1, $2) THEN 'z' ELSE "dedupeKey" END, status = 'pending'`, [a1, b2]);
    await expectFlagIsTheRule();
    const [later] = await ids(`SELECT id FROM crawl_results WHERE id IN ('${a1}', '${b2}') AND NOT "isRepresentative"`);
    await dataSource.query(`UPDATE crawl_results SET status = 'approved', "reviewedAt" = now() WHERE id = $1 AND status = 'pending'`, [later]);
    expect(await ids(`SELECT id FROM crawl_results WHERE "dedupeKey" = 'z' AND "isRepresentative"`)).toEqual([later]);
    await expectFlagIsTheRule();
    await dataSource.query(`UPDATE crawl_results SET status = 'published', "publishedAt" = now() WHERE id = $1`, [later]);
    await expectFlagIsTheRule();
    await dataSource.query(`DELETE FROM crawl_results WHERE status <> 'published'`);
    await expectFlagIsTheRule();

    // Deletes: the posting's item goes, the next member takes its place.
    await insert([
      { url: 'https://example.com/d1', key: 'd', createdAt: '2026-01-01T00:00:00Z' },
      { url: 'https://example.com/d2', key: 'd', createdAt: '2026-01-02T00:00:00Z' },
      { url: 'https://example.com/d3', key: 'd', createdAt: '2026-01-03T00:00:00Z' },
    ]);
    const [first] = await ids(`SELECT id FROM crawl_results WHERE "dedupeKey" = 'd' AND "isRepresentative"`);
    await dataSource.query(`DELETE FROM crawl_results WHERE id = $1`, [first]);
    await expectFlagIsTheRule();
    expect(await ids(`SELECT id FROM crawl_results WHERE "dedupeKey" = 'd' AND "isRepresentative"`)).toEqual(await ids(`SELECT id FROM crawl_results WHERE "sourceUrl" = 'https://example.com/d2'`));
  });

  it('gives a new posting one representative when four writers add its first rows at once, round after round', async () => {
    for (let round = 0; round < 5; round += 1) {
      const key = `race-${round}`;
      // Each writer holds its transaction open a moment after its insert, so the four inserts overlap: without
      // the posting's lock each would rank only its own row, all four uncommitted to the others.
      await Promise.all(
        [0, 1, 2, 3].map(async (writer) => {
          const runner = dataSource.createQueryRunner();
          await runner.connect();
          try {
            await runner.startTransaction();
            await runner.query(`INSERT INTO crawl_results (title, company, "sourceUrl", "dedupeKey") VALUES ('产品经理', '公司', $1, $2)`, [`https://example.com/${key}/${writer}`, key]);
            await sleep(50);
            await runner.commitTransaction();
          } finally {
            await runner.release();
          }
        }),
      );
      const [{ members, items }] = await dataSource.query(`SELECT count(*)::int AS members, count(*) FILTER (WHERE "isRepresentative")::int AS items FROM crawl_results WHERE "dedupeKey" = $1`, [key]);
      expect({ round, members, items }).toEqual({ round, members: 4, items: 1 });
    }
    await expectFlagIsTheRule();
  });
});
