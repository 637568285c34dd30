import { ArrayMaxSize, ArrayMinSize, Equals, IsArray, IsEmail, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { CONTACT_SUBJECTS, type ContactSubject } from '../enums/leads.enums';
import { LEAD_STATUSES, type LeadStatus } from './lead.enums';
import { LEAD_STATUS_REASON_CODE_PATTERN, LEAD_STATUS_REASON_LIMITS, type SaveLeadSettingsRequest } from './lead-status-reasons';
import { custom } from '../students/student-validators';
import { OmittedOrValid, rule } from '../validation/rule';
import { LEAD_LIMITS } from './lead.messages';
import { type LeadSource, PERSON_RECORD_RESOURCES, type PersonRecordResource, type PersonRequest, type RevealPhoneRequest } from './lead.responses';
import { IsLeadPhone, IsLeadSource, OptionalEmail, Trimmed } from './lead-validators';
import { LEAD_MERGE_FIELDS, LEAD_MERGE_RESOURCES, type LeadMergeField, type LeadMergeRequest, type LeadMergeResource } from './lead-merge';

/*
 * Decorator order matters for the message a visitor reads: when several rules of one field fail, the API
 * reports the topmost one (the "required" rule sits on top). Fields are checked in declaration order, which
 * is the forms' order, so `message` is the first failing rule of the form.
 */

/** What both public forms share: the honeypot and the first-touch source. */
abstract class PublicFormDto {
  /** Honeypot: hidden from people, so only a bot fills it; such a submission is answered but not stored. */
  @IsOptional()
  @IsString()
  website?: string;

  /** First-touch source (utm_*, referrer, landing path); without it the API reads the landing cookie. */
  @IsOptional()
  @IsLeadSource()
  source?: LeadSource;
}

/** POST /api/registrations (docs/product/validation.md#registration-form). */
export class CreateRegistrationDto extends PublicFormDto {
  @Trimmed()
  @IsString(rule('NAME_REQUIRED'))
  @IsNotEmpty(rule('NAME_REQUIRED'))
  @MaxLength(LEAD_LIMITS.name, rule('NAME_TOO_LONG'))
  name: string;

  @Trimmed()
  @IsString(rule('REGISTRATION_PHONE_REQUIRED'))
  @IsNotEmpty(rule('REGISTRATION_PHONE_REQUIRED'))
  @IsLeadPhone()
  phone: string;

  @OptionalEmail()
  @IsOptional()
  @IsEmail({}, rule('INVALID_EMAIL'))
  @MaxLength(LEAD_LIMITS.email, rule('EMAIL_TOO_LONG'))
  email?: string;

  @Trimmed()
  @IsString(rule('SCHOOL_REQUIRED'))
  @IsNotEmpty(rule('SCHOOL_REQUIRED'))
  @MaxLength(LEAD_LIMITS.school, rule('SCHOOL_TOO_LONG'))
  school: string;

  @Trimmed()
  @IsString(rule('MAJOR_REQUIRED'))
  @IsNotEmpty(rule('MAJOR_REQUIRED'))
  @MaxLength(LEAD_LIMITS.major, rule('MAJOR_TOO_LONG'))
  major: string;

  @Trimmed()
  @IsOptional()
  @IsString(rule('GOALS_TOO_LONG'))
  @MaxLength(LEAD_LIMITS.goals, rule('GOALS_TOO_LONG'))
  goals?: string;

  /**
   * The form's agreement checkbox (docs/product/validation.md#registration-form: must be true). The API requires
   * it because it records the consent (PIPL), with the version, time, IP and user agent.
   */
  @Equals(true, rule('AGREEMENT_REQUIRED'))
  agreement: boolean;
}

/** POST /api/contact (docs/product/validation.md#contact-form). */
export class CreateContactMessageDto extends PublicFormDto {
  @Trimmed()
  @IsString(rule('NAME_REQUIRED'))
  @IsNotEmpty(rule('NAME_REQUIRED'))
  @MaxLength(LEAD_LIMITS.name, rule('NAME_TOO_LONG'))
  name: string;

  @OptionalEmail()
  @IsOptional()
  @IsEmail({}, rule('INVALID_EMAIL'))
  @MaxLength(LEAD_LIMITS.email, rule('EMAIL_TOO_LONG'))
  email?: string;

  @Trimmed()
  @IsString(rule('CONTACT_PHONE_REQUIRED'))
  @IsNotEmpty(rule('CONTACT_PHONE_REQUIRED'))
  @IsLeadPhone()
  phone: string;

  @IsIn(CONTACT_SUBJECTS, rule('SUBJECT_REQUIRED'))
  subject: ContactSubject;

  @Trimmed()
  @IsOptional()
  @IsString(rule('MESSAGE_TOO_LONG'))
  @MaxLength(LEAD_LIMITS.message, rule('MESSAGE_TOO_LONG'))
  message?: string;
}

/** PATCH /api/registrations/:id and /api/contact/:id: the back office's follow-up fields (null clears). */
export class UpdateLeadDto {
  @OmittedOrValid()
  @IsIn(LEAD_STATUSES, rule('INVALID_LEAD_STATUS'))
  status?: LeadStatus;

  @Trimmed()
  @IsOptional()
  @IsString(rule('NOTE_TOO_LONG'))
  @MaxLength(LEAD_LIMITS.note, rule('NOTE_TOO_LONG'))
  note?: string | null;

  @IsOptional()
  @IsISO8601({ strict: true }, rule('INVALID_FOLLOW_UP_AT'))
  followUpAt?: string | null;

  /**
   * Why the lead is given up: a code of the settings' list, required with status invalid or lost and refused
   * without it (the service checks both, and the code against the list).
   */
  @IsOptional()
  @IsString(rule('UNKNOWN_LEAD_STATUS_REASON'))
  @MaxLength(LEAD_STATUS_REASON_LIMITS.code, rule('UNKNOWN_LEAD_STATUS_REASON'))
  statusReason?: string | null;

  @Trimmed()
  @IsOptional()
  @IsString(rule('STATUS_NOTE_TOO_LONG'))
  @MaxLength(LEAD_STATUS_REASON_LIMITS.statusNote, rule('STATUS_NOTE_TOO_LONG'))
  statusNote?: string | null;
}

type ReasonEntry = SaveLeadSettingsRequest['statusReasons'][number];
const entries = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isEntry = (value: unknown): value is ReasonEntry =>
  typeof value === 'object' && value !== null && !Array.isArray(value) &&
  Object.keys(value).every((key) => key === 'code' || key === 'zh' || key === 'en') &&
  ['code', 'zh', 'en'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');
const isLabel = (label: string) => label.trim().length > 0 && label.length <= LEAD_STATUS_REASON_LIMITS.label;

/** PUT /api/admin/lead-settings (docs/product/validation.md#lead-settings): the reasons offered, in order. */
export class SaveLeadSettingsDto implements SaveLeadSettingsRequest {
  @IsArray(rule('INVALID_LEAD_STATUS_REASONS'))
  @ArrayMinSize(1, rule('LEAD_STATUS_REASONS_EMPTY'))
  @ArrayMaxSize(LEAD_STATUS_REASON_LIMITS.reasons, rule('TOO_MANY_LEAD_STATUS_REASONS'))
  @custom('leadReasonEntries', 'INVALID_LEAD_STATUS_REASONS', (value) => entries(value).every(isEntry))
  @custom('leadReasonCodes', 'INVALID_LEAD_STATUS_REASON_CODE', (value) =>
    entries(value).filter(isEntry).every(({ code }) => code.length <= LEAD_STATUS_REASON_LIMITS.code && LEAD_STATUS_REASON_CODE_PATTERN.test(code)),
  )
  @custom('leadReasonLabels', 'LEAD_STATUS_REASON_LABEL_INVALID', (value) => entries(value).filter(isEntry).every(({ zh, en }) => isLabel(zh) && isLabel(en)))
  @custom('leadReasonsUnique', 'DUPLICATE_LEAD_STATUS_REASON', (value) => {
    const codes = entries(value).filter(isEntry).map(({ code }) => code);
    return new Set(codes).size === codes.length;
  })
  statusReasons: ReasonEntry[];
}

/** Whether a PIPL request names a record of the person (resource and id) instead of their phone or email. */
const namesRecord = (dto: PersonRequest) => dto.resource !== undefined || dto.id !== undefined;

/**
 * One person for a PIPL action: by phone and/or email, or by one of their records (the back office's buttons,
 * whose pages show the phone masked). At least one is required; `missingCode` says what the action needed it for.
 */
function personFields(missingCode: 'ERASURE_NEEDS_IDENTITY' | 'EXPORT_NEEDS_IDENTITY') {
  class PersonFields implements PersonRequest {
    @Trimmed()
    @ValidateIf((dto: PersonRequest) => dto.phone !== undefined || (dto.email === undefined && !namesRecord(dto)))
    @IsString(rule(missingCode))
    @IsNotEmpty(rule(missingCode))
    @IsLeadPhone()
    phone?: string;

    @OptionalEmail()
    @IsOptional()
    @IsEmail({}, rule('INVALID_EMAIL'))
    email?: string;

    @ValidateIf(namesRecord)
    @IsIn(PERSON_RECORD_RESOURCES, rule('INVALID_PERSON_RECORD'))
    resource?: PersonRecordResource;

    @ValidateIf(namesRecord)
    @IsUUID('all', rule('INVALID_PERSON_RECORD'))
    id?: string;
  }
  return PersonFields;
}

/** POST /api/admin/people/erase (PIPL): every registration, message and student record of one person. */
export class ErasePersonDto extends personFields('ERASURE_NEEDS_IDENTITY') {}

/** POST /api/admin/people/export (PIPL): the same person's records, as one file. */
export class ExportPersonDto extends personFields('EXPORT_NEEDS_IDENTITY') {}

/** POST /api/admin/people/reveal-phone: one record's phone in full (audited). */
export class RevealPhoneDto implements RevealPhoneRequest {
  @IsIn(PERSON_RECORD_RESOURCES, rule('INVALID_PERSON_RECORD'))
  resource: PersonRecordResource;

  @IsUUID('all', rule('INVALID_PERSON_RECORD'))
  id: string;
}

/** POST /api/admin/people/merges (docs/product/back-office.md#duplicates): one lead folded into another. */
export class LeadMergeDto implements LeadMergeRequest {
  @IsIn(LEAD_MERGE_RESOURCES, rule('INVALID_LEAD_MERGE'))
  survivorResource: LeadMergeResource;

  @IsUUID('all', rule('INVALID_LEAD_MERGE'))
  survivorId: string;

  @IsIn(LEAD_MERGE_RESOURCES, rule('INVALID_LEAD_MERGE'))
  mergedResource: LeadMergeResource;

  @IsUUID('all', rule('INVALID_LEAD_MERGE'))
  mergedId: string;

  @IsOptional()
  @IsArray(rule('INVALID_LEAD_MERGE'))
  @ArrayMaxSize(LEAD_MERGE_FIELDS.length, rule('INVALID_LEAD_MERGE'))
  @IsIn(LEAD_MERGE_FIELDS, { each: true, ...rule('INVALID_LEAD_MERGE') })
  fields?: LeadMergeField[];
}
