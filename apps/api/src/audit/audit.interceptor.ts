import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';
import type { DataSource } from 'typeorm';
import { ApiError } from '../common/errors/api.error';
import { diffValues } from './audit-values';
import { actorOf, type AuditActor, AuditService } from './audit.service';
import { AUDITED_KEY, type AuditedRoute, type AuditState } from './audited.decorator';

const logger = new Logger('Audit');
// The route's own pipe (idParam) answers a malformed id after this runs: only a real UUID is looked up.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function answerId(answer: unknown): string | null {
  const data = (answer as { data?: { id?: unknown } } | undefined)?.data;
  return typeof data?.id === 'string' ? data.id : null;
}

/**
 * Writes the entry of every @Audited() route (ADR 030). The actor is read before the handler (sign-out ends the
 * session) and again after it (sign-in and registration start one). The entry is written before the answer
 * leaves: if writing fails, the administrator sees the failure rather than a success nobody recorded. A route
 * that fails after changing its state (a thrown error after a write) is still recorded, with the failure's
 * code, because its before/after differ.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
    private readonly moduleRef: ModuleRef,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = context.getType() === 'http' ? this.reflector.get<AuditedRoute | undefined>(AUDITED_KEY, context.getHandler()) : undefined;
    if (!route) return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const actorBefore = actorOf(request);
    return from(this.read(route, request, null)).pipe(
      mergeMap((before) =>
        next.handle().pipe(
          mergeMap((answer) => from(this.recordSuccess(route, request, actorBefore, before, answer).then(() => answer))),
          catchError((error: unknown) => from(this.recordFailure(route, request, actorBefore, before, error)).pipe(mergeMap(() => throwError(() => error)))),
        ),
      ),
    );
  }

  /** The row (by the route's id, or the created row's) or the snapshot; null when there is none. */
  private async read(route: AuditedRoute, request: Request, answer: unknown): Promise<Record<string, unknown> | null> {
    if (route.snapshot) return route.snapshot({ dataSource: this.dataSource, moduleRef: this.moduleRef });
    if (!route.row) return null;
    const id = typeof request.params?.['id'] === 'string' ? request.params['id'] : answerId(answer);
    if (!id || !UUID.test(id)) return null;
    return (await this.dataSource.getRepository(route.row).findOneBy({ id })) ?? null;
  }

  private async recordSuccess(route: AuditedRoute, request: Request, actorBefore: AuditActor | null, before: Record<string, unknown> | null, answer: unknown): Promise<void> {
    const actor = actorOf(request) ?? actorBefore;
    // Nobody signed in and nothing to say (sign-out of an expired session): there is no action to record.
    if (!actor) return;
    const after = await this.read(route, request, answer);
    await this.write(route, request, actor, { before, after }, answer, null);
  }

  private async recordFailure(route: AuditedRoute, request: Request, actorBefore: AuditActor | null, before: Record<string, unknown> | null, error: unknown): Promise<void> {
    if (!route.row && !route.snapshot) return;
    try {
      const after = await this.read(route, request, undefined);
      const diff = diffValues(before, after, route.omit);
      if (!diff.before && !diff.after) return; // refused before it changed anything: nothing happened to record
      const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
      await this.write(route, request, actorOf(request) ?? actorBefore, { before, after }, undefined, code);
    } catch (recordError) {
      // The route's own failure is what the client must see; the lost entry is logged loudly.
      logger.error(`audit entry of a failed ${request.method} ${request.path} not written: ${recordError instanceof Error ? recordError.message : String(recordError)}`);
    }
  }

  private async write(route: AuditedRoute, request: Request, actor: AuditActor | null, state: AuditState, answer: unknown, failed: string | null): Promise<void> {
    const context = { ...state, request, answer };
    const diff = diffValues(state.before, state.after, route.omit);
    const action = typeof route.action === 'function' ? route.action(context) : route.action;
    const entityId =
      route.entityId?.(context) ??
      // An administrator's own actions (sign-in, sign-out, password) are about that administrator; a student's, in
      // the student realm, about the student's own login (ADR 061).
      (route.entity === 'admin' || actor?.kind === 'student' ? (actor?.id ?? null) : null) ??
      (typeof request.params?.['id'] === 'string' ? request.params['id'] : (answerId(answer) ?? (typeof state.after?.['id'] === 'string' ? state.after['id'] : null)));
    const details = { ...(route.details?.(context) ?? {}), ...(failed ? { failed } : {}) };
    await this.audit.record(request, {
      action,
      entity: route.entity,
      entityId,
      before: diff.before,
      after: diff.after,
      details: Object.keys(details).length > 0 ? details : null,
      actor,
    });
  }
}
