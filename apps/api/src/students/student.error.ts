import type { StudentErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** A refused change in the students section: students, contracts, payments, accounts and their files. */
export class StudentError extends ApiError<StudentErrorCode> {}
