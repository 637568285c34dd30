import type { AuthErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** A refused sign-up, sign-in, session or password change. */
export class AuthError extends ApiError<AuthErrorCode> {}
