import { Inject, type MiddlewareConsumer, Module, type NestModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthModule } from '../auth/auth.module';
import { DeviceCookies } from '../auth/device-cookie';
import { failClosedOnStoreError } from '../auth/session.middleware';
import type { SessionStore } from '../auth/session.store';
import { STUDENT_DEVICE_COOKIE_NAME } from '../common/student-session';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { OutcomesModule } from '../students/outcomes/outcomes.module';
import { StudentsModule } from '../students/students.module';
import { UploadsModule } from '../uploads/uploads.module';
import { StudentSessionGuard } from './guards/student-session.guard';
import { MyRecordModule } from './my-record/my-record.module';
import { OfferReportRateLimitGuard } from './offers/offer-report-rate-limit.guard';
import { StudentOffersController } from './offers/student-offers.controller';
import { StudentOffersService } from './offers/student-offers.service';
import { StudentAuthController, StudentResetLinksController } from './student-auth.controller';
import { STUDENT_DEVICE_COOKIES, StudentAuthService } from './student-auth.service';
import { StudentLoginRateLimiter } from './student-login-rate-limiter';
import { StudentLoginsRepository } from './student-logins.repository';
import { StudentPasswordResetsRepository } from './student-password-resets.repository';
import { createStudentSessionMiddleware } from './student-session.middleware';
import { createStudentSessionStore } from './student-session.store';

export const STUDENT_SESSION_STORE = Symbol('STUDENT_SESSION_STORE');

/** The student device cookie: sent with the student sign-in only, keyed apart from the administrator's. */
const STUDENT_DEVICE_REALM = { name: STUDENT_DEVICE_COOKIE_NAME, path: '/api/student/login', purpose: 'aipm student device cookie v1' };

/**
 * The student realm (docs/product/student-portal.md, ADR 061): /api/student/** with its own session cookie, store and
 * default-deny guard, the student's own records (my-record/, ADR 067) and offer reports (offers/, ADR 066), and the
 * administrator's reset link for a student login. Builds on auth/ (the password hasher, the throttle's design, the
 * failure records) and on the students' outcomes and files; none of those knows of it, beyond the shared realm test
 * in common/.
 */
@Module({
  imports: [AuthModule, MyRecordModule, StudentsModule, OutcomesModule, UploadsModule],
  controllers: [StudentAuthController, StudentResetLinksController, StudentOffersController],
  providers: [
    StudentAuthService,
    StudentLoginsRepository,
    StudentPasswordResetsRepository,
    StudentLoginRateLimiter,
    StudentOffersService,
    OfferReportRateLimitGuard,
    { provide: STUDENT_DEVICE_COOKIES, inject: [API_ENV], useFactory: (env: ApiEnv) => new DeviceCookies(env.SESSION_SECRET, STUDENT_DEVICE_REALM) },
    { provide: STUDENT_SESSION_STORE, inject: [API_ENV], useFactory: createStudentSessionStore },
    { provide: APP_GUARD, useClass: StudentSessionGuard },
  ],
})
export class StudentPortalModule implements NestModule, OnApplicationShutdown {
  constructor(
    @Inject(API_ENV) private readonly env: ApiEnv,
    @Inject(STUDENT_SESSION_STORE) private readonly store: SessionStore,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    // Only the student session is read here: the administrator's middlewares skip this path (auth.module.ts).
    consumer.apply(failClosedOnStoreError(createStudentSessionMiddleware(this.env, this.store))).forRoutes(STUDENT_ROUTES);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

/** Every path of the realm, relative to the API prefix (also what the administrator's session middleware excludes). */
export const STUDENT_ROUTES = 'student/{*path}';
