import { cityCode, stripUrl, type SearchQuery, type SiteAdapter } from '../site-adapter';
import { extractJob51Search } from './job51.extract';

/** 前程无忧 jobArea codes. */
const CITY_CODES = {
  长沙: '190200',
  北京: '010000',
  上海: '020000',
  广州: '030200',
  深圳: '040000',
  杭州: '080200',
  成都: '090200',
  武汉: '180200',
  西安: '200200',
  南京: '070200',
};

export const job51Adapter: SiteAdapter = {
  site: 'job51',
  origin: 'https://we.51job.com',
  domains: ['51job.com'],
  cookieKey: 'job51_cookie',
  searchPath: '/pc/search',
  cityCodes: CITY_CODES,
  searchUrl({ keyword, city, page }: SearchQuery) {
    const url = new URL('/pc/search', this.origin);
    url.searchParams.set('keyword', keyword);
    url.searchParams.set('jobArea', cityCode(this, city));
    url.searchParams.set('searchType', '2');
    url.searchParams.set('pageNum', String(page));
    return url;
  },
  withPage(searchUrl, page) {
    const url = new URL(searchUrl);
    url.searchParams.set('pageNum', String(page));
    return url;
  },
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
