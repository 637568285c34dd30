import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC_KEY } from '../../common/decorators/public.decorator';
import { isStudentRealmRoute } from '../../common/realm';
import { studentOf } from '../../common/student-session';
import { StudentPortalError } from '../student-portal.error';

/**
 * Global and default-deny for the student realm: every /api/student/** route needs the student session unless
 * marked @Public() (sign-in, sign-out and the reset by token). Only the student session counts: the administrator's
 * cookie is not even read on these routes (StudentPortalModule), and its session carries no student (ADR 061).
 * Routes of the other realm are the administrator guard's.
 */
@Injectable()
export class StudentSessionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http' || !isStudentRealmRoute(context)) return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()])) return true;
    if (studentOf(context.switchToHttp().getRequest<Request>())) return true;
    throw new StudentPortalError('STUDENT_UNAUTHORIZED');
  }
}
