import type { LeadErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** A refused import file, mapping or undo (docs/product/back-office.md#lead-import). */
export class LeadImportError extends ApiError<LeadErrorCode> {}
