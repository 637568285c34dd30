import type { ApiErrorResponse } from '@aipm/contracts';
import { StudentError } from '../students/student.error';

/** 409 ALREADY_ENROLLED, naming the student the person already is so the back office can link it. */
export class AlreadyEnrolledError extends StudentError {
  constructor(readonly existingId: string) {
    super('ALREADY_ENROLLED');
  }

  override toResponse(): ApiErrorResponse {
    return { ...super.toResponse(), existingId: this.existingId };
  }
}
