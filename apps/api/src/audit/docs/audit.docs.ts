import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_ENTITIES, type AuditActorOption, type AuditEntryResponse } from '@aipm/contracts';
import type { SchemaObject } from '@nestjs/swagger';
import { dateTime, listOf, nullable, oneOf, recordSchema, text, uuid } from '../../common/openapi/schemas';

/* The audit log's shapes and examples (ADR 022, ADR 030). */

const values = (example: Record<string, unknown>, description: string): SchemaObject => ({ type: 'object', additionalProperties: true, example, description });

export const AUDIT_ENTRY = recordSchema<AuditEntryResponse>('AuditEntryResponse', {
  id: uuid(),
  createdAt: dateTime(),
  actorId: nullable(uuid('9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d', 'The administrator; null for a failed sign-in')),
  actorName: nullable(text('admin@example.com', 'The sign-in name (or the one a failed sign-in tried)')),
  actorKind: oneOf(AUDIT_ACTOR_KINDS, 'admin', 'The administrator, or a student acting in the student realm (ADR 061)'),
  ip: nullable(text('203.0.113.7')),
  action: oneOf(AUDIT_ACTIONS, 'lead.status.change'),
  entity: oneOf(AUDIT_ENTITIES, 'registration'),
  entityId: nullable(text('3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12')),
  before: nullable(values({ status: 'new' }, 'The changed fields as they were; secrets hidden, phones masked')),
  after: nullable(values({ status: 'contacted' }, 'The changed fields as they became')),
  details: nullable(values({ filter: { status: 'new' } }, 'An export\'s filter, counts, a failure\'s code')),
});

export const AUDIT_ACTORS = listOf(
  recordSchema<AuditActorOption>('AuditActorOption', { id: uuid(), name: text('admin@example.com', 'The sign-in name') }),
  'Every administrator, by sign-in name',
);

export const AUDIT_CSV_EXAMPLE = '\uFEFF时间,操作人,IP 地址,操作,对象,对象ID,修改前,修改后,详情,操作人ID,ID\r\n2026-11-24 16:30:00,admin@example.com,203.0.113.7,修改线索状态,报名,3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12,"{""status"": ""new""}","{""status"": ""contacted""}",,9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d,5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9\r\n';
