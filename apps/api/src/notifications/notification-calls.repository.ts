import { LeadKind, NOTIFICATION_CALL_STATUSES, NOTIFICATION_CALL_TRIGGERS, PHONE_PROVIDERS } from '@aipm/contracts';
import { NotificationCall } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { listPage, type Page } from '../common/list/list-page';
import type { ListQueryDto } from '../common/list/list-query.dto';
import type { ListSpec } from '../common/list/list-query';

const LIST_SPEC: ListSpec = {
  alias: 'call',
  sortable: ['createdAt', 'provider', 'status', 'durationSeconds', 'costEstimateFen', 'leadCount'],
  searchable: ['errorCode', 'error', 'providerCallId'],
  statuses: NOTIFICATION_CALL_STATUSES,
  enumFilters: { provider: PHONE_PROVIDERS, trigger: NOTIFICATION_CALL_TRIGGERS },
};

/** The lead a call covered, by its kind, id and name. */
export interface LeadOfCall {
  callId: string;
  kind: LeadKind;
  leadId: string;
  name: string;
}

/** The call log as the back office reads it (ADR 021, ADR 044): the worker writes it, the rules of the answer are NotificationCallsService's. */
@Injectable()
export class NotificationCallsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  page(query: ListQueryDto): Promise<Page<NotificationCall>> {
    return listPage(this.dataSource.getRepository(NotificationCall), LIST_SPEC, query);
  }

  find(id: string): Promise<NotificationCall | null> {
    return this.dataSource.getRepository(NotificationCall).findOneBy({ id });
  }

  /** The lead each of these calls covered (notification_call_leads), with its name. */
  async leadsOf(callIds: readonly string[]): Promise<LeadOfCall[]> {
    if (callIds.length === 0) return [];
    const rows: LeadOfCall[] = await this.dataSource.query(
      `SELECT l."callId", CASE WHEN n."registrationId" IS NOT NULL THEN 'registration' ELSE 'contact' END AS "kind",
              COALESCE(n."registrationId", n."contactMessageId") AS "leadId", COALESCE(r."name", c."name") AS "name"
       FROM "notification_call_leads" l
       JOIN "lead_notifications" n ON n."id" = l."leadNotificationId"
       LEFT JOIN "registrations" r ON r."id" = n."registrationId"
       LEFT JOIN "contact_messages" c ON c."id" = n."contactMessageId"
       WHERE l."callId" = ANY($1)`,
      [callIds],
    );
    return rows.map((row) => ({ ...row, callId: String(row.callId) }));
  }

  /** The provider's own duration of each of these calls whose details have been fetched, by call id. */
  async measuredSeconds(callIds: readonly string[]): Promise<Map<string, number>> {
    if (callIds.length === 0) return new Map();
    const rows: Array<{ callId: string; durationSeconds: number }> = await this.dataSource.query(
      `SELECT "callId", "durationSeconds" FROM "notification_call_details" WHERE "callId" = ANY($1)`,
      [callIds],
    );
    return new Map(rows.map((row) => [String(row.callId), Number(row.durationSeconds)]));
  }
}
