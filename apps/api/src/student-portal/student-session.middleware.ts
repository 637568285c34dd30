import { randomBytes } from 'node:crypto';
import session from 'express-session';
import { STUDENT_SESSION_COOKIE_NAME, STUDENT_SESSION_ID_PREFIX } from '../common/student-session';
import type { ApiEnv } from '../config/api-env';
import type { SessionStore } from '../auth/session.store';

/**
 * The student realm's express-session: the administrator's settings (ADR 007: no rolling cookie, the idle
 * expiry kept by the store, 'keep' when the store fails) under its own cookie name and id prefix (ADR 061).
 * The cookie's path is the whole site: the public site's /student pages forward it to the API from their loaders.
 */
export function createStudentSessionMiddleware(env: ApiEnv, store: SessionStore): ReturnType<typeof session> {
  return session({
    name: STUDENT_SESSION_COOKIE_NAME,
    secret: env.SESSION_SECRET,
    store,
    genid: () => `${STUDENT_SESSION_ID_PREFIX}${randomBytes(24).toString('base64url')}`,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    unset: 'keep',
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/' },
  });
}
