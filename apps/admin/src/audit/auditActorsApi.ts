import { AUDIT_PATHS, type AuditActorOption } from '@aipm/contracts';

import { httpClient } from '../data/dataProvider';

/** GET /api/admin/audit-log/actors, the actor filter's choices; httpClient unwraps `{ success, data }`. */
export const auditActorsApi = {
  read: async () => (await httpClient(AUDIT_PATHS.actors)).json as AuditActorOption[],
};

export const AUDIT_ACTORS_QUERY_KEY = ['aipm', 'audit-actors'] as const;
