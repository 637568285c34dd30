import { type AgendaFollowUp, type AgendaNewLead, type FollowUpResponse, maskPhone } from '@aipm/contracts';
import type { FollowUp } from '@aipm/database';
import type { FollowUpWithLead, NewLeadRow } from './follow-ups.repository';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toFollowUpResponse(row: FollowUp): FollowUpResponse {
  return {
    id: row.id,
    leadType: row.registrationId ? 'registration' : 'message',
    leadId: (row.registrationId ?? row.contactMessageId)!,
    dueAt: iso(row.dueAt)!,
    kind: row.kind,
    note: row.note,
    result: row.result,
    doneAt: iso(row.doneAt),
    createdAt: iso(row.createdAt)!,
  };
}

/** Lists and reminders show the phone masked (PIPL), like every lead list. */
export function toAgendaFollowUp(row: FollowUpWithLead, now: Date): AgendaFollowUp {
  const response = toFollowUpResponse(row);
  return { ...response, name: row.name, phone: maskPhone(row.phone), overdue: new Date(response.dueAt).getTime() < now.getTime() };
}

export function toAgendaNewLead(row: NewLeadRow): AgendaNewLead {
  return { leadType: row.leadType, leadId: row.leadId, name: row.name, phone: maskPhone(row.phone), createdAt: iso(row.createdAt)! };
}
