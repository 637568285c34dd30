import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionUser } from '../common/guards/admin-session.guard';
import { AuthService } from './auth.service';

type Done<T> = (error: unknown, value?: T | false) => void;

/** The session stores only the user id; each request reloads the row, so a removed administrator is out at once. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly auth: AuthService) {
    super();
  }

  serializeUser(user: SessionUser, done: Done<string>): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: Done<SessionUser>): void {
    this.auth.findAdmin(id).then(
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  }
}
