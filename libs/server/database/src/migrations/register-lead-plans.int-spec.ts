import type { DataSource, QueryRunner } from 'typeorm';
import { migratedTestDataSource, undoMigrationsFrom } from '../../testing';
import { RegisterLeadPlans1795900000000 } from './1795900000000-register-lead-plans';

/*
 * RegisterLeadPlans on a real PostgreSQL: a connection whose first registrations found `registrations` as the
 * migrations leave it (empty, and known to be: building its indexes recorded 0 rows) keeps reading it by index
 * once it has grown. Without the migration its cached plans scan the whole table. Each case has a database of
 * its own, since emptying a table again (TRUNCATE) makes its size unknown, and then the planner guesses larger.
 */
describe('RegisterLeadPlans1795900000000', () => {
  let phones = 0;
  /** A registration of a phone never seen before, through the function, on `connection`. */
  const register = (connection: QueryRunner) =>
    connection.query(`SELECT * FROM aipm_register_lead($1, 24, NULL, NULL, '王小明', '138', 'HNU', '软件', NULL, 'v1', now(), '127.0.0.1', 'jest')`, [
      `+86139${String((phones += 1)).padStart(8, '0')}`,
    ]);

  /** Sequential scans of `registrations` so far, with this connection's own counts flushed first. */
  async function sequentialScans(connection: QueryRunner): Promise<number> {
    await connection.query(`SELECT pg_stat_force_next_flush()`);
    const [row] = await connection.query(`SELECT seq_scan::int AS scans FROM pg_stat_user_tables WHERE relname = 'registrations'`);
    return row.scans;
  }

  /** A connection registers ten leads in the new table, which then grows by 2,000 rows, unanalysed. */
  async function scansOfARegistrationOnceGrown(dataSource: DataSource): Promise<number> {
    const connection = dataSource.createQueryRunner();
    try {
      for (let call = 0; call < 10; call += 1) await register(connection);
      await dataSource.query(
        `INSERT INTO registrations (name, phone, "phoneNormalized", school, major)
         SELECT 'Lead ' || n, '137', '+86137' || lpad(n::text, 8, '0'), 'HNU', '软件' FROM generate_series(1, 2000) AS n`,
      );
      const before = await sequentialScans(connection);
      await register(connection);
      return (await sequentialScans(connection)) - before;
    } finally {
      await connection.release();
    }
  }

  it('reads by index a table that was empty when the connection planned its registrations', async () => {
    const { dataSource, close } = await migratedTestDataSource();
    try {
      expect(await scansOfARegistrationOnceGrown(dataSource)).toBe(0);
    } finally {
      await close();
    }
  });

  it('scanned the whole table without it: undoing it brings the scans back', async () => {
    const { dataSource, close } = await migratedTestDataSource();
    try {
      await undoMigrationsFrom(dataSource, RegisterLeadPlans1795900000000);
      expect(await scansOfARegistrationOnceGrown(dataSource)).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});
