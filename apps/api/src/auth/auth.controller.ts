import { ADMIN_PASSWORD_MIN_LENGTH, type AdminCheckResponse, type AdminSessionResponse, AUTH_MESSAGES, type AuthResultResponse } from '@aipm/contracts';
import { ChangePasswordDto, LoginDto, RegisterAdminDto } from '@aipm/contracts/dto';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { ADMIN_CHECK, ADMIN_SESSION, AUTH_RESULT, CHANGE_PASSWORD_BODY, LOGIN_BODY, REGISTER_ADMIN_BODY } from './docs/auth.docs';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import type { SessionUser } from '../common/session';
import { AuthService } from './auth.service';
import { DeviceCookies } from './device-cookie';
import { LoginGuard } from './login.guard';
import { SESSION_COOKIE_NAME } from '../common/session';
import { Audited } from '../audit/audited.decorator';

/**
 * The administrator's sign-in, password and logout calls (docs/product/back-office.md#sign-in-page). Everything not
 * marked @Public() needs the administrator session (global guard).
 */
@ApiTags('admin auth')
@Controller('admin')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly devices: DeviceCookies,
  ) {}

  @Public()
  @Get('check')
  @ApiAnswer(ADMIN_CHECK, { description: 'Whether the first administrator has registered' })
  @ApiOperation({ summary: 'Whether an administrator exists (the login page picks its mode from this)' })
  async check(): Promise<AdminCheckResponse> {
    return { success: true, hasAdmin: await this.auth.hasAdmin() };
  }

  @Public()
  @Post('register')
  @Audited({ action: 'auth.register', entity: 'admin' })
  @ApiJsonBody(RegisterAdminDto, REGISTER_ADMIN_BODY)
  @ApiAnswer(AUTH_RESULT, { status: 201, description: 'Registered and signed in (the session cookie is set)' })
  @ApiFailures('ADMIN_EXISTS')
  @ApiOperation({ summary: `First administrator only (403 once one exists); password at least ${ADMIN_PASSWORD_MIN_LENGTH}` })
  async register(@Body() dto: RegisterAdminDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AuthResultResponse> {
    const user = await this.auth.registerFirstAdmin(dto);
    await logIn(request, user);
    this.devices.set(request, response, user.email); // the browser that created the account is a known one (ADR 037)
    return { success: true, message: AUTH_MESSAGES.registered, email: user.email };
  }

  @Public()
  @Post('login')
  @Audited({ action: 'auth.login', entity: 'admin' })
  @HttpCode(HttpStatus.OK)
  @UseGuards(LoginGuard)
  @ApiJsonBody(LoginDto, LOGIN_BODY)
  @ApiAnswer(AUTH_RESULT, { description: 'Signed in: the session cookie is set' })
  @ApiFailures('INVALID_CREDENTIALS', 'LOGIN_RATE_LIMITED', 'LOGIN_THROTTLED', 'LOGIN_UNAVAILABLE', 'SESSION_UNAVAILABLE')
  @ApiOperation({
    summary:
      'Signs in with a new session id and a device cookie; 401 on bad credentials, 429 after repeated failures (Retry-After), unless the browser signed in to the account before',
  })
  login(@Req() request: Request): AuthResultResponse {
    return { success: true, message: AUTH_MESSAGES.loggedIn, email: sessionUser(request).email };
  }

  @Public() // signing out must work with an expired session too
  @Post('logout')
  @Audited({ action: 'auth.logout', entity: 'admin' })
  @HttpCode(HttpStatus.OK)
  @ApiAnswer(AUTH_RESULT, { description: 'Signed out; the session cookie is cleared' })
  @ApiOperation({ summary: 'Ends the session (answers 200 with an expired session too)' })
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AuthResultResponse> {
    await new Promise<void>((resolve, reject) => request.session.destroy((error) => (error ? reject(error) : resolve())));
    response.clearCookie(SESSION_COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax' });
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  }

  @Get('verify')
  @ApiAnswer(AUTH_RESULT, { description: '`{ success: true }` while the session is valid' })
  @ApiOperation({ summary: 'Whether the session is valid (401 otherwise)' })
  verify(): AuthResultResponse {
    return { success: true };
  }

  @Get('session')
  @ApiAnswer(ADMIN_SESSION, { description: 'Who is signed in' })
  @ApiOperation({ summary: 'The signed-in administrator, and whether the first-time password dialog must open' })
  session(@Req() request: Request): AdminSessionResponse {
    const user = sessionUser(request);
    return { success: true, email: user.email, mustChangePassword: user.mustChangePassword };
  }

  @Post('change-password')
  @Audited({ action: 'auth.password.change', entity: 'admin' })
  @HttpCode(HttpStatus.OK)
  @ApiJsonBody(ChangePasswordDto, CHANGE_PASSWORD_BODY)
  @ApiAnswer(AUTH_RESULT, { description: 'Changed; other sessions are ended' })
  @ApiFailures('WRONG_CURRENT_PASSWORD')
  @ApiOperation({ summary: 'Changes the password and ends every other session of the administrator' })
  async changePassword(@Body() dto: ChangePasswordDto, @Req() request: Request): Promise<AuthResultResponse> {
    await this.auth.changePassword(sessionUser(request).id, request.sessionID, dto);
    return { success: true, message: AUTH_MESSAGES.passwordChanged };
  }
}

function sessionUser(request: Request): SessionUser {
  return request.user as SessionUser;
}

/** passport's req.logIn regenerates the session first, so the browser gets a new session id. */
function logIn(request: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) => request.logIn(user, (error) => (error ? reject(error) : resolve())));
}
