import { LoginDto } from '@aipm/contracts/dto';
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request } from 'express';
import { InvalidInputError } from '../common/errors/api.error';
import { AuthError } from './auth.error';
import { LoginRateLimiter } from './login-rate-limiter';

/**
 * POST /api/admin/login in order: validate the body (400, like every other route; guards run before pipes),
 * refuse while rate-limited (429), check the credentials with passport-local (401), then sign in, which
 * gives the browser a new session id (passport regenerates the session: no fixation).
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(private readonly limiter: LoginRateLimiter) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const dto = plainToInstance(LoginDto, (request.body ?? {}) as Record<string, unknown>);
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) throw InvalidInputError.fromValidation(errors);
    request.body = dto; // passport-local reads the normalised email from here

    const ip = request.ip ?? 'unknown';
    await this.limiter.assertAllowed(ip, dto.email);
    try {
      await super.canActivate(context);
    } catch (error) {
      if (error instanceof AuthError && error.code === 'INVALID_CREDENTIALS') await this.limiter.recordFailure(ip, dto.email);
      throw error;
    }
    await this.limiter.recordSuccess(dto.email);
    await super.logIn(request);
    return true;
  }
}
