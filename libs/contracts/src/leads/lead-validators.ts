import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { normaliseEmail } from '../auth/email';
import { ERROR_MESSAGES } from '../errors/error-catalog';
import { rule, type RuleContext } from '../validation/rule';
import type { LeadErrorCode } from './lead.errors';
import { isLeadSource } from './lead-source';
import { checkPhone } from './phone';

/** Surrounding whitespace never counts: "   " is an empty name. */
export const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Optional email: trimmed and lower-cased (the erasure looks people up by it); an empty one is no email. */
export const OptionalEmail = () =>
  Transform(({ value }) => {
    const email = normaliseEmail(value);
    return email === '' ? undefined : email;
  });

/** Which phone message fits the value: a mainland one for +86 / 0086 numbers, the general one otherwise. */
function phoneCode(value: unknown): LeadErrorCode {
  const check = typeof value === 'string' ? checkPhone(value) : undefined;
  return check && !check.valid ? check.code : 'INVALID_PHONE';
}

/** A mainland mobile or a + international number (see checkPhone); the message says which form is expected. */
export function IsLeadPhone(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isLeadPhone',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { context: { code: phoneCode } satisfies RuleContext },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && checkPhone(value).valid,
        defaultMessage: (args?: ValidationArguments) => ERROR_MESSAGES[phoneCode(args?.value)],
      },
    });
}

export function IsLeadSource(options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isLeadSource',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { ...rule('INVALID_SOURCE'), ...options },
      validator: { validate: isLeadSource },
    });
}
