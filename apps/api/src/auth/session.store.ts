import { Logger } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import pg from 'pg';
import type { SessionUser } from '../common/session';
import { STUDENT_SESSION_ID_PREFIX } from '../common/student-session';
import type { ApiEnv } from '../config/api-env';
import { SESSION_TABLE } from './session.constants';

const logger = new Logger('Session');

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

/** A session as stored, and as passport keeps it during a request: the administrator's id, or the administrator. */
type StoredSession = session.SessionData & { passport?: { user?: string | SessionUser } };

/**
 * The session with passport's user as `admin` when there is one, else as the bare id (never an administrator
 * object the database did not just give: the serializer trusts an object as read with the session).
 */
function withAdministrator(sess: StoredSession, admin: SessionUser | null): session.SessionData {
  const user = sess.passport?.user;
  if (user === undefined) return sess;
  return { ...sess, passport: { ...sess.passport, user: admin ?? (typeof user === 'string' ? user : user.id) } } as session.SessionData;
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
 * The same statement reads the administrator the session is signed in as (passport keeps the id at
 * `passport.user`): `get` hands passport that row in place of the id, and the serializer takes it as it is,
 * where it looked the administrator up in a second statement on every signed-in request (ADR 007). A session
 * whose administrator is gone keeps the bare id, which the serializer looks up, finds nothing for, and signs out.
 */
export function createSessionStore(env: ApiEnv): SessionStore {
  const PgStore = connectPgSimple(session);
  const ttlSeconds = env.SESSION_IDLE_HOURS * 60 * 60;
  // Our pool, shared with connect-pg-simple, so the read below does not reach into its internals.
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL });
  const warn = (...args: unknown[]) => logger.warn(`session store: ${args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ')}`);
  // An idle client's error (the database restarting) would otherwise be thrown as an unhandled 'error' event.
  pool.on('error', (error) => warn('pool:', error));
  // The CTE's UPDATE matches only a row pushed back over the interval ago; otherwise the row is read as it is
  // (the outer SELECT sees the table as it was before the CTE, so it never returns the row twice).
  // The administrator is matched by the id as text: a malformed id finds nobody instead of failing the cast.
  const readAndTouch = `WITH touched AS (
      UPDATE "${SESSION_TABLE}" SET expire = now() + make_interval(secs => $2::int)
      WHERE sid = $1 AND expire >= now() AND expire < now() + make_interval(secs => $2::int - $3::int)
      RETURNING sess)
    SELECT found.sess, json_build_object('id', admin.id, 'email', admin.email, 'mustChangePassword', admin."mustChangePassword") AS admin
    FROM (
      SELECT sess FROM touched
      UNION ALL
      SELECT sess FROM "${SESSION_TABLE}" WHERE sid = $1 AND expire >= now() AND NOT EXISTS (SELECT FROM touched)
    ) AS found
    LEFT JOIN users AS admin ON admin."isAdmin" AND admin.id::text = found.sess #>> '{passport,user}'`;

  class TouchOnReadStore extends PgStore {
    private readonly pruning = setInterval(() => this.pruneSessions(), PRUNE_INTERVAL_MS).unref();

    override get(sid: string, callback: Callback<session.SessionData | null>): void {
      // A student realm's id under the administrator's cookie is no session here (ADR 061).
      if (sid.startsWith(STUDENT_SESSION_ID_PREFIX)) {
        callback(null, null);
        return;
      }
      // Named: each connection parses and plans it once, not on every signed-in request.
      pool.query<{ sess: StoredSession; admin: SessionUser }>({ name: 'aipm-session-read', text: readAndTouch, values: [sid, ttlSeconds, SESSION_TOUCH_INTERVAL_SECONDS] }).then(
        // json columns: pg has parsed them. Without a match json_build_object still gives an object, of nulls.
        ({ rows: [row] }) => callback(null, row ? withAdministrator(row.sess, row.admin.id === null ? null : row.admin) : null),
        (error: Error) => callback(error),
      );
    }

    // What is stored is the id alone, whatever passport holds during the request (changePassword matches on it).
    override set(sid: string, sess: session.SessionData, callback?: (error?: unknown) => void): void {
      super.set(sid, withAdministrator(sess as StoredSession, null), callback);
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
