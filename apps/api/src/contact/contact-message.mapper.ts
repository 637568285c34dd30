import { maskPhone, type PhoneView, type ContactMessageResponse } from '@aipm/contracts';
import type { ContactMessage } from '@aipm/database';

/** Phones masked unless `phone` says full (PIPL: the back office reveals one on request, audited). */
export function toContactMessageResponse(entity: ContactMessage, phone: PhoneView = 'masked'): ContactMessageResponse {
  return {
    id: entity.id,
    name: entity.name,
    phone: phone === 'full' ? entity.phone : maskPhone(entity.phone),
    email: entity.email,
    subject: entity.subject,
    message: entity.message,
    status: entity.status,
    note: entity.note,
    followUpAt: entity.followUpAt?.toISOString() ?? null,
    statusReason: entity.statusReason,
    statusNote: entity.statusNote,
    firstContactedAt: entity.firstContactedAt?.toISOString() ?? null,
    studentId: entity.studentId,
    source: entity.source,
    createdAt: entity.createdAt.toISOString(),
  };
}
