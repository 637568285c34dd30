import { buildSearchUrl, SEARCH_SITE_DOMAINS, SEARCH_URL_TEMPLATES, withSearchPage } from '@aipm/contracts';
import { stripUrl, type SiteAdapter } from '../site-adapter';
import { extractJob51Search } from './job51.extract';

/** The search page's URL: one definition in the contracts, which the admin's preview reads too. */
const TEMPLATE = SEARCH_URL_TEMPLATES.job51;

export const job51Adapter: SiteAdapter = {
  site: 'job51',
  origin: TEMPLATE.origin,
  domains: SEARCH_SITE_DOMAINS.job51,
  cookieKey: 'job51_cookie',
  searchPath: TEMPLATE.path,
  cityCodes: TEMPLATE.cityCodes,
  searchUrl: (query) => new URL(buildSearchUrl('job51', query)),
  withPage: (searchUrl, page) => new URL(withSearchPage('job51', searchUrl, page)),
  isDataEndpoint: (url) => url.pathname === '/api/job/search-pc',
  dataRequest(searchUrl) {
    const url = new URL('/api/job/search-pc', searchUrl);
    url.searchParams.set('api_key', '51job');
    url.searchParams.set('keyword', searchUrl.searchParams.get('keyword') ?? '');
    url.searchParams.set('searchType', '2');
    url.searchParams.set('jobArea', searchUrl.searchParams.get('jobArea') ?? '');
    url.searchParams.set('pageNum', searchUrl.searchParams.get('pageNum') ?? '1');
    url.searchParams.set('pageSize', '20');
    return { url, method: 'GET' };
  },
  extractFromData: extractJob51Search,
  extractEmbedded: () => null,
  // Postings live on jobs.51job.com; keep that host (the link's own), only drop tracking parameters.
  canonicalUrl(url) {
    return stripUrl(url, url.hostname.endsWith('51job.com') ? undefined : 'https://jobs.51job.com');
  },
};
