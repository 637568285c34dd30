import { ValidationPipe } from '@nestjs/common';
import { InvalidInputError } from './api.error';

/**
 * The validation of every body and query: only the DTO's fields (an unknown one is refused), transformed to the
 * DTO's class, and a 400 { success: false, code, message (the first rule's), errors, fieldCodes } on failure.
 */
export function apiValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => InvalidInputError.fromValidation(errors),
  });
}
