import type { CohortErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** A refused cohort change, or a student placed in a cohort that cannot take them. */
export class CohortError extends ApiError<CohortErrorCode> {}
