import { CONTACT_SUBJECTS, LEAD_STATUSES, type LeadStatus } from '@aipm/contracts';
import { useResourceContext } from 'react-admin';

/** The two lead resources: registrations (/api/registrations) and consultation messages (/api/contact). */
export type LeadKind = 'registrations' | 'messages';

/** The lead resource being shown (list, detail, filters). */
export function useLeadKind(): LeadKind {
  return useResourceContext() === 'messages' ? 'messages' : 'registrations';
}

/** A new consultation message is not a registration: its "new" reads 新咨询, the rest are shared. */
export function statusLabelKey(kind: LeadKind, status: LeadStatus): string {
  return kind === 'messages' && status === 'new' ? 'aipm.leads.message_status_new' : `aipm.leads.status.${status}`;
}

/** Select choices as translation keys (react-admin translates choice names). */
export function statusChoices(kind: LeadKind) {
  return LEAD_STATUSES.map((id) => ({ id, name: statusLabelKey(kind, id) }));
}
export const SUBJECT_CHOICES = CONTACT_SUBJECTS.map((id) => ({ id, name: `aipm.leads.subjects.${id}` }));
