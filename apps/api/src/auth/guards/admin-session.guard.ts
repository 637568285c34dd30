import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC_KEY } from '../../common/decorators/public.decorator';
import { isStudentRealmRoute } from '../../common/realm';
import { AuthError } from '../auth.error';

/**
 * Global and default-deny: every route needs the administrator session unless marked @Public(). This is
 * what protects /api/admin/** and the contract-upload routes, including the ones later issues add.
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    // /api/student/** is the student realm: its own guard (student-portal/guards/) decides, and an administrator's
    // session opens nothing there (ADR 061).
    if (isStudentRealmRoute(context)) return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request>();
    // The serializer only restores users that are still administrators; anything else is logged out.
    if (request.isAuthenticated?.() && request.user) return true;
    throw new AuthError('UNAUTHORIZED');
  }
}
