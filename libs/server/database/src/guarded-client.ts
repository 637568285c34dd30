import pg from 'pg';

/**
 * pg's Client with a listener for its own connection errors, for every pool of the apps (TypeORM's through
 * createDataSourceOptions, the session stores'). pg-pool listens to a client only while it is idle: one checked out
 * with no query in flight whose backend ends (PostgreSQL restarting: "terminating connection due to administrator
 * command") emitted an 'error' with no listener, which throws and ends the process (seen in
 * apps/api/test/database-outage.e2e-spec.ts). Nothing more is needed here: the client is no longer queryable, the
 * next query on it fails and is reported where it was asked (a 503 DATABASE_UNAVAILABLE in the API), and the pool
 * drops the client on release.
 */
export class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}
