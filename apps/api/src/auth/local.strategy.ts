import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { SessionUser } from '../common/session';
import { AuthService } from './auth.service';
import { AuthError } from './auth.error';

/** Email + password against the administrator row; the login guard has validated and normalised both. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password' });
  }

  async validate(email: string, password: string): Promise<SessionUser> {
    const user = await this.auth.validateCredentials(email, password);
    // One message for an unknown email and a wrong password: never tell which.
    if (!user) throw new AuthError('INVALID_CREDENTIALS');
    return user;
  }
}
