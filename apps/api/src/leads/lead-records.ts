import { CLOSED_LEAD_STATUSES, CONTACTED_LEAD_STATUSES, type LeadStatus, type LeadStatusReason } from '@aipm/contracts';
import { type UpdateLeadDto } from '@aipm/contracts/dto';
import type { ObjectLiteral, Repository } from 'typeorm';
import type { ListQueryDto } from '../common/list/list-query.dto';
import type { ListSpec } from '../common/list/list-query';
import { listPage, type Page } from '../common/list/list-page';
import { LeadError } from './lead.error';
import { InvalidInputError } from '../common/errors/api.error';
import { personRecordsOf } from './person-records.sql';

/*
 * What the registrations and contact resources share in the back office: paged lists, the follow-up edit and
 * deletion (the CSV export is common/export/). Each service passes its repository and its list spec.
 */

export type { Page };

/**
 * The leads that stand on their own: one merged into another (ADR 072) is kept, with its history, but leaves the
 * lists, their exports and the counts; the survivor stands for it. `$alias` is the list's alias.
 */
export const STANDING_LEADS = `$alias."mergeId" IS NULL`;

/** A page of leads, each with how many records its person has (PersonRecordCount); read by the page's own statement. */
export type LeadRow<T> = { lead: T; personRecords: number };

export async function listLeads<T extends ObjectLiteral>(repository: Repository<T>, spec: ListSpec, raw: ListQueryDto): Promise<Page<LeadRow<T>>> {
  const { extras, ...page } = await listPage(repository, spec, raw, (rows) => rows.addSelect(personRecordsOf(spec.alias), 'personRecords'));
  return { ...page, rows: page.rows.map((lead, index) => ({ lead, personRecords: Number(extras[index]!.personRecords ?? 1) })) };
}

export async function findLead<T extends ObjectLiteral>(repository: Repository<T>, id: string): Promise<T> {
  const lead = await repository.findOneBy({ id } as never);
  if (!lead) throw new LeadError('LEAD_NOT_FOUND');
  return lead;
}

/** The follow-up columns a status change writes besides `status`; what both lead tables have. */
interface FollowUpRow {
  status: LeadStatus;
  statusReason: string | null;
  firstContactedAt: Date | null;
}

/**
 * The follow-up edit (docs/product/lead-capture.md#status-reasons): marking a lead invalid or lost needs a reason
 * the settings offer (`offeredReasons`, read only then), with an optional note; any other status clears both.
 * The first move to contacted or enrolled stamps `firstContactedAt` in SQL (COALESCE), so two changes at once
 * cannot both set it and a later one never moves it.
 */
export async function updateLead<T extends ObjectLiteral & FollowUpRow>(
  repository: Repository<T>,
  id: string,
  dto: UpdateLeadDto,
  offeredReasons: () => Promise<readonly LeadStatusReason[]>,
): Promise<T> {
  const lead = await findLead(repository, id);
  const changes: Record<string, unknown> = {};
  if (dto.status !== undefined) changes.status = dto.status;
  if (dto.note !== undefined) changes.note = dto.note ? dto.note : null;
  if (dto.followUpAt !== undefined) changes.followUpAt = dto.followUpAt === null ? null : new Date(dto.followUpAt);
  Object.assign(changes, await reasonChanges(lead, dto, offeredReasons));
  if (dto.status !== undefined && CONTACTED_LEAD_STATUSES.includes(dto.status) && lead.firstContactedAt === null) {
    changes.firstContactedAt = () => 'COALESCE("firstContactedAt", now())';
  }
  if (Object.keys(changes).length === 0) return lead;
  await repository.update({ id } as never, changes as never);
  return findLead(repository, id);
}

async function reasonChanges(
  lead: FollowUpRow,
  dto: UpdateLeadDto,
  offeredReasons: () => Promise<readonly LeadStatusReason[]>,
): Promise<Record<string, unknown>> {
  const status = dto.status ?? lead.status;
  const reasonSent = dto.statusReason !== undefined && dto.statusReason !== null && dto.statusReason !== '';
  const noteSent = dto.statusNote !== undefined && dto.statusNote !== null && dto.statusNote !== '';
  if (!CLOSED_LEAD_STATUSES.includes(status)) {
    if (reasonSent || noteSent) throw InvalidInputError.forField(reasonSent ? 'statusReason' : 'statusNote', 'LEAD_STATUS_REASON_NOT_ALLOWED');
    // Leaving invalid or lost: the reason no longer applies.
    return dto.status !== undefined && lead.statusReason !== null ? { statusReason: null, statusNote: null } : {};
  }
  // Marking it given up (again), or changing the reason of a lead that is: a reason is required then.
  const marking = dto.status !== undefined || dto.statusReason !== undefined;
  if (!marking) return dto.statusNote !== undefined ? { statusNote: noteSent ? dto.statusNote : null } : {};
  if (!reasonSent) throw InvalidInputError.forField('statusReason', 'LEAD_STATUS_REASON_REQUIRED');
  if (!(await offeredReasons()).some((reason) => reason.code === dto.statusReason)) {
    throw InvalidInputError.forField('statusReason', 'UNKNOWN_LEAD_STATUS_REASON');
  }
  return { statusReason: dto.statusReason, statusNote: noteSent ? dto.statusNote : null };
}

export async function deleteLead<T extends ObjectLiteral>(repository: Repository<T>, id: string): Promise<T> {
  const lead = await findLead(repository, id);
  await repository.delete({ id } as never);
  return lead;
}
