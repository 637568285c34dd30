import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min, registerDecorator } from 'class-validator';
import type { ErrorCode } from '../errors/error-catalog';
import { FILE_ACCESS_URL_PATTERN } from '../students/student.responses';
import { ChinaCalendarDay, IsCalendarDate, Optional, OptionalText, Rules } from '../students/student-validators';
import { Trimmed } from '../leads/lead-validators';
import { rule } from '../validation/rule';
import { GUARANTEE_LIMITS } from './guarantee';
import { EVIDENCE_KINDS, type EvidenceKind, OFFER_CATEGORIES, OUTCOME_CATEGORIES, OUTCOME_LIMITS, type OutcomeCategory } from './outcome';

/* The rules of an outcome's fields (docs/product/validation.md#outcome); the rules across fields are outcome-rules.ts. */

const L = OUTCOME_LIMITS;

/** Text of a job's offer: trimmed, '' and null clear it (a status has none). */
const offerText = (max: number, code: Parameters<typeof rule>[0]) => Rules(OptionalText(), IsOptional(), IsString(rule(code)), MaxLength(max, rule(code)));
const category = () => Rules(IsNotEmpty(rule('INVALID_OUTCOME_CATEGORY')), IsIn(OUTCOME_CATEGORIES, rule('INVALID_OUTCOME_CATEGORY')));
const date = () => Rules(IsNotEmpty(rule('INVALID_OUTCOME_DATE')), IsCalendarDate('INVALID_OUTCOME_DATE'));
const cents = (max: number, min: number, code: Parameters<typeof rule>[0]) => Rules(IsOptional(), IsInt(rule(code)), Min(min, rule(code)), Max(max, rule(code)));

/** One evidence file: a confirmed contract-kind upload and what it proves. */
export interface EvidenceItem {
  accessURL: string;
  kind: EvidenceKind;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Each item of the list passes `check` (the list is flat JSON: no nested DTO class, whose @Type would need
 * reflect-metadata where the rules are unit-tested).
 */
const EachEvidence = (name: string, code: ErrorCode, check: (item: unknown) => boolean): PropertyDecorator => (target, property) =>
  registerDecorator({
    name,
    target: target.constructor,
    propertyName: String(property),
    options: rule(code),
    validator: { validate: (value: unknown) => !Array.isArray(value) || value.every(check) },
  });

const EVIDENCE_KEYS = new Set(['accessURL', 'kind']);
/** An object of the two keys whose accessURL is a contract-kind upload's (the kind is its own rule). */
const isEvidenceShape = (item: unknown): boolean =>
  isRecord(item) &&
  Object.keys(item).every((key) => EVIDENCE_KEYS.has(key)) &&
  typeof item['accessURL'] === 'string' &&
  FILE_ACCESS_URL_PATTERN.exec(item['accessURL'])?.[1] === 'contracts';
const hasEvidenceKind = (item: unknown): boolean => isRecord(item) && (EVIDENCE_KINDS as readonly unknown[]).includes(item['kind']);

/** A job's offer as a body carries it, and the notes: what the administrator records and a student reports alike. */
abstract class OfferFieldsDto {
  @offerText(L.employer, 'EMPLOYER_TOO_LONG')
  employer?: string | null;

  @offerText(L.title, 'JOB_TITLE_TOO_LONG')
  title?: string | null;

  @offerText(L.city, 'CITY_TOO_LONG')
  city?: string | null;

  @Rules(IsOptional(), IsCalendarDate('INVALID_JOB_START_DATE'))
  startDate?: string | null;

  /** Cents a month, ¥0.01 to ¥1,000,000. */
  @cents(L.monthlyBaseMax, 1, 'INVALID_MONTHLY_BASE')
  monthlyBase?: number | null;

  @Rules(IsOptional(), IsInt(rule('INVALID_MONTHS_PER_YEAR')), Min(L.monthsPerYearMin, rule('INVALID_MONTHS_PER_YEAR')), Max(L.monthsPerYearMax, rule('INVALID_MONTHS_PER_YEAR')))
  monthsPerYear?: number | null;

  /** Cents a year; a job without any is 0. */
  @cents(L.fixedExtrasMax, 0, 'INVALID_FIXED_EXTRAS')
  fixedExtras?: number | null;

  @Rules(OptionalText(), IsOptional(), IsString(rule('OUTCOME_NOTES_TOO_LONG')), MaxLength(L.notes, rule('OUTCOME_NOTES_TOO_LONG')))
  notes?: string | null;
}

/** The fields an outcome body may carry; create and update differ in what is required. */
abstract class OutcomeFieldsDto extends OfferFieldsDto {
  /** The outcome's evidence, all of it: an update replaces the list (files left out are deleted). */
  @Rules(
    IsOptional(),
    IsArray(rule('INVALID_EVIDENCE')),
    ArrayMaxSize(L.evidence, rule('INVALID_EVIDENCE')),
    EachEvidence('isEvidenceItem', 'INVALID_EVIDENCE', isEvidenceShape),
    EachEvidence('hasEvidenceKind', 'INVALID_EVIDENCE_KIND', hasEvidenceKind),
  )
  evidence?: EvidenceItem[];
}

/** POST /api/admin/outcomes: the student, the category and its date; a job's offer; evidence unless still seeking. */
export class CreateOutcomeDto extends OutcomeFieldsDto {
  @Rules(IsNotEmpty(rule('STUDENT_ID_REQUIRED')), IsUUID('all', rule('INVALID_STUDENT_ID')))
  studentId: string;

  @category()
  category: OutcomeCategory;

  @date()
  date: string;
}

/** PATCH /api/admin/outcomes/:id: any subset of the fields (the student stays). */
export class UpdateOutcomeDto extends OutcomeFieldsDto {
  @Rules(Optional(), category())
  category?: OutcomeCategory;

  @Rules(Optional(), date())
  date?: string;
}

/** POST /api/admin/outcomes/:id/return: why a student's report goes back to them (they read it). */
export class ReturnOutcomeDto {
  @Rules(Trimmed(), IsString(rule('RETURN_REASON_REQUIRED')), IsNotEmpty(rule('RETURN_REASON_REQUIRED')), MaxLength(L.returnReason, rule('RETURN_REASON_TOO_LONG')))
  reason: string;
}

/**
 * POST /api/student/offers, the `report` part (JSON) beside the evidence files: a job the student accepted, in one
 * of the job categories; its evidence arrives as the files themselves, all of one kind (the administrator can
 * re-mark each when reviewing).
 */
export class ReportOfferDto extends OfferFieldsDto {
  @Rules(IsNotEmpty(rule('OFFER_REPORT_NOT_A_JOB')), IsIn(OFFER_CATEGORIES, rule('OFFER_REPORT_NOT_A_JOB')))
  category: OutcomeCategory;

  /** The day the student accepted the offer: the outcome's date. */
  @Rules(ChinaCalendarDay(), date())
  date: string;

  @Rules(IsOptional(), IsIn(EVIDENCE_KINDS, rule('INVALID_EVIDENCE_KIND')))
  evidenceKind?: EvidenceKind;
}

const term = (key: keyof typeof GUARANTEE_LIMITS, code: Parameters<typeof rule>[0]) =>
  Rules(Optional(), IsInt(rule(code)), Min(GUARANTEE_LIMITS[key].min, rule(code)), Max(GUARANTEE_LIMITS[key].max, rule(code)));

/** PUT /api/admin/guarantee/settings: the defaults of every guaranteed contract's terms; any subset. */
export class UpdateGuaranteeSettingsDto {
  /** Cents. */
  @term('target', 'INVALID_GUARANTEE_TARGET')
  target?: number;

  @term('refundRate', 'INVALID_REFUND_RATE')
  refundRate?: number;

  @term('bonusThreshold', 'INVALID_BONUS_THRESHOLD')
  bonusThreshold?: number;

  @term('bonusRate', 'INVALID_BONUS_RATE')
  bonusRate?: number;

  @term('windowDays', 'INVALID_GUARANTEE_WINDOW')
  windowDays?: number;

  @term('minAttendance', 'INVALID_MIN_ATTENDANCE')
  minAttendance?: number;
}
