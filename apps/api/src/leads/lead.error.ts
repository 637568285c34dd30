import type { LeadErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** A refused registration, consultation message or back-office lead change. */
export class LeadError extends ApiError<LeadErrorCode> {}
