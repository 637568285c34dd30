/**
 * Follow-ups (docs/product/back-office.md#follow-ups, ADR 073): a call, a WeChat message or a meeting planned
 * with a lead at a due time, with a note, and a result once done. 今日待办 lists the open ones due by the end of
 * today, then the new leads nobody has contacted yet; the back office hears of each one falling due as it does.
 */
export const FOLLOW_UP_KINDS = ['phone', 'wechat', 'meeting'] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

export const FOLLOW_UP_KIND_LABELS: Record<FollowUpKind, string> = { phone: '电话', wechat: '微信', meeting: '面谈' };

/** The lead a follow-up belongs to: a registration or a consultation message. */
export const FOLLOW_UP_LEAD_TYPES = ['registration', 'message'] as const;
export type FollowUpLeadType = (typeof FOLLOW_UP_LEAD_TYPES)[number];

export const FOLLOW_UP_LIMITS = { note: 2000, result: 2000 } as const;

/** 今日待办 lists at most this many of each part; the totals say how many more there are. */
export const TODAY_AGENDA_LIMIT = 50;
/**
 * The totals count this far and no further: the card shows "200+". Counting every waiting lead cost the most of
 * 今日待办 at 100,000 people (ADR 073); past this many, the exact figure changes nothing in the day's work.
 */
export const TODAY_TOTAL_CAP = 200;

export const FOLLOW_UP_PATHS = {
  base: '/api/admin/follow-ups',
  today: '/api/admin/follow-ups/today',
  events: '/api/admin/follow-ups/events',
} as const;

export interface FollowUpResponse {
  id: string;
  leadType: FollowUpLeadType;
  leadId: string;
  /** ISO 8601. */
  dueAt: string;
  kind: FollowUpKind;
  note: string | null;
  /** Set with doneAt: what came of it. */
  result: string | null;
  doneAt: string | null;
  createdAt: string;
}

/** A follow-up with who it is for, as 今日待办 and the reminders show it (the phone masked). */
export interface AgendaFollowUp extends FollowUpResponse {
  name: string;
  phone: string;
  /** Due before now (the list's first part is due today or overdue). */
  overdue: boolean;
}

/** A lead still new that nobody has contacted yet (no first contact). */
export interface AgendaNewLead {
  leadType: FollowUpLeadType;
  leadId: string;
  name: string;
  phone: string;
  createdAt: string;
}

export interface TodayAgenda {
  timeZone: string;
  /** The end of today in that zone (exclusive), ISO 8601: follow-ups due before it are listed. */
  until: string;
  followUps: AgendaFollowUp[];
  /** At most TODAY_TOTAL_CAP. */
  followUpsTotal: number;
  newLeads: AgendaNewLead[];
  /** At most TODAY_TOTAL_CAP. */
  newLeadsTotal: number;
}

export interface TodayAgendaResponse {
  success: true;
  data: TodayAgenda;
}

/** What the reminders' event stream carries: one follow-up that has just fallen due. */
export interface FollowUpDueEvent {
  type: 'due';
  followUp: AgendaFollowUp;
}

export interface CreateFollowUpRequest {
  leadType: FollowUpLeadType;
  leadId: string;
  dueAt: string;
  kind: FollowUpKind;
  note?: string | null;
}

export interface CompleteFollowUpRequest {
  result: string;
}
