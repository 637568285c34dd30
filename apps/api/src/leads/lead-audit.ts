import { type AuditAction, type AuditEntity, type AuditValues, maskPhone, type PersonRecordResource } from '@aipm/contracts';
import { maskEmail } from '../audit/audit-values';
import type { AuditedRouteContext } from '../audit/audited.decorator';

/**
 * What the audit log never keeps of a lead (ADR 030): who the person is and what they wrote. A lead can be
 * erased (PIPL), and the log, which nobody can edit, must not keep what the erasure removed. Its masked phone,
 * status and follow-up stay, which is what the log is for.
 */
export const LEAD_AUDIT_OMIT = ['name', 'email', 'goals', 'message', 'school', 'major', 'source', 'agreementIp', 'agreementUserAgent'] as const;

/** A follow-up edit that moves the status is a status change; otherwise the note or the date changed. */
export function leadChangeAction({ after, before }: AuditedRouteContext): AuditAction {
  return after && before && after['status'] !== before['status'] ? 'lead.status.change' : 'lead.update';
}

/** Whom a request about one person named, masked: by phone and/or email, or by one of their records. */
export function personIdentity(body: { phone?: string; email?: string; resource?: string; id?: string }): AuditValues {
  return {
    phone: body.phone ? maskPhone(body.phone) : null,
    email: body.email ? maskEmail(body.email) : null,
    ...(body.resource && body.id ? { resource: body.resource, id: body.id } : {}),
  };
}

/** Whom an erasure concerned, masked (the person is gone), and how much it removed. */
export function erasureDetails({ request, answer }: AuditedRouteContext): AuditValues {
  return { ...personIdentity(request.body as object), erased: (answer as { data?: unknown } | undefined)?.data ?? null };
}

/** The audit entity of a record a phone is revealed from. */
export const PERSON_RECORD_ENTITY: Record<PersonRecordResource, AuditEntity> = { registrations: 'registration', contact: 'message', students: 'student' };
