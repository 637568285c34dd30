import { type AdminPublishedJobResponse, PUBLISHED_JOB_ADMIN_PATHS } from '@aipm/contracts';

import { httpClient } from '../data/dataProvider';

/**
 * The published-jobs calls of docs/product/crawler.md#crawler-calls; failures are the HttpErrors of httpClient
 * (message = error key).
 */
export const publishedJobsApi = {
  list: async () => (await httpClient(PUBLISHED_JOB_ADMIN_PATHS.list)).json as AdminPublishedJobResponse[],
  setActive: async (id: string, isActive: boolean) =>
    (await httpClient(PUBLISHED_JOB_ADMIN_PATHS.status(id), { method: 'PATCH', body: JSON.stringify({ isActive }) })).json as AdminPublishedJobResponse,
  remove: async (id: string) => {
    await httpClient(PUBLISHED_JOB_ADMIN_PATHS.item(id), { method: 'DELETE' });
  },
};

export const PUBLISHED_JOBS_QUERY_KEY = ['aipm', 'published-jobs'] as const;
