import type { PublishedJobErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** A refused change to a published job. */
export class PublishedJobError extends ApiError<PublishedJobErrorCode> {}
