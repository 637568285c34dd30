import { STUDENT_PAGES, RESET_LINK_VALID_HOURS, type StudentPortalErrorCode } from '@aipm/contracts';
import type { StudentChangePasswordDto, StudentLoginDto, StudentResetPasswordDto } from '@aipm/contracts/dto';
import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { AuditService } from '../audit/audit.service';
import { DeviceCookies } from '../auth/device-cookie';
import { LoginFailures } from '../auth/login-failures';
import { LoginRateLimitedError } from '../auth/login-rate-limiter';
import { PasswordHasher } from '../auth/password-hasher';
import { STUDENT_SESSION_COOKIE_NAME, studentActorName, studentOf, type StudentSessionUser } from '../common/student-session';
import { StudentError } from '../students/student.error';
import { StudentLoginRateLimiter } from './student-login-rate-limiter';
import { type StudentLogin, StudentLoginsRepository } from './student-logins.repository';
import { StudentPasswordResetsRepository } from './student-password-resets.repository';
import { StudentPortalError } from './student-portal.error';

/** The student realm's device cookies (ADR 037's, with their own name, path and key; ADR 061). */
export const STUDENT_DEVICE_COOKIES = Symbol('STUDENT_DEVICE_COOKIES');

const REFUSED_STATUS: Record<string, StudentPortalErrorCode> = { suspended: 'STUDENT_ACCOUNT_SUSPENDED', inactive: 'STUDENT_ACCOUNT_INACTIVE' };

const REFUSED_LINK = { not_found: 'RESET_LINK_NOT_FOUND', used: 'RESET_LINK_USED', expired: 'RESET_LINK_EXPIRED' } as const;

/** What the limiter and the device cookie key an attempt by: the login as typed, lower-cased. */
const attemptKey = (login: string) => login.toLowerCase();

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The student's sign-in, sign-out, password change and reset by the administrator's link
 * (docs/product/student-portal.md). Sign-in follows the administrator's (ADR 014, 037): reserve the attempt, verify
 * (a dummy verification for an unknown login), then start a new session; a wrong password stays counted.
 */
@Injectable()
export class StudentAuthService {
  constructor(
    private readonly logins: StudentLoginsRepository,
    private readonly resets: StudentPasswordResetsRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: StudentLoginRateLimiter,
    private readonly failures: LoginFailures,
    private readonly audit: AuditService,
    @Inject(STUDENT_DEVICE_COOKIES) private readonly devices: DeviceCookies,
  ) {}

  async login(request: Request, response: Response, dto: StudentLoginDto): Promise<StudentSessionUser> {
    const key = attemptKey(dto.login);
    let attempt;
    try {
      attempt = await this.limiter.reserve(request.ip ?? 'unknown', key, this.devices.deviceOf(request, key));
    } catch (error) {
      if (error instanceof LoginRateLimitedError) response.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
    let account: StudentLogin | null;
    try {
      account = await this.logins.byUsernameOrEmail(dto.login);
      const valid = account?.password ? await this.hasher.verify(account.password, dto.password) : (await this.hasher.verifyNothing(dto.password), false);
      if (!valid) {
        // Named by the login's id when it exists (never the username typed: ADR 061); an unknown login is only counted.
        await this.failures.record(request, account ? studentActorName(account.id) : key, account !== null, { action: 'student.login.fail', entity: 'account', entityId: account?.id ?? null, actorKind: 'student' });
        throw new StudentPortalError('STUDENT_INVALID_CREDENTIALS');
      }
    } catch (error) {
      // A wrong password stays counted (it was reserved as a failure); anything else gives the attempt back.
      if (!(error instanceof StudentPortalError && error.code === 'STUDENT_INVALID_CREDENTIALS')) await this.limiter.abandoned(attempt);
      throw error;
    }
    await this.limiter.succeeded(attempt);
    // Judged after the password, so a stranger learns nothing about an account's state from a wrong guess.
    const refused = REFUSED_STATUS[account!.status];
    if (refused) throw new StudentPortalError(refused);
    const student: StudentSessionUser = { accountId: account!.id, studentId: account!.studentId, username: account!.username, name: account!.name };
    await startSession(request, student);
    await this.logins.stampLastLogin(student.accountId);
    this.devices.set(request, response, key);
    return student;
  }

  async logout(request: Request, response: Response): Promise<void> {
    if (request.session) await new Promise<void>((resolve, reject) => request.session.destroy((error) => (error ? reject(error) : resolve())));
    response.clearCookie(STUDENT_SESSION_COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax' });
  }

  /** Checks the current password, sets the new one, ends the login's other sessions and gives this one a new id. */
  async changePassword(request: Request, dto: StudentChangePasswordDto): Promise<void> {
    const student = studentOf(request)!;
    const account = await this.logins.byId(student.accountId);
    if (!account?.password || !(await this.hasher.verify(account.password, dto.currentPassword))) throw new StudentPortalError('WRONG_CURRENT_PASSWORD');
    await this.logins.changePassword(student.accountId, await this.hasher.hash(dto.newPassword), request.sessionID);
    await startSession(request, student);
  }

  /** The administrator's link: shown once, stored as a hash; the login's earlier links stop working. */
  async createResetLink(accountId: string, administratorId: string | null): Promise<{ path: string; expiresAt: Date }> {
    const account = await this.logins.accountKind(accountId);
    if (!account) throw new StudentError('ACCOUNT_NOT_FOUND');
    if (account !== 'student_login') throw new StudentPortalError('RESET_LINK_NOT_FOR_TOOL_ACCOUNT');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = await this.resets.create(accountId, tokenHash(token), administratorId, RESET_LINK_VALID_HOURS);
    return { path: `${STUDENT_PAGES.resetPrefix}${token}`, expiresAt };
  }

  /** Sets the password once per link; recorded with the student as the actor (nobody is signed in). */
  async resetPassword(request: Request, dto: StudentResetPasswordDto): Promise<void> {
    const passwordHash = await this.hasher.hash(dto.password);
    const outcome = await this.resets.consume(tokenHash(dto.token), passwordHash);
    if (outcome.status !== 'done') throw new StudentPortalError(REFUSED_LINK[outcome.status]);
    await this.audit.record(request, {
      action: 'student.password.reset',
      entity: 'account',
      entityId: outcome.accountId,
      after: { password: true },
      actor: { id: outcome.accountId, email: studentActorName(outcome.accountId), kind: 'student' },
    });
  }
}

/** A new session id (no fixation) carrying the student, saved before the answer leaves. */
function startSession(request: Request, student: StudentSessionUser): Promise<void> {
  return new Promise((resolve, reject) =>
    request.session.regenerate((error) => {
      if (error) return reject(error);
      (request.session as unknown as { student: StudentSessionUser }).student = student;
      request.session.save((saveError) => (saveError ? reject(saveError) : resolve()));
    }),
  );
}
