import type { AuditErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** A refused read of the audit log. */
export class AuditError extends ApiError<AuditErrorCode> {}
