import type session from 'express-session';
import type { SessionUser } from '../common/session';
import { STUDENT_SESSION_ID_PREFIX } from '../common/student-session';
import type { ApiEnv } from '../config/api-env';
import { createTouchOnReadStore, type SessionStore } from './touch-on-read.store';

export { SESSION_TOUCH_INTERVAL_SECONDS, type SessionStore } from './touch-on-read.store';

/** A session as stored, and as passport keeps it during a request: the administrator's id, or the administrator. */
type StoredSession = session.SessionData & { passport?: { user?: string | SessionUser } };
/** The administrator as the read gives it: an object of nulls when no administrator matched. */
type ReadAdministrator = { id: string | null; email: string | null; mustChangePassword: boolean | null };

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
 * The administrator's sessions (createTouchOnReadStore). The read also gives the administrator the session is signed
 * in as (passport keeps the id at `passport.user`): passport gets that row in place of the id, and the serializer
 * takes it as it is (ADR 007). A session whose administrator is gone keeps the bare id, which the serializer looks
 * up, finds nothing for, and signs out. The administrator is matched by the id as text: a malformed id finds nobody
 * instead of failing the cast. What is stored is the id alone, whatever passport holds during the request
 * (changePassword matches on it).
 */
export function createSessionStore(env: ApiEnv): SessionStore {
  return createTouchOnReadStore<ReadAdministrator>(env, {
    name: 'Session',
    ownsId: (sid) => !sid.startsWith(STUDENT_SESSION_ID_PREFIX),
    owner: {
      select: `json_build_object('id', admin.id, 'email', admin.email, 'mustChangePassword', admin."mustChangePassword")`,
      joins: `LEFT JOIN users AS admin ON admin."isAdmin" AND admin.id::text = found.sess #>> '{passport,user}'`,
    },
    read: (stored, admin) => withAdministrator(stored as StoredSession, admin?.id ? (admin as SessionUser) : null),
    stored: (current) => withAdministrator(current as StoredSession, null),
  });
}
