import { libpqEnv, postgresTool } from './postgres-tools';

describe('PostgreSQL programs', () => {
  it('passes the connection, password included, in libpq variables rather than arguments', () => {
    expect(libpqEnv('postgres://aipm:p%40ss@127.0.0.1:5433/aipm_restore?sslmode=require')).toEqual({
      PGHOST: '127.0.0.1',
      PGPORT: '5433',
      PGDATABASE: 'aipm_restore',
      PGUSER: 'aipm',
      PGPASSWORD: 'p@ss',
      PGSSLMODE: 'require',
    });
    expect(libpqEnv('postgresql://db.internal/aipm')).toEqual({ PGHOST: 'db.internal', PGPORT: '5432', PGDATABASE: 'aipm' });
  });

  it('takes PG_BIN_DIR first', () => {
    expect(postgresTool('pg_dump', { PG_BIN_DIR: '/opt/pg16/bin' })).toBe('/opt/pg16/bin/pg_dump');
  });
});
