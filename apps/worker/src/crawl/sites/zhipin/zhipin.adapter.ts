import { cityCode, stripUrl, type SearchQuery, type SiteAdapter } from '../site-adapter';
import { extractZhipinJobList } from './zhipin.extract';

/** BOSS直聘 city codes. */
const CITY_CODES = {
  长沙: '101250100',
  北京: '101010100',
  上海: '101020100',
  广州: '101280100',
  深圳: '101280600',
  杭州: '101210100',
  成都: '101270100',
  武汉: '101200100',
  西安: '101110100',
  南京: '101190100',
};

export const zhipinAdapter: SiteAdapter = {
  site: 'zhipin',
  origin: 'https://www.zhipin.com',
  domains: ['zhipin.com'],
  cookieKey: 'boss_cookie',
  searchPath: '/web/geek/job',
  cityCodes: CITY_CODES,
  searchUrl({ keyword, city, page }: SearchQuery) {
    const url = new URL('/web/geek/job', this.origin);
    url.searchParams.set('query', keyword);
    url.searchParams.set('city', cityCode(this, city));
    url.searchParams.set('page', String(page));
    return url;
  },
  withPage(searchUrl, page) {
    const url = new URL(searchUrl);
    url.searchParams.set('page', String(page));
    return url;
  },
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
