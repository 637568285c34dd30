import { type PersonRecordResource, type PersonTimeline, personTimelinePath } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** The person page's call (docs/product/back-office.md#person-page): the person a record names, and their timeline. */
export const peopleClient = defineSectionClient('people', (http) => ({
  timeline: async (resource: PersonRecordResource, id: string) => (await http(personTimelinePath(resource, id))).json as PersonTimeline,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const usePeopleApi = () => useSectionClient(peopleClient);

export const personQueryKey = (resource: PersonRecordResource, id: string) => ['aipm', 'person', resource, id] as const;
