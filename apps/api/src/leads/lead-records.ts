import { type UpdateLeadDto } from '@aipm/contracts/dto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataSource, ObjectLiteral, Repository } from 'typeorm';
import { type CsvColumn, csvTransform } from './csv';
import type { ListQueryDto } from '../common/list/list-query.dto';
import { applyListQuery, type ListSpec, parseListQuery } from '../common/list/list-query';
import { listPage, type Page } from '../common/list/list-page';
import { LeadError } from './lead.error';

/*
 * What the registrations and contact resources share in the back office: paged lists, the streamed CSV
 * export, the follow-up edit and deletion. Each service passes its repository and its list spec.
 */

export type { Page };

export function listLeads<T extends ObjectLiteral>(repository: Repository<T>, spec: ListSpec, raw: ListQueryDto): Promise<Page<T>> {
  return listPage(repository, spec, raw);
}

/** A CSV column read straight from a column of the table, or an SQL expression over the alias. */
export interface ExportColumn extends CsvColumn {
  sql: string;
}

/**
 * Every matching row (no page limit) as CSV, streamed from a server-side cursor: memory stays flat whatever
 * the count. The connection returns to the pool when the stream ends, fails or the client goes away.
 */
export async function exportLeads<T extends ObjectLiteral>(
  dataSource: DataSource,
  repository: Repository<T>,
  spec: ListSpec,
  raw: ListQueryDto,
  columns: readonly ExportColumn[]
): Promise<Readable> {
  const list = parseListQuery(raw, spec, { paged: false });
  const query = applyListQuery(repository.createQueryBuilder(spec.alias).select([]), spec, list);
  for (const column of columns) query.addSelect(column.sql, column.key);
  const [sql, parameters] = query.getQueryAndParameters();

  const runner = dataSource.createQueryRunner('slave');
  try {
    const rows = await runner.stream(sql, parameters);
    const csv = csvTransform(columns);
    void pipeline(rows, csv)
      .catch(() => undefined) // the consumer's pipeline reports the failure to the client
      .finally(() => runner.release());
    return csv;
  } catch (error) {
    await runner.release();
    throw error;
  }
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

/** Formats a timestamptz column as Beijing wall-clock time for people reading the CSV in Excel. */
export function beijingTime(column: string): string {
  return `to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`;
}
