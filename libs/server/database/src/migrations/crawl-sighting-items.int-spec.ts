import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource, QueryRunner } from 'typeorm';
import { insertCrawlResults, migratedTestDataSource, undoMigrationsFrom } from '../../testing';
import { CrawlSightingItems1795700000000 } from './1795700000000-crawl-sighting-items';

/**
 * Each sighting's item as ADR 020 defines it, from the rows alone (not from the stored flag): the member of the
 * sighted result's posting that ranks first (published, reviewed, pending, then createdAt, then id), or the result
 * itself without a key; with that item's createdAt and status.
 */
const RULE = `SELECT sighting."resultId", sighting."taskId", coalesce(first.id, sighted.id) AS "itemId",
       coalesce(first."createdAt", sighted."createdAt") AS "itemCreatedAt", coalesce(first.status, sighted.status) AS "itemStatus"
  FROM crawl_result_sightings sighting JOIN crawl_results sighted ON sighted.id = sighting."resultId"
  LEFT JOIN LATERAL (
    SELECT member.id, member."createdAt", member.status FROM crawl_results member WHERE member."dedupeKey" = sighted."dedupeKey"
    ORDER BY CASE member.status WHEN 'published' THEN 0 WHEN 'pending' THEN 2 ELSE 1 END, member."createdAt", member.id LIMIT 1
  ) first ON true
  ORDER BY 1, 2`;
const STORED = `SELECT "resultId", "taskId", "itemId", "itemCreatedAt", "itemStatus" FROM crawl_result_sightings ORDER BY 1, 2`;

/** ADR 028 point 8: crawl_result_sightings' item columns, kept by triggers, equal the rule after every write. */
describe(CrawlSightingItems1795700000000.name, () => {
  let dataSource: DataSource;
  let close: () => Promise<void>;
  let tasks: string[];

  const expectItemsAreTheRule = async () => {
    const rule = await dataSource.query(RULE);
    expect(await dataSource.query(STORED)).toEqual(rule);
    return rule as Array<{ resultId: string; itemId: string }>;
  };
  /** As the worker writes a sighting (crawl-result.writer.ts). */
  const sight = (resultId: string, taskId: string, runner: DataSource | QueryRunner = dataSource) =>
    runner.query(
      `INSERT INTO crawl_result_sightings ("resultId", "taskId", "lastJobId") VALUES ($1, $2, 'job')
       ON CONFLICT ON CONSTRAINT "PK_crawl_result_sightings" DO UPDATE SET "lastFoundAt" = now(), "lastJobId" = EXCLUDED."lastJobId"`,
      [resultId, taskId],
    );
  const itemOf = async (resultId: string) => (await dataSource.query(`SELECT "itemId" FROM crawl_result_sightings WHERE "resultId" = $1`, [resultId]))[0]?.itemId as string;

  beforeAll(async () => {
    ({ dataSource, close } = await migratedTestDataSource());
    tasks = ((await dataSource.query(`INSERT INTO crawl_tasks (name, keywords) SELECT '任务' || t, ARRAY['AI产品经理'] FROM generate_series(1, 3) AS t RETURNING id`)) as Array<{ id: string }>).map((row) => row.id);
  });

  afterAll(async () => {
    await close?.();
  });

  it('fills the items of sightings stored before it', async () => {
    await undoMigrationsFrom(dataSource, CrawlSightingItems1795700000000);
    await dataSource.query(
      `INSERT INTO crawl_results ("taskId", title, company, "sourceUrl", "dedupeKey", status, "createdAt")
       SELECT ($1::uuid[])[1 + i % 3], '职位', '公司', 'https://example.com/before/' || i,
              CASE WHEN i % 7 = 0 THEN NULL ELSE 'posting-' || (i % 40) END,
              (ARRAY['pending','pending','approved','rejected','published'])[1 + (i * 3) % 5],
              timestamptz '2026-01-01' + ((i / 4) * interval '1 minute')
       FROM generate_series(1, 300) AS i`,
      [tasks],
    );
    await dataSource.query(`INSERT INTO crawl_result_sightings ("resultId", "taskId") SELECT id, "taskId" FROM crawl_results`);
    await dataSource.query(`INSERT INTO crawl_result_sightings ("resultId", "taskId") SELECT id, $1 FROM crawl_results WHERE "sourceUrl" LIKE '%5' ON CONFLICT DO NOTHING`, [tasks[0]]);
    await dataSource.runMigrations({ transaction: 'each' });
    const rule = await expectItemsAreTheRule();
    expect(rule.length).toBeGreaterThan(300);
    // Most sightings name another member of their posting: the fill did more than copy the result.
    expect(rule.filter((row) => row.itemId !== row.resultId).length).toBeGreaterThan(100);
  });

  it('equals the rule after sightings, inserts, updates of what ranks a posting, review actions and deletes', async () => {
    await dataSource.query(`DELETE FROM crawl_results`);
    const [a1, a2, a3, b1, b2, n1] = await insertCrawlResults(dataSource, [
      { url: 'https://example.com/a1', key: 'a', createdAt: '2026-02-01T00:00:00Z' },
      { url: 'https://example.com/a2', key: 'a', createdAt: '2026-02-01T00:00:00Z' },
      { url: 'https://example.com/a3', key: 'a', createdAt: '2026-01-01T00:00:00Z' },
      { url: 'https://example.com/b1', key: 'b', status: 'approved', createdAt: '2026-03-01T00:00:00Z' },
      { url: 'https://example.com/b2', key: 'b', createdAt: '2026-01-01T00:00:00Z' },
      { url: 'https://example.com/n1', key: null },
    ]);
    for (const [result, task] of [[a1, 0], [a2, 1], [b2, 0], [n1, 2], [a1, 0]] as const) await sight(result!, tasks[task]!);
    await dataSource.query(`INSERT INTO crawl_result_sightings ("resultId", "taskId") SELECT id, $1 FROM crawl_results ON CONFLICT DO NOTHING`, [tasks[2]]);
    await expectItemsAreTheRule();
    expect(await itemOf(b2!)).toBe(b1);

    // A member found later that ranks first (older) becomes every sighting's item.
    const [a0] = await insertCrawlResults(dataSource, [{ url: 'https://example.com/a0', key: 'a', createdAt: '2025-12-01T00:00:00Z' }]);
    await expectItemsAreTheRule();
    expect(await itemOf(a1!)).toBe(a0);

    for (const [sql, parameters] of [
      [`UPDATE crawl_results SET "dedupeKey" = 'c' WHERE id = $1`, [a3]],
      [`UPDATE crawl_results SET "dedupeKey" = NULL WHERE id = $1`, [b1]],
      [`UPDATE crawl_results SET "dedupeKey" = 'a' WHERE id = $1`, [n1]],
      [`UPDATE crawl_results SET "createdAt" = '2020-01-01' WHERE id = $1`, [a1]],
      [`UPDATE crawl_results SET status = 'rejected' WHERE id = $1`, [b2]],
      [`UPDATE crawl_results SET status = 'approved', "reviewedAt" = now() WHERE id = $1 AND status = 'pending'`, [a2]],
      [`UPDATE crawl_results SET status = 'published', "publishedAt" = now() WHERE id = $1`, [a2]],
      [`UPDATE crawl_results SET title = '改过的标题'`, []],
      [`DELETE FROM crawl_results WHERE id = $1`, [a2]],
      [`UPDATE crawl_results SET "dedupeKey" = 'everything'`, []],
      [`DELETE FROM crawl_results WHERE status <> 'published' AND id <> $1`, [a1]],
    ] as Array<[string, unknown[]]>) {
      await dataSource.query(sql, parameters);
      await expectItemsAreTheRule();
    }
  });

  describe('a sighting stored while another writer ranks its posting anew', () => {
    /** Runs `work` in a transaction on its own connection, then commits. */
    const inTransaction = async (work: (runner: QueryRunner) => Promise<void>) => {
      const runner = dataSource.createQueryRunner();
      await runner.connect();
      try {
        await runner.startTransaction();
        await work(runner);
        await runner.commitTransaction();
      } finally {
        await runner.release();
      }
    };

    it('names the new item when the ranking writer commits while the sighting waits', async () => {
      for (let round = 0; round < 3; round += 1) {
        const key = `ranked-first-${round}`;
        const [found] = await insertCrawlResults(dataSource, [{ url: `https://example.com/${key}/found`, key }]);
        let sighting: Promise<unknown> = Promise.resolve();
        // The ranking writer adds an older copy (the new item) and holds its transaction open while the sighting
        // of the first copy is stored: the sighting's own reading still sees the first copy as the item.
        await inTransaction(async (runner) => {
          await insertCrawlResults(runner, [{ url: `https://example.com/${key}/older`, key, createdAt: '2020-01-01T00:00:00Z' }]);
          sighting = sight(found!, tasks[round]!);
          await sleep(100);
        });
        await sighting;
        const [older] = await dataSource.query(`SELECT id FROM crawl_results WHERE "sourceUrl" = $1`, [`https://example.com/${key}/older`]);
        expect({ round, item: await itemOf(found!) }).toEqual({ round, item: older.id });
      }
      await expectItemsAreTheRule();
    });

    it('names the new item when the sighting commits while the ranking writer waits', async () => {
      for (let round = 0; round < 3; round += 1) {
        const key = `sighted-first-${round}`;
        const [found] = await insertCrawlResults(dataSource, [{ url: `https://example.com/${key}/found`, key }]);
        let ranking: Promise<unknown> = Promise.resolve();
        await inTransaction(async (runner) => {
          await sight(found!, tasks[round]!, runner);
          ranking = insertCrawlResults(dataSource, [{ url: `https://example.com/${key}/older`, key, createdAt: '2020-01-01T00:00:00Z' }]);
          await sleep(100);
        });
        await ranking;
        const [older] = await dataSource.query(`SELECT id FROM crawl_results WHERE "sourceUrl" = $1`, [`https://example.com/${key}/older`]);
        expect({ round, item: await itemOf(found!) }).toEqual({ round, item: older.id });
      }
      await expectItemsAreTheRule();
    });
  });
});
