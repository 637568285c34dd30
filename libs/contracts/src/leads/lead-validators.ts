import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { normaliseEmail } from '../auth/auth.dto';
import { LEAD_SOURCE_KEYS } from './lead.enums';
import { LEAD_LIMITS, LEAD_MESSAGES } from './lead.messages';
import { checkPhone } from './phone';

/** Surrounding whitespace never counts: "   " is an empty name. */
export const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Optional email: trimmed and lower-cased (the erasure looks people up by it); an empty one is no email. */
export const OptionalEmail = () =>
  Transform(({ value }) => {
    const email = normaliseEmail(value);
    return email === '' ? undefined : email;
  });

/** A mainland mobile or a + international number (see checkPhone); the message says which form is expected. */
export function IsLeadPhone(options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isLeadPhone',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && checkPhone(value).valid,
        defaultMessage: (args?: ValidationArguments) => {
          const check = typeof args?.value === 'string' ? checkPhone(args.value) : undefined;
          return check && !check.valid ? check.message : LEAD_MESSAGES.invalidPhone;
        },
      },
    });
}

/**
 * The first-touch source: an object of known keys with short text values. Checked by hand rather than as a
 * nested DTO, because class-transformer's @Type needs reflect-metadata, which browsers do not load.
 */
export function isLeadSource(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, text]) => {
    if (!(LEAD_SOURCE_KEYS as readonly string[]).includes(key) || typeof text !== 'string') return false;
    return text.length <= (key === 'referrer' || key === 'landingPath' ? LEAD_LIMITS.sourceUrl : LEAD_LIMITS.sourceValue);
  });
}

export function IsLeadSource(options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isLeadSource',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: LEAD_MESSAGES.invalidSource, ...options },
      validator: { validate: isLeadSource },
    });
}
