import type session from 'express-session';
import { createTouchOnReadStore, type SessionStore } from '../auth/touch-on-read.store';
import { STUDENT_SESSION_ID_PREFIX, type StudentSessionUser } from '../common/student-session';
import type { ApiEnv } from '../config/api-env';

type StoredStudentSession = session.SessionData & { student?: Pick<StudentSessionUser, 'accountId'> | StudentSessionUser | null };

/**
 * The student realm's sessions: the same `session` table as the administrator's (ADR 007), every id prefixed
 * `student:` (ADR 061). This store reads and writes only such ids, and the administrator's store refuses them, so a
 * session of one realm is never loaded by the other even with its cookie renamed.
 *
 * Like the administrator's store (createTouchOnReadStore), one statement reads the session, pushes its idle expiry
 * back at most once a minute, and reads who it belongs to: the login, only while it is still an active 学员登录, and
 * the student's name. A login the administrator suspends, deactivates or deletes is signed out on its next request.
 * What is stored is the login's id alone.
 */
export function createStudentSessionStore(env: ApiEnv): SessionStore {
  return createTouchOnReadStore<StudentSessionUser>(env, {
    name: 'StudentSession',
    ownsId: (sid) => sid.startsWith(STUDENT_SESSION_ID_PREFIX),
    owner: {
      select: `CASE WHEN account.id IS NULL THEN NULL ELSE json_build_object(
        'accountId', account.id, 'studentId', account."studentId", 'username', account.username, 'name', student.name) END`,
      joins: `LEFT JOIN student_accounts AS account
        ON account.kind = 'student_login' AND account.status = 'active' AND account.id::text = found.sess #>> '{student,accountId}'
      LEFT JOIN students AS student ON student.id = account."studentId"`,
    },
    read: (stored, student) => ({ ...stored, student }) as session.SessionData,
    stored: (current) => {
      const student = (current as StoredStudentSession).student;
      return { ...current, student: student?.accountId ? { accountId: student.accountId } : null } as session.SessionData;
    },
    poolSize: 5,
  });
}
