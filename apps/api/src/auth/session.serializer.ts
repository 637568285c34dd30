import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionUser } from '../common/session';
import { AuthService } from './auth.service';

type Done<T> = (error: unknown, value?: T | false) => void;

/**
 * The session stores only the user id; each request reads the row again, so a removed administrator is out at
 * once. The session store's read already joins it (session.store.ts) and hands it here in place of the id; a
 * bare id (an administrator the read did not find) is looked up, which signs a removed administrator out.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly auth: AuthService) {
    super();
  }

  serializeUser(user: SessionUser, done: Done<string>): void {
    done(null, user.id);
  }

  deserializeUser(payload: string | SessionUser, done: Done<SessionUser>): void {
    if (typeof payload === 'object' && payload !== null) {
      done(null, payload);
      return;
    }
    this.auth.findAdmin(payload).then(
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  }
}
