import { STUDENT_PORTAL_MESSAGES, type ResetLinkResponse, type StudentSessionResponse } from '@aipm/contracts';
import { StudentChangePasswordDto, StudentLoginDto, StudentResetPasswordDto } from '@aipm/contracts/dto';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Audited } from '../audit/audited.decorator';
import { Public } from '../common/decorators/public.decorator';
import { idParam } from '../common/errors/id-param';
import { ApiAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import type { SessionUser } from '../common/session';
import { studentOf } from '../common/student-session';
import { RESET_LINK, STUDENT_LOGIN_BODY, STUDENT_PASSWORD_BODY, STUDENT_RESET_BODY, STUDENT_RESULT, STUDENT_SESSION } from './docs/student-portal.docs';
import { StudentAuthService } from './student-auth.service';

/**
 * The student realm's own calls (docs/product/student-portal.md): everything here needs the student session
 * (StudentSessionGuard) unless marked @Public(). Later calls read only the signed-in student's rows, by the
 * session's ids, never by an id the client sends.
 */
@ApiTags('student')
@Controller('student')
export class StudentAuthController {
  constructor(private readonly auth: StudentAuthService) {}

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @Audited({ action: 'student.login', entity: 'account' })
  @ApiJsonBody(StudentLoginDto, STUDENT_LOGIN_BODY)
  @ApiAnswer(STUDENT_SESSION, { description: 'Signed in: the student session cookie is set' })
  @ApiFailures('STUDENT_INVALID_CREDENTIALS', 'STUDENT_ACCOUNT_SUSPENDED', 'STUDENT_ACCOUNT_INACTIVE', 'LOGIN_RATE_LIMITED', 'LOGIN_THROTTLED', 'LOGIN_UNAVAILABLE', 'SESSION_UNAVAILABLE')
  @ApiOperation({ summary: 'Username or email and password; a new session id; throttled like the administrator sign-in (own counts)' })
  async login(@Body() dto: StudentLoginDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<StudentSessionResponse> {
    const student = await this.auth.login(request, response, dto);
    return { success: true, message: STUDENT_PORTAL_MESSAGES.loggedIn, data: { username: student.username, name: student.name } };
  }

  @Public() // signing out must work with an expired session too
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @Audited({ action: 'student.logout', entity: 'account' })
  @ApiAnswer(STUDENT_RESULT, { description: 'Signed out; the student session cookie is cleared' })
  @ApiOperation({ summary: 'Ends the student session (200 with an expired session too)' })
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<{ success: true; message: string }> {
    await this.auth.logout(request, response);
    return { success: true, message: STUDENT_PORTAL_MESSAGES.loggedOut };
  }

  @Get('session')
  @ApiAnswer(STUDENT_SESSION, { description: 'Who is signed in' })
  @ApiOperation({ summary: 'The signed-in student (401 STUDENT_UNAUTHORIZED otherwise)' })
  session(@Req() request: Request): StudentSessionResponse {
    const student = studentOf(request)!;
    return { success: true, data: { username: student.username, name: student.name } };
  }

  @Post('password')
  @HttpCode(HttpStatus.OK)
  @Audited({ action: 'student.password.change', entity: 'account', details: () => ({ password: true }) })
  @ApiJsonBody(StudentChangePasswordDto, STUDENT_PASSWORD_BODY)
  @ApiAnswer(STUDENT_RESULT, { description: 'Changed; the other sessions of the login are ended and this one gets a new id' })
  @ApiFailures('WRONG_CURRENT_PASSWORD', 'ACCOUNT_PASSWORD_TOO_SHORT')
  @ApiOperation({ summary: 'Changes the student password (new one at least 6 characters)' })
  async changePassword(@Body() dto: StudentChangePasswordDto, @Req() request: Request): Promise<{ success: true; message: string }> {
    await this.auth.changePassword(request, dto);
    return { success: true, message: STUDENT_PORTAL_MESSAGES.passwordChanged };
  }

  @Public()
  @Post('reset')
  @HttpCode(HttpStatus.OK)
  @ApiJsonBody(StudentResetPasswordDto, STUDENT_RESET_BODY)
  @ApiAnswer(STUDENT_RESULT, { description: 'The password is set; the link is used up and every session of the login ended' })
  @ApiFailures('RESET_LINK_NOT_FOUND', 'RESET_LINK_USED', 'RESET_LINK_EXPIRED', 'ACCOUNT_PASSWORD_TOO_SHORT')
  @ApiOperation({ summary: 'Sets a new password with the one-time link the administrator made (24 hours, once)' })
  async reset(@Body() dto: StudentResetPasswordDto, @Req() request: Request): Promise<{ success: true; message: string }> {
    await this.auth.resetPassword(request, dto);
    return { success: true, message: STUDENT_PORTAL_MESSAGES.passwordReset };
  }
}

const AccountIdPipe = idParam('INVALID_ACCOUNT_ID');

/** The administrator's side of the student realm: a one-time reset link for a student login (administrator session). */
@ApiTags('students')
@Controller('admin/student-accounts')
export class StudentResetLinksController {
  constructor(private readonly auth: StudentAuthService) {}

  @Post(':id/reset-link')
  @Audited({ action: 'account.reset_link.create', entity: 'account', details: ({ answer }) => ({ expiresAt: (answer as ResetLinkResponse | undefined)?.data.expiresAt ?? null }) })
  @ApiAnswer(RESET_LINK, { status: 201, description: 'The link, shown once: only a hash of its token is kept' })
  @ApiFailures('INVALID_ACCOUNT_ID', 'ACCOUNT_NOT_FOUND', 'RESET_LINK_NOT_FOR_TOOL_ACCOUNT')
  @ApiOperation({ summary: 'A one-time password-reset link for a student login, valid 24 hours; earlier unused links stop working' })
  async create(@Param('id', AccountIdPipe) id: string, @Req() request: Request): Promise<ResetLinkResponse> {
    const link = await this.auth.createResetLink(id, (request.user as SessionUser | undefined)?.id ?? null);
    return { success: true, message: STUDENT_PORTAL_MESSAGES.resetLinkCreated, data: { path: link.path, expiresAt: link.expiresAt.toISOString() } };
  }
}
