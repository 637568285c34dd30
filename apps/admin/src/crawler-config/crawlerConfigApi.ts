import { CRAWLER_CONFIG_PATHS, type CrawlerConfig, type CrawlerTestResponse } from '@aipm/contracts';

import { httpClient } from '../data/dataProvider';

/** What POST /api/admin/crawler-config accepts: any subset of the settings. */
export type CrawlerConfigChanges = Partial<CrawlerConfig>;

/**
 * The crawler-settings calls of docs/product/crawler.md#crawler-calls. httpClient unwraps `{ success, data }`; the
 * test's answer is read whole (success, message and the report) from the raw body.
 */
export const crawlerConfigApi = {
  read: async () => (await httpClient(CRAWLER_CONFIG_PATHS.config)).json as CrawlerConfig,
  save: async (changes: CrawlerConfigChanges) =>
    (await httpClient(CRAWLER_CONFIG_PATHS.config, { method: 'POST', body: JSON.stringify(changes) })).json as CrawlerConfig,
  test: async () => {
    const response = await httpClient(CRAWLER_CONFIG_PATHS.test, { method: 'POST' });
    return JSON.parse(response.body) as CrawlerTestResponse;
  },
};

export const CRAWLER_CONFIG_QUERY_KEY = ['aipm', 'crawler-config'] as const;
