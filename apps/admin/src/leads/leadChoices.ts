import { CONTACT_SUBJECTS, LEAD_STATUSES } from '@aipm/contracts';

/** Select choices as translation keys (react-admin translates choice names). */
export const STATUS_CHOICES = LEAD_STATUSES.map((id) => ({ id, name: `aipm.leads.status.${id}` }));
export const SUBJECT_CHOICES = CONTACT_SUBJECTS.map((id) => ({ id, name: `aipm.leads.subjects.${id}` }));
