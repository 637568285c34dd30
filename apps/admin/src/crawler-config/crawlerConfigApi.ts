import {
  CRAWLER_CONFIG_PATHS,
  CRAWLER_OPS_PATHS,
  type CrawlerConfig,
  type CrawlerTestResponse,
  LIVE_VIEW_PATHS,
  type LiveViewClosed,
  type LiveViewInput,
  type LiveViewOpened,
  type LiveViewSite,
  type SiteHealth,
  type SiteSessionDeleted,
  type SiteSessionStatus,
} from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** What POST /api/admin/crawler-config accepts: any subset of the settings. */
export type CrawlerConfigChanges = Partial<CrawlerConfig>;

/**
 * The crawler-settings calls of docs/product/crawler.md#crawler-calls and the site health
 * (docs/product/crawler.md#site-health). The data provider's client unwraps `{ success, data }`; the test's answer
 * is read whole (success, message and the report) from the raw body.
 */
export const crawlerConfigClient = defineSectionClient('crawlerConfig', (http) => ({
  read: async () => (await http(CRAWLER_CONFIG_PATHS.config)).json as CrawlerConfig,
  save: async (changes: CrawlerConfigChanges) =>
    (await http(CRAWLER_CONFIG_PATHS.config, { method: 'POST', body: JSON.stringify(changes) })).json as CrawlerConfig,
  test: async () => {
    const response = await http(CRAWLER_CONFIG_PATHS.test, { method: 'POST' });
    return JSON.parse(response.body) as CrawlerTestResponse;
  },
  siteHealth: async () => (await http(CRAWLER_OPS_PATHS.siteHealth)).json as SiteHealth[],
  siteSessions: async () => (await http(CRAWLER_OPS_PATHS.siteSessions)).json as SiteSessionStatus[],
  deleteSiteSession: async (site: SiteSessionStatus['site']) => (await http(CRAWLER_OPS_PATHS.siteSession(site), { method: 'DELETE' })).json as SiteSessionDeleted,
  // The live view (docs/product/crawler.md#live-view): its frames arrive on an EventSource of LIVE_VIEW_PATHS.events.
  openLiveView: async (site: LiveViewSite) => (await http(LIVE_VIEW_PATHS.open, { method: 'POST', body: JSON.stringify({ site }) })).json as LiveViewOpened,
  liveViewInput: async (viewId: string, input: LiveViewInput) => {
    await http(LIVE_VIEW_PATHS.input(viewId), { method: 'POST', body: JSON.stringify(input) });
  },
  closeLiveView: async (viewId: string) => (await http(LIVE_VIEW_PATHS.close(viewId), { method: 'POST' })).json as LiveViewClosed,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useCrawlerConfigApi = () => useSectionClient(crawlerConfigClient);

export const CRAWLER_CONFIG_QUERY_KEY = ['aipm', 'crawler-config'] as const;
export const SITE_HEALTH_QUERY_KEY = ['aipm', 'crawler', 'site-health'] as const;
export const SITE_SESSIONS_QUERY_KEY = ['aipm', 'crawler', 'site-sessions'] as const;
