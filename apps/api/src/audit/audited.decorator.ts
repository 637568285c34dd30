import type { AuditAction, AuditEntity, AuditValues } from '@aipm/contracts';
import { SetMetadata } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import type { Request } from 'express';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

export const AUDITED_KEY = 'aipm:audited';

/** The state a route changes, read before and after it: the row of a table, or a snapshot (settings). */
export interface AuditState {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditedRouteContext extends AuditState {
  request: Request;
  /** What the handler answered (undefined for a streamed download). */
  answer: unknown;
}

export interface AuditSources {
  dataSource: DataSource;
  moduleRef: ModuleRef;
}

/** How one route is recorded (ADR 030). */
export interface AuditedRoute {
  /** The code, or how to pick it from what happened (a lead's status change vs. its note). */
  action: AuditAction | ((context: AuditedRouteContext) => AuditAction);
  entity: AuditEntity;
  /** The row the route acts on, read by the route's :id before and after (or by the created row's id). */
  row?: EntityTarget<ObjectLiteral>;
  /** A state that is not one row (a settings form), read before and after. */
  snapshot?: (sources: AuditSources) => Promise<Record<string, unknown>>;
  /** Fields never written to the log for this route (personal data an erasure must be able to remove). */
  omit?: readonly string[];
  /** Facts beyond the fields: an export's filter, a count from the answer. */
  details?: (context: AuditedRouteContext) => AuditValues | null;
  /** The entity's id when it is neither the :id parameter nor the answer's data.id. */
  entityId?: (context: AuditedRouteContext) => string | null;
}

/** Records one audit entry for each call of the route that succeeds, or that fails after changing its state. */
export const Audited = (route: AuditedRoute) => SetMetadata(AUDITED_KEY, route);
