import { DataSource } from 'typeorm';
import { createTestDatabase } from './test-database';
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
});
