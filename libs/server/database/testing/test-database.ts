import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { runMigrations } from '../src/data-source';

export interface TestDatabase {
  /** Connection URL of the new, empty (or migrated) database. */
  url: string;
  /** Ends every connection to the database and drops it. Safe to call twice. */
  drop(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** Apply every migration before returning. Default false: the database is empty. */
  migrate?: boolean;
}

/**
 * Creates a uniquely named database (`test_<random>`) on the server of `DATABASE_URL`, so test
 * files can run in parallel without sharing rows. Connects through TypeORM's `pg` driver
 * (the workspace has no @types/pg), outside any transaction as CREATE/DROP DATABASE require.
 */
export async function createTestDatabase(options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env['DATABASE_URL'];
  if (!serverUrl) {
    throw new Error(
      'DATABASE_URL is not set: database tests need a PostgreSQL 13+ server, e.g. ' +
        'DATABASE_URL=postgres://aipm@127.0.0.1:55432/postgres npx jest --selectProjects database',
    );
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (server) => server.query(`CREATE DATABASE "${name}"`));

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  const database: TestDatabase = {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      // WITH (FORCE) terminates the remaining connections first (PostgreSQL 13+).
      await onServer(serverUrl, (server) => server.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };

  if (options.migrate) {
    try {
      await runMigrations(database.url);
    } catch (error) {
      await database.drop();
      throw error;
    }
  }
  return database;
}

async function onServer(serverUrl: string, work: (server: DataSource) => Promise<unknown>): Promise<void> {
  const server = new DataSource({ type: 'postgres', url: serverUrl, poolSize: 1 });
  await server.initialize();
  try {
    await work(server);
  } finally {
    await server.destroy();
  }
}
