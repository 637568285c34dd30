import { ValidateIf, type ValidationError, type ValidationOptions } from 'class-validator';
import { type ErrorCode, ERROR_MESSAGES } from '../errors/error-catalog';

/** What a rule's `context` carries: its code, or, for a rule with several messages, the code for a value. */
export interface RuleContext {
  code: ErrorCode | ((value: unknown) => ErrorCode);
}

/**
 * A class-validator rule's options: the code's Chinese message (unless `options.message` words it more
 * exactly), and the code itself in `context`, so a failure is reported by code (fieldFailures) and never has
 * to be recognised by its text.
 */
export function rule(code: ErrorCode, options: ValidationOptions = {}): ValidationOptions {
  return { message: ERROR_MESSAGES[code], ...options, context: { code } satisfies RuleContext };
}

/** Each failing field (nested DTOs flattened to dotted paths) with the message and code of its first rule. */
export interface FieldFailures {
  errors: Record<string, string>;
  fieldCodes: Record<string, ErrorCode>;
}

export function fieldFailures(failures: ValidationError[], prefix = ''): FieldFailures {
  const out: FieldFailures = { errors: {}, fieldCodes: {} };
  for (const failure of failures) {
    const field = prefix ? `${prefix}.${failure.property}` : failure.property;
    // class-validator lists a property's constraints bottom decorator first: the last one is the first rule read.
    const names = Object.keys(failure.constraints ?? {});
    const first = names[names.length - 1];
    if (first !== undefined) {
      const code = codeOf(failure, first);
      // A rule without a code of its own carries class-validator's English text: the catalog's words replace it.
      out.errors[field] = code === 'UNKNOWN_FIELD' || code === 'INVALID_FIELD' ? ERROR_MESSAGES[code] : failure.constraints![first]!;
      out.fieldCodes[field] = code;
    }
    const nested = fieldFailures(failure.children ?? [], field);
    Object.assign(out.errors, nested.errors);
    Object.assign(out.fieldCodes, nested.fieldCodes);
  }
  return out;
}

/** whitelist: true with forbidNonWhitelisted names a field the DTO does not declare by this constraint. */
const UNKNOWN_FIELD_CONSTRAINT = 'whitelistValidation';

/** A rule declared without rule() (a bare decorator such as the honeypot's @IsString()) has no code of its own. */
function codeOf(failure: ValidationError, constraint: string): ErrorCode {
  if (constraint === UNKNOWN_FIELD_CONSTRAINT) return 'UNKNOWN_FIELD';
  const context = failure.contexts?.[constraint] as RuleContext | undefined;
  if (!context) return 'INVALID_FIELD';
  return typeof context.code === 'function' ? context.code(failure.value) : context.code;
}

/**
 * Like @IsOptional() for a field that may be left out but never set to null: IsOptional skips the rules
 * for null too, and a null then reaches a NOT NULL column (PATCH {"status": null} answered 500).
 */
export function OmittedOrValid(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
