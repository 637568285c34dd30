import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, type AuditAction, type AuditActorOption, type AuditEntity } from '@aipm/contracts';
import { AuditEntry } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { SessionUser } from '../common/session';
import type { ListQueryDto } from '../common/list/list-query.dto';
import { listPage, type Page } from '../common/list/list-page';
import type { ListSpec } from '../common/list/list-query';
import { beijingTime, type ExportColumn, exportRows } from '../common/export/csv-export';
import { safeValues } from './audit-values';
import { AuditError } from './audit.error';

/** What one entry says; the actor and the address come from the request. */
export interface AuditRecord {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  /** The fields as they were; made safe here (secrets hidden, phones masked), so callers may pass raw rows. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  details?: Record<string, unknown> | null;
  /** Who, when the request has no signed-in administrator: a failed sign-in names the account it tried. */
  actorName?: string | null;
  /** Who, when the session is gone by now (sign-out ends it before the entry is written). */
  actor?: AuditActor | null;
}

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditWriteOptions {
  /** Write inside the caller's transaction: the entry and the change commit or roll back together. */
  manager?: EntityManager;
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

/** The signed-in administrator of a request, if any (passport's user, see auth/guards/admin-session.guard.ts). */
export function actorOf(request: Request): AuditActor | null {
  const user = request.user as SessionUser | undefined;
  return user?.id ? { id: user.id, email: user.email } : null;
}

/**
 * The one writer of the audit log (ADR 030). Routes are recorded by the @Audited() interceptor; any service
 * records an action of its own with `record(request, …)`, passing its transaction's manager so the entry
 * commits with the change or not at all.
 */
@Injectable()
export class AuditService {
  constructor(
    @InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async record(request: Request | null, entry: AuditRecord, options: AuditWriteOptions = {}): Promise<void> {
    const actor = entry.actor ?? (request ? actorOf(request) : null);
    const manager = options.manager ?? this.dataSource.manager;
    const json = (values: Record<string, unknown> | null | undefined) => (values ? JSON.stringify(safeValues(values)) : null);
    await manager.query(
      `INSERT INTO audit_log ("actorId", "actorName", "ip", "action", "entity", "entityId", "before", "after", "details")
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb)`,
      [
        actor?.id ?? null,
        actor?.email ?? entry.actorName ?? null,
        // The address as Express resolves it behind the front door ('trust proxy'), as the login throttle reads it.
        request?.ip ?? null,
        entry.action,
        entry.entity,
        entry.entityId ?? null,
        json(entry.before),
        json(entry.after),
        json(entry.details),
      ],
    );
  }

  list(query: ListQueryDto): Promise<Page<AuditEntry>> {
    return listPage(this.entries, AUDIT_LIST, query);
  }

  /** The administrators, for the list's actor filter; a failed sign-in has no actor and is found by the search. */
  async actors(): Promise<AuditActorOption[]> {
    return this.dataSource.query(`SELECT id, email AS name FROM users ORDER BY email`);
  }

  async find(id: string): Promise<AuditEntry> {
    const entry = await this.entries.findOneBy({ id });
    if (!entry) throw new AuditError('AUDIT_ENTRY_NOT_FOUND');
    return entry;
  }

  exportCsv(query: ListQueryDto): Promise<Readable> {
    return exportRows(this.dataSource, this.entries, AUDIT_LIST, query, EXPORT_COLUMNS);
  }
}
