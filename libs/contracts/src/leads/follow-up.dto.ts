import { IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { rule } from '../validation/rule';
import {
  type CompleteFollowUpRequest,
  type CreateFollowUpRequest,
  FOLLOW_UP_KINDS,
  FOLLOW_UP_LEAD_TYPES,
  FOLLOW_UP_LIMITS,
  type FollowUpKind,
  type FollowUpLeadType,
} from './follow-ups';
import { Trimmed } from './lead-validators';

/** POST /api/admin/follow-ups. A due time before now is refused by the service (FOLLOW_UP_DUE_IN_PAST). */
export class CreateFollowUpDto implements CreateFollowUpRequest {
  @IsIn(FOLLOW_UP_LEAD_TYPES, rule('INVALID_FOLLOW_UP_LEAD'))
  leadType: FollowUpLeadType;

  @IsUUID('all', rule('INVALID_FOLLOW_UP_LEAD'))
  leadId: string;

  @IsISO8601({ strict: true }, rule('INVALID_FOLLOW_UP_DUE_AT'))
  dueAt: string;

  @IsIn(FOLLOW_UP_KINDS, rule('INVALID_FOLLOW_UP_KIND'))
  kind: FollowUpKind;

  @Trimmed()
  @IsOptional()
  @IsString(rule('FOLLOW_UP_NOTE_TOO_LONG'))
  @MaxLength(FOLLOW_UP_LIMITS.note, rule('FOLLOW_UP_NOTE_TOO_LONG'))
  note?: string | null;
}

/** POST /api/admin/follow-ups/:id/complete: what came of it, required. */
export class CompleteFollowUpDto implements CompleteFollowUpRequest {
  @Trimmed()
  @IsString(rule('FOLLOW_UP_RESULT_REQUIRED'))
  @IsNotEmpty(rule('FOLLOW_UP_RESULT_REQUIRED'))
  @MaxLength(FOLLOW_UP_LIMITS.result, rule('FOLLOW_UP_RESULT_TOO_LONG'))
  result: string;
}

/** GET /api/admin/follow-ups: one lead's follow-ups. */
export class LeadFollowUpsQueryDto {
  @IsIn(FOLLOW_UP_LEAD_TYPES, rule('INVALID_FOLLOW_UP_LEAD'))
  leadType: FollowUpLeadType;

  @IsUUID('all', rule('INVALID_FOLLOW_UP_LEAD'))
  leadId: string;
}
