import { Equals, IsEmail, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { CONTACT_SUBJECTS, type ContactSubject } from '../enums/leads.enums';
import { LEAD_STATUSES, type LeadStatus } from './lead.enums';
import { LEAD_LIMITS, LEAD_MESSAGES } from './lead.messages';
import type { LeadSource } from './lead.responses';
import { IsLeadPhone, IsLeadSource, OptionalEmail, Trimmed } from './lead-validators';

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

/** POST /api/registrations (spec §5 registration). */
export class CreateRegistrationDto extends PublicFormDto {
  @Trimmed()
  @IsString({ message: LEAD_MESSAGES.nameRequired })
  @IsNotEmpty({ message: LEAD_MESSAGES.nameRequired })
  @MaxLength(LEAD_LIMITS.name, { message: LEAD_MESSAGES.nameTooLong })
  name: string;

  @Trimmed()
  @IsString({ message: LEAD_MESSAGES.registrationPhoneRequired })
  @IsNotEmpty({ message: LEAD_MESSAGES.registrationPhoneRequired })
  @IsLeadPhone()
  phone: string;

  @OptionalEmail()
  @IsOptional()
  @IsEmail({}, { message: LEAD_MESSAGES.invalidEmail })
  @MaxLength(LEAD_LIMITS.email, { message: LEAD_MESSAGES.emailTooLong })
  email?: string;

  @Trimmed()
  @IsString({ message: LEAD_MESSAGES.schoolRequired })
  @IsNotEmpty({ message: LEAD_MESSAGES.schoolRequired })
  @MaxLength(LEAD_LIMITS.school, { message: LEAD_MESSAGES.schoolTooLong })
  school: string;

  @Trimmed()
  @IsString({ message: LEAD_MESSAGES.majorRequired })
  @IsNotEmpty({ message: LEAD_MESSAGES.majorRequired })
  @MaxLength(LEAD_LIMITS.major, { message: LEAD_MESSAGES.majorTooLong })
  major: string;

  @Trimmed()
  @IsOptional()
  @IsString({ message: LEAD_MESSAGES.goalsTooLong })
  @MaxLength(LEAD_LIMITS.goals, { message: LEAD_MESSAGES.goalsTooLong })
  goals?: string;

  /**
   * The form's agreement checkbox (spec §5: must be true). The spec's call carries no such flag; the API
   * requires it because it records the consent (PIPL), with the version, time, IP and user agent.
   */
  @Equals(true, { message: LEAD_MESSAGES.agreementRequired })
  agreement: boolean;
}

/** POST /api/contact (spec §5 contact). */
export class CreateContactMessageDto extends PublicFormDto {
  @Trimmed()
  @IsString({ message: LEAD_MESSAGES.nameRequired })
  @IsNotEmpty({ message: LEAD_MESSAGES.nameRequired })
  @MaxLength(LEAD_LIMITS.name, { message: LEAD_MESSAGES.nameTooLong })
  name: string;

  @OptionalEmail()
  @IsOptional()
  @IsEmail({}, { message: LEAD_MESSAGES.invalidEmail })
  @MaxLength(LEAD_LIMITS.email, { message: LEAD_MESSAGES.emailTooLong })
  email?: string;

  @Trimmed()
  @IsString({ message: LEAD_MESSAGES.contactPhoneRequired })
  @IsNotEmpty({ message: LEAD_MESSAGES.contactPhoneRequired })
  @IsLeadPhone()
  phone: string;

  @IsIn(CONTACT_SUBJECTS, { message: LEAD_MESSAGES.subjectRequired })
  subject: ContactSubject;

  @Trimmed()
  @IsOptional()
  @IsString({ message: LEAD_MESSAGES.messageTooLong })
  @MaxLength(LEAD_LIMITS.message, { message: LEAD_MESSAGES.messageTooLong })
  message?: string;
}

/** PATCH /api/registrations/:id and /api/contact/:id: the back office's follow-up fields (null clears). */
export class UpdateLeadDto {
  @IsOptional()
  @IsIn(LEAD_STATUSES, { message: LEAD_MESSAGES.invalidStatus })
  status?: LeadStatus;

  @Trimmed()
  @IsOptional()
  @IsString({ message: LEAD_MESSAGES.noteTooLong })
  @MaxLength(LEAD_LIMITS.note, { message: LEAD_MESSAGES.noteTooLong })
  note?: string | null;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: LEAD_MESSAGES.invalidFollowUpAt })
  followUpAt?: string | null;
}

/** POST /api/admin/people/erase (PIPL): every registration and message of one person, by phone and/or email. */
export class ErasePersonDto {
  @Trimmed()
  @ValidateIf((dto: ErasePersonDto) => dto.phone !== undefined || dto.email === undefined)
  @IsString({ message: LEAD_MESSAGES.erasureNeedsIdentity })
  @IsNotEmpty({ message: LEAD_MESSAGES.erasureNeedsIdentity })
  @IsLeadPhone()
  phone?: string;

  @OptionalEmail()
  @IsOptional()
  @IsEmail({}, { message: LEAD_MESSAGES.invalidEmail })
  email?: string;
}
