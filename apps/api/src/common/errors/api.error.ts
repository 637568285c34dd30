import { type ApiErrorResponse, ERROR_MESSAGES, type ErrorCode } from '@aipm/contracts';
import { type FieldFailures, fieldFailures } from '@aipm/contracts/dto';
import type { ValidationError } from 'class-validator';

/**
 * A failure named by its code (the shared contracts' catalog). Features throw their own subclass
 * (AuthError, LeadError, CrawlError …); ApiExceptionFilter turns it into the code's HTTP status and the
 * `{ success: false, code, message }` envelope. `message` replaces the catalog's text only where the answer
 * adds something the operator needs (which site failed, the list's maximum).
 */
export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly code: C,
    message: string = ERROR_MESSAGES[code],
  ) {
    super(message);
    this.name = new.target.name;
  }

  toResponse(): ApiErrorResponse {
    return { success: false, code: this.code, message: this.message };
  }
}

/**
 * 400 with every failing field: `errors` (field → message) for people, `fieldCodes` (field → code) for
 * clients that translate; `code` and `message` are the first failing rule's, the one a toast shows.
 */
export class InvalidInputError extends ApiError {
  constructor(readonly failures: FieldFailures) {
    const [field] = Object.keys(failures.errors);
    super(field === undefined ? 'BAD_REQUEST' : failures.fieldCodes[field]!, field === undefined ? undefined : failures.errors[field]);
  }

  static fromValidation(errors: ValidationError[]): InvalidInputError {
    return new InvalidInputError(fieldFailures(errors));
  }

  static forField(field: string, code: ErrorCode): InvalidInputError {
    return new InvalidInputError({ errors: { [field]: ERROR_MESSAGES[code] }, fieldCodes: { [field]: code } });
  }

  override toResponse(): ApiErrorResponse {
    return { ...super.toResponse(), errors: this.failures.errors, fieldCodes: this.failures.fieldCodes };
  }
}
