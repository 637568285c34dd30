import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { ALL_MIGRATIONS, createDataSourceOptions } from '../src/data-source';
import { createTestDatabase } from './test-database';

/** A new test database with every migration applied, a DataSource on it (a pool of 8), and how to close both. */
export async function migratedTestDataSource(): Promise<{ dataSource: DataSource; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const dataSource = new DataSource(createDataSourceOptions(database.url, { extra: { max: 8 } }));
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    // A failed migration leaves no database behind for the next run to trip over.
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.drop();
    throw error;
  }
  return {
    dataSource,
    close: async () => {
      await dataSource.destroy();
      await database.drop();
    },
  };
}

/** Undoes `migration` and every migration newer than it: the schema as it was just before `migration`. */
export async function undoMigrationsFrom(dataSource: DataSource, migration: (typeof ALL_MIGRATIONS)[number]): Promise<void> {
  const itAndNewer = ALL_MIGRATIONS.length - ALL_MIGRATIONS.indexOf(migration);
  for (let undone = 0; undone < itAndNewer; undone += 1) await dataSource.undoLastMigration({ transaction: 'each' });
}

export interface TestCrawlResult {
  url: string;
  key: string | null;
  status?: string;
  createdAt?: string;
}

/** Inserts crawl results in one statement (pending and created now unless said), as the writers do; their ids in order. */
export async function insertCrawlResults(runner: DataSource | EntityManager | QueryRunner, rows: TestCrawlResult[]): Promise<string[]> {
  const inserted: Array<{ id: string }> = await runner.query(
    `INSERT INTO crawl_results (title, company, "sourceUrl", "dedupeKey", status, "createdAt")
     SELECT '产品经理', '公司', url, key, coalesce(status, 'pending'), coalesce(created, now())
     FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) WITH ORDINALITY AS row (url, key, status, created, place)
     ORDER BY place
     RETURNING id`,
    [rows.map((row) => row.url), rows.map((row) => row.key), rows.map((row) => row.status ?? null), rows.map((row) => row.createdAt ?? null)],
  );
  return inserted.map((row) => row.id);
}
