import { buildSearchUrl, SEARCH_SITE_DOMAINS, SEARCH_URL_TEMPLATES, withSearchPage } from '@aipm/contracts';
import { stripUrl, type SiteAdapter } from '../site-adapter';
import { extractLiepinSearch } from './liepin.extract';

/** The search page's URL: one definition in the contracts, which the admin's preview reads too. */
const TEMPLATE = SEARCH_URL_TEMPLATES.liepin;

const SEARCH_API_PATH = '/api/com.liepin.searchfront4c.pc-search-job';

export const liepinAdapter: SiteAdapter = {
  site: 'liepin',
  origin: TEMPLATE.origin,
  domains: SEARCH_SITE_DOMAINS.liepin,
  cookieKey: 'liepin_cookie',
  searchPath: TEMPLATE.path,
  cityCodes: TEMPLATE.cityCodes,
  searchUrl: (query) => new URL(buildSearchUrl('liepin', query)),
  withPage: (searchUrl, page) => new URL(withSearchPage('liepin', searchUrl, page)),
  isDataEndpoint: (url) => url.pathname === SEARCH_API_PATH,
  dataRequest(searchUrl) {
    // The real endpoint is on api-c.liepin.com; an overridden origin serves both hosts' paths.
    const apiOrigin = searchUrl.hostname.endsWith('liepin.com') ? 'https://api-c.liepin.com' : searchUrl.origin;
    const body = {
      data: {
        mainSearchPcConditionForm: {
          city: searchUrl.searchParams.get('dq') ?? '',
          dq: searchUrl.searchParams.get('dq') ?? '',
          currentPage: Number(searchUrl.searchParams.get('currentPage') ?? 0),
          pageSize: 40,
          key: searchUrl.searchParams.get('key') ?? '',
        },
      },
    };
    return { url: new URL(SEARCH_API_PATH, apiOrigin), method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json;charset=UTF-8' } };
  },
  extractFromData: extractLiepinSearch,
  extractEmbedded: () => null,
  canonicalUrl(url) {
    return stripUrl(url, this.origin);
  },
};
