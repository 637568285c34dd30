import type { AuditAction, AuditEntity, AuditEntryResponse } from '@aipm/contracts';
import type { AuditEntry } from '@aipm/database';

export function toAuditEntryResponse(entry: AuditEntry): AuditEntryResponse {
  return {
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    actorId: entry.actorId,
    actorName: entry.actorName,
    actorKind: entry.actorKind,
    ip: entry.ip,
    action: entry.action as AuditAction,
    entity: entry.entity as AuditEntity,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    details: entry.details,
  };
}
