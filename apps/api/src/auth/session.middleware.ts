import { Logger } from '@nestjs/common';
import type { RequestHandler } from 'express';
import session from 'express-session';
import { errorBody, statusOf } from '../common/errors/api-exception.filter';
import type { ApiEnv } from '../config/api-env';
import { SESSION_COOKIE_NAME } from '../common/session';
import type { SessionStore } from './session.store';

const logger = new Logger('Session');

/** express-session and passport are typed against express 4's types, the API against express 5's: same calls. */
type ConnectMiddleware = (request: never, response: never, next: (error?: unknown) => void) => void;

/**
 * Idle expiry without `rolling`: a rolling cookie is written on every answer, so an answer to a request that
 * began with the old session and finished after a sign-in (which rotates the session and destroys the old
 * one) put the ended session's id back in the browser, and the next verify was 401 (the dashboard's reads
 * racing the second sign-in). Now the cookie is set only when the session is created or regenerated, has no
 * expiry of its own (it lasts the browser session), and the store ends the session SESSION_IDLE_HOURS after
 * the last request (createSessionStore). `secure: 'auto'` marks the cookie Secure when the request came
 * over HTTPS (X-Forwarded-Proto from the front door, trusted through 'trust proxy').
 */
export function createSessionMiddleware(env: ApiEnv, store: SessionStore): ReturnType<typeof session> {
  return session({
    name: SESSION_COOKIE_NAME,
    secret: env.SESSION_SECRET,
    store,
    resave: false,
    saveUninitialized: false, // no session (and no cookie) for visitors who never sign in
    rolling: false,
    // 'keep', not 'destroy': when the store fails to load a session, express-session leaves req.session unset,
    // and with 'destroy' it then deleted the row at the end of that request, so a database restart signed the
    // administrator out for good (docs/product/back-office.md#sessions). Logout destroys its session explicitly.
    unset: 'keep',
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      path: '/',
      // no maxAge: a session cookie; the idle expiry is the store's (createSessionStore's ttl)
    },
  });
}

/**
 * Wraps the session and passport middlewares: a session that cannot be read or whose user cannot be looked
 * up (PostgreSQL restarting, the pool reconnecting) answers 503 SESSION_UNAVAILABLE and leaves the session
 * as it is, so the next request after the database returns is still signed in. Never a logout, never a 500.
 */
export function failClosedOnStoreError(middleware: ConnectMiddleware): RequestHandler {
  const handle = middleware as unknown as RequestHandler;
  return (request, response, next) => {
    handle(request, response, (error?: unknown) => {
      if (error === undefined || error === null || error === 'route' || error === 'router') {
        next(error as undefined);
        return;
      }
      logger.warn(`session unavailable for ${request.method} ${request.originalUrl}: ${error instanceof Error ? error.message : String(error)}`);
      if (response.headersSent) return;
      response.status(statusOf('SESSION_UNAVAILABLE')).setHeader('Retry-After', '1').json(errorBody('SESSION_UNAVAILABLE'));
    });
  };
}
