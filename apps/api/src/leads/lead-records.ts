import { type UpdateLeadDto } from '@aipm/contracts/dto';
import type { ObjectLiteral, Repository } from 'typeorm';
import type { ListQueryDto } from '../common/list/list-query.dto';
import type { ListSpec } from '../common/list/list-query';
import { listPage, type Page } from '../common/list/list-page';
import { LeadError } from './lead.error';

/*
 * What the registrations and contact resources share in the back office: paged lists, the follow-up edit and
 * deletion (the CSV export is common/export/). Each service passes its repository and its list spec.
 */

export type { Page };

export function listLeads<T extends ObjectLiteral>(repository: Repository<T>, spec: ListSpec, raw: ListQueryDto): Promise<Page<T>> {
  return listPage(repository, spec, raw);
}

export async function findLead<T extends ObjectLiteral>(repository: Repository<T>, id: string): Promise<T> {
  const lead = await repository.findOneBy({ id } as never);
  if (!lead) throw new LeadError('LEAD_NOT_FOUND');
  return lead;
}

export async function updateLead<T extends ObjectLiteral>(repository: Repository<T>, id: string, dto: UpdateLeadDto): Promise<T> {
  const lead = await findLead(repository, id);
  const changes: Record<string, unknown> = {};
  if (dto.status !== undefined) changes.status = dto.status;
  if (dto.note !== undefined) changes.note = dto.note ? dto.note : null;
  if (dto.followUpAt !== undefined) changes.followUpAt = dto.followUpAt === null ? null : new Date(dto.followUpAt);
  if (Object.keys(changes).length > 0) await repository.update({ id } as never, changes as never);
  return Object.assign(lead, changes);
}

export async function deleteLead<T extends ObjectLiteral>(repository: Repository<T>, id: string): Promise<T> {
  const lead = await findLead(repository, id);
  await repository.delete({ id } as never);
  return lead;
}
