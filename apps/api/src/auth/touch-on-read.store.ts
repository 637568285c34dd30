import { Logger } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import { GuardedClient } from '@aipm/database';
import pg from 'pg';
import type { ApiEnv } from '../config/api-env';
import { SESSION_TABLE } from './session.constants';

export type SessionStore = session.Store & { close(): Promise<void> | void };

/** Expired rows are deleted in the background this often. */
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;

/**
 * A read pushes the idle expiry back only when it was last pushed back longer ago than this: a session in use
 * is written about once a minute, not on every request (each write is a commit, and a commit waits for the
 * write-ahead log to reach the disk). The idle expiry is hours; it may end up to this much earlier.
 */
export const SESSION_TOUCH_INTERVAL_SECONDS = 60;

type Callback<T> = (error: Error | null, value?: T) => void;

/** What one realm's sessions (the administrator's, a student's) read and keep in the shared `session` table. */
export interface SessionRealm<Owner> {
  /** For the log lines and the read's prepared statement. */
  name: string;
  /** Whether a session id is this realm's: another realm's id under this realm's cookie is no session here (ADR 061). */
  ownsId(sid: string): boolean;
  /** Who the session belongs to, read in the same statement: a JSON expression (`owner`) over `found.sess`, and its joins. */
  owner: { select: string; joins: string };
  /** The session express-session gets, from the stored one and its owner as read (null when none matched). */
  read(stored: session.SessionData, owner: Owner | null): session.SessionData;
  /** What is stored of a session during a request. */
  stored(current: session.SessionData): session.SessionData;
  /** The pool's size; pg's default (10) when absent. */
  poolSize?: number;
}

/**
 * Sessions live in PostgreSQL (connect-pg-simple), so every API process and every restart sees them.
 *
 * The idle expiry lives here, server-side: the cookie carries no expiry (see createSessionMiddleware), and every
 * row expires SESSION_IDLE_HOURS after its session was last used. connect-pg-simple pushes that back in a
 * `touch` that express-session sends after the handler, an UPDATE the answer waits for, after the SELECT that
 * read the session: two statements per signed-in request. Here the read pushes the expiry back itself, in
 * one statement, and `touch` does nothing; and it writes only when the last push is over
 * SESSION_TOUCH_INTERVAL_SECONDS old, so the requests of a session in use are reads, not commits that wait for
 * the disk. A session that has ended (expired, or destroyed by a sign-in that rotated it) matches no row either
 * way, so nothing revives it (ADR 007).
 *
 * The same statement reads who the session belongs to (the realm's `owner`), so no second statement looks them up
 * on every signed-in request (ADR 007, 061).
 */
export function createTouchOnReadStore<Owner>(env: ApiEnv, realm: SessionRealm<Owner>): SessionStore {
  const PgStore = connectPgSimple(session);
  const ttlSeconds = env.SESSION_IDLE_HOURS * 60 * 60;
  const logger = new Logger(realm.name);
  // Our pool, shared with connect-pg-simple, so the read below does not reach into its internals.
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, Client: GuardedClient, ...(realm.poolSize ? { max: realm.poolSize } : {}) });
  const warn = (...args: unknown[]) => logger.warn(`session store: ${args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ')}`);
  // An idle client's error (the database restarting) would otherwise be thrown as an unhandled 'error' event.
  pool.on('error', (error) => warn('pool:', error));
  // The CTE's UPDATE matches only a row pushed back over the interval ago; otherwise the row is read as it is
  // (the outer SELECT sees the table as it was before the CTE, so it never returns the row twice).
  const readAndTouch = `WITH touched AS (
      UPDATE "${SESSION_TABLE}" SET expire = now() + make_interval(secs => $2::int)
      WHERE sid = $1 AND expire >= now() AND expire < now() + make_interval(secs => $2::int - $3::int)
      RETURNING sess)
    SELECT found.sess, ${realm.owner.select} AS owner
    FROM (
      SELECT sess FROM touched
      UNION ALL
      SELECT sess FROM "${SESSION_TABLE}" WHERE sid = $1 AND expire >= now() AND NOT EXISTS (SELECT FROM touched)
    ) AS found
    ${realm.owner.joins}`;
  const statement = `aipm-${realm.name.toLowerCase()}-read`;

  class TouchOnReadStore extends PgStore {
    private readonly pruning = setInterval(() => this.pruneSessions(), PRUNE_INTERVAL_MS).unref();

    override get(sid: string, callback: Callback<session.SessionData | null>): void {
      if (!realm.ownsId(sid)) {
        callback(null, null);
        return;
      }
      // Named: each connection parses and plans it once, not on every signed-in request.
      pool.query<{ sess: session.SessionData; owner: Owner | null }>({ name: statement, text: readAndTouch, values: [sid, ttlSeconds, SESSION_TOUCH_INTERVAL_SECONDS] }).then(
        // json columns: pg has parsed them.
        ({ rows: [row] }) => callback(null, row ? realm.read(row.sess, row.owner) : null),
        (error: Error) => callback(error),
      );
    }

    override set(sid: string, sess: session.SessionData, callback?: (error?: unknown) => void): void {
      if (!realm.ownsId(sid)) {
        callback?.(new Error(`not a ${realm.name} id`));
        return;
      }
      super.set(sid, realm.stored(sess), callback);
    }

    override destroy(sid: string, callback?: (error?: unknown) => void): void {
      if (!realm.ownsId(sid)) {
        callback?.(); // another realm's session is that realm's to end
        return;
      }
      super.destroy(sid, callback);
    }

    override touch(_sid: string, _session: session.SessionData, callback?: () => void): void {
      callback?.(); // get already did it
    }

    override close(): Promise<void> {
      clearInterval(this.pruning);
      super.close();
      return pool.end();
    }
  }

  return new TouchOnReadStore({
    pool,
    tableName: SESSION_TABLE,
    createTableIfMissing: false, // the migration owns the table
    pruneSessionInterval: false, // the class's own timer: a store that is only read would never start the library's
    ttl: ttlSeconds, // seconds: the expiry `set` writes at sign-in
    errorLog: warn, // its failures (a prune while the database restarts) go to our log as warnings, not raw to stderr
  });
}
