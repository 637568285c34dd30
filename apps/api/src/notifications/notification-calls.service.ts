import { LeadKind, NOTIFICATION_CALL_STATUSES, NOTIFICATION_CALL_TRIGGERS, type NotificationCallResponse, PHONE_PROVIDERS } from '@aipm/contracts';
import { NotificationCall } from '@aipm/database';
import { costEstimateFen, maskNumber } from '@aipm/phone';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { listPage, type Page } from '../common/list/list-page';
import type { ListQueryDto } from '../common/list/list-query.dto';
import type { ListSpec } from '../common/list/list-query';
import { PhoneError } from './phone.error';

const LIST_SPEC: ListSpec = {
  alias: 'call',
  sortable: ['createdAt', 'provider', 'status', 'durationSeconds', 'costEstimateFen', 'leadCount'],
  searchable: ['errorCode', 'error', 'providerCallId'],
  statuses: NOTIFICATION_CALL_STATUSES,
  enumFilters: { provider: PHONE_PROVIDERS, trigger: NOTIFICATION_CALL_TRIGGERS },
};

interface LeadOfCall {
  callId: string;
  kind: LeadKind;
  leadId: string;
  name: string;
}

/**
 * The notification log (docs/product/phone.md#notification-log): every attempt of every provider, newest first. An
 * attempt that covered one lead names it (notification_call_leads), whether it was placed or not.
 */
@Injectable()
export class NotificationCallsService {
  constructor(
    @InjectRepository(NotificationCall) private readonly calls: Repository<NotificationCall>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(raw: ListQueryDto): Promise<Page<NotificationCallResponse>> {
    const page = await listPage(this.calls, LIST_SPEC, raw);
    return { ...page, rows: await this.withLeads(page.rows) };
  }

  async find(id: string): Promise<NotificationCallResponse> {
    const row = await this.calls.findOneBy({ id });
    if (!row) throw new PhoneError('NOTIFICATION_CALL_NOT_FOUND');
    const [response] = await this.withLeads([row]);
    return response;
  }

  private async withLeads(rows: NotificationCall[]): Promise<NotificationCallResponse[]> {
    const single = rows.filter((row) => row.leadCount === 1).map((row) => row.id);
    const leads: LeadOfCall[] =
      single.length === 0
        ? []
        : await this.dataSource.query(
            `SELECT l."callId", CASE WHEN n."registrationId" IS NOT NULL THEN 'registration' ELSE 'contact' END AS "kind",
                    COALESCE(n."registrationId", n."contactMessageId") AS "leadId", COALESCE(r."name", c."name") AS "name"
             FROM "notification_call_leads" l
             JOIN "lead_notifications" n ON n."id" = l."leadNotificationId"
             LEFT JOIN "registrations" r ON r."id" = n."registrationId"
             LEFT JOIN "contact_messages" c ON c."id" = n."contactMessageId"
             WHERE l."callId" = ANY($1)`,
            [single],
          );
    const leadOf = new Map(leads.map((lead) => [String(lead.callId), lead]));
    const placed = rows.filter((row) => row.providerCallId).map((row) => row.id);
    // The measured duration is read from the details themselves: the page above may have been read just before
    // the worker's transaction wrote both, and must not then call its estimate measured.
    const measured: Array<{ callId: string; durationSeconds: number }> =
      placed.length === 0
        ? []
        : await this.dataSource.query(`SELECT "callId", "durationSeconds" FROM "notification_call_details" WHERE "callId" = ANY($1)`, [placed]);
    const measuredSeconds = new Map(measured.map((row) => [String(row.callId), Number(row.durationSeconds)]));
    return rows.map((row) => toResponse(row, leadOf.get(row.id) ?? null, measuredSeconds.get(row.id)));
  }
}

/** `measuredSeconds`: the provider's own duration of the call, when its details have been fetched. */
function toResponse(row: NotificationCall, lead: LeadOfCall | null, measuredSeconds: number | undefined): NotificationCallResponse {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    trigger: row.trigger,
    calledNumber: maskNumber(row.calledNumber),
    leadCount: row.leadCount,
    leadKind: lead?.kind ?? null,
    leadId: lead?.leadId ?? null,
    leadName: lead?.name ?? null,
    providerCallId: row.providerCallId,
    durationSeconds: measuredSeconds ?? row.durationSeconds,
    durationMeasured: measuredSeconds !== undefined,
    costEstimateFen: measuredSeconds === undefined ? row.costEstimateFen : costEstimateFen(measuredSeconds),
    errorCode: row.errorCode,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}
