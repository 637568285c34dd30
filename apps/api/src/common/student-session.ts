import type { Request } from 'express';

export { STUDENT_DEVICE_COOKIE_NAME, STUDENT_SESSION_COOKIE_NAME } from './student-cookies';

/**
 * The student realm's session (ADR 061): its own cookie and its own id prefix in the shared `session` table, so
 * neither realm's cookie is read by the other's routes, and a cookie moved from one name to the other finds
 * nothing (each store refuses the other's ids).
 */
export const STUDENT_SESSION_ID_PREFIX = 'student:';

/** What the request knows of a signed-in student (read with the session, see student-portal/student-session.store.ts). */
export interface StudentSessionUser {
  /** The student login's id (student_accounts.id): the actor of the student's audit entries. */
  accountId: string;
  /** The student's id: every /api/student/** query filters by it, never by an id from the client. */
  studentId: string;
  username: string;
  name: string;
}

/** The signed-in student of a request in the student realm, or null (never an administrator's session). */
export function studentOf(request: Request): StudentSessionUser | null {
  if (!request.sessionID?.startsWith(STUDENT_SESSION_ID_PREFIX)) return null;
  const student = (request.session as { student?: StudentSessionUser | null } | undefined)?.student;
  return student?.accountId && student.studentId ? student : null;
}

/**
 * How the audit log names a student actor: by the login's id, never its username or email. The log is append-only
 * and a PIPL erasure removes the student's records (ADR 030 omits a login's username and email for that reason),
 * so what the log keeps must not say who the person was (ADR 061).
 */
export function studentActorName(accountId: string): string {
  return `student:${accountId}`;
}
