import { buildSearchUrl, SEARCH_SITE_DOMAINS, SEARCH_URL_TEMPLATES, withSearchPage } from '@aipm/contracts';
import { stripUrl, type SiteAdapter } from '../site-adapter';
import { extractLagouNextData, extractLagouPositionAjax } from './lagou.extract';

/** The search page's URL: one definition in the contracts, which the admin's preview reads too. */
const TEMPLATE = SEARCH_URL_TEMPLATES.lagou;

export const lagouAdapter: SiteAdapter = {
  site: 'lagou',
  origin: TEMPLATE.origin,
  domains: SEARCH_SITE_DOMAINS.lagou,
  cookieKey: 'lagou_cookie',
  searchPath: TEMPLATE.path,
  cityCodes: TEMPLATE.cityCodes,
  searchUrl: (query) => new URL(buildSearchUrl('lagou', query)),
  withPage: (searchUrl, page) => new URL(withSearchPage('lagou', searchUrl, page)),
  isDataEndpoint: (url) => url.pathname === '/jobs/v2/positionAjax.json',
  dataRequest: () => null,
  extractFromData: extractLagouPositionAjax,
  extractEmbedded: extractLagouNextData,
  canonicalUrl(url) {
    return stripUrl(url, this.origin);
  },
};
