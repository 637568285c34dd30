import { type CreateFollowUpRequest, type FollowUpLeadType, type FollowUpResponse, TODAY_AGENDA_LIMIT, TODAY_TOTAL_CAP, type TodayAgenda } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../common/errors/api.error';
import { LeadError } from '../leads/lead.error';
import { toAgendaFollowUp, toAgendaNewLead, toFollowUpResponse } from './follow-up.mapper';
import { FollowUpRemindersService } from './follow-up-reminders.service';
import { FollowUpsRepository } from './follow-ups.repository';

export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';
/** Asia/Shanghai keeps no daylight saving time: its day starts at 16:00 UTC the day before. */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/**
 * A due time picked "now" in a form with minute precision is a few seconds past by the time it arrives: that
 * much is taken as now, anything earlier would be overdue from the start (FOLLOW_UP_DUE_IN_PAST).
 */
export const DUE_IN_PAST_GRACE_MS = 60_000;

/** The end of the day `now` falls in, in Asia/Shanghai (the next midnight there). */
export function endOfBusinessDay(now: Date): Date {
  const local = now.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(local - (local % DAY_MS) + DAY_MS - SHANGHAI_OFFSET_MS);
}

/** Follow-ups (docs/product/back-office.md#follow-ups, ADR 073). */
@Injectable()
export class FollowUpsService {
  constructor(
    private readonly followUps: FollowUpsRepository,
    private readonly reminders: FollowUpRemindersService,
  ) {}

  async create(request: CreateFollowUpRequest, now = new Date()): Promise<FollowUpResponse> {
    const dueAt = new Date(request.dueAt);
    if (dueAt.getTime() < now.getTime() - DUE_IN_PAST_GRACE_MS) throw InvalidInputError.forField('dueAt', 'FOLLOW_UP_DUE_IN_PAST');
    const row = await this.followUps.insert(request.leadType, request.leadId, { dueAt, kind: request.kind, note: request.note || null });
    if (!row) throw new LeadError('LEAD_NOT_FOUND');
    this.reminders.changed();
    return toFollowUpResponse(row);
  }

  async complete(id: string, result: string): Promise<FollowUpResponse> {
    if (!(await this.followUps.complete(id, result))) {
      throw new LeadError((await this.followUps.find(id)) ? 'FOLLOW_UP_ALREADY_DONE' : 'FOLLOW_UP_NOT_FOUND');
    }
    this.reminders.changed();
    return toFollowUpResponse((await this.followUps.find(id))!);
  }

  async forLead(leadType: FollowUpLeadType, leadId: string): Promise<FollowUpResponse[]> {
    return (await this.followUps.forLead(leadType, leadId)).map(toFollowUpResponse);
  }

  async today(now = new Date()): Promise<TodayAgenda> {
    const until = endOfBusinessDay(now);
    const rows = await this.followUps.today(until, TODAY_AGENDA_LIMIT, TODAY_TOTAL_CAP);
    return {
      timeZone: BUSINESS_TIME_ZONE,
      until: until.toISOString(),
      followUps: rows.followUps.map((row) => toAgendaFollowUp(row, now)),
      followUpsTotal: rows.followUpsTotal,
      newLeads: rows.newLeads.map(toAgendaNewLead),
      newLeadsTotal: rows.newLeadsTotal,
    };
  }
}
