import { CRAWLER_OPS_PATHS, type SiteHealth } from '@aipm/contracts';

import { httpClient } from '../data/dataProvider';

/** GET /api/admin/crawler/site-health (httpClient unwraps `{ success, data }`). */
export const siteHealthApi = {
  read: async () => (await httpClient(CRAWLER_OPS_PATHS.siteHealth)).json as SiteHealth[],
};

export const SITE_HEALTH_QUERY_KEY = ['aipm', 'crawler', 'site-health'] as const;
