import { BadRequestException, type ValidationError } from '@nestjs/common';

/** Field path → the message of its first failing rule, nested DTOs flattened to dotted paths. */
export function fieldErrors(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    // class-validator lists a property's constraints bottom decorator first: the last one is the first rule read.
    if (messages.length > 0) out[field] = messages[messages.length - 1];
    Object.assign(out, fieldErrors(error.children ?? [], field));
  }
  return out;
}

/**
 * 400 `{ success: false, message, errors }`: `message` is the first failing rule (what a form shows in a
 * toast), `errors` every failing field (what a form shows beside its inputs).
 */
export class ValidationFailedException extends BadRequestException {
  constructor(readonly errors: Record<string, string>) {
    super({ success: false, message: Object.values(errors)[0] ?? 'Bad Request', errors });
  }

  static fromValidationErrors(errors: ValidationError[]): ValidationFailedException {
    return new ValidationFailedException(fieldErrors(errors));
  }
}
