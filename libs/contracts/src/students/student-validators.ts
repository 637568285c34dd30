import { Transform } from 'class-transformer';
import { registerDecorator, ValidateIf, type ValidationArguments } from 'class-validator';
import { normaliseEmail } from '../auth/email';
import { formatIsoDate, isCalendarDate } from '../format/date.format';
import type { ErrorCode } from '../errors/error-catalog';
import { rule } from '../validation/rule';
import { FILE_ACCESS_URL_PATTERN } from './student.responses';
import { extensionOf, UPLOAD_EXTENSIONS, UPLOAD_RULES, type UploadKind } from './student.messages';

/**
 * Several rules as one decorator, listed as they would be written above a property (the top one is the first
 * rule read): the create and update DTOs share a field's rules and differ only in "required" or "optional".
 */
export function Rules(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, property) => {
    // Decorators written above a property run bottom-up; running the list backwards keeps their order.
    for (const decorator of [...decorators].reverse()) decorator(target, property);
  };
}

/** A one-rule decorator: `validate` true passes; a failure reports `code`. */
export function custom(name: string, code: ErrorCode, validate: (value: unknown, args: ValidationArguments) => boolean): PropertyDecorator {
  return (target, property) =>
    registerDecorator({ name, target: target.constructor, propertyName: String(property), options: rule(code), validator: { validate } });
}

export const IsCalendarDate = (code: ErrorCode): PropertyDecorator => custom('isCalendarDate', code, isCalendarDate);

/** A list of calendar days, each YYYY-MM-DD (a cohort's days off). */
export const AreCalendarDates = (code: ErrorCode): PropertyDecorator =>
  custom('areCalendarDates', code, (value) => Array.isArray(value) && value.every(isCalendarDate));

/**
 * This date is after the one in `field` of the same body (both valid dates; a missing one is checked by its own
 * rule, and the service checks an update against the stored value).
 */
export const IsAfterDateOf = (field: string, code: ErrorCode, orEqual = false): PropertyDecorator =>
  custom('isAfterDateOf', code, (value, args) => {
    const other = (args.object as Record<string, unknown>)[field];
    if (!isCalendarDate(value) || !isCalendarDate(other)) return true;
    return orEqual ? value >= other : value > other;
  });

/** An access URL the upload confirm handed out, of the right folder: records never point at other hosts. */
export const IsFileAccessUrl = (folder: 'contracts' | 'photos'): PropertyDecorator =>
  custom('isFileAccessUrl', 'INVALID_FILE_URL', (value) => {
    const match = typeof value === 'string' ? FILE_ACCESS_URL_PATTERN.exec(value) : null;
    return match?.[1] === folder;
  });

/** The file name's extension is one the upload `kind` (a sibling field, default contract) accepts. */
export const HasUploadExtension = (): PropertyDecorator =>
  custom('hasUploadExtension', 'UNSUPPORTED_FILE_TYPE', (value, args) => {
    if (typeof value !== 'string') return false;
    const kind = ((args.object as { kind?: unknown }).kind ?? 'contract') as UploadKind;
    const type = UPLOAD_EXTENSIONS[extensionOf(value)]?.type;
    if (type === undefined) return false;
    // An unknown kind is the kind field's own failure; the name is then checked against any kind.
    const types = Object.hasOwn(UPLOAD_RULES, kind) ? UPLOAD_RULES[kind].types : Object.values(UPLOAD_RULES).flatMap((rules) => rules.types);
    return types.includes(type);
  });

/** Only `undefined` skips the field's rules: for fields that cannot be cleared, null is refused like a bad value. */
export const Optional = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** Free text a record may clear: trimmed, and an empty one is null (what react-admin sends for an emptied input). */
export const OptionalText = (): PropertyDecorator =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  });

/** An ISO 8601 instant with its offset or Z: "2025-09-02T16:30:00.000Z", "2025-09-02T23:59:59+08:00". */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A day a client may also send as an instant (`new Date().toISOString()`): the instant becomes its calendar day in
 * China (Asia/Shanghai), a day stays as it is. A time without an offset names no day and is left for the
 * date rule to refuse, as is an instant that is no real time (2025-09-31T…).
 */
export const ChinaCalendarDay = (): PropertyDecorator =>
  Transform(({ value }) => {
    if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return value;
    const instant = new Date(value);
    // Date rolls 09-31 over to 10-01: an instant whose own day does not survive the round trip is refused.
    const day = value.slice(0, 10);
    return Number.isNaN(instant.getTime()) || !isCalendarDate(day) ? value : formatIsoDate(instant);
  });

/** An email a record may clear: trimmed, lower-cased (unique and searched as stored), empty → null. */
export const ClearableEmail = (): PropertyDecorator =>
  Transform(({ value }) => {
    const email = normaliseEmail(value);
    return email === '' ? null : email;
  });

/** Every entry is a contract-file access URL. */
export const AreContractFileUrls = (): PropertyDecorator =>
  custom('areContractFileUrls', 'INVALID_FILE_URL', (value) =>
    Array.isArray(value) && value.every((url) => typeof url === 'string' && FILE_ACCESS_URL_PATTERN.exec(url)?.[1] === 'contracts'),
  );
