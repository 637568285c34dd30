import { cityCode, stripUrl, type SearchQuery, type SiteAdapter } from '../site-adapter';
import { extractLiepinSearch } from './liepin.extract';

/** 猎聘 dq codes. */
const CITY_CODES = {
  长沙: '180020',
  北京: '010',
  上海: '020',
  广州: '050020',
  深圳: '050090',
  杭州: '070020',
  成都: '280020',
  武汉: '170020',
  西安: '270020',
  南京: '060020',
};

const SEARCH_API_PATH = '/api/com.liepin.searchfront4c.pc-search-job';

export const liepinAdapter: SiteAdapter = {
  site: 'liepin',
  origin: 'https://www.liepin.com',
  domains: ['liepin.com'],
  cookieKey: 'liepin_cookie',
  searchPath: '/zhaopin/',
  cityCodes: CITY_CODES,
  searchUrl({ keyword, city, page }: SearchQuery) {
    const url = new URL('/zhaopin/', this.origin);
    url.searchParams.set('key', keyword);
    url.searchParams.set('dq', cityCode(this, city));
    // 猎聘 counts pages from 0.
    url.searchParams.set('currentPage', String(page - 1));
    return url;
  },
  withPage(searchUrl, page) {
    const url = new URL(searchUrl);
    url.searchParams.set('currentPage', String(page - 1));
    return url;
  },
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
