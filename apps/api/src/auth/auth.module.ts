import { Inject, type MiddlewareConsumer, Module, type NestModule, type OnApplicationShutdown, RequestMethod } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import passport from 'passport';
import { AdminSessionGuard } from './guards/admin-session.guard';
import { SameOriginGuard } from './guards/same-origin.guard';
import { NoStoreInterceptor } from '../common/interceptors/no-store.interceptor';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { AdminAccountsRepository } from './admin-accounts.repository';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { DeviceCookies } from './device-cookie';
import { InitialAdminSeeder } from './initial-admin.seeder';
import { LocalStrategy } from './local.strategy';
import { LoginFailures } from './login-failures';
import { LoginFailuresRepository } from './login-failures.repository';
import { LoginGuard } from './login.guard';
import { LoginRateLimiter } from './login-rate-limiter';
import { PasswordHasher } from './password-hasher';
import { createSessionMiddleware, failClosedOnStoreError } from './session.middleware';
import { createSessionStore, type SessionStore } from './session.store';
import { SessionSerializer } from './session.serializer';

/** The session store's provider token (tests watch what reads it). */
export const SESSION_STORE = Symbol('SESSION_STORE');

/**
 * The public forms' posts never read a session and are the API's busiest writes: they skip the session and
 * passport middlewares, which cost a cookieless request a new session object, its id and its hash (ADR 033).
 */
const ROUTES_WITHOUT_SESSION: { path: string; method: RequestMethod }[] = [
  { path: 'registrations', method: RequestMethod.POST },
  { path: 'contact', method: RequestMethod.POST },
  // The probe's answer must not wait for a session read (a frozen database held it for ever, ADR 038).
  { path: 'health', method: RequestMethod.GET },
  // The student realm reads its own session only (student-portal/student-portal.module.ts, ADR 061): an administrator's
  // cookie is not even loaded there.
  { path: 'student/{*path}', method: RequestMethod.ALL },
];

/**
 * Administrator sign-in: session cookie (PostgreSQL store) + passport, and the two global guards: same-origin
 * for state-changing requests with the cookie, then the default-deny administrator guard.
 */
@Module({
  imports: [PassportModule.register({ session: true })],
  controllers: [AuthController],
  providers: [
    AdminAccountsRepository,
    AuthService,
    PasswordHasher,
    LoginRateLimiter,
    LoginFailuresRepository,
    LoginFailures,
    { provide: DeviceCookies, inject: [API_ENV], useFactory: (env: ApiEnv) => new DeviceCookies(env.SESSION_SECRET) },
    LocalStrategy,
    SessionSerializer,
    LoginGuard,
    InitialAdminSeeder,
    { provide: SESSION_STORE, inject: [API_ENV], useFactory: createSessionStore },
    // Order matters: a cross-site request is refused before anything else looks at it.
    { provide: APP_GUARD, useClass: SameOriginGuard },
    { provide: APP_GUARD, useClass: AdminSessionGuard },
    // Beside the guard that decides which routes are the administrator's: their answers are never cached.
    { provide: APP_INTERCEPTOR, useClass: NoStoreInterceptor },
  ],
  // The hasher also stores the student accounts' passwords (argon2id, one cost setting for every login).
  exports: [AuthService, PasswordHasher, LoginFailures],
})
export class AuthModule implements NestModule, OnApplicationShutdown {
  constructor(
    @Inject(API_ENV) private readonly env: ApiEnv,
    @Inject(SESSION_STORE) private readonly store: SessionStore,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(failClosedOnStoreError(createSessionMiddleware(this.env, this.store)), passport.initialize(), failClosedOnStoreError(passport.session()))
      .exclude(...ROUTES_WITHOUT_SESSION)
      .forRoutes('{*path}');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
