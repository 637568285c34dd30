import type { DataSource } from 'typeorm';
import { migratedTestDataSource } from '../../testing';
import { SCHEMA_AREAS } from './index';

/** Whitespace is layout: the files are indented for reading, PostgreSQL keeps a body as the migration wrote it. */
const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

function definitionsInFiles(): Map<string, string> {
  const definitions = new Map<string, string>();
  for (const [area, { functions, triggers }] of Object.entries(SCHEMA_AREAS)) {
    for (const text of functions) definitions.set(`function ${/FUNCTION public\.(\w+)\(/.exec(text)?.[1] ?? `unnamed in ${area}`}`, normalized(text));
    for (const text of triggers) {
      const name = /TRIGGER "?(\w+)"?\s/.exec(text)?.[1];
      const table = /\sON public\.(\w+)\s/.exec(text)?.[1];
      definitions.set(`trigger ${table ?? '?'}.${name ?? `unnamed in ${area}`}`, normalized(text));
    }
  }
  return definitions;
}

/** The functions and triggers the migrations left, not counting those of extensions. */
async function definitionsInDatabase(dataSource: Pick<DataSource, 'query'>): Promise<Map<string, string>> {
  const functions: Array<{ name: string; definition: string }> = await dataSource.query(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
  );
  const triggers: Array<{ name: string; table: string; definition: string }> = await dataSource.query(
    `SELECT t.tgname AS name, c.relname AS table, pg_get_triggerdef(t.oid) AS definition
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal`,
  );
  return new Map([
    ...functions.map((row) => [`function ${row.name}`, normalized(row.definition)] as const),
    ...triggers.map((row) => [`trigger ${row.table}.${row.name}`, normalized(row.definition)] as const),
  ]);
}

const sorted = (definitions: Map<string, string>) => Object.fromEntries([...definitions].sort(([a], [b]) => a.localeCompare(b)));

describe('the schema files (libs/server/database/src/schema)', () => {
  let dataSource: DataSource;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ dataSource, close } = await migratedTestDataSource());
  });

  afterAll(async () => {
    await close?.();
  });

  it('hold every function and trigger of the migrated database, word for word', async () => {
    expect(sorted(definitionsInFiles())).toEqual(sorted(await definitionsInDatabase(dataSource)));
  });

  it('see a function changed by a migration that did not change its file', async () => {
    const runner = dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query(`CREATE OR REPLACE FUNCTION public.aipm_query_grams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT ARRAY[value] $$`);
      const changed = await definitionsInDatabase(runner);
      expect(changed.get('function aipm_query_grams')).not.toEqual(definitionsInFiles().get('function aipm_query_grams'));
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
