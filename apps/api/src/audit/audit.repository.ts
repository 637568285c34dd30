import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, type AuditAction, type AuditActorKind, type AuditActorOption, type AuditEntity } from '@aipm/contracts';
import { AuditEntry } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Readable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { beijingTime, type ExportColumn, exportRows } from '../common/export/csv-export';
import { listPage, type Page } from '../common/list/list-page';
import type { ListQueryDto } from '../common/list/list-query.dto';
import type { ListSpec } from '../common/list/list-query';

/** One row of the audit log as written; `before`, `after` and `details` already made safe by AuditService. */
export interface AuditRow {
  actorId: string | null;
  actorName: string | null;
  actorKind: AuditActorKind;
  ip: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown> | null;
}

export const AUDIT_LIST: ListSpec = {
  alias: 'audit',
  sortable: ['createdAt'],
  searchable: ['actorName', 'entityId', 'ip'],
  enumFilters: { action: AUDIT_ACTIONS, entity: AUDIT_ENTITIES },
  uuidFilters: ['actorId'],
  defaultSort: ['createdAt', 'DESC'],
};

const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '时间', key: 'createdAt', sql: beijingTime('audit."createdAt"') },
  { header: '操作人', key: 'actorName', sql: 'audit."actorName"' },
  { header: 'IP 地址', key: 'ip', sql: 'audit."ip"' },
  { header: '操作', key: 'action', sql: 'audit."action"', labels: AUDIT_ACTION_LABELS },
  { header: '对象', key: 'entity', sql: 'audit."entity"', labels: AUDIT_ENTITY_LABELS },
  { header: '对象ID', key: 'entityId', sql: 'audit."entityId"' },
  { header: '修改前', key: 'before', sql: 'audit."before"::text' },
  { header: '修改后', key: 'after', sql: 'audit."after"::text' },
  { header: '详情', key: 'details', sql: 'audit."details"::text' },
  { header: '操作人ID', key: 'actorId', sql: 'audit."actorId"' },
  { header: 'ID', key: 'id', sql: 'audit."id"' },
];

/** The append-only `audit_log` (ADR 030, ADR 044): written, listed, read and exported; what an entry says is AuditService's. */
@Injectable()
export class AuditRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get entries() {
    return this.dataSource.getRepository(AuditEntry);
  }

  /** Inserts the row through `manager` when given, so it commits or rolls back with the caller's change. */
  async add(row: AuditRow, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const json = (values: Record<string, unknown> | null) => (values ? JSON.stringify(values) : null);
    await manager.query(
      `INSERT INTO audit_log ("actorId", "actorName", "ip", "action", "entity", "entityId", "before", "after", "details", "actorKind")
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10)`,
      [row.actorId, row.actorName, row.ip, row.action, row.entity, row.entityId, json(row.before), json(row.after), json(row.details), row.actorKind],
    );
  }

  page(query: ListQueryDto): Promise<Page<AuditEntry>> {
    return listPage(this.entries, AUDIT_LIST, query);
  }

  find(id: string): Promise<AuditEntry | null> {
    return this.entries.findOneBy({ id });
  }

  exportCsv(query: ListQueryDto): Promise<Readable> {
    return exportRows(this.dataSource, this.entries, AUDIT_LIST, query, EXPORT_COLUMNS);
  }

  /** Every account that may have acted, by sign-in name (a read of `users` for the list's actor filter). */
  actors(): Promise<AuditActorOption[]> {
    return this.dataSource.query(`SELECT id, email AS name FROM users ORDER BY email`);
  }

  /** Failed sign-ins recorded for this account name within the last hour (ADR 037's bound). */
  async failedSignInsLastHour(actorName: string, action: AuditAction = 'auth.login.fail'): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS "count" FROM "audit_log"
       WHERE "action" = $2 AND "createdAt" > now() - interval '1 hour' AND "actorName" = $1`,
      [actorName, action],
    )) as [{ count: number }];
    return row.count;
  }
}
