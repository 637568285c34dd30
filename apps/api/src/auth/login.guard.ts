import { LoginDto } from '@aipm/contracts/dto';
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request, Response } from 'express';
import { setTimeout as sleep } from 'node:timers/promises';
import { AuditService } from '../audit/audit.service';
import { InvalidInputError } from '../common/errors/api.error';
import { AuthError } from './auth.error';
import { LoginRateLimitedError, LoginRateLimiter } from './login-rate-limiter';

/**
 * POST /api/admin/login in order: validate the body (400, like every other route; guards run before pipes),
 * reserve the attempt in the limiter (429 at the pair or address limit, 503 if Redis fails), wait the email's
 * slow-down if it has many failures, check the credentials with passport-local (401), then sign in, which
 * gives the browser a new session id (passport regenerates the session: no fixation).
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(
    private readonly limiter: LoginRateLimiter,
    private readonly audit: AuditService,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const dto = plainToInstance(LoginDto, (request.body ?? {}) as Record<string, unknown>);
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) throw InvalidInputError.fromValidation(errors);
    request.body = dto; // passport-local reads the normalised email from here

    const attempt = await this.reserve(context, request.ip ?? 'unknown', dto.email);
    try {
      if (attempt.delayMs > 0) await sleep(attempt.delayMs);
      await super.canActivate(context);
    } catch (error) {
      // A wrong password stays counted (it was reserved as a failure); anything else gives the attempt back.
      const wrongCredentials = error instanceof AuthError && error.code === 'INVALID_CREDENTIALS';
      if (!wrongCredentials) await this.limiter.abandoned(attempt);
      // A failed sign-in names the account it tried, never the password. Only credential failures: those the
      // limiter counts, so a flood of refused (429) attempts cannot flood the log.
      else await this.audit.record(request, { action: 'auth.login.fail', entity: 'admin', actorName: dto.email });
      throw error;
    }
    await this.limiter.succeeded(attempt);
    await super.logIn(request);
    return true;
  }

  private async reserve(context: ExecutionContext, ip: string, email: string) {
    try {
      return await this.limiter.reserve(ip, email);
    } catch (error) {
      if (error instanceof LoginRateLimitedError) {
        context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(error.retryAfterSeconds));
      }
      throw error;
    }
  }
}
