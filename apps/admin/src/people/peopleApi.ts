import {
  DUPLICATES_PATH,
  type DuplicateGroup,
  LEAD_MERGES_PATH,
  type LeadMergeRequest,
  type LeadMergeSummary,
  leadMergeUndoPath,
  type PersonRecordResource,
  type PersonTimeline,
  personTimelinePath,
} from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/**
 * The person page's call (docs/product/back-office.md#person-page): the person a record names, and their timeline;
 * and the duplicates (docs/product/back-office.md#duplicates): the likely ones, a merge and its undo.
 */
export const peopleClient = defineSectionClient('people', (http) => ({
  timeline: async (resource: PersonRecordResource, id: string) => (await http(personTimelinePath(resource, id))).json as PersonTimeline,
  duplicates: async () => (await http(DUPLICATES_PATH)).json as DuplicateGroup[],
  merge: async (body: LeadMergeRequest) => (await http(LEAD_MERGES_PATH, { method: 'POST', body: JSON.stringify(body) })).json as LeadMergeSummary,
  undoMerge: async (id: string) => (await http(leadMergeUndoPath(id), { method: 'POST' })).json as LeadMergeSummary,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const usePeopleApi = () => useSectionClient(peopleClient);

export const DUPLICATES_QUERY_KEY = ['aipm', 'duplicates'] as const;

export const personQueryKey = (resource: PersonRecordResource, id: string) => ['aipm', 'person', resource, id] as const;
