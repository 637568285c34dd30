import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { IS_PUBLIC_KEY } from '../decorators/public.decorator';
import { isStudentRealmRoute } from '../realm';

/**
 * `Cache-Control: no-store` on every answer of a route that needs the administrator session (leads, their
 * CSV exports, students, crawl results …) and on everything under /api/admin: they carry personal data,
 * which must stay out of browser, proxy and shared-computer caches (docs/product/back-office.md#access). Set before
 * the handler runs, so streamed answers (CSV) carry it too.
 */
@Injectable()
export class NoStoreInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
      const request = context.switchToHttp().getRequest<Request>();
      // The student realm too, its sign-in and reset answers included: a student's data on a shared phone (ADR 061).
      if (!isPublic || request.path.startsWith('/api/admin/') || isStudentRealmRoute(context)) {
        context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'no-store');
      }
    }
    return next.handle();
  }
}
