import { buildSearchUrl, SEARCH_SITE_DOMAINS, SEARCH_URL_TEMPLATES, withSearchPage } from '@aipm/contracts';
import { stripUrl, type SiteAdapter } from '../site-adapter';
import { extractZhipinJobList } from './zhipin.extract';

/** The search page's URL: one definition in the contracts, which the admin's preview reads too. */
const TEMPLATE = SEARCH_URL_TEMPLATES.zhipin;

export const zhipinAdapter: SiteAdapter = {
  site: 'zhipin',
  origin: TEMPLATE.origin,
  domains: SEARCH_SITE_DOMAINS.zhipin,
  cookieKey: 'boss_cookie',
  searchPath: TEMPLATE.path,
  cityCodes: TEMPLATE.cityCodes,
  searchUrl: (query) => new URL(buildSearchUrl('zhipin', query)),
  withPage: (searchUrl, page) => new URL(withSearchPage('zhipin', searchUrl, page)),
  isDataEndpoint: (url) => url.pathname === '/wapi/zpgeek/search/joblist.json',
  dataRequest(searchUrl) {
    const url = new URL('/wapi/zpgeek/search/joblist.json', searchUrl);
    for (const key of ['query', 'city', 'page']) url.searchParams.set(key, searchUrl.searchParams.get(key) ?? '');
    url.searchParams.set('scene', '1');
    url.searchParams.set('pageSize', '30');
    return { url, method: 'GET' };
  },
  extractFromData: extractZhipinJobList,
  // The search page renders client-side; its list only comes from the data endpoint.
  extractEmbedded: () => null,
  canonicalUrl(url) {
    return stripUrl(url, this.origin);
  },
};
