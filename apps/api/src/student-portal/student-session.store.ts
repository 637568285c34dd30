import { Logger } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import pg from 'pg';
import { STUDENT_SESSION_ID_PREFIX, type StudentSessionUser } from '../common/student-session';
import type { ApiEnv } from '../config/api-env';
import { SESSION_TABLE } from '../auth/session.constants';
import { SESSION_TOUCH_INTERVAL_SECONDS, type SessionStore } from '../auth/session.store';

const logger = new Logger('StudentSession');
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;

type Callback<T> = (error: Error | null, value?: T) => void;
type StoredStudentSession = session.SessionData & { student?: Pick<StudentSessionUser, 'accountId'> | StudentSessionUser | null };

/**
 * The student realm's sessions: the same `session` table as the administrator's (ADR 007), every id prefixed
 * `student:` (ADR 061). This store reads and writes only such ids, and the administrator's store refuses them, so a
 * session of one realm is never loaded by the other even with its cookie renamed.
 *
 * Like the administrator's store, one statement reads the session, pushes its idle expiry back at most once a
 * minute, and reads who it belongs to: the login, only while it is still an active 学员登录, and the student's
 * name. A login the administrator suspends, deactivates or deletes is signed out on its next request.
 * What is stored is the login's id alone.
 */
export function createStudentSessionStore(env: ApiEnv): SessionStore {
  const PgStore = connectPgSimple(session);
  const ttlSeconds = env.SESSION_IDLE_HOURS * 60 * 60;
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 5 });
  const warn = (...args: unknown[]) => logger.warn(`student session store: ${args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ')}`);
  pool.on('error', (error) => warn('pool:', error));
  const readAndTouch = `WITH touched AS (
      UPDATE "${SESSION_TABLE}" SET expire = now() + make_interval(secs => $2::int)
      WHERE sid = $1 AND expire >= now() AND expire < now() + make_interval(secs => $2::int - $3::int)
      RETURNING sess)
    SELECT found.sess,
      CASE WHEN account.id IS NULL THEN NULL ELSE json_build_object(
        'accountId', account.id, 'studentId', account."studentId", 'username', account.username, 'name', student.name) END AS student
    FROM (
      SELECT sess FROM touched
      UNION ALL
      SELECT sess FROM "${SESSION_TABLE}" WHERE sid = $1 AND expire >= now() AND NOT EXISTS (SELECT FROM touched)
    ) AS found
    LEFT JOIN student_accounts AS account
      ON account.kind = 'student_login' AND account.status = 'active' AND account.id::text = found.sess #>> '{student,accountId}'
    LEFT JOIN students AS student ON student.id = account."studentId"`;

  const ownId = (sid: string) => sid.startsWith(STUDENT_SESSION_ID_PREFIX);

  class StudentSessionStore extends PgStore {
    private readonly pruning = setInterval(() => this.pruneSessions(), PRUNE_INTERVAL_MS).unref();

    override get(sid: string, callback: Callback<session.SessionData | null>): void {
      if (!ownId(sid)) {
        callback(null, null); // an administrator's id under the student cookie: no session here
        return;
      }
      pool.query<{ sess: StoredStudentSession; student: StudentSessionUser | null }>({ name: 'aipm-student-session-read', text: readAndTouch, values: [sid, ttlSeconds, SESSION_TOUCH_INTERVAL_SECONDS] }).then(
        ({ rows: [row] }) => callback(null, row ? ({ ...row.sess, student: row.student } as session.SessionData) : null),
        (error: Error) => callback(error),
      );
    }

    override set(sid: string, sess: session.SessionData, callback?: (error?: unknown) => void): void {
      if (!ownId(sid)) {
        callback?.(new Error('not a student session id'));
        return;
      }
      const student = (sess as StoredStudentSession).student;
      super.set(sid, { ...sess, student: student?.accountId ? { accountId: student.accountId } : null } as session.SessionData, callback);
    }

    override destroy(sid: string, callback?: (error?: unknown) => void): void {
      if (!ownId(sid)) {
        callback?.();
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

  return new StudentSessionStore({
    pool,
    tableName: SESSION_TABLE,
    createTableIfMissing: false,
    pruneSessionInterval: false,
    ttl: ttlSeconds,
    errorLog: warn,
  });
}
