import type { PhoneErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** A phone test that could not run (provider not configured) or that a provider refused. */
export class PhoneError extends ApiError<PhoneErrorCode> {}
