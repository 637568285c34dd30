import type { ContactMessageResponse } from '@aipm/contracts';
import type { ContactMessage } from '@aipm/database';

export function toContactMessageResponse(entity: ContactMessage): ContactMessageResponse {
  return {
    id: entity.id,
    name: entity.name,
    phone: entity.phone,
    email: entity.email,
    subject: entity.subject,
    message: entity.message,
    status: entity.status,
    note: entity.note,
    followUpAt: entity.followUpAt?.toISOString() ?? null,
    source: entity.source,
    createdAt: entity.createdAt.toISOString(),
  };
}
