import { idParam } from '../common/errors/id-param';

/** A malformed id answers 400 INVALID_LEAD_ID, as every route's malformed id does (common/errors/id-param.ts). */
export const LeadIdPipe = idParam('INVALID_LEAD_ID');
