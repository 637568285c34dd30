import type { AdminStatsResponse } from '@aipm/contracts';
import { constant, integer, object, recordSchema } from '../../common/openapi/schemas';

/* The dashboard's shape and example; ADR 022. */

export const ADMIN_STATS = recordSchema<AdminStatsResponse>('AdminStatsResponse', {
  success: constant(true),
  data: object({ totalRegistrations: integer(1284), totalMessages: integer(316), todayRegistrations: integer(12, 'Today in Asia/Shanghai') }),
});
