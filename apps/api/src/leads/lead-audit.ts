import type { AuditAction, AuditValues } from '@aipm/contracts';
import { maskEmail, maskPhone } from '../audit/audit-values';
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

/** Whom an erasure concerned, masked (the person is gone), and how much it removed. */
export function erasureDetails({ request, answer }: AuditedRouteContext): AuditValues {
  const body = request.body as { phone?: string; email?: string };
  return {
    phone: body.phone ? maskPhone(body.phone) : null,
    email: body.email ? maskEmail(body.email) : null,
    erased: (answer as { data?: unknown } | undefined)?.data ?? null,
  };
}
