import { AUDIT_PATHS, type AuditActorOption } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/**
 * The audit section's own call beside react-admin's list: GET /api/admin/audit-log/actors, the actor filter's
 * choices; the data provider's client unwraps `{ success, data }`.
 */
export const auditClient = defineSectionClient('audit', (http) => ({
  actors: async () => (await http(AUDIT_PATHS.actors)).json as AuditActorOption[],
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useAuditApi = () => useSectionClient(auditClient);

export const AUDIT_ACTORS_QUERY_KEY = ['aipm', 'audit-actors'] as const;
