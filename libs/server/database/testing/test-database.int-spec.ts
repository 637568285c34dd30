import { DataSource } from 'typeorm';
import { createTestDatabase, templateNameFor } from './test-database';
import { ALL_MIGRATIONS } from '../src/data-source';

describe(createTestDatabase.name, () => {
  it('explains what is missing when DATABASE_URL is unset', async () => {
    const saved = process.env['DATABASE_URL'];
    delete process.env['DATABASE_URL'];
    try {
      await expect(createTestDatabase()).rejects.toThrow(/DATABASE_URL is not set/);
    } finally {
      process.env['DATABASE_URL'] = saved;
    }
  });

  it('creates a migrated database of its own and drops it', async () => {
    const database = await createTestDatabase({ migrate: true });
    const name = new URL(database.url).pathname.slice(1);
    expect(name).toMatch(/^test_[0-9a-f]{12}$/);

    const client = new DataSource({ type: 'postgres', url: database.url });
    await client.initialize();
    const [{ count }] = await client.query(`SELECT count(*)::int AS count FROM migrations`);
    expect(count).toBe(ALL_MIGRATIONS.length);
    // drop() must succeed even while a connection is still open.
    await database.drop();
    await client.destroy().catch(() => undefined);

    const server = new DataSource({ type: 'postgres', url: process.env['DATABASE_URL'] });
    await server.initialize();
    try {
      expect(await server.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).toEqual([]);
    } finally {
      await server.destroy();
    }
  });

  it('copies migrated databases from one template, each its own: what one suite writes, another never sees', async () => {
    const [first, second] = await Promise.all([createTestDatabase({ migrate: true }), createTestDatabase({ migrate: true })]);
    const open = async (url: string) => new DataSource({ type: 'postgres', url }).initialize();
    const [one, two] = await Promise.all([open(first.url), open(second.url)]);
    try {
      await one.query(`CREATE TABLE copy_check (id int)`);
      expect(await one.query(`SELECT to_regclass('copy_check') IS NOT NULL AS found`)).toEqual([{ found: true }]);
      expect(await two.query(`SELECT to_regclass('copy_check') IS NOT NULL AS found`)).toEqual([{ found: false }]);
      const [{ count }] = await two.query(`SELECT count(*)::int AS count FROM migrations`);
      expect(count).toBe(ALL_MIGRATIONS.length);
    } finally {
      await Promise.all([one.destroy(), two.destroy()]);
      await Promise.all([first.drop(), second.drop()]);
    }
  });
});

describe(templateNameFor.name, () => {
  class First {
    async up() {
      return 'CREATE TABLE a (id int)';
    }
    async down() {
      return 'DROP TABLE a';
    }
  }
  class Edited {
    async up() {
      return 'CREATE TABLE a (id bigint)';
    }
    async down() {
      return 'DROP TABLE a';
    }
  }
  Object.defineProperty(Edited, 'name', { value: 'First' });

  it('names another template when a migration is added or its code is edited, so no test copies a stale schema', () => {
    expect(templateNameFor([First])).toBe(templateNameFor([First]));
    expect(templateNameFor([First])).toMatch(/^test_template_[0-9a-f]{16}$/);
    expect(templateNameFor([First, Edited])).not.toBe(templateNameFor([First]));
    expect(templateNameFor([Edited])).not.toBe(templateNameFor([First]));
  });
});
