import type { NotificationCallResponse } from '@aipm/contracts';
import type { NotificationCall } from '@aipm/database';
import { costEstimateFen, maskNumber } from '@aipm/phone';
import { Injectable } from '@nestjs/common';
import type { Page } from '../common/list/list-page';
import type { ListQueryDto } from '../common/list/list-query.dto';
import { type LeadOfCall, NotificationCallsRepository } from './notification-calls.repository';
import { PhoneError } from './phone.error';

/**
 * The notification log (docs/product/phone.md#notification-log): every attempt of every provider, newest first. An
 * attempt that covered one lead names it (notification_call_leads), whether it was placed or not.
 */
@Injectable()
export class NotificationCallsService {
  constructor(private readonly calls: NotificationCallsRepository) {}

  async list(raw: ListQueryDto): Promise<Page<NotificationCallResponse>> {
    const page = await this.calls.page(raw);
    return { ...page, rows: await this.withLeads(page.rows) };
  }

  async find(id: string): Promise<NotificationCallResponse> {
    const row = await this.calls.find(id);
    if (!row) throw new PhoneError('NOTIFICATION_CALL_NOT_FOUND');
    const [response] = await this.withLeads([row]);
    return response;
  }

  private async withLeads(rows: NotificationCall[]): Promise<NotificationCallResponse[]> {
    const leads = await this.calls.leadsOf(rows.filter((row) => row.leadCount === 1).map((row) => row.id));
    const leadOf = new Map(leads.map((lead) => [lead.callId, lead]));
    // The measured duration is read from the details themselves: the page above may have been read just before
    // the worker's transaction wrote both, and must not then call its estimate measured.
    const measuredSeconds = await this.calls.measuredSeconds(rows.filter((row) => row.providerCallId).map((row) => row.id));
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
