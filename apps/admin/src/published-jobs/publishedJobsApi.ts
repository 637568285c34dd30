import { type AdminPublishedJobResponse, PUBLISHED_JOB_ADMIN_PATHS } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/**
 * The published-jobs calls of docs/product/crawler.md#crawler-calls; failures are the HttpErrors of the data
 * provider's client (message = error key).
 */
export const publishedJobsClient = defineSectionClient('publishedJobs', (http) => ({
  list: async () => (await http(PUBLISHED_JOB_ADMIN_PATHS.list)).json as AdminPublishedJobResponse[],
  setActive: async (id: string, isActive: boolean) =>
    (await http(PUBLISHED_JOB_ADMIN_PATHS.status(id), { method: 'PATCH', body: JSON.stringify({ isActive }) })).json as AdminPublishedJobResponse,
  remove: async (id: string) => {
    await http(PUBLISHED_JOB_ADMIN_PATHS.item(id), { method: 'DELETE' });
  },
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const usePublishedJobsApi = () => useSectionClient(publishedJobsClient);

export const PUBLISHED_JOBS_QUERY_KEY = ['aipm', 'published-jobs'] as const;
