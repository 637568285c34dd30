import { LoginDto } from '@aipm/contracts/dto';
import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request, Response } from 'express';
import { InvalidInputError } from '../common/errors/api.error';
import { AuthError } from './auth.error';
import { AuthService } from './auth.service';
import { DeviceCookies } from './device-cookie';
import { LoginFailures } from './login-failures';
import { LoginRateLimitedError, LoginRateLimiter } from './login-rate-limiter';

/**
 * POST /api/admin/login in order: validate the body (400, like every other route; guards run before pipes),
 * reserve the attempt in the limiter (a browser with a valid device cookie for the email against its own
 * allowance; others 429 at the pair or address limit or while the account is paced; 503 if Redis fails),
 * check the credentials with passport-local (401), then sign in, which gives the browser a new session id
 * (passport regenerates the session: no fixation) and a fresh device cookie for the account (ADR 037).
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(
    private readonly limiter: LoginRateLimiter,
    private readonly failures: LoginFailures,
    private readonly auth: AuthService,
    @Inject(DeviceCookies) private readonly devices: DeviceCookies,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const dto = plainToInstance(LoginDto, (request.body ?? {}) as Record<string, unknown>);
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) throw InvalidInputError.fromValidation(errors);
    request.body = dto; // passport-local reads the normalised email from here

    const attempt = await this.reserve(response, request.ip ?? 'unknown', dto.email, this.devices.deviceOf(request, dto.email));
    try {
      await super.canActivate(context);
    } catch (error) {
      // A wrong password stays counted (it was reserved as a failure); anything else gives the attempt back.
      const wrongCredentials = error instanceof AuthError && error.code === 'INVALID_CREDENTIALS';
      if (!wrongCredentials) await this.limiter.abandoned(attempt);
      // Only credential failures are written (those the limiter counts): an audit entry naming the real
      // account, bounded per hour; an unknown email only adds to its address's hourly count.
      else await this.failures.record(request, dto.email, await this.auth.isAdminEmail(dto.email));
      throw error;
    }
    await this.limiter.succeeded(attempt);
    await super.logIn(request);
    this.devices.set(request, response, dto.email);
    return true;
  }

  private async reserve(response: Response, ip: string, email: string, device: string | null) {
    try {
      return await this.limiter.reserve(ip, email, device);
    } catch (error) {
      if (error instanceof LoginRateLimitedError) response.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }
}
