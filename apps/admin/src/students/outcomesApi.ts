import { type OutcomeResponse, outcomeReviewPath } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** The review of a student's offer report beside react-admin's `outcomes` resource (docs/product/outcomes.md#offers-reported-by-students). */
export const outcomesClient = defineSectionClient('outcomes', (http) => ({
  accept: async (outcomeId: string) => (await http(outcomeReviewPath(outcomeId, 'accept'), { method: 'POST' })).json as OutcomeResponse,
  returnReport: async (outcomeId: string, reason: string) =>
    (await http(outcomeReviewPath(outcomeId, 'return'), { method: 'POST', body: JSON.stringify({ reason }) })).json as OutcomeResponse,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useOutcomesApi = () => useSectionClient(outcomesClient);
