import { buildSearchUrl, SEARCH_SITE_DOMAINS, SEARCH_URL_TEMPLATES, withSearchPage } from '@aipm/contracts';
import { stripUrl, type SiteAdapter } from '../site-adapter';
import { extractZhaopinInitialState, extractZhaopinPositions } from './zhaopin.extract';

/** The search page's URL: one definition in the contracts, which the admin's preview reads too. */
const TEMPLATE = SEARCH_URL_TEMPLATES.zhaopin;

export const zhaopinAdapter: SiteAdapter = {
  site: 'zhaopin',
  origin: TEMPLATE.origin,
  domains: SEARCH_SITE_DOMAINS.zhaopin,
  cookieKey: 'zhaopin_cookie',
  searchPath: TEMPLATE.path,
  cityCodes: TEMPLATE.cityCodes,
  searchUrl: (query) => new URL(buildSearchUrl('zhaopin', query)),
  withPage: (searchUrl, page) => new URL(withSearchPage('zhaopin', searchUrl, page)),
  isDataEndpoint: (url) => url.pathname === '/c/i/sou',
  // The page embeds its results, so a plain fetch of the page is enough.
  dataRequest: () => null,
  extractFromData: extractZhaopinPositions,
  extractEmbedded: extractZhaopinInitialState,
  // Postings live on www.zhaopin.com/jobdetail/…; keep the link's host when it is the site's.
  canonicalUrl(url) {
    return stripUrl(url, url.hostname.endsWith('zhaopin.com') ? undefined : 'https://www.zhaopin.com');
  },
};
