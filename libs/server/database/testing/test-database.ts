import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ALL_MIGRATIONS, runMigrations } from '../src/data-source';

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
  // A migrated database is a copy of a template migrated once per server and migration set: copying takes a
  // fraction of the second or two that running every migration takes, and about 45 suites ask for one.
  const template = options.migrate ? await migratedTemplate(serverUrl) : undefined;
  await onServer(serverUrl, (server) => server.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`));

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

  return database;
}

/**
 * The name of the template for a migration set: it changes with any migration's name or code, so an edited
 * migration never reaches a test through a template made before the edit.
 */
export function templateNameFor(migrations: ReadonlyArray<{ name: string; prototype: { up: unknown; down: unknown } }>): string {
  const hash = createHash('sha256');
  for (const migration of migrations) hash.update(`${migration.name}\n${String(migration.prototype.up)}\n${String(migration.prototype.down)}\n`);
  return `test_template_${hash.digest('hex').slice(0, 16)}`;
}

/** Advisory lock of the template's creation: two Jest workers asking at once make it once. */
const TEMPLATE_LOCK_ID = 7_202_511_028;
const templates = new Map<string, Promise<string>>();

/**
 * The migrated template on the server of `serverUrl`, made when missing: migrated under another name, then
 * renamed, so a template that exists is complete (a run killed mid-migration leaves only a `test_` database,
 * which nothing copies). Templates of older migration sets are dropped when a new one is made.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  const name = templateNameFor(ALL_MIGRATIONS);
  const key = `${serverUrl}#${name}`;
  let made = templates.get(key);
  if (!made) {
    made = onServer(serverUrl, async (server) => {
      const runner = server.createQueryRunner();
      await runner.connect();
      try {
        await runner.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
        const found: unknown[] = await runner.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.length > 0) return;
        const building = `test_${randomBytes(6).toString('hex')}`;
        await runner.query(`CREATE DATABASE "${building}"`);
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        try {
          await runMigrations(url.toString());
        } catch (error) {
          await runner.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
          throw error;
        }
        await runner.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
        const stale: Array<{ datname: string }> = await runner.query(`SELECT datname FROM pg_database WHERE datname LIKE 'test\\_template\\_%' AND datname <> $1`, [name]);
        for (const { datname } of stale) await runner.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]).catch(() => undefined);
        await runner.release();
      }
    }).then(() => name);
    // A failure is not remembered: the next suite tries again and reports its own error.
    made.catch(() => templates.delete(key));
    templates.set(key, made);
  }
  return made;
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
