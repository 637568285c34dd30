import type { AuditAction, AuditActorKind, AuditActorOption, AuditEntity } from '@aipm/contracts';
import type { AuditEntry } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import type { SessionUser } from '../common/session';
import { studentActorName, studentOf } from '../common/student-session';
import type { ListQueryDto } from '../common/list/list-query.dto';
import type { Page } from '../common/list/list-page';
import { safeValues } from './audit-values';
import { AuditRepository } from './audit.repository';
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
  /** With actorName and no actor: which realm the name belongs to (a student's failed sign-in). */
  actorKind?: AuditActorKind;
}

export interface AuditActor {
  id: string;
  /** The sign-in name: the administrator's email, or the student login's username. */
  email: string;
  /** Absent: the administrator. */
  kind?: AuditActorKind;
}

export interface AuditWriteOptions {
  /** Write inside the caller's transaction: the entry and the change commit or roll back together. */
  manager?: EntityManager;
}

/**
 * Who acts in a request: the signed-in administrator (passport's user, see auth/guards/admin-session.guard.ts), or in
 * the student realm the signed-in student (ADR 061). A request carries one realm's session at most.
 */
export function actorOf(request: Request): AuditActor | null {
  const student = studentOf(request);
  if (student) return { id: student.accountId, email: studentActorName(student.accountId), kind: 'student' };
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
  constructor(private readonly entries: AuditRepository) {}

  async record(request: Request | null, entry: AuditRecord, options: AuditWriteOptions = {}): Promise<void> {
    const actor = entry.actor ?? (request ? actorOf(request) : null);
    const safe = (values: Record<string, unknown> | null | undefined) => (values ? safeValues(values) : null);
    await this.entries.add(
      {
        actorId: actor?.id ?? null,
        actorName: actor?.email ?? entry.actorName ?? null,
        actorKind: actor?.kind ?? entry.actorKind ?? 'admin',
        // The address as Express resolves it behind the front door ('trust proxy'), as the login throttle reads it.
        ip: request?.ip ?? null,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId ?? null,
        before: safe(entry.before),
        after: safe(entry.after),
        details: safe(entry.details),
      },
      options.manager,
    );
  }

  list(query: ListQueryDto): Promise<Page<AuditEntry>> {
    return this.entries.page(query);
  }

  /** The administrators, for the list's actor filter; a failed sign-in has no actor and is found by the search. */
  actors(): Promise<AuditActorOption[]> {
    return this.entries.actors();
  }

  async find(id: string): Promise<AuditEntry> {
    const entry = await this.entries.find(id);
    if (!entry) throw new AuditError('AUDIT_ENTRY_NOT_FOUND');
    return entry;
  }

  exportCsv(query: ListQueryDto): Promise<Readable> {
    return this.entries.exportCsv(query);
  }

  /** Failed sign-ins written for this account within the last hour (ADR 037 keeps at most 20 an hour). */
  failedSignInsLastHour(email: string, action?: AuditAction): Promise<number> {
    return this.entries.failedSignInsLastHour(email, action);
  }
}
