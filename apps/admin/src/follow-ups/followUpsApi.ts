import {
  type CompleteFollowUpRequest,
  type CreateFollowUpRequest,
  FOLLOW_UP_PATHS,
  type FollowUpLeadType,
  type FollowUpResponse,
  type TodayAgenda,
} from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** Follow-ups' calls (docs/product/back-office.md#follow-ups): 今日待办, a lead's follow-ups, scheduling and completing. */
export const followUpsClient = defineSectionClient('followUps', (http) => ({
  today: async () => (await http(FOLLOW_UP_PATHS.today)).json as TodayAgenda,
  forLead: async (leadType: FollowUpLeadType, leadId: string) =>
    (await http(`${FOLLOW_UP_PATHS.base}?${new URLSearchParams({ leadType, leadId }).toString()}`)).json as FollowUpResponse[],
  create: async (body: CreateFollowUpRequest) => (await http(FOLLOW_UP_PATHS.base, { method: 'POST', body: JSON.stringify(body) })).json as FollowUpResponse,
  complete: async (id: string, body: CompleteFollowUpRequest) =>
    (await http(`${FOLLOW_UP_PATHS.base}/${encodeURIComponent(id)}/complete`, { method: 'POST', body: JSON.stringify(body) })).json as FollowUpResponse,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useFollowUpsApi = () => useSectionClient(followUpsClient);

export const TODAY_AGENDA_QUERY_KEY = ['aipm', 'follow-ups', 'today'] as const;
export const leadFollowUpsQueryKey = (leadType: FollowUpLeadType, leadId: string) => ['aipm', 'follow-ups', leadType, leadId] as const;

/** The person page of a lead (`/admin/people/:resource/:id`, inside react-admin's router). */
export const personPath = (leadType: FollowUpLeadType, leadId: string) => `/people/${leadType === 'registration' ? 'registrations' : 'messages'}/${leadId}`;
