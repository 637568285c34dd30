import type { AuthErrorCode, StudentPortalErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** A refused student sign-in, session, password change or reset link (the throttle's codes are the administrator's). */
export class StudentPortalError extends ApiError<StudentPortalErrorCode | AuthErrorCode> {}
