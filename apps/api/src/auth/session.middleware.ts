import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { ApiEnv } from '../config/api-env';
import { SESSION_COOKIE_NAME, SESSION_TABLE } from './session.constants';

export type SessionStore = session.Store & { close(): Promise<void> | void };

/** Sessions live in PostgreSQL (connect-pg-simple), so every API process and every restart sees them. */
export function createSessionStore(env: ApiEnv): SessionStore {
  const PgStore = connectPgSimple(session);
  return new PgStore({
    conString: env.DATABASE_URL,
    tableName: SESSION_TABLE,
    createTableIfMissing: false, // the migration owns the table
    pruneSessionInterval: 15 * 60, // seconds: expired rows are deleted in the background
  }) as SessionStore;
}

/**
 * Idle expiry: `rolling` pushes the cookie and the stored expiry back on every request, so the session
 * ends SESSION_IDLE_HOURS after the last one. `secure: 'auto'` marks the cookie Secure when the request
 * came over HTTPS (X-Forwarded-Proto from the front door, trusted through 'trust proxy').
 */
export function createSessionMiddleware(env: ApiEnv, store: SessionStore): ReturnType<typeof session> {
  return session({
    name: SESSION_COOKIE_NAME,
    secret: env.SESSION_SECRET,
    store,
    resave: false,
    saveUninitialized: false, // no session (and no cookie) for visitors who never sign in
    rolling: true,
    unset: 'destroy',
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      path: '/',
      maxAge: env.SESSION_IDLE_HOURS * 60 * 60 * 1000,
    },
  });
}
