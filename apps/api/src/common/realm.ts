import type { ExecutionContext } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';

/** The first path segment (after /api) of the student realm: everything under /api/student. */
export const STUDENT_REALM_SEGMENT = 'student';

const firstSegment = (path: unknown): string | undefined =>
  (Array.isArray(path) ? path : [path])
    .filter((part): part is string => typeof part === 'string')
    .flatMap((part) => part.split('/'))
    .find(Boolean);

/**
 * Whether a route belongs to the student realm, read from the route's declared path (its controller's, then its
 * own), not from the request's URL: Express matches paths case-insensitively, and the realm must not depend on
 * how a client spells it. Each realm's guard decides its own routes only (ADR 061).
 */
export function isStudentRealmRoute(context: ExecutionContext): boolean {
  const controllerPath = Reflect.getMetadata(PATH_METADATA, context.getClass()) as unknown;
  const segment = firstSegment(controllerPath) ?? firstSegment(Reflect.getMetadata(PATH_METADATA, context.getHandler()) as unknown);
  return segment?.toLowerCase() === STUDENT_REALM_SEGMENT;
}
