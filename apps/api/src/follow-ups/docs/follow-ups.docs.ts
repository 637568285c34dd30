import { type AgendaFollowUp, type AgendaNewLead, FOLLOW_UP_KINDS, FOLLOW_UP_LEAD_TYPES, type FollowUpResponse, type TodayAgenda } from '@aipm/contracts';
import type { CompleteFollowUpDto, CreateFollowUpDto } from '@aipm/contracts/dto';
import { boolean, constant, dateTime, integer, listOf, nullable, oneOf, type PropertiesOf, recordSchema, text, uuid } from '../../common/openapi/schemas';

/* Follow-ups' shapes and examples (docs/product/back-office.md#follow-ups); ADR 022. */

const FOLLOW_UP_FIELDS: PropertiesOf<FollowUpResponse> = {
  id: uuid(),
  leadType: oneOf(FOLLOW_UP_LEAD_TYPES, 'registration', 'A registration or a consultation message'),
  leadId: uuid('9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d'),
  dueAt: dateTime('2026-11-30T02:00:00.000Z'),
  kind: oneOf(FOLLOW_UP_KINDS, 'phone', 'phone 电话, wechat 微信, meeting 面谈'),
  note: nullable(text('问清楚每周能投入的时间')),
  result: nullable(text('已沟通，周末来面谈', 'Set when done')),
  doneAt: nullable(dateTime('2026-11-30T02:12:00.000Z')),
  createdAt: dateTime('2026-11-29T09:00:00.000Z'),
};

export const FOLLOW_UP = recordSchema<FollowUpResponse>('FollowUp', FOLLOW_UP_FIELDS);

const AGENDA_FOLLOW_UP = recordSchema<AgendaFollowUp>('AgendaFollowUp', {
  ...FOLLOW_UP_FIELDS,
  name: text('张三'),
  phone: text('138****5678', 'Masked'),
  overdue: boolean(false, 'Due before now'),
});

const AGENDA_NEW_LEAD = recordSchema<AgendaNewLead>('AgendaNewLead', {
  leadType: oneOf(FOLLOW_UP_LEAD_TYPES, 'message'),
  leadId: uuid(),
  name: text('李四'),
  phone: text('139****0000', 'Masked'),
  createdAt: dateTime(),
});

export const TODAY_AGENDA = recordSchema<TodayAgenda>('TodayAgenda', {
  timeZone: constant('Asia/Shanghai'),
  until: dateTime('2026-11-29T16:00:00.000Z', "The end of today there: follow-ups due before it are listed"),
  followUps: listOf(AGENDA_FOLLOW_UP, 'Open follow-ups due today or overdue, the earliest first (50 at most)'),
  followUpsTotal: integer(3),
  newLeads: listOf(AGENDA_NEW_LEAD, 'Leads still new without a first contact or an open follow-up, newest first (50 at most)'),
  newLeadsTotal: integer(12),
});

export const FOLLOW_UP_LIST = listOf(FOLLOW_UP, "The lead's follow-ups, latest due first");

export const CREATE_FOLLOW_UP_BODY: CreateFollowUpDto = {
  leadType: 'registration',
  leadId: '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  dueAt: '2030-01-02T02:00:00.000Z',
  kind: 'phone',
  note: '问清楚每周能投入的时间',
};

export const COMPLETE_FOLLOW_UP_BODY: CompleteFollowUpDto = { result: '已沟通，周末来面谈' };

export const FOLLOW_UP_EVENTS_EXAMPLE =
  'data: {"type":"due","followUp":{"id":"3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12","leadType":"registration","leadId":"9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d","dueAt":"2026-11-30T02:00:00.000Z","kind":"phone","note":null,"result":null,"doneAt":null,"createdAt":"2026-11-29T09:00:00.000Z","name":"张三","phone":"138****5678","overdue":false}}\n\nevent: keepalive\ndata: \n\n';
