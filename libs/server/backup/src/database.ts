import { Client } from 'pg';
import type { DatabaseFacts, TableFacts } from './manifest';
import { postgresTool, runPostgresTool } from './postgres-tools';

/** The tables and sequences of the `public` schema, as the schema stands (no list to keep in step). */
async function relations(client: Client, kinds: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS "name" FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = ANY($1) AND NOT c.relispartition
      ORDER BY c.relname`,
    [kinds],
  );
  return rows.map((row) => row.name);
}

const quoted = (name: string) => `"public"."${name.replace(/"/g, '""')}"`;

/** Row count and digest of every table, and every sequence's state, read in the client's current transaction. */
export async function readDatabaseFacts(client: Client): Promise<DatabaseFacts> {
  const tables: Record<string, TableFacts> = {};
  for (const table of await relations(client, ['r', 'p'])) {
    const { rows } = await client.query<{ rows: string; digest: string }>(
      `SELECT count(*)::text AS "rows", md5(coalesce(string_agg("h", '' ORDER BY "h"), '')) AS "digest"
         FROM (SELECT md5(t::text) AS "h" FROM ${quoted(table)} t) s`,
    );
    tables[table] = { rows: Number(rows[0]!.rows), digest: rows[0]!.digest };
  }
  const sequences: Record<string, string> = {};
  for (const sequence of await relations(client, ['S'])) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${quoted(sequence)}`);
    sequences[sequence] = `${rows[0]!.last_value} ${rows[0]!.is_called}`;
  }
  return { tables, sequences };
}

export interface DatabaseSnapshot extends DatabaseFacts {
  serverVersion: string;
  /** admin_config's rows (the site's and the crawler's settings), key by key; empty without that table. */
  settings: Record<string, string>;
}

/**
 * pg_dump in custom format into `file`, and the facts of the very data it dumps: a read-only repeatable-read
 * transaction exports its snapshot, pg_dump works in that snapshot, and the counts and digests are read in it too,
 * so a write made meanwhile is in neither.
 */
export async function dumpDatabase(databaseUrl: string, file: string): Promise<DatabaseSnapshot> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS "snapshot"')).rows as [{ snapshot: string }];
    const dumped = runPostgresTool(postgresTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`], databaseUrl);
    // The facts meanwhile, in the same snapshot; the transaction stays open until pg_dump is done with it.
    const facts = await readDatabaseFacts(client);
    const [{ server_version: serverVersion }] = (await client.query<{ server_version: string }>('SHOW server_version')).rows as [{ server_version: string }];
    const settings = await readSettings(client, Object.keys(facts.tables));
    await dumped;
    await client.query('COMMIT');
    return { ...facts, serverVersion, settings };
  } finally {
    await client.end();
  }
}

async function readSettings(client: Client, tables: readonly string[]): Promise<Record<string, string>> {
  if (!tables.includes('admin_config')) return {};
  const { rows } = await client.query<{ key: string; value: string }>(`SELECT "key", "value" FROM "public"."admin_config" ORDER BY "key"`);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** Why a database cannot take a restore: it has relations of its own (null: it is empty). */
export async function notEmptyReason(databaseUrl: string): Promise<string | null> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS "count" FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p', 'v', 'm', 'S')`,
    );
    const count = rows[0]!.count;
    return count === 0 ? null : `the database already has ${count} table(s), view(s) or sequence(s): restore into an empty database`;
  } finally {
    await client.end();
  }
}

/** pg_restore of a custom-format dump, all or nothing (one transaction, stopping at the first error). */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<void> {
  await runPostgresTool(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${decodeURIComponent(new URL(databaseUrl).pathname.slice(1))}`, file], databaseUrl);
}

/** The facts of a restored database, to compare with the manifest's. */
export async function databaseFacts(databaseUrl: string): Promise<DatabaseFacts> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const facts = await readDatabaseFacts(client);
    await client.query('COMMIT');
    return facts;
  } finally {
    await client.end();
  }
}
