import type { OutcomeErrorCode } from '@aipm/contracts';
import { ApiError } from '../../common/errors/api.error';

/** A refused graduation or outcome change (docs/product/errors.md#outcomes). */
export class OutcomeError extends ApiError<OutcomeErrorCode> {}
